/**
 * A small seeded generator (mulberry32): numbers uniform in [0, 1), the same sequence for the
 * same seed (taken modulo 2^32). For reproducible random games, hand styles and faults; never
 * for anything secret.
 *
 * @example const rnd = mulberry32(42); rnd(); // 0.6011...
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
