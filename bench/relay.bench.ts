import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRoundStore } from '../host/broadcast/store.ts';
import { nodeStoreHost } from '../host/broadcast/storeHost.ts';
import { NK_GAMES, pliesOf, realState } from '../host/broadcast/testing/realStates.ts';
import type { BoardState } from '../host/broadcast/types.ts';
import type { BenchOptions, BenchResult } from './types.ts';

const EVENT = 'NK 2009';

/** A full garbage collection, to measure what the store holds (the flag set at run time: the harness starts Node without it). */
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
const BOARDS = 64;

/**
 * The relay's round store under what arrives (issue 26): N messages, then 2N, each to a store of
 * its own, the time and what the store holds measured for both, the N run as the baseline. The
 * messages: 64 boards playing the first games of nk ronde 01.pdn move by move (each state
 * replayed by the gate), mixed with a stranger's: a state for a new round name every third
 * message, a board beyond the round's and one from the far future every ninth. Time about
 * doubles (ratio 2: linear); what the store holds (boards, changes kept for viewers, heap)
 * stays bounded: the same for 2N as for N once the changes kept reach their bound. Before the
 * gate every new round name was kept: 60,000 of them held 527 MB.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const n = opts.quick ? 6000 : 30_000;
  const keep = opts.quick ? 1000 : 5000;
  const lengths = NK_GAMES.map((_, g) => pliesOf(g).length);
  const cache = new Map<string, BoardState>();
  const real = (board: number, plies: number, t: number): BoardState => {
    const game = (board - 1) % NK_GAMES.length;
    const p = plies % (lengths[game] + 1);
    const key = `${game}/${p}`;
    let s = cache.get(key);
    if (!s) cache.set(key, (s = realState({ event: EVENT, round: '1', board: 1, game, plies: p, t: 0 })));
    return { ...s, board, t };
  };
  // Every state of every game made once, before anything is measured.
  lengths.forEach((length, g) => {
    for (let p = 0; p <= length; p++) real(g + 1, p, 0);
  });
  const T0 = Date.now() - 3_600_000;
  const messages = (count: number): BoardState[] =>
    Array.from({ length: count }, (_, i) => {
      const t = T0 + i;
      if (i % 3 === 1) return { ...real(1, 2, t), round: `R${i}` };
      if (i % 9 === 2) return { ...real(1, 3, t), board: 2_000_000 };
      if (i % 9 === 5) return { ...real(2, 3, 8.64e15) };
      const k = Math.floor(i / 3);
      return real(1 + (k % BOARDS), Math.floor(k / BOARDS), t);
    });
  const measure = (count: number) => {
    const list = messages(count);
    gc();
    const before = process.memoryUsage().heapUsed;
    const store = createRoundStore({ event: EVENT, round: '1', maxBoard: BOARDS, keep }, nodeStoreHost);
    const started = performance.now();
    for (const s of list) store.put(s);
    const ms = performance.now() - started;
    gc();
    const heap = (process.memoryUsage().heapUsed - before) / 1e6;
    const counts = store.counts();
    store.close();
    return { ms, heap, counts };
  };
  measure(Math.min(n, 2000)); // warm up the replay
  const small = measure(n);
  const large = measure(2 * n);
  const held = (c: typeof small.counts) => `${c.boards} boards, ${c.kept} changes kept, ${c.refused} refused`;
  return [
    {
      name: `relay store: ${2 * n} messages`, figure: large.ms, unit: 'ms', better: 'lower',
      baseline: { name: `${n} messages`, figure: small.ms }, ratio: large.ms / small.ms,
      note: 'ratio about 2: linear',
    },
    {
      name: `relay store: held after ${2 * n} messages (heap)`, figure: large.heap, unit: 'MB', better: 'lower',
      baseline: { name: `after ${n}`, figure: small.heap }, ratio: large.heap / small.heap,
      note: `bounded: ${held(large.counts)} (after ${n}: ${held(small.counts)})`,
    },
  ];
}
