import type { Color, Game, Move, Position, SquareSet } from '../../rules/index.ts';
import {
  KING,
  agreeDraw,
  opposite,
  colorBit,
  currentPosition,
  formatMove,
  legalMoves,
  newGame,
  normaliseResult,
  outcome,
  play,
  playMove,
  resign,
} from '../../rules/index.ts';
import type { LogEntry } from './classify.ts';
import { captureOrder, classify } from './classify.ts';
import { describe } from './describe.ts';
import { finalsOf, keyOf, occupancyOf } from './occupancy.ts';
import type { Fill, IrregularityCode, Policy, RefereeEvent, RefereeOutput } from './types.ts';

/** An irregularity waiting for the opponent's decision (FMJD 5.4). */
interface Pending {
  readonly code: IrregularityCode;
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

type Mode =
  | { readonly kind: 'play' }
  | { readonly kind: 'decide'; readonly pending: Pending }
  | { readonly kind: 'correcting'; readonly target: Position; readonly obligation: number | null; readonly completes?: Move }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'over' };

/**
 * The referee's state: the game so far, the board as sensed and what this turn's hands did.
 * Treat as opaque and immutable; `step` returns a new one.
 */
export interface RefereeState {
  readonly policy: Policy;
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
  readonly hand: readonly number[];
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
  /** The board changed since the last decision, at `changedAt`. */
  readonly dirty: boolean;
  readonly changedAt: number;
  /** Square of a man crowned by the last move (either player may crown it, 3.6). */
  readonly crownable: number | null;
  readonly mode: Mode;
  readonly ply: number;
  readonly now: number;
}

/** A referee for a game from `position`, the board holding exactly that position. */
export function createReferee(position: Position, policy: Policy, t = 0): RefereeState {
  const blank = { policy, game: newGame(position), previousGame: null, changedAt: t, crownable: null, ply: 0, now: t };
  return startTurn(blank as RefereeState, position);
}

/** The position of the game now (before any move in progress). */
export function refereePosition(s: RefereeState): Position {
  return currentPosition(s.game);
}

/**
 * One event in, the new state and what the referee says out. Pure: time comes with the
 * event; nothing is read from a clock. Never throws on any event sequence.
 */
export function step(state: RefereeState, event: RefereeEvent): { state: RefereeState; outputs: RefereeOutput[] } {
  const out: RefereeOutput[] = [];
  const t = Math.max(event.t, state.now);
  let s = settleIfStill(state, t, out);
  s = { ...s, now: t };
  switch (event.type) {
    case 'tick':
      break;
    case 'lift':
    case 'place':
      s = onBoard(s, event.type, event.square, t, out);
      break;
    case 'press':
      s = onPress(s, event.button, t, out);
      break;
    case 'resign':
      s = end(s, resign(s.game, event.color), t, out);
      break;
    case 'draw-agreed':
      s = end(s, agreeDraw(s.game), t, out);
      break;
  }
  return { state: s, outputs: out };
}

/** Ends the turn of a board that stood still for the policy's settle time (brief: "the position standing still"). */
function settleIfStill(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  if (!s.dirty || t - s.changedAt < s.policy.settleMs) return s;
  return endTurn(s, s.changedAt + s.policy.settleMs, out);
}

function occupancyKey(s: RefereeState): string {
  return keyOf(s.occupied);
}

function onBoard(s0: RefereeState, kind: 'lift' | 'place', sq: number, t: number, out: RefereeOutput[]): RefereeState {
  if (sq < 0 || sq >= s0.sensed.length) return s0;
  let s = s0;
  // A piece lifted elsewhere while a finished move is still open: the move is over (the
  // opponent starts to move, or the mover touches another piece).
  if (s.mode.kind === 'play' && s.pendingMove && !(kind === 'lift' && sq === s.pendingMove.to)) s = commit(s, s.pendingMove, t, out);
  else if (s.mode.kind === 'play' && s.beforeRelift && kind === 'lift' && s.sensed[sq] & colorBit(opposite(currentPosition(s.game).turn))) {
    // The open move's piece, lifted again, was taken by the opponent, who now lifts a piece.
    const back = s.beforeRelift;
    const moved = back.state.pendingMove!;
    s = commit(back.state, moved, back.t, out);
    s = onBoard(s, 'lift', moved.to, back.t, out);
  }
  const relift = s.mode.kind === 'play' && s.pendingMove && kind === 'lift' && sq === s.pendingMove.to ? { state: s, t } : null;
  const sensed = s.sensed.slice();
  let hand = s.hand;
  let piece: number;
  if (kind === 'lift') {
    piece = sensed[sq];
    if (piece === 0) return { ...s, dirty: true, changedAt: t }; // a lift from an empty square: nothing to follow
    sensed[sq] = 0;
    hand = [...hand, piece];
  } else {
    if (sensed[sq] !== 0) return { ...s, dirty: true, changedAt: t }; // a place on a full square
    const pos = currentPosition(s.game);
    const mine = colorBit(pos.turn);
    let at = -1;
    for (let i = hand.length - 1; i >= 0 && at < 0; i--) if (hand[i] & mine) at = i;
    if (at < 0) at = hand.length - 1;
    if (at >= 0) {
      piece = hand[at];
      hand = [...hand.slice(0, at), ...hand.slice(at + 1)];
    } else piece = expectedPiece(s, sq);
    sensed[sq] = piece;
  }
  const occupied = kind === 'lift' ? s.occupied.without(sq) : s.occupied.with(sq);
  s = { ...s, sensed, occupied, hand, log: [...s.log, { kind, square: sq, piece, t }], dirty: true, changedAt: t, pendingMove: null, beforeRelift: relift };
  switch (s.mode.kind) {
    case 'play':
      return afterPlay(s, kind, sq, piece, t, out);
    case 'decide':
      return afterDecide(s, s0, kind, sq, t, out);
    case 'correcting':
      return afterCorrecting(s, t, out);
    case 'mismatch':
      return afterMismatch(s, t, out);
    case 'over':
      return { ...s, dirty: false };
  }
}

/** The piece a square should get when it is filled from outside the hand (a correction). */
function expectedPiece(s: RefereeState, sq: number): number {
  const target = s.mode.kind === 'correcting' ? s.mode.target : s.mode.kind === 'decide' ? s.mode.pending.target : currentPosition(s.game);
  return target.board[sq] || currentPosition(s.game).board[sq] || colorBit(currentPosition(s.game).turn);
}

function afterPlay(s0: RefereeState, kind: 'lift' | 'place', sq: number, piece: number, t: number, out: RefereeOutput[]): RefereeState {
  let s = s0;
  const pos = currentPosition(s.game);
  const mine = colorBit(pos.turn);
  if (kind === 'lift' && piece & mine && !s.jadoube && s.legal.some((m) => m.from === sq) && !s.touched.includes(sq)) {
    s = { ...s, touched: [...s.touched, sq] };
  }
  if (kind === 'place') s = afterReturn(s, sq, piece, t, out);
  const key = occupancyKey(s);
  if (key === s.restKey) {
    if (s.jadoube) {
      const squares = [...new Set(s.log.filter((e) => e.kind === 'lift').map((e) => e.square))];
      if (squares.length > 0) out.push({ type: 'adjusted', squares, t });
      // One announcement covers every piece adjusted before the move (3.13: "one or more").
      return { ...atRest(s), log: [] };
    }
    return atRest(s);
  }
  const m = s.finals.get(key);
  if (m) return isCertain(s, m, kind, sq) ? commit(s, m, t, out) : { ...s, pendingMove: m };
  // A move taken back (5.4.4) or a second move by the side that just moved (5.4.1) is as
  // plain as a move: say so when the piece lands.
  if (kind === 'place' && s.previousGame) {
    const prev = currentPosition(s.previousGame);
    if (key === keyOf(occupancyOf(prev.board)) || (piece & colorBit(prev.turn) && s.hand.length === 0)) {
      const finding = classify(pos, prev, s.legal, s.sensed);
      if (finding.kind === 'irregular' && (finding.code === 'takeback' || finding.code === 'two-moves')) return endTurn(s, t, out);
    }
  }
  return s;
}

/** A piece put back where it was lifted: crowning, feeling, adjusting or touching out of turn. */
function afterReturn(s: RefereeState, sq: number, piece: number, t: number, out: RefereeOutput[]): RefereeState {
  const n = s.log.length;
  const lift = n >= 2 ? s.log[n - 2] : null;
  if (!lift || lift.kind !== 'lift' || lift.square !== sq) return s;
  const pos = currentPosition(s.game);
  const log = s.log.slice(0, n - 2);
  if (s.crownable === sq) {
    out.push({ type: 'crowned', square: sq, t });
    return { ...s, log, crownable: null };
  }
  if (s.policy.feelMs > 0 && !s.jadoube && t - lift.t <= s.policy.feelMs) {
    return { ...s, log, touched: s.touched.filter((x) => x !== sq || s.log.some((e, i) => i < n - 2 && e.square === sq)) };
  }
  if (!(piece & colorBit(pos.turn)) && log.length === 0) {
    out.push(irregularity(s, 'touch-out-of-turn', [sq], t, 'note'));
    return { ...s, log };
  }
  return s;
}

/** The board is back as the position says: nothing is in progress. */
function atRest(s: RefereeState): RefereeState {
  return { ...s, dirty: false, pendingMove: null, log: s.jadoube ? s.log : [], hand: [] };
}

/**
 * Whether a move the board shows is over (brief: announced as soon as certain): a man's plain
 * move when it lands; a capture when its last captured piece is lifted, or when a man lands
 * after the captured pieces were lifted first; a king's move when it cannot slide further.
 */
function isCertain(s: RefereeState, m: Move, kind: 'lift' | 'place', sq: number): boolean {
  const pos = currentPosition(s.game);
  const king = (pos.board[m.from] & KING) !== 0;
  if (m.captured.length > 0) return kind === 'lift' ? m.capturedSet.has(sq) : !king || !pos.variant.flyingKings;
  if (!king) return true;
  if (!pos.variant.flyingKings) return true;
  const g = pos.variant.geometry;
  const dr = g.row[m.to] > g.row[m.from] ? 2 : 0;
  const dc = g.col[m.to] > g.col[m.from] ? 1 : 0;
  const next = g.neighbour[m.to * 4 + dr + dc];
  return next < 0 || s.sensed[next] !== 0;
}

/** Plays a move the board shows, with the physical rules of how it was made. */
function commit(s: RefereeState, m: Move, t: number, out: RefereeOutput[]): RefereeState {
  const pos = currentPosition(s.game);
  const found: IrregularityCode[] = [];
  const first = s.obligation ?? s.touched[0];
  if (first !== undefined && first !== null && first !== m.from) found.push('touch-move');
  found.push(...captureOrder(pos, m, s.log));
  const squares = (code: IrregularityCode): number[] => (code === 'touch-move' ? [first as number, m.from] : [m.from, ...m.captured]);
  const decide = found.filter((c) => !s.policy.noted.has(c));
  for (const c of found.filter((c) => s.policy.noted.has(c))) out.push(irregularity(s, c, squares(c), t, 'note'));
  if (decide.length > 0) {
    for (const c of decide) out.push(irregularity(s, c, squares(c), t, 'decide'));
    const obligation = decide.includes('touch-move') ? (first as number) : null;
    return flag(s, { code: decide[0], target: pos, accepted: m, obligation, takeback: false });
  }
  return playOut(s, m, t, out);
}

/** Records a legal move and starts the next turn. */
function playOut(s: RefereeState, m: Move, t: number, out: RefereeOutput[]): RefereeState {
  const pos = currentPosition(s.game);
  const played = playMove(s.game, m, s.legal);
  if (!played.ok) return s;
  const game = played.game;
  const after = currentPosition(game);
  const ply = s.ply + 1;
  out.push({ type: 'move', ply, move: m, text: formatMove(pos, m, s.legal), side: pos.turn, before: pos, after, t });
  const next = startTurn({ ...s, game, previousGame: s.game, ply, crownable: m.promotes ? m.to : null }, after);
  return checkEnd(next, t, out);
}

/** A fresh turn from `pos`, the board assumed to show it. */
function startTurn(s: RefereeState, pos: Position): RefereeState {
  const legal = legalMoves(pos);
  return {
    ...s,
    legal,
    finals: finalsOf(pos, legal),
    restKey: keyOf(occupancyOf(pos.board)),
    sensed: pos.board.slice(),
    occupied: occupancyOf(pos.board),
    hand: [],
    log: [],
    touched: [],
    obligation: null,
    jadoube: false,
    pendingMove: null,
    beforeRelift: null,
    dirty: false,
    mode: { kind: 'play' },
  };
}

function checkEnd(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  const o = outcome(s.game, { legal: s.legal });
  if (!o) return s;
  const v = currentPosition(s.game).variant;
  const result = normaliseResult(o.result === 'white' ? '2-0' : o.result === 'black' ? '0-2' : '1-1', v);
  out.push({ type: 'result', result, winner: o.result, reason: o.reason, article: o.article, t });
  return { ...s, mode: { kind: 'over' } };
}

function end(s: RefereeState, game: Game, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind === 'over') return s;
  return checkEnd({ ...s, game }, t, out);
}

/** The turn ends (clock, or the board standing still) on a board that matches no finished move. */
function endTurn(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  const settled = { ...s, dirty: false };
  if (s.mode.kind === 'correcting') {
    out.push(correctionPlan(s, s.mode.target, t));
    return settled;
  }
  if (s.mode.kind !== 'play') return settled;
  if (s.pendingMove) return commit(settled, s.pendingMove, t, out);
  const pos = currentPosition(s.game);
  if (occupancyKey(s) === s.restKey) return atRest(settled);
  const prev = s.previousGame ? currentPosition(s.previousGame) : null;
  const lastMove = s.game.moves[s.game.moves.length - 1] ?? null;
  const finding = classify(pos, prev, s.legal, s.sensed, lastMove);
  if (finding.kind === 'mismatch') {
    const plan = difference(s.sensed, pos);
    out.push({ type: 'mismatch', clear: plan.clear, fill: plan.fill, message: describe.mismatch(pos.variant, plan.clear, plan.fill), t });
    return { ...settled, mode: { kind: 'mismatch' } };
  }
  const decision = s.policy.noted.has(finding.code) ? 'note' : 'decide';
  out.push(irregularity(s, finding.code, finding.squares, t, decision, finding.articleKey, finding.actor));
  const completes = finding.completes;
  const target = completes ? play(pos, completes) : pos;
  const pending: Pending = { code: finding.code, target, accepted: finding.accepted, obligation: completes ? null : (s.obligation ?? s.touched[0] ?? null), takeback: finding.code === 'takeback', completes };
  if (decision === 'note') return accept(settled, pending, t, out);
  return flag(settled, pending);
}

function flag(s: RefereeState, pending: Pending): RefereeState {
  return { ...s, dirty: false, pendingMove: null, mode: { kind: 'decide', pending } };
}

function onPress(s: RefereeState, button: string, t: number, out: RefereeOutput[]): RefereeState {
  switch (button) {
    case 'clock':
      if (s.mode.kind === 'play' && (s.dirty || s.pendingMove)) return endTurn(s, t, out);
      return s;
    case 'jadoube': {
      if (s.mode.kind !== 'play') return s;
      // A king's move still open is over: the opponent announces an adjustment before moving (3.13).
      const next = s.pendingMove ? commit(s, s.pendingMove, t, out) : s;
      return next.mode.kind === 'play' ? { ...next, jadoube: true, log: [] } : next;
    }
    case 'accept':
    case 'correct': {
      // A decision asked for while the turn is still open ends it first.
      if (s.mode.kind === 'play' && (s.dirty || s.pendingMove)) s = endTurn(s, t, out);
      if (s.mode.kind === 'decide') return button === 'accept' ? accept(s, s.mode.pending, t, out) : correct(s, s.mode.pending, t, out);
      if (button === 'correct' && s.mode.kind === 'correcting') out.push(correctionPlan(s, s.mode.target, t));
      return s;
    }
    default:
      return s;
  }
}

/** The opponent lets the irregularity stand (5.4; moving on does the same, 5.7). */
function accept(s: RefereeState, p: Pending, t: number, out: RefereeOutput[]): RefereeState {
  if ('from' in p.accepted) {
    out.push({ type: 'accepted', code: p.code, position: p.target, t });
    return playOut({ ...s, mode: { kind: 'play' }, touched: [], obligation: null }, p.accepted, t, out);
  }
  if (p.takeback && s.previousGame) {
    out.push({ type: 'accepted', code: p.code, position: p.accepted, t });
    return startTurn({ ...s, game: s.previousGame, previousGame: null, ply: s.ply - 1, crownable: null }, p.accepted);
  }
  const position = p.accepted;
  out.push({ type: 'accepted', code: p.code, position, t });
  return checkEnd(startTurn({ ...s, game: newGame(position), previousGame: null, crownable: null }, position), t, out);
}

/** The opponent has the position before the irregularity restored (5.4), wholly (5.8). */
function correct(s: RefereeState, p: Pending, t: number, out: RefereeOutput[]): RefereeState {
  const next: RefereeState = { ...s, mode: { kind: 'correcting', target: p.target, obligation: p.obligation, completes: p.completes } };
  out.push(correctionPlan(s, p.target, t));
  return afterCorrecting(next, t, out);
}

function afterCorrecting(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind !== 'correcting') return s;
  const target = s.mode.target;
  if (occupancyKey(s) !== keyOf(occupancyOf(target.board))) return s;
  out.push({ type: 'corrected', position: target, t });
  // The capture's jumps stood; with the removal put right it is played as it should have been.
  if (s.mode.completes) return playOut(startTurn(s, currentPosition(s.game)), s.mode.completes, t, out);
  const obligation = s.mode.obligation;
  const next = startTurn(s, target);
  return { ...next, obligation: obligation !== null && next.legal.some((m) => m.from === obligation) ? obligation : null };
}

function afterDecide(s: RefereeState, before: RefereeState, kind: 'lift' | 'place', sq: number, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind !== 'decide') return s;
  const p = s.mode.pending;
  if (occupancyKey(s) === keyOf(occupancyOf(p.target.board))) return afterCorrecting({ ...s, mode: { kind: 'correcting', target: p.target, obligation: p.obligation, completes: p.completes } }, t, out);
  // Hands putting the old position back are correcting; anything else is play going on (5.7).
  const towards = kind === 'lift' ? p.target.board[sq] === 0 : p.target.board[sq] !== 0;
  if (towards) return s;
  const accepted = accept({ ...before, dirty: false }, p, t, out);
  if (accepted.mode.kind !== 'play') return accepted;
  return onBoard(accepted, kind, sq, t, out);
}

function afterMismatch(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  const key = occupancyKey(s);
  if (key === s.restKey) {
    out.push({ type: 'matched', t });
    return { ...atRest(s), mode: { kind: 'play' }, touched: [] };
  }
  const m = s.finals.get(key);
  if (m) {
    out.push({ type: 'matched', t });
    return commit({ ...s, mode: { kind: 'play' } }, m, t, out);
  }
  return s;
}

function correctionPlan(s: RefereeState, target: Position, t: number): RefereeOutput {
  const plan = difference(s.sensed, target);
  return { type: 'correction', clear: plan.clear, fill: plan.fill, target, t };
}

/** Squares to empty and pieces to put back to turn `sensed` into `target`. */
export function difference(sensed: Uint8Array, target: Position): { clear: number[]; fill: Fill[] } {
  const clear: number[] = [];
  const fill: Fill[] = [];
  for (let sq = 0; sq < sensed.length; sq++) {
    if (sensed[sq] !== 0 && target.board[sq] === 0) clear.push(sq);
    if (sensed[sq] === 0 && target.board[sq] !== 0) fill.push({ square: sq, piece: target.board[sq] });
  }
  return { clear, fill };
}

function irregularity(s: RefereeState, code: IrregularityCode, squares: number[], t: number, decision: 'decide' | 'note', articleKey: string = code, actor?: Color): RefereeOutput {
  const pos = currentPosition(s.game);
  const v = pos.variant;
  const article = v.articles[articleKey] ?? v.articles[code] ?? '';
  const d: 'decide' | 'note' = code === 'touch-out-of-turn' ? 'note' : decision;
  return { type: 'irregularity', code, article, squares, message: describe.irregularity(v, code, squares, pos.turn, actor), decision: d, t };
}

