// A game stepped input by input, a second apart, with its journal's entries kept: for the tests
// that journal a game and resume it.
import type { GameConfig, GameInput, GameState } from '../game.ts';
import type { JournalEntry } from '../journal/record.ts';
import { createGame, step } from '../step.ts';

/** The game of `config` as it stands (`state`), the entries journaled so far, the time of the last input (ms from 0) and `input`, which steps it one second on. */
export function journaledGame(config: GameConfig): { readonly state: GameState; readonly entries: JournalEntry[]; readonly t: number; input(i: GameInput): void } {
  let state = createGame(config);
  const entries: JournalEntry[] = [];
  let t = 0;
  return {
    get state() {
      return state;
    },
    entries,
    get t() {
      return t;
    },
    input(i: GameInput): void {
      t += 1000;
      const r = step(state, i, t);
      state = r.state;
      for (const e of r.effects) if (e.type === 'journal') entries.push(...e.entries);
    },
  };
}
