// How `dambord pdn check` names a game and counts its moves, shared by its reports.

import type { PdnError, PdnGame, PdnTag } from '../../rules/index.ts';
import { moveNumber } from '../../rules/index.ts';

export function tagValue(tags: readonly PdnTag[], name: string): string | undefined {
  return tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
}

/** `game 3 (Sijbrands - Baliakin, NK 2009)`. */
export function label(g: PdnGame, n: number): string {
  const tag = (name: string) => tagValue(g.tags, name)?.trim() || '?';
  return `game ${n} (${tag('White')} - ${tag('Black')}, ${tag('Event')})`;
}

/**
 * The length of a game's main line as people count it: moves, each a move of both players under
 * one move number (rules/moveCount.ts), then the plies (`59 moves (117 plies)`). A position set
 * up in the line (a FEN between the moves) starts the count again from the side it gives to move.
 */
export function length(g: PdnGame): string {
  let moves = 0;
  let plies = 0;
  let run = 0; // plies since the start or the last position set up
  let secondFirst = false; // the run's first ply is the second player's
  for (const item of g.line) {
    if (item.kind === 'setup') {
      moves += moveNumber(run, secondFirst);
      run = 0;
      continue;
    }
    if (run === 0) secondFirst = item.before.turn !== g.variant.firstToMove;
    plies++;
    run++;
  }
  moves += moveNumber(run, secondFirst);
  return movesAndPlies(moves, plies);
}

/** `59 moves (117 plies)`. */
export function movesAndPlies(moves: number, plies: number): string {
  return `${count(moves, 'move')} (${count(plies, 'ply', 'plies')})`;
}

/**
 * Why game `wanted` of file `name`, which holds `games` games, cannot be had: `nk.pdn holds no
 * game`, `nk.pdn has only 7 games: there is no game 9`.
 */
export function noGameNumbered(name: string, games: number, wanted: number): string {
  return games === 0 ? `${name} holds no game` : `${name} has only ${count(games, 'game')}: there is no game ${wanted}`;
}

export function count(n: number, what: string, plural = `${what}s`): string {
  return `${n} ${n === 1 ? what : plural}`;
}

/** The reason without the `line L, column C: ` the replay puts in it (the caller prints the place). */
export function withoutLocation(e: PdnError): string {
  const where = `line ${e.pos.line}, column ${e.pos.column}`;
  // "Unexpected '#' at line 4, column 10: expected a move" reads "Unexpected '#': expected a move".
  return e.reason.replace(` at ${where}:`, ':').replace(`${where}: `, '');
}

