// A turn of play, the primitives: the turn started from a position, the move the board shows
// played (with the physical rules of how it was made), the game's end checked, an irregularity
// flagged for the opponent's decision. The dispatchers (hands.ts, buttons.ts, endTurn.ts) build on
// these; nothing here reads an event.

import type { Color, Game, Move, Position } from '../../../rules/index.ts';
import { KING, colorBit, currentPosition, directionTo, formatMove, legalMoves, normaliseResult, outcome, playMove } from '../../../rules/index.ts';
import { couldBe } from './board.ts';
import type { Cited } from './classify.ts';
import { captureOrder, cite } from './classify.ts';
import { describe } from './describe.ts';
import { finalsOf, keyOf, occupancyOf } from './occupancy.ts';
import type { Pending, RefereeState } from './state.ts';
import type { IrregularityCode, RefereeOutput } from './types.ts';

export function occupancyKey(s: RefereeState): string {
  return keyOf(s.occupied.diff(s.leftover));
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
  const next = g.neighbour[m.to * 4 + directionTo(g, m.from, m.to)];
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
    handedOver: false,
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

/** What the referee says of an irregularity, with the article it was cited with. */
export function irregularity(s: RefereeState, { code, article }: Cited, squares: number[], t: number, decision: 'decide' | 'note', actor?: Color): Extract<RefereeOutput, { type: 'irregularity' }> {
  const pos = currentPosition(s.game);
  const d: 'decide' | 'note' = code === 'touch-out-of-turn' ? 'note' : decision;
  const side = actor ?? describe.actor(code, pos.turn);
  return { type: 'irregularity', code, article, squares, message: describe.irregularity(pos.variant, code, squares, pos.turn, side, s.lang), decision: d, side, t };
}
