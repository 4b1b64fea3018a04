import type { SimulatedBinding } from '../hardware/sim/binding.ts';
import { openFirmataLink } from '../host/firmata/firmataLink.ts';
import { openSerialLink } from '../host/link/serialLink.ts';
import { clockedEvery } from '../host/link/testing/clockedEvery.ts';
import type { BoardLink } from '../host/link/types.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { createReferee, step } from '../host/game/referee/referee.ts';
import type { RefereeState } from '../host/game/referee/referee.ts';
import { boardSizeOf, simulatedBoardFor, simulatedFirmataBoardFor } from '../host/sim/boards.ts';
import { readPdn, variants } from '../rules/index.ts';
import type { Move, Position } from '../rules/index.ts';
import { mulberry32 as rng } from '../rules/prng.ts';
import { oracleTexts } from '../test/oracles.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Switch change to move recognised, for both simulated boards in the same run: the Firmata board
 * (stock StandardFirmata on the simulated Mega 2560, hardware/firmata, read by johnny-five over a
 * SerialPortStream: host/firmata/firmataLink.ts) beside the dambord board (the committed firmware
 * on the simulated ATmega328P, hardware/sim, read by host/link/serialLink.ts), the baseline; ratio =
 * Firmata / dambord. Both boards sit behind SimulatedBinding, as `dambord play [--firmata]` opens
 * them, and each uses its default debounce (dambord firmware make/break 5 ms on the board;
 * Firmata link make/break 5 ms on the host, its ticks every 5 ms).
 *
 * The plies of a real game (standard_random_pdns.json game 1, international: all 95 plies, 12 with
 * --quick) are made as hands do: lift `from`, place `to`, lift each captured piece, 30-200 ms
 * apart (seeded), by `setSquare` on the simulated board; the link's lifts and places go to the referee (`step`,
 * tournament policy). The clock starts at the `setSquare` that completes the move (the place of
 * a plain move, the last captured lift of a capture) and stops when the referee outputs that move.
 * A flying king's plain move that could slide further is only certain when the next ply starts
 * (or after the referee's settle time): such plies are counted apart ("deferred"), not timed.
 *
 *  (a) simulated time: board time at the referee's output minus board time at the completing
 *      `setSquare`, on the manual clock (`binding.advance` in 1 ms steps, the host's promises
 *      settling after each step: 1 ms resolution), so deterministic. The links' periodic ticks
 *      (the Firmata link's debounce ticks, the serial link's timeouts) are run on board time too
 *      (their `every` option), as they would run on a real board beside a real host; the link's
 *      `now` is board time.
 *  (b) wall time: performance.now() at the `setSquare` to performance.now() at the referee's
 *      output, the board on the wall clock (`clock: 'realtime'`, the binding's real-time driver,
 *      slices of 4 ms), the link's `now` the default performance.now, as in `dambord play`. The
 *      same plies in board time are in the note: there the change counts from the end of the last
 *      slice, up to 4 ms before it was made, so they run a few ms above the manual clock's.
 *
 * Median and p99 (nearest rank; with under 100 plies p99 is the largest) of each. Also reported:
 * the Firmata simulator's speed (simulated ms per wall ms while the game runs on the manual clock,
 * and while on the real-time driver with its largest lag). No target: the issue asks for the
 * figures only.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const plies = opts.quick ? 12 : Infinity;
  const v = variants.international;
  const g = readPdn(oracleTexts('standard_random_pdns.json')[0], { variant: v }).games[0];
  if (!g || g.error) throw new Error('standard_random_pdns.json: game 1 does not replay');
  const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, plies);

  const dambordSim = await playGame('dambord', 'manual', g.start, moves, 1);
  const firmataSim = await playGame('firmata', 'manual', g.start, moves, 1);
  const dambordWall = await playGame('dambord', 'realtime', g.start, moves, 1);
  const firmataWall = await playGame('firmata', 'realtime', g.start, moves, 1);

  const baseline = 'dambord firmware board (same run)';
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const row = (name: string, f: number, base: number, note?: string): BenchResult => ({
    name, figure: f, unit: 'ms', better: 'lower', baseline: { name: baseline, figure: base }, ratio: f / base, ...(note ? { note } : {}),
  });
  const about = (r: GameRun, what: 'sim' | 'wall') => {
    const s = stats(what === 'sim' ? r.sim : r.wall);
    return `median ${ms(s.median)}, max ${ms(s.max)} over ${s.n} plies${r.deferred ? ` (${r.deferred} king moves deferred, not timed)` : ''}${r.irregular ? `, ${r.irregular} irregularities` : ''}${r.missing ? `, ${r.missing} never recognised` : ''}`;
  };
  const fs = stats(firmataSim.sim);
  const ds = stats(dambordSim.sim);
  const fw = stats(firmataWall.wall);
  const dw = stats(dambordWall.wall);
  const speed = (r: GameRun) => r.simMs / r.wallMs;
  return [
    row('firmata: switch -> move recognised, sim time, median', fs.median, ds.median,
      `Firmata: ${about(firmataSim, 'sim')}; dambord: ${about(dambordSim, 'sim')}; standard_random_pdns.json game 1, manual clock (1 ms steps), link ticks on board time`),
    row('firmata: switch -> move recognised, sim time, p99', fs.p99, ds.p99),
    row('firmata: switch -> move recognised, wall time, median', fw.median, dw.median,
      `Firmata: ${about(firmataWall, 'wall')}, in board time median ${ms(stats(firmataWall.sim).median)}, max ${ms(stats(firmataWall.sim).max)}; dambord: ${about(dambordWall, 'wall')}, in board time median ${ms(stats(dambordWall.sim).median)}, max ${ms(stats(dambordWall.sim).max)}; boards on the real-time driver, now = performance.now`),
    row('firmata: switch -> move recognised, wall time, p99', fw.p99, dw.p99,
      `Firmata simulator: ${speed(firmataSim).toFixed(2)} sim ms per wall ms on the manual clock (${(firmataSim.simMs / 1000).toFixed(1)} s of game in ${(firmataSim.wallMs / 1000).toFixed(1)} s, host included; dambord board ${speed(dambordSim).toFixed(2)}); on the real-time driver ${speed(firmataWall).toFixed(2)}, lag at most ${ms(firmataWall.lagMax)} (dambord ${ms(dambordWall.lagMax)})`),
  ];
}

/** What one game on one board gave. */
interface GameRun {
  /** Per timed ply: board time from the completing switch change to the move output (ms). */
  readonly sim: number[];
  /** Per timed ply: wall time from the completing switch change to the move output (ms). */
  readonly wall: number[];
  /** Plies whose move output came only after the next ply started (a flying king that could slide further). */
  readonly deferred: number;
  /** Plies the referee never output. */
  readonly missing: number;
  /** Irregularities the referee reported (none expected). */
  readonly irregular: number;
  /** Board time and wall time from the first ply to the last output. */
  readonly simMs: number;
  readonly wallMs: number;
  /** Largest lag of the real-time driver seen at a completing switch change (ms). */
  readonly lagMax: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const yieldToIo = () => new Promise<void>((r) => setImmediate(r));

/** Plays `moves` from `start` on one board with one clock; see the file comment. */
async function playGame(kind: 'dambord' | 'firmata', clock: 'manual' | 'realtime', start: Position, moves: readonly Move[], seed: number): Promise<GameRun> {
  const random = rng(seed);
  const sim = kind === 'dambord' ? simulatedBoardFor(start, start.board, clock) : simulatedFirmataBoardFor(start, start.board, clock);
  const board = sim.board;
  const binding: SimulatedBinding = sim.binding;
  const manual = clock === 'manual';
  const ticks = clockedEvery(() => board.simTimeMs);
  const onBoardTime = manual ? { now: () => board.simTimeMs, every: ticks.every } : {};
  const link: BoardLink = kind === 'dambord' ? openSerialLink({ path: sim.path, binding, ...onBoardTime }) : openFirmataLink({ path: sim.path, binding, size: boardSizeOf(start), ...onBoardTime });

  let referee: RefereeState = createReferee(start, tournament);
  const outputs = new Map<number, { sim: number; wall: number }>();
  let irregular = 0;
  let connected = false;
  let heard: () => void = () => {};
  const pump = (async () => {
    for await (const e of link.events()) {
      if (e.type === 'link' && e.state === 'connected') connected = true;
      if (e.type !== 'lift' && e.type !== 'place') {
        heard();
        continue;
      }
      const r = step(referee, { type: e.type, square: e.square, t: e.t });
      referee = r.state;
      for (const o of r.outputs) {
        if (o.type === 'move') outputs.set(o.ply, { sim: board.simTimeMs, wall: performance.now() });
        if (o.type === 'irregularity') irregular++;
      }
      heard();
    }
  })();

  /** Lets `ms` of board time pass (manual clock: 1 ms steps, the link's ticks on board time; real time: sleeps) or until `done()`. */
  const pass = async (ms: number, done: () => boolean = () => false): Promise<boolean> => {
    if (!manual) {
      const end = performance.now() + ms;
      while (!done()) {
        const left = end - performance.now();
        if (left <= 0) break;
        await new Promise<void>((r) => {
          const timer = setTimeout(r, left);
          heard = () => {
            clearTimeout(timer);
            r();
          };
        });
        heard = () => {};
      }
      return done();
    }
    const end = board.simTimeMs + ms;
    while (!done() && board.simTimeMs < end) {
      await binding.advance(Math.min(1, end - board.simTimeMs));
      if (ticks.run()) await yieldToIo();
    }
    return done();
  };

  try {
    const ok = manual ? await pass(5000, () => connected) : await pass(15_000, () => connected);
    if (!ok) throw new Error(`the simulated ${kind} board did not connect`);
    await pass(400);
    if (!manual) await sleep(0);

    const simLatency: number[] = [];
    const wallLatency: number[] = [];
    const untimed: number[] = [];
    let lagMax = 0;
    const sim0 = board.simTimeMs;
    const wall0 = performance.now();
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      const hands: [number, boolean][] = [[m.from, false], [m.to, true], ...m.captured.map((c): [number, boolean] => [c, false])];
      let s0 = NaN;
      let w0 = NaN;
      for (let k = 0; k < hands.length; k++) {
        await pass(30 + random() * 170);
        if (k === hands.length - 1) {
          lagMax = Math.max(lagMax, board.lagMs);
          w0 = performance.now();
          s0 = board.simTimeMs;
        }
        board.setSquare(hands[k][0] + 1, hands[k][1]);
      }
      const ply = i + 1;
      if (await pass(1000, () => outputs.has(ply))) {
        const o = outputs.get(ply)!;
        simLatency.push(o.sim - s0);
        wallLatency.push(o.wall - w0);
      } else untimed.push(ply);
    }
    await pass(300);
    const deferred = untimed.filter((p) => outputs.has(p)).length;
    return {
      sim: simLatency, wall: wallLatency, deferred, missing: untimed.length - deferred, irregular,
      simMs: board.simTimeMs - sim0, wallMs: performance.now() - wall0, lagMax,
    };
  } finally {
    await link.close();
    await pump;
    board.stopRealtime();
  }
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: values.length, median: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}
