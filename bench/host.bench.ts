import { simulatedBoardFor } from '../host/sim/boards.ts';
import { parseFen, readPdn, variants } from '../rules/index.ts';
import type { Move } from '../rules/index.ts';
import { openSerialLink } from '../host/link/serialLink.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { createReferee, step } from '../host/game/referee/referee.ts';
import type { RefereeState } from '../host/game/referee/referee.ts';
import { oracleTexts } from '../test/oracles.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Wall time from a reed switch changing to the move printed by the host: the simulated board
 * (committed firmware in avr8js) runs in real time on its own timer, the host reads it through
 * the serial link and the referee, as `dambord play` will. Each ply of a real game is made as
 * `lift from`, `place to` (men's moves; captured pieces lifted after, the last lift completing
 * the capture); the time is taken from the switch change that completes the move to the
 * referee's move output. Baseline: the same figure in simulated time (the board's own latency:
 * debounce, scan and the serial line), measured in the same run.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const v = variants.international;
  const g = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
  const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, opts.quick ? 20 : 80);
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const { board, binding, path } = simulatedBoardFor(start.position, start.position.board, 'realtime');
  const link = openSerialLink({ path, binding });
  let state: RefereeState = createReferee(start.position, tournament);
  const waiting: { moved: () => void } = { moved: () => {} };
  let connected: () => void = () => {};
  const ready = new Promise<void>((r) => (connected = r));
  const pump = (async () => {
    for await (const e of link.events()) {
      if (e.type === 'link' && e.state === 'connected') connected();
      if (e.type !== 'lift' && e.type !== 'place') continue;
      const r = step(state, { type: e.type, square: e.square, t: e.t });
      state = r.state;
      if (r.outputs.some((o) => o.type === 'move')) waiting.moved();
    }
  })();
  await ready;
  const wall: number[] = [];
  const simulated: number[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (const m of moves) {
    const hands: [number, boolean][] = [[m.from, false], [m.to, true], ...m.captured.map((c): [number, boolean] => [c, false])];
    const done = new Promise<void>((r) => (waiting.moved = r));
    for (let i = 0; i < hands.length; i++) {
      await sleep(30);
      const last = i === hands.length - 1;
      const t0 = performance.now();
      const s0 = board.simTimeMs;
      board.setSquare(hands[i][0] + 1, hands[i][1]);
      if (last) {
        await done;
        wall.push(performance.now() - t0);
        simulated.push(board.simTimeMs - s0);
      }
    }
  }
  await link.close();
  await pump;
  const q = (a: number[], f: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * f))];
  return [
    {
      name: 'host: switch -> move printed, wall, median', figure: q(wall, 0.5), unit: 'ms', better: 'lower',
      baseline: { name: 'the same in simulated board time', figure: q(simulated, 0.5) }, ratio: q(wall, 0.5) / q(simulated, 0.5),
      note: `${wall.length} plies of nk ronde 01.pdn game 1, board in real time (avr8js), serial link, referee`,
    },
    { name: 'host: switch -> move printed, wall, p99', figure: q(wall, 0.99), unit: 'ms', better: 'lower', baseline: { name: 'simulated board time', figure: q(simulated, 0.99) }, ratio: q(wall, 0.99) / q(simulated, 0.99) },
  ];
}
