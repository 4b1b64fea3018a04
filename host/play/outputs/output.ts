// What an output of a game is to the table that seats it (table.ts): an observer told each step
// of the game and each change of its view, in the order of the table's list.

import type { GameState, SeenStep } from '../../game/game.ts';
import type { PlayView } from '../../game/types.ts';
import type { Journal } from '../../journal/journal.ts';
import type { PairedLinks } from '../pairedLinks.ts';

/** What an output is told of the table it is attached to. */
export interface TableSide {
  /** The journal the game is written to now (a new game has its own); null once closed. */
  journal(): Journal | null;
  /** The game as it stands. */
  state(): GameState;
  /** The two boards played as one, when the game has a second board (`--second-board`). */
  readonly paired: PairedLinks | null;
}

/**
 * An output of a game: speech, the second board, the broadcast, the PDN file, the terminal. A
 * step of the game comes down to each in the table's order; none may throw.
 *
 * @example
 * const log: GameOutput = { view: (v) => console.log(v.link.state) };
 * await seatGame({ ..., outputs: [speechOutput(speech), log] });
 */
export interface GameOutput {
  /** Told when the game is seated, before the first step. */
  attach?(table: TableSide): void;
  /** Told every step of the game (a board event or a command and what the referee made of it), in order. */
  step?(seen: SeenStep): void;
  /** Told every view of the game that changed, and the first. */
  view?(view: PlayView, table: TableSide): void;
}
