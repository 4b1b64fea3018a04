// An engine that cannot answer the computer's question (an external engine crashed or answered
// an illegal move, the built-in search's thread died): the shell asks it once more
// (host/play/computerSeat.ts), and when it fails again the game does not wait for it for ever:
// the computer stops thinking for this position and the player is told what to do. A move then
// made for the computer on the board is taken as its move (host/game/computerStep.ts, as with
// `--alt-move`: there is no move shown to put it right to), and the engine is asked again on
// the player's next move; resigning and `--resume last` work as in any game.

import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import { say as sentence } from '../words/catalogue.ts';

/**
 * The engine failed on question `id` for `reason`: said ("it is asked again" while `again`);
 * the second time, the computer is idle in this position (the view's `engine.state`) and the
 * sentence says how to go on. A failure of a stale question is dropped.
 */
export function engineFailed(d: Draft, failure: { readonly id: number; readonly reason: string; readonly again: boolean }): void {
  const c = d.s.computer;
  if (!c || !d.s.referee || failure.id !== c.asked || c.activity !== 'thinking' || d.s.referee.game.moves.length !== c.at) return;
  const lang = d.s.config.lang ?? 'en';
  if (failure.again) {
    say(d, sentence(lang, 'computer.failed.retry', { reason: failure.reason }));
    return;
  }
  d.s.computer = { ...c, activity: 'idle', failedAt: c.at };
  say(d, sentence(lang, 'computer.failed.again', { reason: failure.reason }));
}
