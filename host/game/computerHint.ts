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
 * already found for this position said again; refused in a sentence when hints are off, under
 * the tournament policy, or not in the player's turn in plain play: the `refused` effect, or,
 * asked on the board (`board`), said in the log (under the tournament policy the board's
 * j'adoube held is only j'adoube: nothing is said).
 */
export function askHint(d: Draft, board = false): void {
  const { computer: c, referee } = d.s;
  if (!c || !referee) return;
  const lang = d.s.config.lang ?? 'en';
  const moves = referee.game.moves.length;
  const refusal = !hintsShown(referee.policy) ? 'computer.hint.tournament'
    : c.config.hints === false ? 'computer.hint.off'
      : referee.mode.kind !== 'play' || currentPosition(referee.game).turn === c.config.side ? 'computer.hint.not-now' : null;
  if (refusal) {
    if (!board) d.effects.push({ type: 'refused', error: sentence(lang, refusal) });
    else if (refusal !== 'computer.hint.tournament') say(d, sentence(lang, refusal));
    return;
  }
  // The position judged already (training) or being judged: shown now, or once the answer comes.
  if (c.hint?.at === moves) {
    d.s.computer = { ...c, hint: { ...c.hint, shown: true } };
    if (c.hint.move) say(d, sentence(lang, 'computer.hint.move', { move: formatMove(currentPosition(referee.game), c.hint.move) }));
    return;
  }
  ask(d, true);
}

/** The engine asked for the player's move in the game's position (a `think` marked `hint`); `shown`: a hint asked for, else a judgement (training). */
export function ask(d: Draft, shown: boolean): void {
  const { computer: c, referee } = d.s;
  if (!c || !referee) return;
  const id = c.asked + 1;
  d.s.computer = { ...c, asked: id, hint: { id, at: referee.game.moves.length, move: null, score: null, shown } };
  d.effects.push({ type: 'think', id, game: referee.game, hint: true });
}

/**
 * The engine's answer to a hint: the move and score kept (when the move is legal in the position
 * asked about: the game's, or, in training, the one before the player's move), and, a hint
 * asked for, said. Whether the answer was the hint's: then it is no answer of the computer's own.
 */
export function hintAnswered(d: Draft, reply: EngineReply): boolean {
  const { computer: c, referee } = d.s;
  const hint = c?.hint;
  if (!c || !hint || hint.id !== reply.id) return false;
  const moves = referee?.game.moves.length;
  const pos = referee && !hint.move && (moves === hint.at || moves === hint.at + 1) ? referee.game.positions[hint.at] : null;
  if (!pos) return true;
  const move = legalMoves(pos).find((m) => sameMove(m, reply.move));
  if (!move) return true;
  d.s.computer = { ...c, hint: { ...hint, move, score: reply.score } };
  if (hint.shown) say(d, sentence(d.s.config.lang ?? 'en', 'computer.hint.move', { move: formatMove(pos, move) }));
  return true;
}
