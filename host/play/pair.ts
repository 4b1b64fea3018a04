// Two boards, one game (issue 14, "Two boards (as blind players play)"): each player plays on a
// board of their own and copies the opponent's move onto it, as blind players do (blind players'
// practice; the IBCA rule is in none of our rulebooks). A pure state machine, no I/O and no clock
// (the host's time is passed in): it decides which board's hands the game follows, and what each
// board is told to do to show the game.
//
// - The board of the side to move is the active one. Its lifts and places go to the game once it
//   shows the game's position; until then they are copy steps (the player is still copying the
//   opponent's last move). From then on, the game follows it (`forwarder`) until the turn passes
//   in plain play.
// - Lifts and places on the other board never go to the game: that board is being brought to the
//   game's position, its first differing square named (clearing before filling, as a correction
//   is, host/game/leds/guidance.ts nextCorrectionStep).
// - The clock, accept and correct buttons of either board go to the game: the opponent decides an
//   irregularity from their own board (FMJD 5.4). J'adoube goes only from the board the game
//   follows: it announces the adjusting of pieces the game sees.
// - A move the game cannot yet close (a king that may slide further) is copied as it stands; the
//   opponent who has copied it and lifts a piece takes the game over, as the opponent's lift closes
//   such a move on one board.
// - Whenever the game starts following a board, the occupancy the game senses is first brought to
//   that board's by made-up lifts and places (normally none; captured pieces left on the other
//   board after the move was closed, which the referee takes off without an event).
//
// Times: each board has its own clock. Forwarded events are put on one timeline, the first board
// heard's, the other board's times shifted by the difference seen when it is first heard, and
// never going backwards (the referee requires it).

import { SquareSet, currentPosition, opposite, play } from '../../rules/index.ts';
import type { Color, Position } from '../../rules/index.ts';
import type { GameState } from '../game/game.ts';
import { MARK_PATTERN, frameOf, nextCorrectionStep } from '../game/leds/guidance.ts';
import type { LedMark } from '../game/leds/guidance.ts';
import { currentMarks } from '../game/step.ts';
import type { BoardEvent, Hello, LedFrame } from '../link/types.ts';

/** The game as the boards are to show it: fed after every step of the game ({@link pairGameOf}). */
export interface PairGame {
  /** The game's position (the referee's current position; the start position while the board is set up). */
  readonly position: Position;
  /** The position after a move the game follows but cannot yet close (a king that may slide further); null when none. */
  readonly pending: Position | null;
  /** The referee follows plain play (or the board is being set up): no decision, correction or disturbed board in hand. */
  readonly playing: boolean;
  /** Why each square's LED is lit in the game's frame (host/game/step.ts currentMarks). */
  readonly marks: readonly (LedMark | null)[];
}

/** One board as the pair knows it. */
export interface PairBoard {
  /** Occupied squares (1 or 0 per internal index); null until the board is connected. */
  readonly occupancy: Uint8Array | null;
  readonly hello: Hello | null;
  /** The link is lost (until it is resynced). */
  readonly lost: boolean;
}

/**
 * The next step of copying the game onto a board: a square to clear or (nothing left to clear) one
 * to fill, with the piece to put there (0 for a clear).
 */
export interface CopyStep {
  /** Whose board: White's player's or Black's. */
  readonly board: Color;
  readonly kind: 'clear' | 'fill';
  /** Internal square index. */
  readonly square: number;
  /** Piece code to put on the square (fill); 0 for a clear. */
  readonly piece: number;
  /** The position being copied (its notation names the square). */
  readonly target: Position;
}

/** The pair: both boards, the game, which board the game follows, and the timeline. */
export interface PairState {
  readonly game: PairGame;
  readonly boards: Readonly<Record<Color, PairBoard>>;
  /** Both boards have connected and the game was told so. */
  readonly connected: boolean;
  /** The board whose lifts and places go to the game; null while the active board is being copied. */
  readonly forwarder: Color | null;
  /** The occupancy the game senses: what the forwarded events built. */
  readonly told: Uint8Array;
  /** Each board's time offset onto the timeline (null: not heard yet). */
  readonly offsets: Readonly<Record<Color, number | null>>;
  /** The last time on the timeline and the host's time then. */
  readonly last: { readonly t: number; readonly host: number } | null;
}

/** What a step of the pair gives: its new state and the events for the game. */
export interface PairStep {
  readonly state: PairState;
  readonly forward: readonly BoardEvent[];
}

const NAMES: Readonly<Record<Color, string>> = { white: "White's board", black: "Black's board" };
/** The layers of the game's frame a board that shows the game but is not played on shows: none that asks its hands for something. */
const SHOWN_ELSEWHERE: ReadonlySet<LedMark> = new Set(['last', 'capture', 'obligation', 'flagged']);

/** The game the boards are to show, from the game's state: give it every step's `after`. */
export function pairGameOf(state: GameState): PairGame {
  const r = state.referee ?? state.resume?.referee ?? null;
  if (!r) return { position: state.config.start, pending: null, playing: true, marks: currentMarks(state) };
  const position = currentPosition(r.game);
  const pending = r.mode.kind === 'play' && r.pendingMove ? play(position, r.pendingMove) : null;
  return { position, pending, playing: r.mode.kind === 'play', marks: state.referee ? currentMarks(state) : [] };
}

/** A pair of boards, neither connected yet, for a game that is to show `game`. */
export function createPair(game: PairGame): PairState {
  const none: PairBoard = { occupancy: null, hello: null, lost: false };
  return { game, boards: { white: none, black: none }, connected: false, forwarder: null, told: new Uint8Array(game.position.board.length), offsets: { white: null, black: null }, last: null };
}

/** An event of `board`'s link, heard at host time `host` (ms): the pair after it, and what goes to the game. */
export function pairEvent(s0: PairState, board: Color, e: BoardEvent, host: number): PairStep {
  const timed = onTimeline(s0, board, e.t, host);
  let s = timed.state;
  const t = timed.t;
  const forward: BoardEvent[] = [];
  const b = s.boards[board];
  if (e.type === 'link') {
    if (e.state === 'connected') {
      s = withBoard(s, board, { occupancy: Uint8Array.from({ length: s.told.length }, (_, sq) => (e.occupancy.has(sq) ? 1 : 0)), hello: e.hello, lost: false });
      const other = s.boards[opposite(board)];
      if (!s.connected && other.occupancy) {
        const first = s.game.position.turn;
        const told = s.boards[first].occupancy!.slice();
        s = { ...s, connected: true, forwarder: first, told };
        // The game is told of one board; a board of another size is told, so that the game says it cannot be played on.
        const mine = s.boards[first].hello!;
        const theirs = s.boards[opposite(first)].hello!;
        const hello = theirs.squares !== mine.squares ? theirs : mine;
        forward.push({ type: 'link', state: 'connected', hello, occupancy: occupancySet(told), buttons: [], t });
      }
    } else if (e.state === 'lost') {
      s = withBoard(s, board, { ...b, lost: true });
      if (s.connected) forward.push({ ...e, detail: `${NAMES[board]}: ${e.detail}`, t });
    } else if (e.state === 'incompatible') {
      forward.push({ ...e, detail: `${NAMES[board]}: ${e.detail}`, t });
    } else {
      s = withBoard(s, board, { ...b, lost: false });
      // Back in step once no board is lost: the game is told of the occupancy it senses.
      if (s.connected && !s.boards.white.lost && !s.boards.black.lost) forward.push({ ...e, occupancy: occupancySet(s.told), t });
    }
    return settle(s, forward, t);
  }
  if (e.type === 'button') {
    if (s.connected && (e.button !== 'jadoube' || board === s.forwarder)) forward.push({ ...e, t });
    return settle(s, forward, t);
  }
  if (!b.occupancy || e.square < 0 || e.square >= b.occupancy.length) return { state: s, forward };
  const before = b.occupancy;
  const occupancy = before.slice();
  occupancy[e.square] = e.type === 'place' ? 1 : 0;
  s = withBoard(s, board, { ...b, occupancy });
  if (!s.connected) return { state: s, forward };
  // The opponent, having copied a move the game cannot yet close, starts to play: the game follows them.
  const takeover = e.type === 'lift' && s.forwarder === opposite(board) && s.game.pending?.turn === board && same(before, s.told);
  if (board === s.forwarder || takeover) {
    const told = s.told.slice();
    told[e.square] = occupancy[e.square];
    s = { ...s, forwarder: board, told };
    forward.push({ ...e, t });
  }
  return settle(s, forward, t);
}

/** The game after a step, at host time `host`: the pair after it, and what goes to the game (made-up events when it starts following a board). */
export function pairGame(s0: PairState, game: PairGame, host: number): PairStep {
  const s = { ...s0, game };
  const t = s.last ? Math.max(s.last.t, s.last.t + (host - s.last.host)) : 0;
  return settle(s.last ? { ...s, last: { t, host } } : s, [], t);
}

/**
 * The next game at the boards, colours swapped (host/game/nextGame.ts): each player keeps their
 * board, so White's board is now Black's and Black's White's.
 */
export function swapBoards(s: PairState): PairState {
  return { ...s, boards: { white: s.boards.black, black: s.boards.white }, offsets: { white: s.offsets.black, black: s.offsets.white }, forwarder: s.forwarder && opposite(s.forwarder) };
}

/**
 * A board's next copy step: null when it shows the game (or the move the game cannot yet close),
 * when the game follows its hands (the referee guides them), or before it is connected.
 */
export function copyStep(s: PairState, board: Color): CopyStep | null {
  const occupancy = s.boards[board].occupancy;
  if (!occupancy || board === s.forwarder) return null;
  const target = s.game.pending && s.game.pending.turn === board ? s.game.pending : s.game.position;
  const next = nextCorrectionStep(occupancy, target);
  return next && { board, kind: next.kind, square: next.square, piece: next.kind === 'fill' ? target.board[next.square] : 0, target };
}

/**
 * What `board`'s LEDs are to show, given the game's own frame (as the game last sent it; null:
 * none yet): the game's frame on the board the game follows; on a board being copied, only its
 * next copy step (`clear` and `fill` as the game draws a correction); on a board that shows the
 * game, the game's marks that ask nothing of its hands (the last move, compulsory captures, a
 * touch-move obligation, an irregularity to decide). Null: nothing to show yet.
 */
export function boardFrame(s: PairState, board: Color, gameFrame: LedFrame | null): LedFrame | null {
  if (!s.connected) return null;
  if (board === s.forwarder) return gameFrame;
  const n = s.told.length;
  const step = copyStep(s, board);
  if (step) return Array.from({ length: n }, (_, sq) => (sq === step.square ? MARK_PATTERN[step.kind] : 'off'));
  return frameOf(Array.from({ length: n }, (_, sq) => {
    const m = s.game.marks[sq] ?? null;
    return m && SHOWN_ELSEWHERE.has(m) ? m : null;
  }));
}

/**
 * Which board the game follows after a change: none once the turn has passed in plain play; the
 * active board once it shows the game's position, the game's sensed occupancy first brought to it.
 */
function settle(s0: PairState, forward: BoardEvent[], t: number): PairStep {
  let s = s0;
  const g = s.game;
  if (s.connected && s.forwarder !== null && s.forwarder !== g.position.turn && g.playing && !g.pending) s = { ...s, forwarder: null };
  const active = g.position.turn;
  const occupancy = s.boards[active].occupancy;
  if (s.connected && s.forwarder === null && occupancy && same(occupancy, g.position.board)) {
    const told = s.told;
    for (let sq = 0; sq < told.length; sq++) if (told[sq] && !occupancy[sq]) forward.push({ type: 'lift', square: sq, t, seq: 0, source: 'snapshot' });
    for (let sq = 0; sq < told.length; sq++) if (!told[sq] && occupancy[sq]) forward.push({ type: 'place', square: sq, t, seq: 0, source: 'snapshot' });
    s = { ...s, forwarder: active, told: occupancy.slice() };
  }
  return { state: s, forward };
}

/** `t` of `board`'s clock on the pair's timeline, at host time `host`. */
function onTimeline(s: PairState, board: Color, t: number, host: number): { state: PairState; t: number } {
  const offset = s.offsets[board] ?? (s.last ? s.last.t + (host - s.last.host) - t : 0);
  const at = Math.max(s.last?.t ?? -Infinity, t + offset);
  return { state: { ...s, offsets: { ...s.offsets, [board]: offset }, last: { t: at, host } }, t: at };
}

function withBoard(s: PairState, board: Color, b: PairBoard): PairState {
  return { ...s, boards: { ...s.boards, [board]: b } };
}

/** Whether two boards hold pieces on the same squares (nonzero: occupied). */
function same(a: Uint8Array, b: Uint8Array): boolean {
  for (let sq = 0; sq < a.length; sq++) if ((a[sq] !== 0) !== (b[sq] !== 0)) return false;
  return true;
}

/** The occupied squares (nonzero) of a board, as a set. */
export function occupancySet(occupancy: Uint8Array): SquareSet {
  const out: number[] = [];
  occupancy.forEach((x, sq) => x && out.push(sq));
  return SquareSet.from(out);
}
