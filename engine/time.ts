/**
 * The time to give one move from a game clock, in ms: what is left shared over the moves still
 * to play before the next time control (`movesToGo`, FMJD 10 or PDN TimeControl's `moves/seconds`
 * periods) or, in a sudden-death period, over a horizon of 30 moves; plus most of the increment
 * (a Fischer bonus added after each move); never more than half of what is left, less a margin
 * for the board and the worker (`marginMs`), and never below 10 ms.
 *
 * @example moveTime({ remainingMs: 60_000, incrementMs: 0 }) // 2000: a minute over 30 moves
 */
export function moveTime(clock: { readonly remainingMs: number; readonly incrementMs?: number; readonly movesToGo?: number; readonly marginMs?: number }): number {
  const increment = clock.incrementMs ?? 0;
  const margin = clock.marginMs ?? 50;
  const left = Math.max(0, clock.remainingMs - margin);
  const share = left / Math.max(1, clock.movesToGo ?? 30) + increment * 0.9;
  return Math.max(10, Math.floor(Math.min(share, left / 2)));
}
