// The computer offers a draw as it makes its move (FMJD 7.3.1; from move 40 of each side, the
// Latvian rules' 6.1: "katrs ir izdarījis vismaz 40 gājienus"), its engine judging the game
// level. A real game (Dutch championship 2009, round 1, test/fixtures/oracles/games, with its
// provenance there) is played at the board: White's moves by the player's hands, Black's as the
// computer's answers, made by the hands as shown; each answer scored level.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import { computerTable } from './testing/computerTable.ts';

const game = readPdn(readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url))).games[0];
const moves: Move[] = game.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : []));

/** The game's first `plies` moves played at the board against the computer (Black), each of its answers scored `value` men. */
function played(plies: number, value = 0) {
  const g = computerTable(undefined, {}, game.start);
  const made = (m: Move) => g.hands(['lift', m.from + 1], ['place', m.to + 1], ...m.captured.map((sq): ['lift', number] => ['lift', sq + 1]));
  for (const m of moves.slice(0, plies)) {
    const asked = g.thinks().length;
    if (g.state().computer?.activity === 'thinking') g.answer(g.thinks()[asked - 1].id, m, { kind: 'men', value });
    made(m);
  }
  return g;
}

/** The notes of the scoresheet, in order. */
const notes = (g: ReturnType<typeof played>) => g.state().sheet.items.flatMap((i) => (i.kind === 'note' ? [i.comment] : []));

describe('the computer offers a draw', () => {
  it('as its 40th move is made, the game level: said, on the scoresheet, and the player\'s offer in turn agrees it', () => {
    expect(moves.length).toBeGreaterThan(82);
    const g = played(80);
    expect(g.state().referee?.game.moves).toHaveLength(80);
    expect(g.state().drawOffer).toBe('black');
    expect(g.state().log).toContain('The computer offers a draw: offer one in turn to accept it, or make your move to decline it.');
    g.player({ type: 'draw', color: 'white' });
    expect(g.state().result).toMatchObject({ result: '1-1', article: '7.3.1' });
    expect(notes(g)).toEqual(['Black offered a draw.', 'White accepted the draw offered by Black.']);
  });

  it('not before its 40th move, nor when it stands better; the player\'s move declines it', () => {
    expect(played(78).state().drawOffer).toBeNull();
    expect(played(80, 0.5).state().drawOffer).toBeNull();
    const g = played(81);
    expect(g.state().drawOffer).toBeNull();
    expect(g.state().result).toBeNull();
    expect(notes(g)).toEqual(['Black offered a draw.']);
    expect(g.state().sheet.items.at(-1)).toMatchObject({ kind: 'move', comments: ['White declined the draw offered by Black, playing on.'] });
  });
});
