import type { Geometry } from './geometry.ts';

/** The side a piece belongs to. */
export type Color = 'white' | 'black';

/** Names of the variants dambord plays. */
export type VariantName = 'international' | 'czech' | 'english' | 'brazilian' | 'russian';

/**
 * What happens when a man reaches the far row in the middle of a capture.
 * - `pass-through`: it stays a man and goes on capturing as a man; it is crowned only if the
 *   capture ends there (FMJD 4.15).
 * - `continue-as-king`: it is crowned at once and goes on capturing as a king (Russian).
 * - `stop`: crowning completes the move (Standard Laws 13).
 */
export type PromotionInCapture = 'pass-through' | 'continue-as-king' | 'stop';

/**
 * Which of the available captures a player may choose.
 * - `maximum`: one that takes the most pieces, kings and men counting the same (FMJD 4.13).
 * - `free`: any capture (Standard Laws 9).
 * - `king-first`: any capture, but a capture by a king has priority over one by a man
 *   (Czech rules cl. 4.13-4.14).
 */
export type CaptureChoice = 'maximum' | 'free' | 'king-first';

/**
 * An endgame in which a draw is declared after a number of further moves (FMJD 6.3, 6.4).
 * `matches` gets the material of the stronger and the weaker side (the side with one piece).
 */
export interface EndgameDrawRule {
  readonly article: string;
  /** Plies (moves of either side) to play once the endgame has arisen. */
  readonly plies: number;
  readonly matches: (strong: Material, weak: Material, loneKingOnMainDiagonal: boolean) => boolean;
}

/** How many men and kings one side has. */
export interface Material {
  readonly men: number;
  readonly kings: number;
}

/**
 * The draw rules of a variant (FMJD 6; Czech cl. 6; Standard Laws 22).
 */
export interface DrawRules {
  /** Threefold repetition with the same side to move; null where the rules have none. */
  readonly repetition: { readonly count: number; readonly article: string } | null;
  /**
   * Plies in a row with only kings moving and no capture after which the game is drawn
   * (FMJD 6.2: 25 moves each, 50 plies); null where the rules have none.
   */
  readonly kingMoves: { readonly plies: number; readonly article: string } | null;
  /** Endgames drawn after a number of further moves, tried in order. */
  readonly endgames: readonly EndgameDrawRule[];
  /**
   * A draw that is claimed rather than automatic: after notice is given, the stronger side
   * must win within this many plies (Standard Laws 22: 40 moves each, 80 plies).
   */
  readonly claim: { readonly plies: number; readonly article: string } | null;
}

/**
 * How hands make a capture on the board, as the rulebook describes it. The referee reads it to
 * tell a capture made as the rules say from one to flag (a sensor board sees the order of lifts
 * and places, not the hand).
 */
export interface CaptureHands {
  /**
   * A single capture may begin by taking the captured piece off the board (FMJD 4.16). Where the
   * rules describe only the jump and then the removal (Czech cl. 4.4, 4.11; Laws 8), taking it
   * off first is an early removal.
   */
  readonly capturedFirst: boolean;
  /**
   * The order of removal: `capture-or-reverse`, the order of capture or its reverse (FMJD 4.5,
   * 4.6, 4.11; Czech cl. 4.5, 4.6, 4.11); `any` where no order is laid down (Laws 8, 11).
   */
  readonly removalOrder: 'capture-or-reverse' | 'any';
  /**
   * When a capture is complete: `removal`, once the last captured piece is off the board (FMJD
   * 4.4, 4.12; Czech cl. 4.4, 4.12: a clock pressed before that interrupts the removal); or
   * `release`, when the hand leaves the capturing piece even though captured pieces are still to
   * be removed (Laws 11).
   */
  readonly complete: 'removal' | 'release';
  /**
   * A multiple capture must be shown jump by jump, the capturing piece put down on every landing
   * square, when the opponent asks (FMJD 4.9; Czech cl. 4.9); false where the rules ask nothing.
   */
  readonly jumpsOnRequest: boolean;
}

/**
 * A variant of draughts as data. Each field carries the article of the variant's rulebook
 * that it encodes (seeds 000/002 FMJD, 001 Czech, 004 Standard Laws of Checkers).
 */
export interface Variant {
  readonly name: VariantName;
  /** PDN GameType number (PDN 3.0 standard). */
  readonly gameType: number;
  /** The board (FMJD 2.1-2.6; Czech cl. 2; Laws 1-2). */
  readonly geometry: Geometry;
  /** The side that moves first (FMJD 3.3; Czech 3.3; Laws 7: Black). */
  readonly firstToMove: Color;
  /** The start position as PDN FEN (FMJD 2.8; Czech 2.8; Laws 5). */
  readonly startFen: string;
  /** How squares are written in PDN: `numeric` 1..50/1..32, or `algebraic` a1..h8. */
  readonly notation: 'numeric' | 'algebraic';
  /**
   * Whose lower left is a1 when squares are written algebraically: White's for the
   * continental variants, the first player's (Black's) in American checkers notation.
   */
  readonly algebraicFrom: Color;
  /** Men capture backwards too (FMJD 4.1; not in Czech 4.1 or Laws 10). */
  readonly menCaptureBackwards: boolean;
  /** Kings move and capture along whole diagonals (FMJD 3.9, 4.3; Czech 3.9, 4.3); else one step (Laws 14). */
  readonly flyingKings: boolean;
  readonly captureChoice: CaptureChoice;
  readonly promotionInCapture: PromotionInCapture;
  readonly draw: DrawRules;
  /** How captures are made by hand (FMJD 4.4-4.16; Czech cl. 4.4-4.12; Laws 8, 11). */
  readonly captureHands: CaptureHands;
  /** Article numbers for the referee's irregularities and the rules, by key. */
  readonly articles: Readonly<Record<string, string>>;
}
