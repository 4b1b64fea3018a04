// The hands on the board, dispatched: a lift or a place read against the mode of the turn (play,
// the opponent deciding, a correction, a board that does not match), a move made when the board
// shows it and it is certain.

import { colorBit, currentPosition, opposite } from '../../../rules/index.ts';
import { lift, place } from './board.ts';
import { cite, classify } from './classify.ts';
import type { Replay } from './decision.ts';
import { afterCorrecting, afterDecide, afterMismatch } from './decision.ts';
import { endTurn } from './endTurn.ts';
import { keyOf, occupancyOf } from './occupancy.ts';
import type { BoardEvent, RefereeState } from './state.ts';
import { atRest, commit, irregularity, isCertain, occupancyKey, visible } from './turn.ts';
import type { RefereeOutput } from './types.ts';

/**
 * A piece lifted or placed: the sensed board updated, then the event read against the mode of the
 * turn; `replay` is the referee's step, for the hands playing on while the opponent decides.
 */
export function onBoard(s0: RefereeState, e: BoardEvent, out: RefereeOutput[], replay: Replay): RefereeState {
  const { type: kind, square: sq, t } = e;
  if (sq < 0 || sq >= s0.sensed.length) return s0;
  let s = s0;
  // A lift elsewhere while a finished move is still open: the move is over (the opponent
  // starts to move, or the mover touches another piece).
  if (s.mode.kind === 'play' && s.pendingMove && !(kind === 'lift' && sq === s.pendingMove.to)) s = commit(s, s.pendingMove, t, out);
  else if (s.mode.kind === 'play' && s.beforeRelift && kind === 'lift' && s.sensed[sq] & colorBit(opposite(currentPosition(s.game).turn))) {
    // The open move's piece, lifted again, was taken by the opponent, who now lifts a piece.
    const back = s.beforeRelift;
    const moved = back.state.pendingMove!;
    s = commit(back.state, moved, back.t, out);
    s = onBoard(s, { type: 'lift', square: moved.to, t: back.t }, out, replay);
  }
  if (kind === 'lift' && s.leftover.has(sq)) {
    // A captured piece of the last move taken off at last (Laws 11): no event.
    const b = lift(s.sensed, s.occupied, s.hand, sq);
    return { ...s, sensed: b.sensed, occupied: b.occupied, leftover: s.leftover.without(sq) };
  }
  const relift = s.mode.kind === 'play' && s.pendingMove && kind === 'lift' && sq === s.pendingMove.to ? { state: s, t } : null;
  const pos = currentPosition(s.game);
  const b = kind === 'lift' ? lift(s.sensed, s.occupied, s.hand, sq) : place(s.sensed, s.occupied, s.hand, sq, colorBit(pos.turn), expectedPiece(s, sq));
  if (b.piece === 0) return s; // a lift from an empty square or a place on a full one: the board did not change
  const piece = b.piece;
  s = { ...s, sensed: b.sensed, occupied: b.occupied, hand: b.hand, log: [...s.log, { kind, square: sq, piece, t }], pendingMove: null, beforeRelift: relift };
  switch (s.mode.kind) {
    case 'play':
      return afterPlay(s, kind, sq, piece, t, out);
    case 'decide':
      return afterDecide(s, e, out, replay);
    case 'correcting':
      return afterCorrecting(s, t, out);
    case 'mismatch':
      return afterMismatch(s, t, out);
    case 'over':
      return s;
  }
}

/** The piece a square should get when it is filled from outside the hand (a correction). */
export function expectedPiece(s: RefereeState, sq: number): number {
  const target = s.mode.kind === 'correcting' ? s.mode.target : s.mode.kind === 'decide' ? s.mode.pending.target : currentPosition(s.game);
  return target.board[sq] || currentPosition(s.game).board[sq] || colorBit(currentPosition(s.game).turn);
}

export function afterPlay(s0: RefereeState, kind: 'lift' | 'place', sq: number, piece: number, t: number, out: RefereeOutput[]): RefereeState {
  let s = s0;
  const pos = currentPosition(s.game);
  const mine = colorBit(pos.turn);
  if (kind === 'lift' && piece & mine && !s.jadoube && !s.policy.silent.has('touch-move') && s.legal.some((m) => m.from === sq) && !s.touched.includes(sq)) {
    s = { ...s, touched: [...s.touched, sq] };
  }
  if (kind === 'place') s = afterReturn(s, sq, piece, t, out);
  const key = occupancyKey(s);
  if (key === s.restKey) {
    if (s.jadoube) {
      const squares = [...new Set(s.log.filter((e) => e.kind === 'lift').map((e) => e.square))].sort((a, b) => a - b);
      if (squares.length > 0) out.push({ type: 'adjusted', squares, t });
      // One announcement covers every piece adjusted before the move (3.13: "one or more").
      return { ...atRest(s), log: [] };
    }
    return atRest(s);
  }
  const m = s.finals.get(key);
  if (m) return isCertain(s, m, kind, sq) ? commit(s, m, t, out) : { ...s, pendingMove: m };
  // A move taken back (5.4.4) or a second move by the side that just moved (5.4.1) is as
  // plain as a move: say so when the piece lands. A game being recorded: the last move's piece
  // put back on its square is a takeback under way, however it looks before its pieces are back.
  if (kind === 'place' && s.previousGame) {
    const prev = currentPosition(s.previousGame);
    if (key === keyOf(occupancyOf(prev.board)) || (piece & colorBit(prev.turn) && s.hand.length === 0)) {
      const finding = classify(pos, prev, s.legal, visible(s));
      const undoing = s.policy.recording && sq === s.game.moves.at(-1)?.from;
      if (finding.kind === 'irregular' && (finding.code === 'takeback' || (finding.code === 'two-moves' && !undoing))) return endTurn(s, t, out);
    }
  }
  return s;
}

/** A piece put back where it was lifted: crowning, feeling, adjusting or touching out of turn. */
export function afterReturn(s: RefereeState, sq: number, piece: number, t: number, out: RefereeOutput[]): RefereeState {
  const n = s.log.length;
  const lifted = n >= 2 ? s.log[n - 2] : null;
  if (!lifted || lifted.kind !== 'lift' || lifted.square !== sq) return s;
  const pos = currentPosition(s.game);
  const log = s.log.slice(0, n - 2);
  if (s.crownable === sq) {
    out.push({ type: 'crowned', square: sq, t });
    return { ...s, log, crownable: null };
  }
  if (s.policy.feel && !s.jadoube) {
    // Felt, not touched (blind players): the piece counts as touched only if it stays off.
    return { ...s, log, touched: s.touched.filter((x) => x !== sq || log.some((e) => e.square === sq)) };
  }
  if (!(piece & colorBit(pos.turn)) && log.length === 0 && !s.policy.silent.has('touch-out-of-turn')) {
    out.push(irregularity(s, cite(pos.variant, 'touch-out-of-turn'), [sq], t, 'note'));
    return { ...s, log };
  }
  return s;
}
