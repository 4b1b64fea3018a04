// The next game at the same board once a game is over: the players play on, colours swapped
// (a return game), from the same start position, under the same policy and time control. The
// board is where the last game left it: the LEDs guide it back to the start position, and play
// begins when it shows it.

import { draft, say } from './draft.ts';
import type { GameState, GameStep } from './game.ts';
import { changed, createGame, langOf, setUpText, startIfSetUp } from './step.ts';
import { say as sentence } from '../words/catalogue.ts';

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
export function nextGame(prev: GameState, tags: Tags, now: number, players: { readonly white: string; readonly black: string } = { white: prev.config.players.black, black: prev.config.players.white }): GameStep | { readonly refused: string } {
  if (!prev.result) return { refused: NOT_OVER };
  const config = prev.config;
  const fresh = createGame({
    ...config,
    players,
    tags: [{ name: 'White', value: players.white }, { name: 'Black', value: players.black }, ...tags.filter((t) => t.name !== 'White' && t.name !== 'Black')],
  });
  const d = draft({ ...fresh, link: prev.link, offset: prev.offset, clockT: prev.clockT, journalT: prev.clockT, setup: sensedOf(prev) });
  const named = players.white !== '?' || players.black !== '?';
  say(d, sentence(langOf(d.s), 'log.new-game', { named: named ? 'yes' : 'no', white: players.white, black: players.black }));
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
