import type { Variant } from '../rules/index.ts';

/**
 * What the evaluation needs to know of a variant, read from its fields (never its name), and
 * the values that follow from them, in hundredths of a man.
 */
export interface EvalFamily {
  readonly size: 8 | 10;
  readonly squares: number;
  /** Pieces on the board at the start (40 or 24): the phase runs from this down to 0. */
  readonly startPieces: number;
  readonly flyingKings: boolean;
  readonly menCaptureBackwards: boolean;
  /** Czech cl. 4.14: a capture by a king has priority over one by a man. */
  readonly kingFirst: boolean;
  /** A king in the middle game and in the ending (phase 0). */
  readonly kingMg: number;
  readonly kingEg: number;
  /** Each square a king reaches in one move. */
  readonly kingMobility: number;
  /** A man one row before the crown, beyond its advancement (see {@link nearCrownBonus}). */
  readonly nearCrown: number;
}

/**
 * The family of `v`.
 *
 * The kings' value:
 * - a short king (Standard Laws 14: "a king moves one square, backwards or forwards") is worth
 *   about one man and a half, the value checkers programs have long given it (Samuel 1959,
 *   Chinook: kings at 1.3-1.5 men);
 * - a flying king (FMJD 3.9, 4.3; Czech cl. 3.9) is worth about three men on 10x10, the usual
 *   value in the international literature and programs; on 8x8 it rules a board a quarter
 *   smaller, worth 2.5 men in the middle game and more as the board empties (Russian and
 *   Brazilian endgame theory: one king holds off several men, and Petrov's triangle wins with
 *   three kings against one);
 * - where a king's capture has priority over a man's (Czech cl. 4.14), a king's threat cannot
 *   be parried by offering a man's capture elsewhere: a quarter man more, and its mobility
 *   counts half again as much.
 */
export function evalFamily(v: Variant): EvalFamily {
  const size = v.geometry.size;
  const kingFirst = v.captureChoice === 'king-first';
  const priority = kingFirst ? 25 : 0;
  const flying = v.flyingKings;
  const kingMg = (flying ? (size === 10 ? 300 : 250) : 150) + priority;
  const kingEg = (flying ? (size === 10 ? 320 : 340) : 165) + priority;
  const mobility = flying ? (size === 10 ? 3 : 4) : 6;
  return {
    size,
    squares: v.geometry.squares,
    startPieces: size === 10 ? 40 : 24,
    flyingKings: flying,
    menCaptureBackwards: v.menCaptureBackwards,
    kingFirst,
    kingMg,
    kingEg,
    kingMobility: kingFirst ? Math.round(mobility * 1.5) : mobility,
    nearCrown: nearCrownBonus(v.promotionInCapture),
  };
}

/**
 * A man one row from the crown threatens to be crowned in its next move; how much of a king
 * that threat is depends on what crowning does in a capture:
 * - `continue-as-king` (Russian rules): a man that reaches the far row in a capture is crowned
 *   at once and goes on capturing as a king, so every capture through the crown row makes a
 *   king mid-move: the strongest threat;
 * - `pass-through` (FMJD 4.15): it goes on capturing as a man and is crowned only if the capture
 *   ends there;
 * - `stop` (Standard Laws 13: "crowning a piece completes its move"; Czech cl. 3.5): the man
 *   crowns only at the end of a move and cannot capture on from the crown row.
 */
export function nearCrownBonus(p: Variant['promotionInCapture']): number {
  return p === 'continue-as-king' ? 40 : p === 'pass-through' ? 20 : 12;
}
