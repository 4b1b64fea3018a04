// The words of a move (issue 14, "Words as a pure renderer"): positions set up by hand from the
// rules, the move found among the legal moves by its squares, and the sentence a player would
// say aloud. Not our PDN writer's text: the route is read from the rules' move.
import { describe, expect, it } from 'vitest';
import { legalMoves, parseFen, squareName, variants } from '../../rules/index.ts';
import type { Move, Position, Variant } from '../../rules/index.ts';
import { moveWords } from './words.ts';
import type { Language } from '../words/catalogue.ts';

function at(v: Variant, fen: string): Position {
  const p = parseFen(v, fen);
  if (!p.ok) throw new Error(p.error.reason);
  return p.position;
}

/** The legal move from `from` that lands on `path` in order (squares by number, 1-based). */
function move(pos: Position, from: number, path: number[]): Move {
  const m = legalMoves(pos).find((x) => x.from === from - 1 && x.path.length === path.length && x.path.every((s, i) => s === path[i] - 1));
  if (!m) throw new Error(`no legal move ${from} ${path.join(' ')}`);
  return m;
}

const intl = variants.international;
const words = (lang: Language, fen: string, from: number, path: number[], v: Variant = intl) => {
  const pos = at(v, fen);
  return moveWords(lang, pos, move(pos, from, path));
};

describe('moves in words', () => {
  it('a plain move: from, to', () => {
    expect(words('en', intl.startFen, 32, [28])).toBe('32 to 28');
    expect(words('nl', intl.startFen, 32, [28])).toBe('32 naar 28');
  });

  it('FMJD 4.5: a multiple capture is said jump by jump, every landing square', () => {
    // White's man on 48 takes 42 (landing on 37) and then 31 (landing on 26).
    expect(words('en', 'W:W48:B42,31', 48, [37, 26])).toBe('48 takes 37 takes 26');
    expect(words('nl', 'W:W48:B42,31', 48, [37, 26])).toBe('48 slaat 37 slaat 26');
  });

  it('FMJD 3.9: a king is named as such; a man reaching the far row is said crowned (3.6)', () => {
    expect(words('en', 'W:WK46:B28', 46, [23])).toBe('king 46 takes 23');
    expect(words('nl', 'W:WK46:B28', 46, [23])).toBe('dam 46 slaat 23');
    expect(words('en', 'W:W7:B40', 7, [1])).toBe('7 to 1, crowned');
    expect(words('nl', 'W:W7:B40', 7, [1])).toBe('7 naar 1, wordt dam');
  });

  it('algebraic squares letter by letter (russian, 8x8)', () => {
    const ru = variants.russian;
    const pos = at(ru, ru.startFen);
    const c3d4 = legalMoves(pos).find((m) => squareName(ru, m.from) === 'c3' && squareName(ru, m.to) === 'd4');
    expect(moveWords('en', pos, c3d4!)).toBe('c 3 to d 4');
    // espeak-ng's Russian voice reads Latin letters as English: the letters' Russian names.
    expect(moveWords('ru', pos, c3d4!)).toBe('цэ 3 на дэ 4');
    expect(moveWords('cs', pos, c3d4!)).toBe('c 3 na d 4');
  });
});
