import type { Game, Move } from '../../rules/index.ts';
import type { Score } from '../../engine/types.ts';

/**
 * What an engine is given to think: the time for this move, a depth or a number of nodes, or
 * a game clock (both sides' time left, the increment and the moves to the next time control,
 * in ms). At least one is set; a move always comes within its time plus 10%.
 */
export interface EngineLimits {
  readonly moveTimeMs?: number;
  readonly depth?: number;
  readonly nodes?: number;
  readonly clock?: { readonly ownMs: number; readonly opponentMs: number; readonly incrementMs: number; readonly movesToGo?: number };
}

/** What an engine answered: a legal move of the game's current position and what it said of it. */
export interface EngineAnswer {
  readonly move: Move;
  /** The score for the side that moved, when the engine gave one. */
  readonly score: Score | null;
  /** The expected line from the position, its first move `move`; empty when the engine gave none. */
  readonly pv: readonly Move[];
  readonly depth: number | null;
  readonly nodes: number | null;
  /** Time the answer took, in ms of the host's clock. */
  readonly ms: number;
}

/** What an engine says while it thinks (Hub `info`, the built-in search's iterations). */
export interface EngineInfo {
  readonly depth: number | null;
  readonly score: Score | null;
  readonly pv: readonly Move[];
  readonly nodes: number | null;
  readonly ms: number;
}

/** How a call to an engine went wrong. */
export type EngineErrorKind =
  | 'illegal-move' // a move that is not legal in the position
  | 'ambiguous-move' // a move that names two legal moves
  | 'malformed' // a message the protocol does not know or cannot parse
  | 'silent' // no answer in time to a message that asks for one
  | 'slow' // a move later than its time allows
  | 'crashed' // the engine's process ended or its connection closed
  | 'refused' // the engine declined (DXP GAMEACC refused, Hub error)
  | 'start'; // the engine could not be started or reached

/**
 * An engine's failure: the engine's name, what it sent (when it sent something) and what
 * happened, in a sentence a user can act on. The game is never lost by it: the caller keeps
 * the game and may restart or replace the engine.
 */
export class EngineError extends Error {
  constructor(
    readonly engine: string,
    readonly kind: EngineErrorKind,
    message: string,
    readonly sent: string | null = null,
  ) {
    super(`${engine}: ${message}${sent !== null ? ` (it sent: ${JSON.stringify(sent.length > 200 ? `${sent.slice(0, 200)}...` : sent)})` : ''}`);
    this.name = 'EngineError';
  }
}

/**
 * A draughts engine dambord plays with: the built-in one (in a worker thread), a Hub engine
 * (a process) or a DXP engine (a TCP connection). Every move it answers has been checked
 * against the rules; every failure is an {@link EngineError}.
 */
export interface Engine {
  /** The engine's name, for PDN tags and messages (`dambord 0.1.0 level 5`, `Scan 3.1`). */
  readonly name: string;
  /**
   * The engine's move in the game's current position (the game holds its start position and
   * the moves played: a DXP or Hub engine is given the whole game, so any start and any
   * take-back work). `signal` stops thinking: the engine answers its best so far, or the
   * promise rejects when it has none.
   */
  think(game: Game, limits: EngineLimits, opts?: { readonly signal?: AbortSignal; readonly onInfo?: (info: EngineInfo) => void }): Promise<EngineAnswer>;
  /**
   * The game is over (DXP GAMEEND; Hub nothing): `result` as the variant writes it, or null
   * when it was stopped.
   */
  gameOver?(game: Game, result: string | null): Promise<void>;
  /** Ends the engine: the process quits, the connection closes, the worker ends. Never throws. */
  close(): Promise<void>;
}
