// The board's buttons, dispatched: the clock ends the turn, j'adoube announces an adjustment
// (3.13), Accept and Correct decide an irregularity (5.4), and in a game being recorded Correct
// puts the board right or takes the last move back.

import { currentPosition } from '../../../rules/index.ts';
import type { Replay } from './decision.ts';
import { acceptNow, afterDecide, correct, correctionPlan } from './decision.ts';
import { endTurn } from './endTurn.ts';
import { takeBack } from './recording.ts';
import type { RefereeState } from './state.ts';
import { commit } from './turn.ts';
import type { RefereeOutput } from './types.ts';

/**
 * A button pressed (`clock`, `jadoube`, `accept`, `correct`; any other is ignored), read against
 * the mode of the turn; `replay` is the referee's step, for playing on after Accept.
 */
export function onPress(s: RefereeState, button: string, t: number, out: RefereeOutput[], replay: Replay): RefereeState {
  switch (button) {
    case 'clock':
      return s.mode.kind === 'play' || s.mode.kind === 'correcting' ? endTurn(s, t, out) : s;
    case 'jadoube': {
      if (s.mode.kind !== 'play') return s;
      // A king's move still open is over: the opponent announces an adjustment before moving (3.13).
      const next = s.pendingMove ? commit(s, s.pendingMove, t, out) : s;
      if (next.mode.kind === 'decide') return afterDecide(next, { type: 'press', button: 'jadoube', t }, out, replay);
      return next.mode.kind === 'play' ? { ...next, jadoube: true, log: [] } : next;
    }
    case 'accept':
    case 'correct': {
      if (button === 'correct' && s.policy.recording) return correctRecording(s, t, out);
      // A decision asked for while the turn is still open ends it first.
      if (s.mode.kind === 'play') s = endTurn(s, t, out);
      if (s.mode.kind === 'decide') return button === 'accept' ? acceptNow(s.mode, t, out, replay) : correct(s, s.mode.pending, t, out);
      if (button === 'correct' && s.mode.kind === 'correcting') out.push(correctionPlan(s, s.mode.target, t));
      return s;
    }
    default:
      return s;
  }
}

/**
 * Correct pressed in a game being recorded: the board put right when it is wrong (a move under
 * way that is no move, a capture not finished: the correction the LEDs then show), or else the
 * last move taken back. Pressed again while the pieces are being put back, it takes back one
 * move more.
 */
export function correctRecording(s: RefereeState, t: number, out: RefereeOutput[]): RefereeState {
  switch (s.mode.kind) {
    case 'play': {
      const ended = endTurn(s, t, out);
      if (ended.mode.kind !== 'play') return ended;
      return takeBack(ended, t, out);
    }
    case 'correcting': {
      // A capture being finished (its pieces still to be taken off) is given up first.
      const pos = currentPosition(s.game);
      if (s.mode.completes) {
        out.push(correctionPlan(s, pos, t));
        return { ...s, mode: { kind: 'correcting', target: pos, obligation: null } };
      }
      return takeBack(s, t, out);
    }
    case 'mismatch':
      return takeBack(s, t, out);
    case 'decide':
      return correct(s, s.mode.pending, t, out);
    default:
      return s;
  }
}
