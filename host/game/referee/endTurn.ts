// The turn judged when play goes on (the clock, a decision asked for, the opponent acting): the
// move the board shows played, or what it shows instead named (FMJD 5.4) and put to the
// opponent's decision, noted, or, in a game being recorded, taken back or put right.

import { currentPosition, play } from '../../../rules/index.ts';
import { classify } from './classify.ts';
import { accept, correct, correctionPlan, difference } from './decision.ts';
import { describe } from './describe.ts';
import { takeBack } from './recording.ts';
import type { Pending, RefereeState } from './state.ts';
import { atRest, commit, flag, irregularity, landedCapture, occupancyKey, visible } from './turn.ts';
import type { RefereeOutput } from './types.ts';

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
  if (occupancyKey(s) === s.restKey) return { ...atRest(s), handedOver: true };
  // Laws 11: a capture is complete when the hand leaves the capturing piece, even though
  // captured pieces are still to be taken off.
  const released = pos.variant.captureHands.complete === 'release' ? landedCapture(s) : null;
  if (released) return commit(s, released, t, out);
  const prev = s.previousGame ? currentPosition(s.previousGame) : null;
  const lastMove = s.handedOver ? null : (s.game.moves[s.game.moves.length - 1] ?? null);
  const finding = classify(pos, prev, s.legal, visible(s), lastMove);
  if (finding.kind === 'mismatch') {
    const plan = difference(s.sensed, pos);
    out.push({ type: 'mismatch', clear: plan.clear, fill: plan.fill, message: describe.mismatch(pos.variant, plan.clear, plan.fill, s.lang), t });
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
