// Who the computer seated at the board is (`dambord play --engine`): what a game's config and its
// journal's header keep of it, and the side it has in a return game.

import type { Color } from '../../rules/index.ts';

/** Who the computer is at this board: fixed for the game (the journal's header keeps it for a resume). */
export interface ComputerConfig {
  /** The side the computer plays. */
  readonly side: Color;
  /** Its name on the scoresheet (`dambord, level 5`, or an external engine's own name). */
  readonly name: string;
  /** The engine as `dambord match` names it (host/engine/spec.ts), e.g. `builtin:level=5`. */
  readonly spec: string;
  /** The built-in engine's level (1..10); null for an external engine. */
  readonly level: number | null;
  /** `--alt-move`: another legal move made for the computer is taken as its move (by default it is put right). */
  readonly altMove: boolean;
  /** `--no-hints` gives false: the player's hints (host/game/computerHint.ts) are refused; absent: given (never under the tournament policy). */
  readonly hints?: boolean;
  /** `--training`: the engine judges each of the player's moves and one that loses too much is taken back (host/game/training.ts); absent: no. */
  readonly training?: boolean;
}

/** The computer of a game with `players`: on the side its name is on (a return game, colours swapped, gives it the other side). */
export function computerFor(c: ComputerConfig, players: { readonly white: string; readonly black: string }): ComputerConfig {
  const other = c.side === 'white' ? 'black' : 'white';
  return players[other] === c.name && players[c.side] !== c.name ? { ...c, side: other } : c;
}
