// The opponent's decision on an irregularity (FMJD 5.4): accepted, by the button or by playing on
// (5.7), or corrected wholly (5.8); and a disturbed board put right.

import type { Position } from '../../../rules/index.ts';
import { currentPosition, newGame } from '../../../rules/index.ts';
import { keyOf, occupancyOf } from './occupancy.ts';
import type { Deciding, HandEvent, Pending, RefereeState } from './state.ts';
import { atRest, checkEnd, commit, occupancyKey, playOut, startTurn } from './turn.ts';
import type { Fill, RefereeOutput } from './types.ts';

/**
 * The referee's own step (referee.ts, `step`), handed down to the dispatchers so that playing on
 * after an irregularity replays the hands' events since it as any events are read.
 */
export type Replay = (s: RefereeState, e: HandEvent) => { state: RefereeState; outputs: RefereeOutput[] };

/** Outputs that settle the turn: a move made (as the rules allow or flagged for the opponent's decision), or the game over. */
export function decisive(outputs: readonly RefereeOutput[]): boolean {
  return outputs.some((o) => o.type === 'move' || o.type === 'result' || (o.type === 'irregularity' && o.decision === 'decide'));
}

/** The board shows a move made, not yet over (a king that could slide further): a move all the same (5.7). */
export function shows(s: RefereeState): boolean {
  return s.mode.kind === 'play' && s.pendingMove !== null;
}

/** The opponent lets the irregularity stand (5.4; moving on does the same, 5.7). */
export function accept(s: RefereeState, p: Pending, t: number, out: RefereeOutput[]): RefereeState {
  if ('from' in p.accepted) {
    out.push({ type: 'accepted', code: p.code, article: p.article, position: p.target, t });
    return playOut({ ...s, mode: { kind: 'play' }, touched: [], obligation: null }, p.accepted, t, out);
  }
  if (p.takeback && s.previousGame) {
    out.push({ type: 'accepted', code: p.code, article: p.article, position: p.accepted, t });
    return startTurn({ ...s, game: s.previousGame, previousGame: null, ply: s.ply - 1, crownable: null }, p.accepted);
  }
  const position = p.accepted;
  out.push({ type: 'accepted', code: p.code, article: p.article, position, t });
  return checkEnd(startTurn({ ...s, game: newGame(position), previousGame: null, crownable: null }, position), t, out);
}

/** The irregularity is accepted from the turn it was flagged in; the hands' events since then are the next turn's. */
export function acceptNow(d: Deciding, t: number, out: RefereeOutput[], replay: Replay): RefereeState {
  const on = playOn(d, d.since, t, replay);
  out.push(...on.accepted, ...on.replayed);
  return on.state;
}

/** Accepts the irregularity of `d` at `t` and replays `since` as the hands' play after it. */
export function playOn(d: Deciding, since: readonly HandEvent[], t: number, replay: Replay): { state: RefereeState; accepted: RefereeOutput[]; replayed: RefereeOutput[] } {
  const accepted: RefereeOutput[] = [];
  const replayed: RefereeOutput[] = [];
  let s = accept(d.base, d.pending, t, accepted);
  for (const e of since) {
    const r = replay(s, e);
    s = r.state;
    replayed.push(...r.outputs);
  }
  return { state: s, accepted, replayed };
}

/** The opponent has the position before the irregularity restored (5.4), wholly (5.8). */
export function correct(s: RefereeState, p: Pending, t: number, out: RefereeOutput[]): RefereeState {
  const next: RefereeState = { ...s, mode: { kind: 'correcting', target: p.target, obligation: p.obligation, completes: p.completes } };
  out.push(correctionPlan(s, p.target, t));
  return afterCorrecting(next, t, out);
}

export function afterCorrecting(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  if (s.mode.kind !== 'correcting') return s;
  const target = s.mode.target;
  if (keyOf(s.occupied) !== keyOf(occupancyOf(target.board))) return s;
  // The capture's jumps stood; with the removal put right it is played as it should have been.
  if (s.mode.completes) {
    out.push({ type: 'corrected', position: target, obligation: null, t });
    return playOut(startTurn(s, currentPosition(s.game)), s.mode.completes, t, out);
  }
  const carried = s.mode.obligation;
  const next = startTurn(s, target);
  const obligation = carried !== null && next.legal.some((m) => m.from === carried) ? carried : null;
  out.push({ type: 'corrected', position: target, obligation, t });
  return { ...next, obligation };
}

/**
 * While the opponent decides: hands putting the position back are correcting it; hands that
 * make the opponent's move play on, and that accepts the irregularity (5.7), the first of
 * their events being the first of the next move.
 */
export function afterDecide(s: RefereeState, e: HandEvent, out: RefereeOutput[], replay: Replay): RefereeState {
  if (s.mode.kind !== 'decide') return s;
  const d = s.mode;
  if (e.type !== 'press' && keyOf(s.occupied) === keyOf(occupancyOf(d.pending.target.board))) {
    return afterCorrecting({ ...s, mode: { kind: 'correcting', target: d.pending.target, obligation: d.pending.obligation, completes: d.pending.completes } }, e.t, out);
  }
  const since = [...d.since, e];
  // Played on inside a second reading (referee.ts, `resolve`), the replay opens no reading of
  // its own: a reading inside a reading replays every event since for each event, and a board
  // cleared of the opponent's pieces one by one would take twice as long for each piece.
  const on = playOn({ ...d, base: { ...d.base, splits: s.splits } }, since, since[0].t, replay);
  if (decisive(on.replayed) || shows(on.state)) {
    out.push(...on.accepted, ...on.replayed);
    return on.state;
  }
  return { ...s, mode: { ...d, since } };
}

export function afterMismatch(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
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

export function correctionPlan(s: RefereeState, target: Position, t: number): RefereeOutput {
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
