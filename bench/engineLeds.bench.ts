import { newGame } from '../rules/index.ts';
import { openBuiltinEngine } from '../host/engine/builtin.ts';
import { makeByHand, openPlayPipeline } from './playPipeline.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Issue 30: "the latency from a board event to the LEDs while the engine thinks, beside the same
 * figure with the engine idle (the goal: within 10%)".
 *
 * The pipeline of `dambord play` as bench/play.bench.ts runs it (the simulated board, its
 * committed firmware in avr8js on the wall clock, the serial link, a session with its fsync'ed
 * journal), without the web server. The plies of a real game are made as hands do (lift `from`,
 * place `to`, lift each captured piece, 30 ms apart); the clock starts at the `setSquare` that
 * completes the move and stops at the MAX7219 latch after which every square of the new last
 * move is lit. The plies alternate, five by five, between the built-in engine idle (its worker
 * started and waiting) and the built-in engine thinking without a pause in its worker thread
 * (one search of 500 ms after another on the start position), so that both figures share the
 * machine's load. `search`: the search module to run (engine/search.ts by default; the stand-in
 * host/engine/testing/stopOnlySearch.ts searches, using a whole core, until it is stopped).
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const results = await measure(opts, undefined, 'engine/search.ts');
  results.push(...(await measure(opts, new URL('../host/engine/testing/stopOnlySearch.ts', import.meta.url), 'a stand-in search using a whole core')));
  return results;
}

async function measure(opts: BenchOptions, search: URL | undefined, searchName: string): Promise<BenchResult[]> {
  const plies = opts.quick ? 20 : 80;
  const { start, moves, board, close } = openPlayPipeline(plies, 'engine-leds');
  const engine = openBuiltinEngine({ search });
  const thinkGame = newGame(start);
  await engine.ready();

  // The engine thinking without a pause, until told to stop.
  let thinking: { stop: AbortController; done: Promise<void> } | null = null;
  let busyMs = 0;
  let searches = 0;
  const think = () => {
    const stop = new AbortController();
    const done = (async () => {
      while (!stop.signal.aborted) {
        const t0 = performance.now();
        await engine.think(thinkGame, { moveTimeMs: 500 }, { signal: stop.signal });
        busyMs += performance.now() - t0;
        searches++;
      }
    })();
    thinking = { stop, done };
  };
  const rest = async () => {
    thinking?.stop.abort();
    await thinking?.done;
    thinking = null;
  };

  let pending: { t0: number; s0: number; leds: number[]; settled: (ms: number) => void } | null = null;
  board.max7219.onLatch = (latch) => {
    const now = performance.now();
    if (!pending || latch.ms < pending.s0) return;
    if (pending.leds.every((sq) => board.max7219.isLit(sq))) {
      pending.settled(now - pending.t0);
      pending = null;
    }
  };

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(300);
  const idle: number[] = [];
  const busy: number[] = [];
  let thinkingWall = 0;
  let phaseStart = 0;
  for (let i = 0; i < moves.length; i++) {
    const engineThinks = Math.floor(i / 5) % 2 === 1;
    if (engineThinks && !thinking) {
      think();
      phaseStart = performance.now();
      await sleep(50);
    } else if (!engineThinks && thinking) {
      await rest();
      thinkingWall += performance.now() - phaseStart;
    }
    const m = moves[i];
    let latched: Promise<number> = Promise.resolve(0);
    await makeByHand(board, m, () => {
      latched = new Promise<number>((settled) => (pending = { t0: performance.now(), s0: board.simTimeMs, leds: [m.from, ...m.path].map((s) => s + 1), settled }));
    });
    const ms = await Promise.race([latched, sleep(5000).then(() => null)]);
    if (ms === null) throw new Error(`ply ${i + 1}: no LED latch within 5 s`);
    (engineThinks ? busy : idle).push(ms);
  }
  if (thinking) {
    await rest();
    thinkingWall += performance.now() - phaseStart;
  }
  await engine.close();
  await close();

  const q = (a: number[], f: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * f))];
  const duty = thinkingWall > 0 ? (busyMs / thinkingWall) * 100 : 0;
  const result = (what: string, f: number): BenchResult => {
    const figure = q(busy, f);
    const base = q(idle, f);
    return {
      name: `engine thinking: switch -> last-move LEDs latched, ${what} (${searchName})`,
      figure, unit: 'ms', better: 'lower',
      baseline: { name: `engine idle, ${what}`, figure: base }, ratio: figure / base,
      target: { figure: base * 1.1, met: figure <= base * 1.1 },
      ...(f === 0.5 ? { note: `${busy.length} plies thinking, ${idle.length} idle, of nk ronde 01.pdn game 1; ${searches} searches of at most 500 ms (${(busyMs / Math.max(1, searches)).toFixed(1)} ms on average), the engine busy ${duty.toFixed(0)}% of the thinking plies' time` } : {}),
    };
  };
  return [result('median', 0.5), result('p99', 0.99)];
}
