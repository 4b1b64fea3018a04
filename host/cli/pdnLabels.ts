// How `dambord pdn check` names a game and counts its moves, shared by its reports.

import type { PdnError, PdnGame, PdnTag } from '../../rules/index.ts';

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
 * one move number, then the plies (`59 moves (117 plies)`). A move begins with a move of the
 * variant's first player, or with one of the second player where the first player's is not
 * there (a game set up with the second player to move, `1... 19-23`), as PDN numbers them.
 */
export function length(g: PdnGame): string {
  let moves = 0;
  let plies = 0;
  let open = false; // the last item is a ply of the first player: the second player's ply completes its move
  for (const item of g.line) {
    if (item.kind === 'setup') {
      open = false;
      continue;
    }
    plies++;
    const first = item.before.turn === g.variant.firstToMove;
    if (first || !open) moves++;
    open = first;
  }
  return `${count(moves, 'move')} (${count(plies, 'ply', 'plies')})`;
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

