// Taking back against the computer (FMJD 5.4.4: "a move already played taken back"; against
// the computer the player asks and the computer, the opponent who decides, accepts). A take back
// goes back a move pair: the player's last move and the computer's reply after it (only the
// player's move while the computer has not replied yet; to the start when only the computer
// has moved). Asked three ways: the pieces put back as they were (the referee flags the
// takeback; the computer accepts it as a take back of the pair), Correct held with nothing to
// decide (host/game/computerHeld.ts), or the `take-back` command (the page).
// Each ply goes back by a `take-back` event of the referee (journaled, so a resume replays it),
// which guides the pieces back on the LEDs; the scoresheet drops the moves and notes them.

import { currentPosition, formatMove } from '../../rules/index.ts';
import type { ComputerState } from './computer.ts';
import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import type { RefereeState } from './referee/referee.ts';
import type { RefereeEvent, RefereeOutput } from './referee/types.ts';
import { say as sentence } from '../words/catalogue.ts';

/** Gives the referee one event (journaled first), as the game's step does. */
export type Apply = (d: Draft, event: RefereeEvent) => void;

/**
 * How many plies a take back goes back in `referee`'s game: the computer to move (thinking or
 * showing its move), the player's last move; the player to move, the computer's reply and the
 * player's move before it, or the computer's first move alone. 0: nothing to take back.
 */
export function pliesToTakeBack(c: ComputerState, referee: RefereeState): number {
  const moves = referee.game.moves.length;
  if (referee.mode.kind === 'over') return 0;
  return Math.min(moves, currentPosition(referee.game).turn === c.config.side ? 1 : 2);
}

/** The PDN text of the game's last `plies` moves, oldest first. */
function lastMovesText(referee: RefereeState, plies: number): string[] {
  const { moves, positions } = referee.game;
  const from = moves.length - plies;
  return moves.slice(from).map((m, i) => formatMove(positions[from + i], m));
}

/**
 * A move pair taken back at the player's request (the board's Correct held, the `take-back`
 * command): each ply a `take-back` event, the LEDs then guiding the pieces back (while they are
 * being guided back, a further take back goes one pair further); said, and noted on the
 * scoresheet. Refused in a sentence when there is nothing to take back or an irregularity waits
 * for a decision: the `refused` effect, or, asked on the board (`board`), said in the log.
 */
export function takeBackPair(d: Draft, t: number, apply: Apply, board = false): void {
  const { computer: c, referee } = d.s;
  const lang = d.s.config.lang ?? 'en';
  if (!c || !referee) return;
  const plies = pliesToTakeBack(c, referee);
  const refusal = plies === 0 ? 'computer.takeback.nothing' : referee.mode.kind === 'decide' ? 'computer.takeback.busy' : null;
  if (!refusal) takeBackPlies(d, plies, t, apply);
  else if (board) say(d, sentence(lang, refusal));
  else d.effects.push({ type: 'refused', error: sentence(lang, refusal) });
}

/** `plies` moves taken back, each by a `take-back` event, and said. */
function takeBackPlies(d: Draft, plies: number, t: number, apply: Apply): void {
  const referee = d.s.referee;
  if (!referee) return;
  const moves = lastMovesText(referee, plies).join(' ');
  // The scoresheet drops each and notes them (referee/record.ts, from the referee's `accepted`, so that a resume writes the same).
  for (let i = 0; i < plies; i++) apply(d, { type: 'take-back', t });
  say(d, sentence(d.s.config.lang ?? 'en', 'computer.takeback.done', { moves }));
}

/**
 * The pieces put back as they were by the player's hands (`outputs`: the referee flagged a
 * takeback, 5.4.4, for the computer to decide): the computer accepts it as a take back of the
 * pair (the computer's reply and the player's move before it, or the player's move alone while
 * the computer has not replied), the LEDs guiding back what the hands have not yet put back.
 * Whether it did. Not while another move made for the computer is put right (computerStep.ts).
 */
export function takeBackByHands(d: Draft, outputs: readonly RefereeOutput[], apply: Apply): boolean {
  const { computer: c, referee } = d.s;
  if (!c || !referee || c.putRight || !outputs.some((o) => o.type === 'irregularity' && o.code === 'takeback' && o.decision === 'decide')) return false;
  takeBackPlies(d, pliesToTakeBack(c, referee), referee.now, apply);
  return true;
}
