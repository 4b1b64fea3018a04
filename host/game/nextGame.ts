// The next game at the same board once a game is over: the players play on, colours swapped
// (a return game), from the same start position, under the same policy and time control. The
// board is where the last game left it: the LEDs guide it back to the start position, and play
// begins when it shows it.

import { computerFor } from './computerConfig.ts';
import { draft, say } from './draft.ts';
import type { GameConfig, GameState, GameStep } from './game.ts';
import { changed, createGame, langOf, setUpText, startIfSetUp } from './step.ts';
import { say as sentence } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** The tags of the next game the shell knows and the core does not (the day it starts). */
export type Tags = readonly { readonly name: string; readonly value: string }[];

/** Why a game still on has no next one yet. */
export const NOT_OVER = 'the game is not over: a new game starts after the result (a resignation, a draw agreed, or the end the rules give)';

/**
 * The game after `prev` at board time `now`, or why there is none yet: only a game with a result
 * has a next one. The players' names change colours, or are `players` when given; `tags`
 * replaces every tag but White and Black (Event, Date...). The link stays as it is; what the
 * board senses is the setting up.
 */
export function nextGame(prev: GameState, tags: Tags, now: number, players: { readonly white: string; readonly black: string } = { white: prev.config.players.black, black: prev.config.players.white }, chosen: Partial<GameConfig> = {}): GameStep | { readonly refused: string } {
  if (!prev.result) return { refused: NOT_OVER };
  const named = players.white !== '?' || players.black !== '?';
  // The computer at the board takes the colour its name now has (the return game: the other one).
  const computer = prev.config.computer ? { computer: computerFor(prev.config.computer, players) } : {};
  return begun(prev, { ...prev.config, ...computer, ...chosen, players, tags: withPlayers(players, tags) }, now, (lang) => sentence(lang, 'log.new-game', { named: named ? 'yes' : 'no', white: players.white, black: players.black }));
}

/**
 * The game `prev`, not yet begun (no move made), set up again with the players, tags, policy,
 * clock and language of `chosen` (the page's settings, host/game/settings.ts): as a new game
 * on the same board, what the board senses taken as it stands. A board that shows the start
 * has its referee begun at board time 0, the `t0` of the new journal's header, as the replay of
 * that journal begins it: the events that follow are all later.
 */
export function setAgain(prev: GameState, tags: Tags, chosen: Pick<GameConfig, 'players' | 'policy' | 'timeControl' | 'lang' | 'hints' | 'computer'>): GameStep {
  const { white, black } = chosen.players;
  return begun(prev, { ...prev.config, ...chosen, tags: withPlayers(chosen.players, tags) }, 0, (lang) => sentence(lang, 'log.game-set', { white, black }));
}

/** White and Black, then `tags` but theirs. */
function withPlayers(players: { readonly white: string; readonly black: string }, tags: Tags): Tags {
  return [{ name: 'White', value: players.white }, { name: 'Black', value: players.black }, ...tags.filter((t) => t.name !== 'White' && t.name !== 'Black')];
}

/** A fresh game under `config` at the board of `prev` (its link, its time, what it senses), `line` said in its language. */
function begun(prev: GameState, config: GameConfig, now: number, line: (lang: Language) => string): GameStep {
  const fresh = createGame(config);
  // The computer's questions are numbered on from the last game's: an answer to one of them, late, is stale.
  const computer = fresh.computer && prev.computer ? { ...fresh.computer, asked: prev.computer.asked } : fresh.computer;
  const d = draft({ ...fresh, computer, link: prev.link, offset: prev.offset, clockT: prev.clockT, journalT: prev.clockT, setup: sensedOf(prev) });
  say(d, line(langOf(d.s)));
  if (!startIfSetUp(d, now + prev.offset)) {
    say(d, setUpText(d.s));
    changed(d);
  }
  return { state: d.s, effects: d.effects };
}

/** The squares the board senses now. */
function sensedOf(s: GameState): ReadonlySet<number> {
  return s.referee ? new Set(s.referee.occupied.toArray()) : (s.setup ?? new Set());
}
