// The per-ply choice record of the hand model: plain integers, drawn uniformly (so fast-check and
// the seeded generator share one distribution), each shrinking towards 0, the plainest hands.

import fc from 'fast-check';

/** The range of each field of a {@link PlyChoice}: a field holds an integer in [0, range). */
export const CHOICE_FIELDS = {
  /** Per mille: < 450 no pause; else a pause before the ply, log-uniform 1 s - 5 min. */
  think: 1000,
  /** Per mille: >= 970 the player not to move touches one of their pieces (FMJD 3.14). */
  touchOut: 1000,
  touchPick: 1 << 16,
  /** Per mille: how long the out-of-turn touch holds the piece. */
  touchHold: 1000,
  /** Per mille: < 930 none; < 970 one piece; < 990 two one after the other; else two held at once (FMJD 3.13). */
  jadoube: 1000,
  jadoubePick: 1 << 16,
  /** Bit 0: which adjusted piece goes down first when two are held; bits 1-9: pause per mille. */
  jadoubeStyle: 1 << 10,
  /** Per mille: < 880 none; < 960 one lift-and-put-back before playing; < 990 two; else three (FMJD 3.11). */
  rethink: 1000,
  /** Per mille: how long the piece is held and left before it is lifted again. */
  rethinkTime: 1000,
  /** Per mille: < 500 no hold; else the moving piece held log-uniform 1 s - 90 s (FMJD 3.12). */
  hold: 1000,
  /** Which capture route (of those with the move's start, end and captured pieces). */
  route: 1 << 16,
  /**
   * Per mille, multiple captures (FMJD 4.9): with one intermediate landing < 700 shown, else in one
   * movement; with more, < 450 all shown, < 650 in one movement, else some shown.
   */
  jumps: 1000,
  jumpMask: 1 << 16,
  /** Per mille: < 300 a landing is touched at the usual pace; < 600 quickly (40-150 ms); else held 0.5-20 s. */
  landingHold: 1000,
  landingPick: 1 << 16,
  /** Per mille, flying kings: < 550 no slide; else some passed squares sensed on the way. */
  slide: 1000,
  slideMask: 1 << 16,
  /** Per mille: time a sliding piece spends over each square, log-uniform 20-400 ms. */
  slideSpeed: 1000,
  /** Per mille, single captures: >= 750 the captured piece is lifted first (FMJD 4.16). */
  capturedFirst: 1000,
  /** Per mille: < 400 in capture order; < 800 reverse; else another order (FMJD 4.11; Laws 8). */
  removal: 1000,
  removalPerm: 1 << 16,
  /** Per mille: < 550 removed at the usual pace; else seconds between pieces, log-uniform 1-10 s. */
  slowRemoval: 1000,
  /** Per mille: < 500 the clock is pressed after this ply (games that mix). */
  clock: 1000,
  /** Per mille: >= 880 the clock is pressed before every captured piece is off (FMJD 4.12; Laws 11). */
  clockEarly: 1000,
  clockEarlyAfter: 1 << 16,
  /** Per mille, open king moves in games that mix: < 500 ended by the clock, else by the next move. */
  kingEnd: 1000,
  /** Per mille, crowning: < 500 the crown shows nothing; else the piece is lifted and put back (FMJD 3.6). */
  crown: 1000,
  /** Per mille, flaggable plies: < 334 play on; < 667 accept; else correct (FMJD 5.4, 5.7). */
  resolution: 1000,
  /** Bit 0: when putting the position back, the moving piece first or the captured pieces first. */
  restoreOrder: 2,
} as const;

export type ChoiceField = keyof typeof CHOICE_FIELDS;

/**
 * What the hands choose for one ply, as plain data: each field an integer in
 * [0, CHOICE_FIELDS[field]), 0 being the plainest choice. Fields that do not apply to a ply
 * (a route for a plain move, a crown when nothing is crowned) are ignored.
 *
 * @example const plainest: PlyChoice = PLAIN_CHOICE; // lift from, place to, press clock
 */
export type PlyChoice = { readonly [K in ChoiceField]: number };

const FIELD_NAMES = Object.keys(CHOICE_FIELDS) as ChoiceField[];

/** The all-zero choice: no pause, no hold, every landing shown, captured pieces removed in order. */
export const PLAIN_CHOICE: PlyChoice = Object.freeze(
  Object.fromEntries(FIELD_NAMES.map((k) => [k, 0])) as Record<ChoiceField, number>,
);

/** A fast-check arbitrary of ply choices; uniform per field (no bias), shrinking each field to 0. */
export function plyChoiceArbitrary(): fc.Arbitrary<PlyChoice> {
  const model = Object.fromEntries(
    FIELD_NAMES.map((k) => [k, fc.noBias(fc.integer({ min: 0, max: CHOICE_FIELDS[k] - 1 }))]),
  ) as { [K in ChoiceField]: fc.Arbitrary<number> };
  return fc.record(model);
}

/**
 * A small seeded generator of numbers uniform in [0, 1) (splitmix32), the model's own.
 * @example const rnd = splitmix32(7); rnd(); // the same number for seed 7, every run
 */
export function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** An integer uniform in [0, range), as `fc.noBias(fc.integer(...))` draws it. */
export function uniformInt(rnd: () => number, range: number): number {
  return Math.min(range - 1, Math.floor(rnd() * range));
}

/** A ply choice drawn by a seeded generator, with the distribution of {@link plyChoiceArbitrary}. */
export function sampleChoice(rnd: () => number): PlyChoice {
  return Object.fromEntries(FIELD_NAMES.map((k) => [k, uniformInt(rnd, CHOICE_FIELDS[k])])) as Record<
    ChoiceField,
    number
  >;
}

/**
 * A time in ms, log-uniform between `min` and `max` for per-mille codes at or above `gate`, and
 * null (no wait) below it: many short times, some long ones.
 * @example logTime(999, 0, 1000, 90000) // about 90 s; logTime(0, 500, 1000, 90000) // null
 */
export function logTime(code: number, gate: number, min: number, max: number): number | null {
  if (code < gate) return null;
  const t = (code - gate) / Math.max(1, 999 - gate);
  return Math.round(min * Math.pow(max / min, t));
}

/** Which of weighted options a per-mille code picks: `bands` are upper bounds, ascending. */
export function band(code: number, bands: readonly number[]): number {
  const i = bands.findIndex((b) => code < b);
  return i < 0 ? bands.length : i;
}
