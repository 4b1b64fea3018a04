// The computer's level and colour chosen from the page or the board before the first move of a
// game (the `computer` command): the game's new computer config and players, or why not. Pure.

import type { Color } from '../../rules/index.ts';
import type { ComputerConfig } from './computerConfig.ts';

/** The level and colour asked for: either may be left as it is. */
export interface ComputerAsked {
  /** The side the computer is to play. */
  readonly side?: Color;
  /** The built-in engine's level, 1 (weakest) to 10. */
  readonly level?: number;
}

/** The computer's name on the scoresheet at a level of the built-in engine: `dambord, level 5`. */
export function builtinName(level: number): string {
  return `dambord, level ${level}`;
}

/**
 * The game's computer as asked (`c` now, `players` the game's names): the new config (the
 * built-in engine at the level asked, named for it) and the players (the computer's name on
 * its side, the person's on the other), or the sentence refusing it: no computer at this board,
 * a level for an external engine, or a level outside 1..10.
 */
export function chooseComputer(c: ComputerConfig | undefined, players: { readonly white: string; readonly black: string }, asked: ComputerAsked): { ok: true; config: ComputerConfig; players: { white: string; black: string } } | { ok: false; error: string } {
  if (!c) return { ok: false, error: 'no computer plays at this board: start dambord play with --engine white or --engine black' };
  if (asked.level !== undefined && c.level === null) return { ok: false, error: `the level is the built-in engine's; this board's computer is ${c.name}` };
  if (asked.level !== undefined && !(Number.isInteger(asked.level) && asked.level >= 1 && asked.level <= 10)) return { ok: false, error: 'the level is a whole number from 1 to 10' };
  const level = asked.level ?? c.level;
  const side = asked.side ?? c.side;
  const config: ComputerConfig = level === null || level === c.level ? { ...c, side } : { ...c, side, level, name: builtinName(level), spec: `builtin:level=${level}` };
  const person = c.side === 'white' ? players.black : players.white;
  return { ok: true, config, players: side === 'white' ? { white: config.name, black: person } : { white: person, black: config.name } };
}
