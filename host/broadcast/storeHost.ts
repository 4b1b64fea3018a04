// Node's world for the round store (store.ts, pure): the wall clock, an unref'd timer, a
// random run id and node:crypto's SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import type { RoundStoreHost } from './store.ts';

/**
 * The wall clock (Date.now), timers that keep no process alive, 4 random bytes for a run's id,
 * and node:crypto's SHA-256. Read at each call, so a test's fake timers reach it.
 *
 * @example createRoundStore({ event: 'NK 2025', delayMs: 900_000 }, nodeStoreHost)
 */
export const nodeStoreHost: RoundStoreHost = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
  runId: () => randomBytes(4).toString('hex'),
  sha256Hex: (body) => createHash('sha256').update(body).digest('hex'),
};
