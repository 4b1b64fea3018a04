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
   * The order of removal laid down: the order of capture or its reverse (FMJD 4.5, 4.6, 4.11;
   * Czech cl. 4.5, 4.6, 4.11), with the article the referee cites for another order
   * (`removal-order`); null where no order is laid down (Laws 8, 11), and no such irregularity.
   */
  readonly removalOrder: { readonly article: string } | null;
  /**
   * When a capture is complete: `removal`, once the last captured piece is off the board (FMJD
   * 4.4, 4.12; Czech cl. 4.4, 4.12: a clock pressed before that interrupts the removal); or
   * `release`, when the hand leaves the capturing piece even though captured pieces are still to
   * be removed (Laws 11).
   */
  readonly complete: 'removal' | 'release';
  /**
   * A multiple capture must be shown jump by jump, the capturing piece put down on every landing
   * square, when the opponent asks (FMJD 4.9; Czech cl. 4.9), with the article the referee cites
   * for one that is not (`jumps-not-shown`); null where the rules ask nothing, and no such
   * irregularity.
   */
  readonly jumpsOnRequest: { readonly article: string } | null;
}

/**
 * The irregularities a reed board can sense, named after FMJD 5.4 and its neighbours. Each
 * variant cites its own article for each: in {@link Variant.irregularities}, and for the two
 * that only some rulebooks know, in {@link CaptureHands.removalOrder} and
 * {@link CaptureHands.jumpsOnRequest}.
 */
export type IrregularityCode =
  | 'two-moves' // FMJD 5.4.1
  | 'illegal-move' // 5.4.2
  | 'touch-move' // 5.4.3, 3.11
  | 'takeback' // 5.4.4
  | 'opponent-piece' // 5.4.5
  | 'capture-missed' // 5.4.6
  | 'removed-without-reason' // 5.4.7
  | 'not-maximum-capture' // 5.4.8, 4.13
  | 'capture-stopped' // 5.4.9, 5.4.13
  | 'early-removal' // 5.4.10
  | 'incomplete-removal' // 5.4.11
  | 'removed-not-jumped' // 5.4.12
  | 'removed-own' // 5.4.14
  | 'removal-order' // 4.11
  | 'touch-out-of-turn' // 3.14
  | 'jumps-not-shown'; // 4.9

/** The irregularities of every rulebook: all but those a {@link CaptureHands} rule may leave out. */
export type CommonIrregularity = Exclude<IrregularityCode, 'removal-order' | 'jumps-not-shown'>;

/**
 * The article a variant's referee cites for each irregularity of {@link CommonIrregularity}; a
 * missing one is a type error.
 */
export type IrregularityArticles = Readonly<Record<CommonIrregularity, string>> & {
  /**
   * A capture stopped on a landing square from which it could go on, the pieces jumped so far
   * taken off (FMJD 5.4.13: "stopping during a multiple capture where the capture can be
   * continued"); `capture-stopped` is then the capturing piece let go in the middle of a capture
   * (FMJD 5.4.9, 4.10). The same article as `capture-stopped` where the rules do not tell them
   * apart.
   */
  readonly 'capture-stopped-continuable': string;
};

/**
 * The articles of the endings that are not draws by rule ({@link DrawRules}): the game is won
 * when the opponent has no pieces or cannot move, or resigns, and drawn when the players agree
 * (FMJD 7.2, 7.3.1; Czech cl. 7.2, 7.3.1; Laws 22, 23).
 */
export interface EndingArticles {
  /** The opponent has no pieces left on the board (FMJD 7.2.3). */
  readonly noPieces: string;
  /** The opponent is to move but cannot, every piece blocked (FMJD 7.2.2). */
  readonly blocked: string;
  /** The opponent resigns (FMJD 7.2.1). */
  readonly resign: string;
  /** Both players agree a draw (FMJD 7.3.1). */
  readonly drawAgreed: string;
}

/**
 * Articles the referee follows without citing them in what it says: no irregularity comes of
 * them (FMJD 3.10, 3.13, 4.10; Czech cl. 3.10, 3.13, 4.10; Laws 11, 18).
 */
export interface HandlingArticles {
  /** A move is complete when the player lets go of the piece moved (FMJD 3.10). */
  readonly moveComplete: string;
  /** A multiple capture's jumps are over when the player lets go of the capturing piece (FMJD 4.10). */
  readonly captureComplete: string;
  /** The player to move may adjust pieces on their squares after announcing it: "j'adoube" (FMJD 3.13). */
  readonly adjust: string;
}

/**
 * The articles people are pointed to outside an irregularity: the rule a message or a note
 * names (FMJD 3.11, 4.2; Czech cl. 3.11, 4.1; Laws 9, 19).
 */
export interface RuleArticles {
  /** A touched piece must be played (FMJD 3.11; Czech cl. 3.11; Laws 19). */
  readonly touchMove: string;
  /** Capturing is compulsory (FMJD 4.2, with 4.13 the choice of capture; Czech cl. 4.1; Laws 9). */
  readonly captureCompulsory: string;
}

/**
 * How a game's result is written in PDN, as the variant's federation scores it: FMJD's two
 * points for a win and one for a draw (`2-0`, `1-1`, `0-2`), or one point and a half
 * (`1-0`, `1/2-1/2`, `0-1`) under the Czech, Russian and English rules.
 */
export interface ResultScoring {
  readonly whiteWins: string;
  readonly draw: string;
  readonly blackWins: string;
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
  /** The articles the referee cites for irregularities (FMJD 5.4, 3.11-3.14; Czech cl. 5.4; Laws 8-21). */
  readonly irregularities: IrregularityArticles;
  /** The articles of wins and of a draw by agreement (FMJD 7; Czech cl. 7; Laws 22-23). */
  readonly endings: EndingArticles;
  /** The articles on completing a move and adjusting pieces (FMJD 3.10, 3.13, 4.10; Laws 11, 18). */
  readonly handling: HandlingArticles;
  /** The articles of the touch-move rule and of compulsory capture (FMJD 3.11, 4.2; Laws 19, 9). */
  readonly articles: RuleArticles;
  /**
   * The rulebook's own time per move, by its laws, or null where it leaves the clock to the
   * competition (FMJD 10.5): time called after five minutes (`call`, Laws 24), after one minute
   * when there is only one way of taking (`oneWay`, Laws 25), and the game lost through improper
   * delay another minute later.
   */
  readonly timePerMove: { readonly call: string; readonly oneWay: string } | null;
  /** How results are written: FMJD's 2-0 / 1-1 / 0-2, or 1-0 / 1/2-1/2 / 0-1. */
  readonly scoring: ResultScoring;
}
