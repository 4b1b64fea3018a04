// A board's positions ply by ply (host/broadcast/plies.ts) for a viewer stepping back, read from
// scoresheets written here as the board's host writes them (host/game/referee/record.ts): an
// irregular move accepted (FMJD 5.4.6: White's 28-22 while 28x19 was compulsory) is a setup
// `/FEN "..."/` in the movetext, one move of the game whose squares are not known; the game goes
// on from it. The positions are written out by hand, square by square.
import { describe, expect, it } from 'vitest';
import { boardPlies } from './plies.ts';

/** A position string (BoardState.position) from the squares each side holds. */
function position(white: readonly number[], black: readonly number[], size = 50): string {
  return Array.from({ length: size }, (_, i) => (white.includes(i + 1) ? 'w' : black.includes(i + 1) ? 'b' : '.')).join('');
}
const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('the positions of a board\'s game', () => {
  it('5.4.6 accepted: the setup is the position after White\'s irregular move, squares not known; Black\'s capture after it replays from there', () => {
    const whiteAfter = [22, 31, ...range(33, 50)];
    const blackAfter = [...range(1, 18), 20, 23];
    const pdn = [
      '[Event "Club night"]',
      '[Round "3"]',
      '[White "Anna"]',
      '[Black "Bert"]',
      '[Result "*"]',
      '[GameType "20"]',
      '',
      `1. 32-28 19-23 {White moved 28-22, Black accepted it.} /FEN "B:W${whiteAfter.join(',')}:B${blackAfter.join(',')}"/ 2... 17x28 *`,
      '',
    ].join('\n');
    const p = boardPlies({ board: 2, rev: 7, variant: 'international', pdn, firstPly: 1 });
    expect([p.board, p.rev]).toEqual([2, 7]);
    expect(p.start).toBe(position(range(31, 50), range(1, 20)));
    expect(p.plies.map((x) => x.ply)).toEqual([1, 2, 3, 4]);
    expect(p.plies[0]).toEqual({ ply: 1, position: position([28, 31, ...range(33, 50)], range(1, 20)), squares: ['32', '28'], captured: [] });
    expect(p.plies[1].position).toBe(position([28, 31, ...range(33, 50)], [...range(1, 18), 20, 23]));
    expect(p.plies[2]).toEqual({ ply: 3, position: position(whiteAfter, blackAfter), squares: [], captured: [] });
    expect(p.plies[3]).toEqual({ ply: 4, position: position([31, ...range(33, 50)], [...range(1, 16), 18, 20, 23, 28]), squares: ['17', '28'], captured: ['22'] });
  });

  it('a record that starts late numbers its plies from the first; an unknown variant or no game gives no positions', () => {
    const pdn = '[FEN "B:W31,32:B18,19"]\n[GameType "20"]\n\n1... 19-23 2. 32-28 *\n';
    const p = boardPlies({ board: 1, rev: 1, variant: 'international', pdn, firstPly: 2 });
    expect(p.plies.map((x) => [x.ply, x.squares])).toEqual([[2, ['19', '23']], [3, ['32', '28']]]);
    expect(p.start).toBe(position([31, 32], [18, 19]));
    expect(boardPlies({ board: 1, rev: 1, variant: 'nonesuch', pdn, firstPly: 1 }).plies).toEqual([]);
    expect(boardPlies({ board: 1, rev: 1, variant: 'international', pdn: '', firstPly: 1 })).toEqual({ board: 1, rev: 1, start: '', plies: [] });
  });
});
