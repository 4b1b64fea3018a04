// A game recorded from its paper scoresheet (the `digitise` policy, `dambord digitise`): the
// secretary's takebacks. A move taken back (FMJD 5.4.4) is taken back at once, nobody asked: by
// the hands putting its pieces back, or by Correct with nothing to put right, the LEDs then
// guiding the pieces back (buttons.ts, correctRecording); each takeback goes one move further
// back.

import type { Game } from '../../../rules/index.ts';
import { currentPosition, newGame, playMove } from '../../../rules/index.ts';
import { correctionPlan } from './decision.ts';
import type { RefereeState } from './state.ts';
import { occupancyKey, startTurn } from './turn.ts';
import type { RefereeOutput } from './types.ts';

/** The game before its last move (replayed from its start, so the draw rules' counts are as they were then); null before the first move. */
export function gameBefore(game: Game): Game | null {
  if (game.moves.length === 0) return null;
  let g = newGame(game.start);
  for (const m of game.moves.slice(0, -1)) {
    const played = playMove(g, m);
    if (!played.ok) return null;
    g = played.game;
  }
  return g;
}

/**
 * The last move taken back: the game goes back one move, the scoresheet drops it (an `accepted`
 * takeback marked `silent`: nothing is written of it) and, when the board does not show the
 * position before it, a correction guides the pieces back. Nothing happens before the first move.
 * `asked`: taken back at the player's request against the computer (the `accepted` output marked
 * `asked`: the scoresheet notes it).
 */
export function takeBack(s: RefereeState, t: number, out: RefereeOutput[], asked = false): RefereeState {
  const game = gameBefore(s.game);
  if (!game || s.mode.kind === 'over') return s;
  const pos = currentPosition(game);
  out.push({ type: 'accepted', code: 'takeback', article: pos.variant.irregularities.takeback, position: pos, ...(asked ? { asked: true as const } : { silent: true as const }), t });
  const back = startTurn({ ...s, game, previousGame: gameBefore(game), ply: s.ply - 1, crownable: null, split: null }, pos);
  if (occupancyKey(back) === back.restKey && back.leftover.isEmpty()) return back;
  out.push(correctionPlan(back, pos, t));
  return { ...back, mode: { kind: 'correcting', target: pos, obligation: null } };
}
