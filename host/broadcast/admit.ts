// What the relay believes (issue 26): whether a board's state, checked field by field
// (checkState.ts), is one a board of the round served could have sent after the board's last.
// Pure: the time is passed in.
//
// A state is taken only when it is
// - of the event and the round served, for a board the relay is given (a list, or 1..maxBoard),
// - within size limits (its JSON, its moves), checked before anything is replayed,
// - made no later than now plus a small skew (the hosts' clocks and the relay's agree, NTP),
// - its own game: its scoresheet (PDN) is one game that the rules core replays to the end, whose
//   moves are the state's moves and whose last position and side to move are the state's (while
//   an irregularity waits for its decision or is corrected the board may show another position:
//   only the moves are checked then),
// - the board's last game with moves added, or with at most MAX_TAKEN_BACK of its last moves
//   taken back or replaced (a takeback, a correction), or a new game (no moves yet). The variant
//   and the players change only with a new game.
// Anything else is refused with its reason: a code to count and report by, and a sentence.

import { readPdn, variantByName } from '../../rules/index.ts';
import { boardText } from '../game/view.ts';
import { MAX_BOARD } from '../event/pairings.ts';
import type { BoardState, BroadcastMove } from './types.ts';

/** Why a state was refused, as counted and reported. */
export type RefusalCode = 'event' | 'round' | 'board' | 'size' | 'future' | 'game' | 'history';

/** Moves of the board's last game that a state may take back or replace (a takeback, a correction). */
export const MAX_TAKEN_BACK = 2;

/** What a state is admitted against. */
export interface AdmitContext {
  /** The event served. */
  readonly event: string;
  /** The round served; null: any (the caller chooses the round). */
  readonly round: string | null;
  /** Boards taken: those listed, or else 1..maxBoard. */
  readonly boards: ReadonlySet<number> | null;
  readonly maxBoard: number;
  /** The relay's clock now (ms since the epoch). */
  readonly now: number;
  /** How far in the future (ms) a state's `t` may be: the hosts' clocks against the relay's. */
  readonly skewMs: number;
  /** The largest state taken: bytes of its JSON (UTF-8). */
  readonly maxBytes: number;
  /** The most moves a state's game may hold. */
  readonly maxMoves: number;
}

/** Limits a relay uses unless told otherwise: boards as many as a round may have (pairings.ts). */
export const ADMIT_DEFAULTS = { maxBoard: MAX_BOARD, skewMs: 30_000, maxBytes: 128 * 1024, maxMoves: 1000 } as const;

/** A state taken, or refused with its reason. */
export type Admission = { readonly taken: true } | { readonly taken: false; readonly code: RefusalCode; readonly reason: string };

const refuse = (code: RefusalCode, reason: string): Admission => ({ taken: false, code, reason });
const TAKEN: Admission = { taken: true };

/**
 * Whether `next` may follow `previous` (the board's last state taken, or null) on the board
 * it names. Never throws.
 *
 * @example admit(null, { ...state, board: 1e15 }, context) // { taken: false, code: 'board', reason: 'board 1000000000000000 is not one of the round (1 to 999)' }
 */
export function admit(previous: BoardState | null, next: BoardState, context: AdmitContext): Admission {
  if (next.event !== context.event) return refuse('event', `the event "${clip(next.event)}" is not the one served ("${context.event}")`);
  if (context.round !== null && next.round !== context.round) return refuse('round', `round "${clip(next.round)}" is not the round served ("${context.round}")`);
  const board = context.boards ? context.boards.has(next.board) : Number.isSafeInteger(next.board) && next.board >= 1 && next.board <= context.maxBoard;
  if (!board) return refuse('board', `board ${next.board} is not one of the round (${context.boards ? 'the boards given' : `1 to ${context.maxBoard}`})`);
  const size = sizeOf(next, context);
  if (size !== null) return refuse('size', size);
  if (!(next.t <= context.now + context.skewMs)) return refuse('future', `its time is ${Math.round((next.t - context.now) / 1000)} s ahead of the relay's clock (at most ${context.skewMs / 1000} s)`);
  const own = ownGame(previous, next);
  if (own !== null) return refuse('game', own);
  const history = follows(previous, next);
  return history === null ? TAKEN : refuse('history', history);
}

/** What is too large in a state, or null. */
function sizeOf(s: BoardState, c: AdmitContext): string | null {
  if (s.moves.length > c.maxMoves) return `${s.moves.length} moves: at most ${c.maxMoves}`;
  if (s.pdn.length > c.maxBytes) return `a scoresheet of ${s.pdn.length} characters: the whole state at most ${c.maxBytes} bytes`;
  const bytes = Buffer.byteLength(JSON.stringify(s));
  return bytes > c.maxBytes ? `${bytes} bytes: at most ${c.maxBytes}` : null;
}

const sameMove = (a: BroadcastMove, b: BroadcastMove): boolean =>
  a.ply === b.ply && a.side === b.side && a.text === b.text && (a.irregular === null) === (b.irregular === null) && (a.irregular === null || (a.irregular.code === b.irregular!.code && a.irregular.article === b.irregular!.article));

/** What disagrees between a state and its own scoresheet replayed, or null. */
function ownGame(previous: BoardState | null, s: BoardState): string | null {
  // The scoresheet, moves and board as the last state taken: replayed then.
  if (previous && previous.pdn === s.pdn && previous.position === s.position && previous.turn === s.turn && previous.variant === s.variant && previous.moves.length === s.moves.length && previous.moves.every((m, i) => sameMove(m, s.moves[i]))) return null;
  const v = variantByName(s.variant);
  if (!v || v.name !== s.variant || v.geometry.size !== s.size) return `the variant "${clip(s.variant)}" on a board of ${s.size} is not one dambord plays`;
  const read = readPdn(s.pdn, { variant: v });
  if (read.games.length !== 1) return `its scoresheet holds ${read.games.length} games: it should hold its board's one`;
  const game = read.games[0];
  if (game.error) return `its scoresheet does not replay: ${game.error.reason}`;
  if (game.line.length !== s.moves.length) return `its scoresheet has ${game.line.length} moves and the state ${s.moves.length}`;
  for (const [i, item] of game.line.entries()) {
    const m = s.moves[i];
    const agrees = m.ply === i + 1 && (item.kind === 'ply' ? m.text === item.text && m.side === item.before.turn : m.irregular !== null);
    if (!agrees) return `move ${i + 1} is ${clip(m.text)} in the state and ${item.kind === 'ply' ? item.text : 'an irregular move set up'} in its scoresheet`;
  }
  const settled = s.irregularity === null || s.irregularity.status === 'noted';
  if (settled && (boardText(game.end) !== s.position || game.end.turn !== s.turn)) return 'its position is not the one its scoresheet ends in';
  return null;
}

/** Why `next` cannot follow `previous` on a board, or null when it can. */
function follows(previous: BoardState | null, next: BoardState): string | null {
  if (previous === null || next.moves.length === 0) return null;
  if (next.variant !== previous.variant || next.players.white !== previous.players.white || next.players.black !== previous.players.black) {
    return 'another game (variant or players) on the board without a new game started';
  }
  let common = 0;
  const shorter = Math.min(previous.moves.length, next.moves.length);
  while (common < shorter && sameMove(previous.moves[common], next.moves[common])) common++;
  const back = previous.moves.length - common;
  return back <= MAX_TAKEN_BACK ? null : `it takes back or replaces ${back} moves of the board's game (at most ${MAX_TAKEN_BACK})`;
}

/** A name from the network, short enough for a message. */
function clip(text: string): string {
  const s = String(text);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
