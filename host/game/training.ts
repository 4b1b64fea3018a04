// Training against the computer (`dambord play --engine black --training`): the engine judges
// each of the player's moves as `dambord analyse` judges one (host/engine/analysis.ts), by the
// score of the position before it (the engine asked for the player's best move in the player's
// turn, as an unshown hint) and after it (the computer's own answer, whose score is the
// computer's). A move that loses more than the level allows ({@link TRAINING_ALLOWANCE_MEN}) is
// said with the better move ("27-22 loses a man; 33-28 was better.") and taken back for another
// try, the LEDs guiding it back; the computer's reply is not shown. The scoresheet notes it
// taken back (referee/record.ts). A move made before the engine has judged the position (the
// judgement stops when the computer is asked for its reply) is not judged.

import { currentPosition, formatMove, sameMove } from '../../rules/index.ts';
import type { EngineReply, Score } from './computer.ts';
import { turned } from './computer.ts';
import { ask } from './computerHint.ts';
import type { Apply } from './computerTakeback.ts';
import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import { say as sentence } from '../words/catalogue.ts';

/**
 * The men a move may lose in training before it is taken back, by the built-in engine's level
 * (index 1 to 10): at levels 1 and 2 only a loss of three men, at 5 and 6 of one man, at 9 and
 * 10 of half a man. An external engine (no level) is level 10's.
 */
export const TRAINING_ALLOWANCE_MEN: readonly number[] = [0, 2.5, 2.5, 1.5, 1.5, 0.9, 0.9, 0.6, 0.6, 0.4, 0.4];

/**
 * What a move lost, from the scores before and after it (the mover's): the game (a proven loss
 * walked into), so many men (more than `allowance`, rounded, at least one), or null: within the
 * allowance, the position lost already, or a win kept.
 */
export function lossOf(before: Score, after: Score, allowance: number): { readonly loss: 'game' } | { readonly loss: 'men'; readonly men: number } | null {
  if (before.kind === 'loss') return null;
  if (after.kind === 'loss') return { loss: 'game' };
  if (before.kind !== 'men' || after.kind !== 'men') return null;
  const lost = before.value - after.value;
  return lost > allowance + 1e-9 ? { loss: 'men', men: Math.max(1, Math.round(lost)) } : null;
}

/** In training, the player's position judged once, in the player's turn in plain play (an unshown hint). */
export function trainingOn(d: Draft): void {
  const { computer: c, referee } = d.s;
  if (!c?.config.training || !referee || d.s.result || referee.mode.kind !== 'play') return;
  if (currentPosition(referee.game).turn === c.config.side || c.hint?.at === referee.game.moves.length) return;
  ask(d, false);
}

/**
 * The computer's answer in training: when the player's move before it lost more than the level
 * allows, it is said and taken back (a `take-back`), the answer dropped. Whether it was.
 */
export function trainingCaught(d: Draft, reply: EngineReply, apply: Apply): boolean {
  const { computer: c, referee } = d.s;
  if (!c?.config.training || !referee || reply.id !== c.asked || c.activity !== 'thinking' || !reply.score) return false;
  const hint = c.hint;
  const { moves, positions } = referee.game;
  const played = moves.at(-1);
  if (!hint?.move || !hint.score || !played || hint.at !== moves.length - 1 || sameMove(hint.move, played)) return false;
  const loss = lossOf(hint.score, turned(reply.score), TRAINING_ALLOWANCE_MEN[c.config.level ?? 10] ?? 0.4);
  if (!loss) return false;
  const pos = positions[hint.at];
  const men = loss.loss === 'men' ? loss.men : 0;
  say(d, sentence(d.s.config.lang ?? 'en', 'computer.training.loses', { move: formatMove(pos, played), loss: loss.loss === 'game' ? 'game' : men === 1 ? 'one' : 'other', men: String(men), better: formatMove(pos, hint.move) }));
  apply(d, { type: 'take-back', t: referee.now });
  return true;
}
