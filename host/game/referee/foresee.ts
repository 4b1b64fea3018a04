// What the referee will judge when play goes on, told before: a move the board shows complete
// and irregular, or a board no move explains, is named at once as what it will be judged once the
// clock is pressed or the opponent moves (dambord issue 28), never decided earlier than the rules
// say. A query: the state is immutable, so judging a copy and dropping it changes nothing.

import type { Color, IrregularityCode, Position } from '../../../rules/index.ts';
import { currentPosition, opposite, play } from '../../../rules/index.ts';
import { sayWords } from '../../words/said.ts';
import type { Said } from '../../words/said.ts';
import { couldBe } from './board.ts';
import { difference, playOn } from './decision.ts';
import { describe } from './describe.ts';
import { endTurn } from './endTurn.ts';
import { boardTarget, step } from './referee.ts';
import type { Pending, RefereeState, Split } from './state.ts';
import type { Fill, RefereeOutput } from './types.ts';

/**
 * One thing the referee will judge when play goes on (the clock, the opponent acting).
 * - `irregularity`: what `side` did, cited by `code` and `article` (FMJD 5.4 and the variants'
 *   own articles), on `squares` (internal indices); `decision` `decide`: the opponent of `side`
 *   will decide, `note`: it will only be noted (the policy), `correct`: a game being recorded
 *   puts the position before it back, nobody asked. `stands`: the position if it stands
 *   (accepted, or noted and played on; for `correct`, the position put back). `flagged`:
 *   already said, waiting for the decision (then `squares` is empty and `message` names only
 *   the decision).
 * - `mismatch`: the board shows no move of `side` (to move), or (`code` `correction`) a
 *   correction is not finished; `clear` and `fill` put it right.
 * `message` is the sentence for people in the referee's language, e.g. "White played 33-29
 * although a capture was compulsory. Black decides once White presses the clock or Black moves.";
 * `said` the same as words, for a page that says it in its own language (host/words/said.ts).
 */
export type Foresight =
  | {
      readonly kind: 'irregularity';
      readonly code: IrregularityCode;
      readonly article: string;
      readonly squares: readonly number[];
      readonly side: Color;
      readonly decision: 'decide' | 'note' | 'correct';
      readonly stands: Position;
      readonly flagged: boolean;
      readonly message: string;
      readonly said: Said;
    }
  | { readonly kind: 'mismatch'; readonly code: 'mismatch' | 'correction'; readonly clear: readonly number[]; readonly fill: readonly Fill[]; readonly side: Color; readonly message: string; readonly said: Said };

/**
 * What the board shows that the referee will judge once play goes on, in the order it will be
 * judged; empty when the board is at rest, shows a legal move, has a piece in the air (lifted
 * and not put down: reed switches cannot tell a piece held from one taken off, FMJD 3.10), or
 * shows a capture under way (its captured pieces still being taken off after the capturing
 * piece landed, FMJD 4.11: an incomplete removal, 5.4.11, is judged only when play goes on). Inside a second reading of the board (the opponent
 * already playing on) both turns are foreseen: the mover's ended, then the opponent's.
 */
export function foresee(s: RefereeState): Foresight[] {
  return ahead(s, true);
}

/**
 * Everything not yet judged when the hands are withdrawn for good (the end of an action
 * script): an irregularity still waiting for the opponent's decision, then what the hands did
 * since that play going on would judge; or a board still to be put right (a correction not
 * finished, 5.8, or a board that does not show the game). A capture whose pieces are still on
 * the board is judged here (5.4.11): nobody is taking them off any more.
 */
export function pendingAtEnd(s: RefereeState): Foresight[] {
  if (s.mode.kind === 'correcting' || s.mode.kind === 'mismatch') return [toPutRight(s, s.mode.kind === 'correcting' ? 'correction' : 'mismatch')];
  const waiting = s.mode.kind === 'decide' ? [flaggedOf(s, s.mode.pending)] : [];
  return [...waiting, ...ahead(s, false)];
}

/** The board still to be brought to the position a correction restores, or to the game's. */
function toPutRight(s: RefereeState, code: 'mismatch' | 'correction'): Foresight {
  const pos = currentPosition(s.game);
  const { clear, fill } = difference(s.sensed, boardTarget(s) ?? pos);
  const said = describe.stepsWords(pos.variant, code, clear, fill);
  return { kind: 'mismatch', code, clear, fill, side: pos.turn, message: sayWords(s.lang, said), said };
}

function ahead(s: RefereeState, live: boolean): Foresight[] {
  if (s.split) return [...judged(s, s.split.endedOutputs, s.split.ended), ...ahead(otherReading(s.split), live)];
  if (s.mode.kind === 'decide') return s.mode.since.length > 0 ? ahead(playOn(s.mode, s.mode.since, s.now, step).state, live) : [];
  if (s.mode.kind !== 'play' || (live && underWay(s))) return [];
  const out: RefereeOutput[] = [];
  const end = endTurn(s, s.now, out);
  return judged(s, out, end);
}

/** The second reading of the board: the mover's turn ended, the events since are the opponent's. */
function otherReading(split: Split): RefereeState {
  return split.other;
}

/** Hands still at work: a piece in the air, or a capture whose pieces are still coming off. */
function underWay(s: RefereeState): boolean {
  if (s.hand.length > 0) return true;
  const pos = currentPosition(s.game);
  return s.legal.some((m) => m.captured.length > 0 && couldBe(pos, s.sensed, m, s.leftover));
}

/** The irregularities and mismatch among `out`, said of the turn of `s`, `end` the state they leave. */
function judged(s: RefereeState, out: readonly RefereeOutput[], end: RefereeState): Foresight[] {
  const v = currentPosition(s.game).variant;
  const found: Foresight[] = [];
  out.forEach((o, i) => {
    if (o.type === 'mismatch') {
      const side = currentPosition(s.game).turn;
      const said: Said = { id: 'log.foresight.mismatch', values: { steps: describe.stepsWords(v, 'mismatch', o.clear, o.fill), side, other: opposite(side) } };
      found.push({ kind: 'mismatch', code: 'mismatch', clear: o.clear, fill: o.fill, side, message: sayWords(s.lang, said), said });
    }
    if (o.type !== 'irregularity') return;
    const what = describe.saidWords(v, o.code, o.squares, o.side);
    // A game being recorded is never let stand irregular: the position before it is put back (endTurn.ts).
    const decision = o.decision === 'decide' && s.policy.recording ? 'correct' : o.decision;
    const id = decision === 'decide' ? 'log.foresight' : decision === 'note' ? 'log.foresight.note' : 'log.foresight.correct';
    const said: Said = { id, values: { said: what, side: o.side, other: opposite(o.side) } };
    found.push({ kind: 'irregularity', code: o.code, article: o.article, squares: o.squares, side: o.side, decision, stands: standing(out, i, end), flagged: false, message: sayWords(s.lang, said), said });
  });
  return found;
}

/** The position if the irregularity `out[i]` stands: the move played on it, or the position the decision waits on. */
function standing(out: readonly RefereeOutput[], i: number, end: RefereeState): Position {
  for (let j = i + 1; j < out.length; j++) {
    const o = out[j];
    if (o.type === 'move') return o.after;
    if (o.type === 'accepted') {
      const next = out[j + 1];
      return next?.type === 'move' ? next.after : o.position;
    }
  }
  if (end.mode.kind === 'correcting') return end.mode.target;
  return end.mode.kind === 'decide' ? accepted(end, end.mode.pending) : currentPosition(end.game);
}

/** The position that stands if `p` is accepted. */
function accepted(s: RefereeState, p: Pending): Position {
  return 'from' in p.accepted ? play(currentPosition(s.game), p.accepted) : p.accepted;
}

/** An irregularity already flagged, still waiting for the opponent's decision. */
function flaggedOf(s: RefereeState, p: Pending): Foresight {
  const side = describe.actor(p.code, currentPosition(s.game).turn);
  const said: Said = { id: 'log.pending.flagged', values: { decider: opposite(side) } };
  return { kind: 'irregularity', code: p.code, article: p.article, squares: [], side, decision: 'decide', stands: accepted(s, p), flagged: true, message: sayWords(s.lang, said), said };
}
