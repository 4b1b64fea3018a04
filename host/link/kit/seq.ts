/**
 * Sequence-number arithmetic of the link: numbers run 1..65535 and wrap to 1; 0 means "no
 * event yet" and sits just before 1 (0 and 65535 are the same point of the cycle). Comparison
 * is serial-number arithmetic (RFC 1982 style) on the cycle of 65535 values: `a` is ahead of
 * `b` when it is 1..32767 steps after it.
 */

const CYCLE = 65535;

/** The number after `s`: 1 after 0 and after 65535. */
export function nextSeq(s: number): number {
  return s >= CYCLE ? 1 : s + 1;
}

/** Steps from `b` forward to `a` on the cycle (0..65534). */
export function seqDistance(a: number, b: number): number {
  return (((a - b) % CYCLE) + CYCLE) % CYCLE;
}

/** `a` comes after `b`. */
export function seqAhead(a: number, b: number): boolean {
  const d = seqDistance(a, b);
  return d > 0 && d < 32768;
}
