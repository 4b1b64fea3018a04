// The computer's word on the end of the game, as a player's commands (host/game/step.ts carries
// them out as it does the page's): it resigns a game lost beyond doubt, answers a draw offered at
// once, and offers one itself as it makes its move. When it does is host/game/computerJudges.ts.

import { opposite, sameMove } from '../../rules/index.ts';
import type { ComputerState, EngineReply } from './computer.ts';
import { computerAnswered } from './computer.ts';
import { acceptsDraw, offersDraw, resigns } from './computerJudges.ts';
import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import type { GameState, PlayerCommand } from './game.ts';
import { say as sentence } from '../words/catalogue.ts';

/**
 * The engine's answer `reply`, where it makes the computer resign (its last two scores lost
 * beyond doubt): the computer idle, "The computer resigns." said, and the resignation to carry
 * out (FMJD 7.2.1, written as the `resign` command writes it); null when it plays on (the answer
 * is then shown as any other) or the answer is stale.
 */
export function computerResigns(d: Draft, reply: EngineReply): PlayerCommand | null {
  const c = d.s.computer;
  const next = c && computerAnswered(c, d.s.referee, reply);
  if (!c || !next || !resigns(next.scores)) return null;
  d.s.computer = { ...c, activity: 'idle', scores: next.scores };
  say(d, sentence(d.s.config.lang ?? 'en', 'computer.resigns'));
  return { type: 'resign', color: c.config.side };
}

/**
 * A command of the players as a game against the computer takes it: a draw "agreed by both"
 * (no side named) is the player's offer, which the computer answers, for the player cannot agree
 * for it (FMJD 7.3.1: "oba igrača prihvate remis uzajamnim dogovorom"); any other as it is.
 */
export function playerSays(s: GameState, c: PlayerCommand): PlayerCommand {
  return s.computer && c.type === 'draw' && !c.color ? { type: 'draw', color: opposite(s.computer.config.side) } : c;
}

/**
 * Why a command of the players is refused in a game against the computer: it resigns, offers a
 * draw or declines one for the computer, which does each for itself (FMJD 7.2.1, 7.3.1: the
 * player who resigns or agrees is the one who says so); null when it is the player's to give.
 */
export function notPlayers(s: GameState, c: PlayerCommand): string | null {
  const side = s.computer?.config.side;
  if (!side || !((c.type === 'resign' || c.type === 'decline-draw' || c.type === 'draw') && c.color === side)) return null;
  return sentence(s.config.lang ?? 'en', 'computer.not-yours');
}

/**
 * What the computer says of draws after a step from `before`: a draw the player offered
 * accepted or declined at once (FMJD 7.3.1, said), or, its move just made on the board, a draw
 * offered (said); the command to carry out, or null.
 */
export function computerOnDraws(d: Draft, before: GameState): PlayerCommand | null {
  const { computer: c, referee, result } = d.s;
  if (!c || !referee || result) return null;
  const side = c.config.side;
  const lang = d.s.config.lang ?? 'en';
  if (d.s.drawOffer === opposite(side)) {
    const yes = acceptsDraw(c.scores);
    say(d, sentence(lang, yes ? 'computer.draw.accepts' : 'computer.draw.declines'));
    return yes ? { type: 'draw', color: side } : { type: 'decline-draw', color: side };
  }
  const moves = referee.game.moves;
  if (!justMade(c, before.computer, moves.length, before.referee?.game.moves.length ?? -1) || d.s.drawOffer === side) return null;
  if (!c.move || !sameMove(c.move, moves[moves.length - 1]) || !offersDraw(c.scores, moves.length, c.offeredAt)) return null;
  d.s.computer = { ...c, offeredAt: moves.length };
  say(d, sentence(lang, 'computer.draw.offers'));
  return { type: 'draw', color: side };
}

/** Whether the step made the move the computer was showing: the game has one move more than when it was asked, as it had before the step. */
function justMade(c: ComputerState, was: ComputerState | null, moves: number, movesBefore: number): boolean {
  return was?.activity === 'showing' && c.activity === 'showing' && movesBefore === c.at && moves === c.at + 1;
}

