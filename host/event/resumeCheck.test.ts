import { describe, expect, it } from 'vitest';
import { disagreement, notThisGame, sameRound } from './resumeCheck.ts';

const tags = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));
const board = { Event: 'Open A:B', Site: 'Delft', Round: '1', Board: '1', White: 'Carol', Black: 'Dave', TimeControl: '5400+30' };
const expected = { tags: tags(board), variant: 'international' };

describe('disagreement', () => {
  it("is none for the board's own game", () => {
    expect(disagreement({ variant: 'international', tags: tags(board) }, expected)).toBeNull();
  });

  it('names each of event, round, board, players and variant that differ, as each side says it', () => {
    const other = { variant: 'czech' as const, tags: tags({ ...board, Event: 'Open A/B', White: 'Alice', Black: 'Bob' }) };
    expect(disagreement(other, expected)).toEqual({
      journal: ['Event "Open A/B"', 'White "Alice"', 'Black "Bob"', 'variant czech'],
      pairings: ['Event "Open A:B"', 'White "Carol"', 'Black "Dave"', 'variant international'],
    });
    expect(disagreement({ variant: 'international', tags: tags({ ...board, Round: '2', Board: '3' }) }, expected)).toEqual({ journal: ['Round "2"', 'Board "3"'], pairings: ['Round "1"', 'Board "1"'] });
  });

  it('compares exactly: case and spaces count', () => {
    expect(disagreement({ variant: 'international', tags: tags({ ...board, White: 'carol' }) }, expected)?.journal).toEqual(['White "carol"']);
    expect(disagreement({ variant: 'international', tags: tags({ ...board, Event: 'Open  A:B' }) }, expected)?.journal).toEqual(['Event "Open  A:B"']);
  });

  it("leaves out what the journal does not hold (earlier versions wrote no Board), and tags that do not make the game (Site, TimeControl)", () => {
    const { Board: _board, ...old } = board;
    void _board;
    expect(disagreement({ variant: 'international', tags: tags({ ...old, Site: 'Elsewhere', TimeControl: '90' }) }, expected)).toBeNull();
  });
});

describe('sameRound', () => {
  it('holds when the Event and Round tags are exactly the board\'s, whatever the players', () => {
    expect(sameRound({ tags: tags({ ...board, White: 'Alice' }) }, expected)).toBe(true);
    expect(sameRound({ tags: tags({ ...board, Event: 'Open A/B' }) }, expected)).toBe(false);
    expect(sameRound({ tags: tags({ ...board, Round: '2' }) }, expected)).toBe(false);
    const { Event: _event, ...noEvent } = board;
    void _event;
    expect(sameRound({ tags: tags(noEvent) }, expected)).toBe(false);
  });
});

describe('notThisGame', () => {
  it('says which journal, what it says, what the pairings say, and what to do', () => {
    const text = notThisGame('archive/Open A-B/round-1/board-01/game.journal', { journal: ['White "Alice"'], pairings: ['White "Carol"'] });
    expect(text).toBe("the journal archive/Open A-B/round-1/board-01/game.journal is not this board's game: the journal says White \"Alice\"; the pairings say White \"Carol\". The journal is left as it is: correct the pairings if they are wrong, or give another --archive (or move the journal away) to start this board anew");
  });
});
