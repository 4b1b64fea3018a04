import type { Game } from '../rules/index.ts';
import type { Engine } from '../host/engine/engine.ts';
import { makeByHand, openPlayPipeline } from './playPipeline.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Issue 31: "from the engine's move found to the LEDs lit, p99 at most 15 ms".
 *
 * The pipeline of `dambord play --engine black` in this process (bench/playPipeline.ts: the
 * simulated board, its committed firmware in avr8js on the wall clock, the serial link, the
 * session with its fsync'ed journal), the computer seated for Black. Its engine answers with
 * the real game's move (nk ronde 01.pdn game 1), so the figure is the board's and not the
 * search's: the clock starts when the engine's answer is handed back (its `think` promise
 * resolved) and stops at the MAX7219 latch that shows the move: its from square and first
 * landing square lit, the pieces it takes dark. They blink (firmware/core/leds.c, the phase the
 * board's time modulo 1000 ms): the from and landing squares slowly, lit the first half of each
 * second, the pieces to take off fast, lit the first half of each quarter. So the engine answers
 * only when the board's time is 135 to 215 ms into a second, where the frame before (the
 * player's last move lit steadily, a capturing piece's slow mark) and the move shown differ on
 * at least one of those squares: a frame that arrives before 250 ms is seen at once. The hands
 * then make the computer's move and the player's next one (lift, place, captured pieces off,
 * 30 ms apart).
 * Baseline, in the same run: the player's moves, from the switch that completes one to the latch
 * after which its from and landing squares are lit (as bench/play.bench.ts times it).
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const plies = opts.quick ? 20 : 80;
  let board: ReturnType<typeof openPlayPipeline>['board'] | null = null;
  let moves: ReturnType<typeof openPlayPipeline>['moves'] = [];
  let answered: ((t0: number) => void) | null = null;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const engine: Engine = {
    name: 'the real game',
    async think(game: Game) {
      const move = moves[game.moves.length];
      if (!move || !board) throw new Error('the real game goes no further here');
      while (board.simTimeMs % 1000 < 135 || board.simTimeMs % 1000 > 215) await sleep(1);
      answered?.(performance.now());
      return { move, score: null, pv: [move], depth: null, nodes: null, ms: 0 };
    },
    async close() {},
  };
  const pipe = openPlayPipeline(plies, 'computer-leds', { config: { side: 'black', name: 'the real game', spec: 'hub:real', level: null, altMove: false }, engine });
  board = pipe.board;
  moves = pipe.moves;
  const b = pipe.board;

  let pending: { t0: number; s0: number; leds: number[]; dark?: number[]; settled: (ms: number) => void } | null = null;
  b.max7219.onLatch = (latch) => {
    const now = performance.now();
    if (!pending || latch.ms < pending.s0) return;
    if (pending.leds.every((sq) => b.max7219.isLit(sq)) && (pending.dark ?? []).every((sq) => !b.max7219.isLit(sq))) {
      pending.settled(now - pending.t0);
      pending = null;
    }
  };
  const within = <T>(p: Promise<T>, what: string) => Promise.race([p, sleep(5000).then(() => { throw new Error(`${what}: nothing within 5 s`); })]);

  await sleep(300);
  const computer: number[] = [];
  const player: number[] = [];
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (i % 2 === 1) {
      // The computer's move: its answer is waited for, timed to its from square lit.
      const lit = new Promise<number>((settled) => {
        answered = (t0) => {
          answered = null;
          pending = { t0, s0: b.simTimeMs, leds: [m.from + 1, m.path[0] + 1], dark: m.captured.map((c) => c + 1), settled };
        };
      });
      computer.push(await within(lit, `ply ${i + 1}, the computer's move shown`));
      await sleep(100);
      await makeByHand(b, m, () => {});
      await sleep(100);
      continue;
    }
    let latched: Promise<number> = Promise.resolve(0);
    await makeByHand(b, m, () => {
      latched = new Promise<number>((settled) => (pending = { t0: performance.now(), s0: b.simTimeMs, leds: [m.from, ...m.path].map((s) => s + 1), settled }));
    });
    player.push(await within(latched, `ply ${i + 1}, the player's move`));
  }
  await pipe.close();

  const q = (a: number[], f: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * f))];
  const result = (what: string, f: number, target: number | null): BenchResult => {
    const figure = q(computer, f);
    const base = q(player, f);
    return {
      name: `computer's move: engine answer -> its squares shown, ${what}`,
      figure, unit: 'ms', better: 'lower',
      baseline: { name: `player's move: switch -> last-move LEDs lit, ${what}`, figure: base }, ratio: figure / base,
      ...(target !== null ? { target: { figure: target, met: figure <= target } } : {}),
      ...(f === 0.5 ? { note: `${computer.length} computer's moves and ${player.length} player's of nk ronde 01.pdn game 1, the computer Black` } : {}),
    };
  };
  return [result('median', 0.5, null), result('p99', 0.99, 15)];
}
