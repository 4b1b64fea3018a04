import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulatedBoardFor } from '../host/sim/boards.ts';
import { parseFen, readPdn, variants } from '../rules/index.ts';
import type { Move, Position } from '../rules/index.ts';
import { openJournal } from '../host/journal/journal.ts';
import { JOURNAL_FORMAT } from '../host/game/journal/record.ts';
import { openSerialLink } from '../host/link/serialLink.ts';
import { startSession } from '../host/play/session.ts';
import type { SessionOptions } from '../host/play/session.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { oracleTexts } from '../test/oracles.ts';

/**
 * The pipeline of `dambord play` in this process, for the benchmarks that time it: the first
 * `plies` moves of nk ronde 01.pdn game 1 (international), the simulated board (committed
 * firmware in avr8js) on the wall clock, the serial link and a session with its journal on disk
 * (fsync'ed as in play), with `computer` seated when given. `close` ends the session and removes the journal's folder.
 */
export function openPlayPipeline(plies: number, name: string, computer: SessionOptions['computer'] = null) {
  const v = variants.international;
  const g = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
  const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, plies);
  const parsed = parseFen(v, v.startFen);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  const start: Position = parsed.position;
  const { board, binding, path } = simulatedBoardFor(start, start.board, 'realtime');
  const link = openSerialLink({ path, binding });
  const dir = mkdtempSync(join(tmpdir(), `dambord-bench-${name}-`));
  const journal = openJournal(join(dir, 'bench.journal'), {
    format: JOURNAL_FORMAT, variant: v.name, start: v.startFen, policy: tournament.name,
    tags: [], timeControl: null, created: new Date().toISOString(), t0: 0,
  });
  const session = startSession({ start, policy: tournament, link, journal, hands: board, computer });
  const close = async () => {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { start, moves, board, session, close };
}

/**
 * Makes `m` on the simulated board as hands do: lift `from`, place `to`, lift each captured
 * piece, 30 ms apart; `atLast` is called just before the change that completes the move (the
 * place of a man's move, the last captured lift), where the benchmarks start their clock.
 */
export async function makeByHand(board: ReturnType<typeof simulatedBoardFor>['board'], m: Move, atLast: () => void): Promise<void> {
  const hands: [number, boolean][] = [[m.from, false], [m.to, true], ...m.captured.map((c): [number, boolean] => [c, false])];
  for (let k = 0; k < hands.length; k++) {
    await new Promise((r) => setTimeout(r, 30));
    if (k === hands.length - 1) atLast();
    board.setSquare(hands[k][0] + 1, hands[k][1]);
  }
}
