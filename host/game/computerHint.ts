// A hint against the computer: in the player's turn the engine finds the player's best move,
// which the LEDs show as the computer's move is shown and the log and speech say ("Hint: 32-28.";
// speech with the whole route of a capture). The player's own hands then make it or another.
// Asked by the `hint` command (the page) or j'adoube held with nothing in the hand
// (host/game/computerHeld.ts). The question is a `think` effect marked `hint`, with its own id:
// its answer is never played as the computer's move. Refused under the tournament policy (a
// board that finds moves plays for the player) and in a game with hints off (`--no-hints`).

import { currentPosition, formatMove, legalMoves, sameMove } from '../../rules/index.ts';
import type { EngineReply } from './computer.ts';
import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import { hintsShown } from './referee/policy.ts';
import { say as sentence } from '../words/catalogue.ts';

/**
 * The player asks for a hint: the engine asked (a `think` effect marked `hint`), or the hint
 * already found for this position said again; refused in a sentence (the `refused` effect) when
 * hints are off, under the tournament policy, or not in the player's turn in plain play.
 */
export function askHint(d: Draft): void {
  const { computer: c, referee } = d.s;
  if (!c || !referee) return;
  const lang = d.s.config.lang ?? 'en';
  const moves = referee.game.moves.length;
  const refusal = !hintsShown(referee.policy) ? 'computer.hint.tournament'
    : c.config.hints === false ? 'computer.hint.off'
      : referee.mode.kind !== 'play' || currentPosition(referee.game).turn === c.config.side ? 'computer.hint.not-now' : null;
  if (refusal) {
    d.effects.push({ type: 'refused', error: sentence(lang, refusal) });
    return;
  }
  if (c.hint?.at === moves && c.hint.move) {
    say(d, sentence(lang, 'computer.hint.move', { move: formatMove(currentPosition(referee.game), c.hint.move) }));
    return;
  }
  if (c.hint?.at === moves) return;
  const id = c.asked + 1;
  d.s.computer = { ...c, asked: id, hint: { id, at: moves, move: null } };
  d.effects.push({ type: 'think', id, game: referee.game, hint: true });
}

/**
 * The engine's answer to a hint: the move kept to show (when it is legal in the position the
 * hint was asked in, which is still the game's) and said. Whether the answer was the hint's:
 * then it is no answer of the computer's own.
 */
export function hintAnswered(d: Draft, reply: EngineReply): boolean {
  const { computer: c, referee } = d.s;
  if (!c?.hint || c.hint.id !== reply.id) return false;
  if (!referee || c.hint.move || referee.game.moves.length !== c.hint.at) return true;
  const pos = currentPosition(referee.game);
  const move = legalMoves(pos).find((m) => sameMove(m, reply.move));
  if (!move) return true;
  d.s.computer = { ...c, hint: { ...c.hint, move } };
  say(d, sentence(d.s.config.lang ?? 'en', 'computer.hint.move', { move: formatMove(pos, move) }));
  return true;
}
