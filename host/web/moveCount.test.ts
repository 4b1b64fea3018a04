// Moves counted one way everywhere (issue 29: `pdn check` said "59 moves (117 plies)", digitise
// called a 20-move sheet "40 moves", a viewer card said "63 moves" at move 32). The rules' count
// (rules/moveCount.ts), `pdn check`'s (host/cli/pdnLabels.ts) and the viewers' card's
// (host/web/static/watchModel.js, browser code with its own) are checked against one table,
// written by hand from how a scoresheet numbers its moves, so that none drifts from the others.
import { describe, expect, it } from 'vitest';
import { moveNumber, readPdn, variants } from '../../rules/index.ts';
import type { BoardEvent } from '../broadcast/types.ts';
import { length } from '../cli/pdnLabels.ts';

interface WatchModel {
  cardWords(state: BoardEvent): { moves: string };
}
const w = (await import(/* @vite-ignore */ new URL('./static/watchModel.js', import.meta.url).href)) as WatchModel;

/**
 * Plies played, whether the position was set up with the variant's second player to move, and
 * the moves they make; with the scoresheet that shows it where it is short enough to write.
 */
const TABLE: readonly { plies: number; secondFirst: boolean; moves: number; sheet?: string; variant?: 'international' | 'english' }[] = [
  { plies: 0, secondFirst: false, moves: 0, sheet: '*' },
  { plies: 1, secondFirst: false, moves: 1, sheet: '1. 32-28 *' },
  { plies: 2, secondFirst: false, moves: 1, sheet: '1. 32-28 19-23 *' },
  { plies: 3, secondFirst: false, moves: 2, sheet: '1. 32-28 19-23 2. 28x19 *' },
  { plies: 4, secondFirst: false, moves: 2, sheet: '1. 32-28 19-23 2. 28x19 14x23 *' },
  // English draughts: Black moves first (EDA law 7), and its move and White's are move 1.
  { plies: 2, secondFirst: false, moves: 1, sheet: '1. 11-15 23-19 *', variant: 'english' },
  // Set up with the second player to move: `1... 19-23` alone is move 1, White's reply begins move 2.
  { plies: 1, secondFirst: true, moves: 1, sheet: '[FEN "B:W31-50:B1-20"]\n1... 19-23 *' },
  { plies: 2, secondFirst: true, moves: 2, sheet: '[FEN "B:W31-50:B1-20"]\n1... 19-23 2. 32-28 *' },
  { plies: 3, secondFirst: true, moves: 2, sheet: '[FEN "B:W31-50:B1-20"]\n1... 19-23 2. 32-28 23x32 *' },
  { plies: 4, secondFirst: true, moves: 3, sheet: '[FEN "B:W31-50:B1-20"]\n1... 19-23 2. 32-28 23x32 3. 37x28 *' },
  { plies: 1, secondFirst: true, moves: 1, sheet: '[FEN "W:W21-32:B1-12"]\n1... 22-18 *', variant: 'english' },
  // A sheet of 20 moves; the card at move 32 after White's; the NK 2009's first game, 59. 45-18 last.
  { plies: 40, secondFirst: false, moves: 20 },
  { plies: 63, secondFirst: false, moves: 32 },
  { plies: 117, secondFirst: false, moves: 59 },
];

const words = (moves: number) => `${moves} ${moves === 1 ? 'move' : 'moves'}`;

describe('moves counted as a scoresheet numbers them', () => {
  it.each(TABLE)('$plies plies, second player first $secondFirst: $moves moves (rules)', ({ plies, secondFirst, moves }) => {
    expect(moveNumber(plies, secondFirst)).toBe(moves);
  });

  it.each(TABLE.filter((c) => c.sheet !== undefined))('$plies plies, second player first $secondFirst: $moves moves (pdn check, $sheet)', ({ plies, moves, sheet, variant }) => {
    const g = readPdn(sheet!, { variant: variants[variant ?? 'international'] }).games[0];
    expect(g.error).toBeNull();
    expect(length(g)).toBe(`${words(moves)} (${plies} ${plies === 1 ? 'ply' : 'plies'})`);
  });

  // The viewers' page reads a record whose first ply is numbered 2 as one that starts with the
  // second player's move (format.js pairMoves), its plies numbered from there.
  it.each(TABLE)('$plies plies, second player first $secondFirst: $moves moves (viewers\' card)', ({ plies, secondFirst, moves }) => {
    const first = secondFirst ? 2 : 1;
    const played = Array.from({ length: plies }, (_, i) => ({ ply: first + i, side: (first + i) % 2 === 1 ? ('white' as const) : ('black' as const), text: '32-28', irregular: null }));
    const state = { event: 'Club night', round: '1', board: 1, variant: 'international', size: 10, players: { white: 'Anna', black: 'Bert' }, position: '', turn: 'white', moves: played, lastMove: null, clock: null, result: null, irregularity: null, link: 'connected', pdn: '', t: 0, rev: 1 } satisfies BoardEvent;
    expect(w.cardWords(state).moves).toBe(words(moves));
  });
});
