// An event's boards on one host (run.ts), each on its own: a board that cannot open, a board
// waiting for the opponent's decision (FMJD 5.4) and a board playing a real game, side by side;
// then the host stopped and started again on the same archive, every board going on with its
// game from its journal. The boards are model boards (host/sim/modelBoard.ts) on the real
// serial link; the game is game 1 of nk ronde 01 (test/fixtures/oracles).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFen, readPdn, variants } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { BoardState } from '../broadcast/types.ts';
import { oracleTexts } from '../../test/oracles.ts';
import { modelBoard } from '../boards/model.ts';
import { dambordBoard, simulatedBoard } from '../boards/serial.ts';
import { runEvent } from './run.ts';
import type { EventBoard, RunningEvent } from './run.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

const v = variants.international;
const start = (() => {
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(r.error.reason);
  return r.position;
})();
const tc = (() => {
  const r = parseTimeControl('5400+30');
  if (!r.ok || r.tc.kind !== 'timed') throw new Error('time control');
  return r.tc as TimedControl;
})();
const game = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
const moves: Move[] = game.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, 16);
const texts = game.line.flatMap((p) => (p.kind === 'ply' ? [p.text] : [])).slice(0, 16);

const work = mkdtempSync(join(tmpdir(), 'dambord-event-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const address = (board: number) => ({ event: 'NK 2009', round: '1', board });
const tags = [{ name: 'Event', value: 'NK 2009' }, { name: 'Site', value: 'Wageningen' }, { name: 'Date', value: '2009.04.08' }, { name: 'Round', value: '1' }];
const boards: EventBoard[] = [
  { address: address(1), players: { white: 'Derkx,B.', black: 'Meijer,Hein' }, tags, source: { kind: modelBoard, port: null, game: { moves, seed: 3, result: '2-0' } } },
  { address: address(2), players: { white: 'A', black: 'B' }, tags, source: { kind: dambordBoard, port: join(work, 'no-such-port') } },
  { address: address(3), players: { white: 'C', black: 'D' }, tags, source: { kind: modelBoard, port: null, game: null } },
];

async function until(what: string, cond: () => boolean, ms = WAIT_LIMIT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function run(published: BoardState[]): Promise<RunningEvent> {
  return runEvent({ boards, start, policy: tournament, timeControl: tc, timeControlTag: '5400+30', archive: work, speed: 50, publish: (s) => published.push(s), log: () => {} });
}

const last = (published: readonly BoardState[], n: number): BoardState | undefined => published.filter((s) => s.board === n).at(-1);

describe("an event's boards on one host: one board's failure never stalls another", () => {
  it('two boards running the committed firmware in avr8js, each playing its game by simulated hands', async () => {
    const dir = join(work, 'firmware');
    const published: BoardState[] = [];
    const styles = { think: false, hold: false, gaps: false, feel: false, clock: true } as const;
    const two: EventBoard[] = [1, 2].map((n) => ({ address: { event: 'Firmware', round: '1', board: n }, players: { white: `W${n}`, black: `B${n}` }, tags, source: { kind: simulatedBoard, port: null, game: { moves: moves.slice(0, 8), seed: n, result: '1-1', styles } } }));
    const event = await runEvent({ boards: two, start, policy: tournament, timeControl: tc, archive: dir, speed: 2, publish: (s) => published.push(s), log: () => {} });
    try {
      await event.handsDone;
      await until('both boards to end', () => [1, 2].every((n) => last(published, n)?.result));
      for (const n of [1, 2]) {
        expect(last(published, n)!.moves.map((m) => m.text)).toEqual(texts.slice(0, 8));
        expect(last(published, n)!.result?.result).toBe('1-1');
      }
    } finally {
      await event.close();
    }
  });

  it('a board with no port, a board waiting for a decision (FMJD 5.4) and a board playing a real game to its end', async () => {
    const published: BoardState[] = [];
    const event = await run(published);
    try {
      expect(event.failed.get(2)).toMatch(/no serial port .*no-such-port/);
      expect([...event.boards.keys()]).toEqual([1, 3]);
      // Board 3: White plays 31-27, then 33-29: two moves (FMJD 5.4.1); Black is to decide, and nobody does.
      const s3 = event.session(3)!;
      await until('board 3 to connect', () => s3.view().link.state === 'connected');
      for (const c of [{ type: 'lift', square: '31' }, { type: 'place', square: '27' }, { type: 'lift', square: '33' }, { type: 'place', square: '29' }] as const) {
        expect(await s3.command(c)).toEqual({ ok: true });
        await new Promise((r) => setTimeout(r, 80));
      }
      await until('board 3 to wait for a decision', () => last(published, 3)?.irregularity?.status === 'pending');
      // Board 1 plays on to the end: its 16 moves, then Black resigns.
      await event.handsDone;
      await until('board 1 to end', () => last(published, 1)?.result !== null && last(published, 1)?.result !== undefined);
      const b1 = last(published, 1)!;
      expect(b1.moves.map((m) => m.text)).toEqual(texts);
      expect(b1.result?.result).toBe('2-0');
      expect(last(published, 3)!.irregularity).toMatchObject({ decision: 'decide', decides: 'black', status: 'pending' });
      // Each state published shows something new.
      const keys = published.filter((s) => s.board === 1).map((s) => JSON.stringify({ ...s, t: 0, clock: s.clock?.running }));
      expect(new Set(keys).size).toBe(keys.length);
    } finally {
      await event.close();
    }
    // The archive: <archive>/<event>/round-<R>/board-NN, the scoresheet re-read to the game.
    const sheet = readPdn(readFileSync(join(work, 'NK 2009', 'round-1', 'board-01', 'game.pdn'), 'utf8'), { variant: v }).games[0];
    expect(sheet.line.flatMap((p) => (p.kind === 'ply' ? [p.text] : []))).toEqual(texts);
    expect(sheet.result).toBe('2-0');
  });

  it('started again on the same archive, every board goes on with its game from its journal', async () => {
    const published: BoardState[] = [];
    const event = await run(published);
    try {
      await until('boards 1 and 3 to publish', () => last(published, 1) !== undefined && last(published, 3) !== undefined);
      await until('board 3 to connect', () => event.session(3)!.view().link.state === 'connected');
      const b1 = event.session(1)!.view();
      expect(b1.moves.map((m) => m.text)).toEqual(texts);
      expect(b1.result?.result).toBe('2-0');
      // The decision is still Black's to make; the board shows the position with the two moves.
      const s3 = event.session(3)!;
      expect(s3.view().irregularity).toMatchObject({ status: 'pending', decides: 'black' });
      expect(await s3.command({ type: 'press', button: 'correct' })).toEqual({ ok: true });
      await until('board 3 to be corrected', () => s3.view().irregularity?.status === 'correcting');
    } finally {
      await event.close();
    }
  });
});
