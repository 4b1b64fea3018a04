// A turn of play: hands on the board read against the legal moves, the move made when the board
// shows it and it is certain, and the turn judged when play goes on (the clock, a decision asked
// for, the opponent acting).

import type { Color, Game, Move, Position } from '../../../rules/index.ts';
import {
  KING,
  colorBit,
  currentPosition,
  formatMove,
  legalMoves,
  normaliseResult,
  opposite,
  outcome,
  play,
  playMove,
} from '../../../rules/index.ts';
import { couldBe, lift, place } from './board.ts';
import type { Cited } from './classify.ts';
import { captureOrder, cite, classify } from './classify.ts';
import { accept, acceptNow, afterCorrecting, afterDecide, afterMismatch, correct, correctionPlan, difference } from './decision.ts';
import { correctRecording, takeBack } from './recording.ts';
import { describe } from './describe.ts';
import { finalsOf, keyOf, occupancyOf } from './occupancy.ts';
import type { BoardEvent, Pending, RefereeState } from './state.ts';
import type { IrregularityCode, RefereeOutput } from './types.ts';

export function occupancyKey(s: RefereeState): string {
  return keyOf(s.occupied.diff(s.leftover));
}

export function onBoard(s0: RefereeState, e: BoardEvent, out: RefereeOutput[]): RefereeState {
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
    s = onBoard(s, { type: 'lift', square: moved.to, t: back.t }, out);
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
      return afterDecide(s, e, out);
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

/** The board is back as the position says: nothing is in progress. */
export function atRest(s: RefereeState): RefereeState {
  return { ...s, pendingMove: null, log: s.jadoube ? s.log : [], hand: [] };
}

/** The sensed board without the captured pieces of the last move still to be taken off. */
export function visible(s: RefereeState): Uint8Array {
  if (s.leftover.isEmpty()) return s.sensed;
  const board = s.sensed.slice();
  for (const sq of s.leftover.toArray()) board[sq] = 0;
  return board;
}

/**
 * Whether a move the board shows is over (brief: announced as soon as certain): a man's plain
 * move when it lands; a capture when its last captured piece is lifted, or when a man lands
 * after the captured pieces were lifted first; a king's move when it cannot slide further.
 */
export function isCertain(s: RefereeState, m: Move, kind: 'lift' | 'place', sq: number): boolean {
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
export function commit(s: RefereeState, m: Move, t: number, out: RefereeOutput[]): RefereeState {
  const pos = currentPosition(s.game);
  const seen: Cited[] = [];
  const first = s.obligation ?? s.touched[0];
  if (first !== undefined && first !== null && first !== m.from) seen.push(cite(pos.variant, 'touch-move'));
  seen.push(...captureOrder(pos, m, s.log, s.policy.showJumps));
  const found = seen.filter((c) => !s.policy.silent.has(c.code));
  const squares = (code: IrregularityCode): number[] => (code === 'touch-move' ? [first as number, m.from] : [m.from, ...m.captured]);
  const decide = found.filter((c) => !s.policy.noted.has(c.code));
  for (const c of found.filter((c) => s.policy.noted.has(c.code))) out.push(irregularity(s, c, squares(c.code), t, 'note'));
  if (decide.length > 0) {
    const flagged = decide.map((c) => irregularity(s, c, squares(c.code), t, 'decide'));
    out.push(...flagged);
    const obligation = decide.some((c) => c.code === 'touch-move') ? (first as number) : null;
    return flag(s, { code: decide[0].code, article: decide[0].article, target: pos, accepted: m, obligation, takeback: false });
  }
  return playOut(s, m, t, out);
}

/** Records a legal move and starts the next turn. */
export function playOut(s: RefereeState, m: Move, t: number, out: RefereeOutput[]): RefereeState {
  const pos = currentPosition(s.game);
  const played = playMove(s.game, m, s.legal);
  if (!played.ok) return s;
  const game = played.game;
  const after = currentPosition(game);
  const ply = s.ply + 1;
  out.push({ type: 'move', ply, move: m, text: formatMove(pos, m, s.legal), side: pos.turn, before: pos, after, t });
  const leftover = s.leftover.union(m.capturedSet.intersect(s.occupied));
  const next = startTurn({ ...s, game, previousGame: s.game, ply, crownable: m.promotes ? m.to : null, leftover }, after);
  return checkEnd(next, t, out);
}

/**
 * A fresh turn from `pos`. The board stays as it is sensed (it shows `pos`, but for captured
 * pieces still to be taken off, or a difference the guidance then shows).
 */
export function startTurn(s: RefereeState, pos: Position): RefereeState {
  const legal = legalMoves(pos);
  const sensed = s.sensed.map((p, sq) => (p === 0 ? 0 : pos.board[sq] || p));
  const occupied = occupancyOf(sensed);
  const leftover = s.leftover.intersect(occupied).diff(occupancyOf(pos.board));
  return {
    ...s,
    legal,
    finals: finalsOf(pos, legal),
    restKey: keyOf(occupancyOf(pos.board)),
    sensed,
    occupied,
    hand: [],
    leftover,
    log: [],
    touched: [],
    obligation: null,
    jadoube: false,
    pendingMove: null,
    beforeRelift: null,
    mode: { kind: 'play' },
  };
}

export function checkEnd(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  const o = outcome(s.game, { legal: s.legal });
  if (!o) return s;
  const v = currentPosition(s.game).variant;
  const result = normaliseResult(o.result === 'white' ? '2-0' : o.result === 'black' ? '0-2' : '1-1', v);
  out.push({ type: 'result', result, winner: o.result, reason: o.reason, article: o.article, t });
  return { ...s, mode: { kind: 'over' } };
}

export function end(s: RefereeState, game: Game, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind === 'over') return s;
  return checkEnd({ ...s, game }, t, out);
}

/**
 * Play goes on (the clock, a decision asked for, the opponent acting): the turn is judged on
 * what the board shows now.
 */
export function endTurn(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind === 'correcting') {
    out.push(correctionPlan(s, s.mode.target, t));
    return s;
  }
  if (s.mode.kind !== 'play') return s;
  if (s.pendingMove) return commit(s, s.pendingMove, t, out);
  const pos = currentPosition(s.game);
  if (occupancyKey(s) === s.restKey) return atRest(s);
  // Laws 11: a capture is complete when the hand leaves the capturing piece, even though
  // captured pieces are still to be taken off.
  const released = pos.variant.captureHands.complete === 'release' ? landedCapture(s) : null;
  if (released) return commit(s, released, t, out);
  const prev = s.previousGame ? currentPosition(s.previousGame) : null;
  const lastMove = s.game.moves[s.game.moves.length - 1] ?? null;
  const finding = classify(pos, prev, s.legal, visible(s), lastMove);
  if (finding.kind === 'mismatch') {
    const plan = difference(s.sensed, pos);
    out.push({ type: 'mismatch', clear: plan.clear, fill: plan.fill, message: describe.mismatch(pos.variant, plan.clear, plan.fill), t });
    return { ...s, mode: { kind: 'mismatch' } };
  }
  // A game being recorded: a move taken back is taken back at once, nobody asked.
  if (s.policy.recording && finding.code === 'takeback') return takeBack(s, t, out);
  const decision = s.policy.noted.has(finding.code) ? 'note' : 'decide';
  out.push(irregularity(s, finding, finding.squares, t, decision, finding.actor));
  const completes = finding.completes;
  const target = completes ? play(pos, completes) : pos;
  const pending: Pending = { code: finding.code, article: finding.article, target, accepted: finding.accepted, obligation: completes ? null : (s.obligation ?? s.touched[0] ?? null), takeback: finding.code === 'takeback', completes };
  if (decision === 'note') return accept(s, pending, t, out);
  // A game being recorded is never let stand irregular: the position before it is put back.
  if (s.policy.recording) return correct(s, pending, t, out);
  return flag(s, pending);
}

/**
 * The capture whose capturing piece stands on its last square, nothing else out of place but
 * captured pieces not yet taken off (Laws 11); null when none, or when two would fit.
 */
export function landedCapture(s: RefereeState): Move | null {
  const pos = currentPosition(s.game);
  const fits = s.legal.filter((m) => m.captured.length > 0 && s.sensed[m.to] & colorBit(pos.turn) && pos.board[m.to] === 0 && couldBe(pos, s.sensed, m, s.leftover));
  return fits.length > 0 && fits.every((m) => m.capturedSet.equals(fits[0].capturedSet) && m.to === fits[0].to) ? fits[0] : null;
}

export function flag(s: RefereeState, pending: Pending): RefereeState {
  const base: RefereeState = { ...s, pendingMove: null, split: null };
  return { ...base, mode: { kind: 'decide', pending, base, since: [] } };
}

export function onPress(s: RefereeState, button: string, t: number, out: RefereeOutput[]): RefereeState {
  switch (button) {
    case 'clock':
      return s.mode.kind === 'play' || s.mode.kind === 'correcting' ? endTurn(s, t, out) : s;
    case 'jadoube': {
      if (s.mode.kind !== 'play') return s;
      // A king's move still open is over: the opponent announces an adjustment before moving (3.13).
      const next = s.pendingMove ? commit(s, s.pendingMove, t, out) : s;
      if (next.mode.kind === 'decide') return afterDecide(next, { type: 'press', button: 'jadoube', t }, out);
      return next.mode.kind === 'play' ? { ...next, jadoube: true, log: [] } : next;
    }
    case 'accept':
    case 'correct': {
      if (button === 'correct' && s.policy.recording) return correctRecording(s, t, out);
      // A decision asked for while the turn is still open ends it first.
      if (s.mode.kind === 'play') s = endTurn(s, t, out);
      if (s.mode.kind === 'decide') return button === 'accept' ? acceptNow(s.mode, t, out) : correct(s, s.mode.pending, t, out);
      if (button === 'correct' && s.mode.kind === 'correcting') out.push(correctionPlan(s, s.mode.target, t));
      return s;
    }
    default:
      return s;
  }
}

/** What the referee says of an irregularity, with the article it was cited with. */
export function irregularity(s: RefereeState, { code, article }: Cited, squares: number[], t: number, decision: 'decide' | 'note', actor?: Color): Extract<RefereeOutput, { type: 'irregularity' }> {
  const pos = currentPosition(s.game);
  const d: 'decide' | 'note' = code === 'touch-out-of-turn' ? 'note' : decision;
  const side = actor ?? describe.actor(code, pos.turn);
  return { type: 'irregularity', code, article, squares, message: describe.irregularity(pos.variant, code, squares, pos.turn, side), decision: d, side, t };
}
