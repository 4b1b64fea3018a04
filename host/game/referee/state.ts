// The referee's state: the game, the board as sensed, this turn's hands, and what waits for a decision.

import type { Game, Move, Position, SquareSet } from '../../../rules/index.ts';
import type { Held } from './board.ts';
import type { LogEntry } from './classify.ts';
import type { Language } from '../../words/catalogue.ts';
import type { IrregularityCode, Policy, RefereeEvent, RefereeOutput } from './types.ts';

/** An irregularity waiting for the opponent's decision (FMJD 5.4). */
export interface Pending {
  readonly code: IrregularityCode;
  /** Its article in the variant's rulebook, as it was flagged. */
  readonly article: string;
  /** The position to return to on `correct`. */
  readonly target: Position;
  /** The position that stands on `accept`, or the legal move that stands. */
  readonly accepted: Position | Move;
  /** A touch-move obligation that `correct` carries over (3.11). */
  readonly obligation: number | null;
  /** The legal capture a correction finishes, played when the board shows it. */
  readonly completes?: Move;
  /** `accept` of a takeback returns the game to before the last move. */
  readonly takeback: boolean;
}

export type BoardEvent = Extract<RefereeEvent, { type: 'lift' | 'place' }>;

/** What hands do: a piece lifted or placed, or a button of the board pressed. */
export type HandEvent = BoardEvent | Extract<RefereeEvent, { type: 'press' }>;

/** What the referee is doing: following play, waiting for the opponent's decision, following a correction, waiting for a disturbed board to be put right, or done. */
export type Mode =
  | { readonly kind: 'play' }
  | {
      readonly kind: 'decide';
      readonly pending: Pending;
      /** The turn as it stood when the irregularity was flagged: accepting it starts from here. */
      readonly base: RefereeState;
      /** Lifts, places and the j'adoube and clock buttons since: the opponent playing on (5.7) is read from them. */
      readonly since: readonly HandEvent[];
    }
  | { readonly kind: 'correcting'; readonly target: Position; readonly obligation: number | null; readonly completes?: Move }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'over' };

/**
 * A second reading of the board, kept while the events cannot yet tell which is right: the
 * mover's turn ended just before the opponent's piece on `square` was lifted, and what followed
 * is the opponent playing on. It is confirmed when it makes the opponent's move; the first
 * reading (the mover's turn goes on) is confirmed when that piece is put back, by a button, or
 * by a move of its own.
 */
export interface Split {
  readonly ended: RefereeState;
  readonly endedOutputs: readonly RefereeOutput[];
  readonly square: number;
  readonly since: readonly RefereeEvent[];
  /**
   * The second reading as it stands: `ended` stepped through `since`, one step per event (not
   * replayed from `ended` for each), and what it said meanwhile, told if it is confirmed.
   */
  readonly other: RefereeState;
  readonly otherSaid: readonly RefereeOutput[];
  /** What the first reading said meanwhile, told if it is confirmed. */
  readonly held: readonly RefereeOutput[];
}

/**
 * The referee's state: the game so far, the board as sensed and what this turn's hands did.
 * Treat as opaque and immutable; `step` returns a new one.
 */
export interface RefereeState {
  readonly policy: Policy;
  /** The language of the sentences the referee says (its irregularities', journaled word for word). */
  readonly lang: Language;
  readonly game: Game;
  /** The game before the last move (a takeback accepted returns to it). */
  readonly previousGame: Game | null;
  readonly legal: readonly Move[];
  readonly finals: ReadonlyMap<string, Move>;
  /** Occupancy key of the position now (the board at rest). */
  readonly restKey: string;
  /** Piece codes as the board holds them now, following pieces from lift to place. */
  readonly sensed: Uint8Array;
  /** The squares holding a piece now (kept beside `sensed`). */
  readonly occupied: SquareSet;
  /** Pieces lifted and not yet placed, oldest first. */
  readonly hand: readonly Held[];
  /**
   * Captured pieces of the last move still on the board: the capture was complete before they
   * were taken off (Laws 11). They are no longer in the game; taking them off is no event.
   */
  readonly leftover: SquareSet;
  readonly log: readonly LogEntry[];
  /** Own pieces lifted this turn that had a legal move, first touched first (3.11). */
  readonly touched: readonly number[];
  readonly obligation: number | null;
  readonly jadoube: boolean;
  /** A move the board shows but that may go on (a king still sliding). */
  readonly pendingMove: Move | null;
  /**
   * The state before the piece of an open move was lifted again: if the next lift is an
   * opponent's piece, the open move was over and that lift was the opponent taking the piece
   * (4.16), not the piece going on.
   */
  readonly beforeRelift: { readonly state: RefereeState; readonly t: number } | null;
  /** A second reading of the board while the events cannot tell (see {@link Split}). */
  readonly split: Split | null;
  /** Whether an opponent's lift may open a second reading (not inside one). */
  readonly splits: boolean;
  /**
   * The clock was pressed with the board at rest since the last move: its player's hands are done
   * (a piece taken off now is no removal after that move's capture, 5.4.12, 5.4.14).
   */
  readonly handedOver: boolean;
  /** Square of a man crowned by the last move (either player may crown it, 3.6). */
  readonly crownable: number | null;
  readonly mode: Mode;
  readonly ply: number;
  readonly now: number;
}

/** The mode while the opponent decides. */
export type Deciding = Extract<Mode, { kind: 'decide' }>;
