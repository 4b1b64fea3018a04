// The openings of a match: a file of FENs, a PDN of openings, and the default set.
import { describe, expect, it } from 'vitest';
import { variants, writeFen } from '../../rules/index.ts';
import { defaultOpenings, parseOpenings } from './openings.ts';

const { international, english } = variants;

describe('defaultOpenings', () => {
  it('is the start position, then each of the first moves (FMJD 3.3: White moves first; men move forward, 3.5)', () => {
    // White's men on 31..35 each step to one or two squares of the row in front.
    const names = defaultOpenings(international).map((o) => o.name);
    expect(names[0]).toBe('start');
    expect(names.slice(1).sort()).toEqual(['31-26', '31-27', '32-27', '32-28', '33-28', '33-29', '34-29', '34-30', '35-30']);
  });

  it('in English draughts Black moves first (Laws 7) from 9..12: seven first moves', () => {
    const names = defaultOpenings(english).map((o) => o.name);
    expect(names.slice(1).sort()).toEqual(['10-14', '10-15', '11-15', '11-16', '12-16', '9-13', '9-14']);
  });
});

describe('parseOpenings', () => {
  it('reads one FEN a line, skipping blank lines and # comments', () => {
    const text = '# two openings\nW:W31-50:B1-20\n\n  B:W28,31-50:B1-20  \n';
    const r = parseOpenings(text, 'o.txt', international);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.openings.map((o) => [o.name, o.start.turn, o.moves.length])).toEqual([
      ['W:W31-50:B1-20', 'white', 0],
      [writeFen(r.openings[1].start), 'black', 0],
    ]);
  });

  it('names the file and line of a FEN that does not read', () => {
    const r = parseOpenings('W:W31-50:B1-20\n# fine\nW:W31-55:B1-20\n', 'o.txt', international);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/^o\.txt line 3: "W:W31-55:B1-20" is not a international FEN/);
  });

  it('refuses an opening in which the side to move has no move, and a file with none', () => {
    // White's only man, on 46 at the edge, has one square ahead, 41, taken by a black man, and
    // 37 behind that taken too: no move and no capture (FMJD 3.5, 4.1).
    const r = parseOpenings('W:W46:B41,37\n', 'o.txt', international);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toContain('o.txt line 1: the opening');
    expect(parseOpenings('# nothing\n', 'o.txt', international)).toEqual({ ok: false, error: 'o.txt holds no opening' });
  });

  it('reads a PDN of openings: each game\'s position after its moves, the FEN tag honoured', () => {
    const pdn = '[Event "a"]\n1. 32-28 19-23 *\n\n[Event "b"]\n[FEN "W:W28,31-50:B1-19"]\n1. 31-26 *\n';
    const r = parseOpenings(pdn, 'openings.pdn', international);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.openings.map((o) => o.name)).toEqual(['32-28 19-23', 'W:W28,31-50:B1-19 31-26']);
    expect(r.openings[0].moves).toHaveLength(2);
    expect(writeFen(r.openings[1].start)).toBe('W:W28,31-50:B1-19');
  });

  it('reads a file of tags as PDN whatever its name, and names the line of an illegal move', () => {
    // After 32-28 19-23 White must take (FMJD 4.2): 37-32 is not legal.
    const r = parseOpenings('[Event "a"]\n1. 32-28 19-23\n2. 37-32 *\n', 'o.txt', international);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/^o\.txt: .*line 3/);
  });
});
