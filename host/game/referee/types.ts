import type { BoardButton } from '../../link/types.ts';
import type { Color, IrregularityCode, Move, Position } from '../../../rules/index.ts';

/** A button on the board. `clock` ends the turn; `accept`/`correct` answer an irregularity (FMJD 5.4). */
export type Button = BoardButton;

/**
 * What reaches the referee: a piece leaving or arriving on a square (internal index), a
 * button, time passing, a command from the players, or the board connected again to a game
 * under way (`board`: the squares, as indices, it senses occupied; referee/reconnect.ts). `t`
 * is the board's time in milliseconds; it never goes backwards.
 */
export type RefereeEvent =
  | { readonly type: 'lift'; readonly square: number; readonly t: number }
  | { readonly type: 'place'; readonly square: number; readonly t: number }
  | { readonly type: 'press'; readonly button: Button; readonly t: number }
  | { readonly type: 'tick'; readonly t: number }
  | { readonly type: 'resign'; readonly color: Color; readonly t: number }
  | { readonly type: 'draw-agreed'; readonly t: number }
  /** The last move taken back at the players' request (FMJD 5.4.4, against the computer: host/game/computerTakeback.ts), the LEDs guiding its pieces back. */
  | { readonly type: 'take-back'; readonly t: number }
  | { readonly type: 'board'; readonly occupied: readonly number[]; readonly t: number };

/** The irregularities a reed board can sense: the rules' list (rules/variant.ts), where each variant cites its articles. */
export type { IrregularityCode } from '../../../rules/index.ts';

/** A piece to put on a square, for a correction plan. */
export interface Fill {
  readonly square: number;
  /** Piece code (rules/piece.ts). */
  readonly piece: number;
}

/**
 * What the referee says. Squares are internal indices; adapters write them in the variant's
 * notation. `t` is the time of the event that caused the output.
 */
export type RefereeOutput =
  | {
      readonly type: 'move';
      /** 1-based ply number of the game. */
      readonly ply: number;
      readonly move: Move;
      /** The move in PDN notation (shortest unambiguous form). */
      readonly text: string;
      readonly side: Color;
      readonly before: Position;
      readonly after: Position;
      readonly t: number;
    }
  | {
      readonly type: 'irregularity';
      readonly code: IrregularityCode;
      /** The article of the variant's rulebook. */
      readonly article: string;
      readonly squares: readonly number[];
      /** A sentence for people, squares in the variant's notation. */
      readonly message: string;
      /** `decide`: the opponent chooses accept or correct; `note`: recorded, play goes on. */
      readonly decision: 'decide' | 'note';
      /**
       * The side that made it; the opponent decides (FMJD 5.4). Not journaled: a journal's
       * irregularity is checked on the fields it holds, old journals without it resume.
       */
      readonly side: Color;
      readonly t: number;
    }
  | {
      readonly type: 'correction';
      /** Squares to empty and pieces to put back, to reach `target`. */
      readonly clear: readonly number[];
      readonly fill: readonly Fill[];
      readonly target: Position;
      readonly t: number;
    }
  | {
      readonly type: 'corrected';
      readonly position: Position;
      /** A touch-move obligation the correction carries over (3.11, 5.8): the square of the piece that must be played. Not journaled. */
      readonly obligation: number | null;
      readonly t: number;
    }
  | {
      readonly type: 'accepted';
      readonly code: IrregularityCode;
      /** The article of the irregularity accepted, as it was flagged. */
      readonly article: string;
      readonly position: Position;
      /**
       * A takeback of a game being recorded (the `digitise` policy), taken at once with nobody
       * asked and no irregularity said: the scoresheet drops the move and writes nothing of it.
       */
      readonly silent?: true;
      /** A takeback asked for by the player against the computer (a `take-back` event): the scoresheet drops the move and notes it taken back. */
      readonly asked?: true;
      readonly t: number;
    }
  | {
      readonly type: 'mismatch';
      /** Squares occupied on the board that should be empty, and empty ones that should hold a piece. */
      readonly clear: readonly number[];
      readonly fill: readonly Fill[];
      readonly message: string;
      readonly t: number;
    }
  | { readonly type: 'matched'; readonly t: number }
  | { readonly type: 'crowned'; readonly square: number; readonly t: number }
  | { readonly type: 'adjusted'; readonly squares: readonly number[]; readonly t: number }
  | {
      readonly type: 'result';
      /** PDN result in the variant's scoring (`2-0`, `1-0`, `1-1`, `1/2-1/2`, ...). */
      readonly result: string;
      readonly winner: Color | 'draw';
      readonly reason: string;
      readonly article: string;
      readonly t: number;
    };

/**
 * How strictly the referee plays (style.md 4: it reports everything it sees; policy decides).
 * None of it is a timer: the referee decides on what the board shows and on the signals the
 * rules name (the clock, the opponent's action, the removal of captured pieces).
 * - `tournament`: every irregularity of FMJD 5.4 waits for the opponent's decision.
 * - `casual`: touch-move and the order of removal are only noted; the rest waits.
 * - `blind`: as tournament, but a piece lifted and put back on its own square was felt, not
 *   touched, however long it was held (blind players feel their pieces; FIDE's rule for blind
 *   players counts a piece as touched only when it leaves its hole for good).
 * - `digitise`: a secretary records a game from its paper scoresheet (`dambord digitise`): how
 *   the pieces are handled is never said, moves taken back are taken back at once, and an
 *   irregular board is put right, never accepted.
 */
export interface Policy {
  readonly name: 'tournament' | 'casual' | 'blind' | 'digitise';
  /** Irregularities only noted in this policy. */
  readonly noted: ReadonlySet<IrregularityCode>;
  /**
   * Irregularities of handling the referee does not even note: nothing is said of them and the
   * touch-move obligation (3.11) is not kept (a secretary lifts, looks and puts back at will).
   */
  readonly silent: ReadonlySet<IrregularityCode>;
  /**
   * A game recorded from a scoresheet, not played: the board showing the position before the
   * last move takes that move back at once (5.4.4, nobody is asked), and again for the move
   * before; Correct with nothing to put right takes the last move back, the LEDs then guiding the
   * pieces back; an irregular board is never accepted, the position before it is put back at once.
   */
  readonly recording: boolean;
  /** A piece lifted and put back on its own square was felt: no touch-move (3.11), no touch out of turn (3.14). */
  readonly feel: boolean;
  /**
   * The opponent has asked for multiple captures to be shown jump by jump (FMJD 4.9; Czech cl.
   * 4.9): one that is not is flagged `jumps-not-shown` where the variant's rules ask for it.
   */
  readonly showJumps: boolean;
}
