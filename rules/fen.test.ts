// PDN FEN: the liberal reader and the strict writer (fen.ts), on hand-written cases, on every
// FEN found in the real games of test/fixtures/oracles/games, and on random positions and strings.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growth } from '../test/growth.ts';
import type { FenResult } from './fen.ts';
import { parseFen, writeFen } from './fen.ts';
import { BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN } from './piece.ts';
import type { Position } from './position.ts';
import { createPosition, material } from './position.ts';
import type { Variant } from './variant.ts';
import { brazilian, czech, english, international, russian, variantByGameType, variants } from './variants/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gamesDir = path.resolve(repoRoot, 'test/fixtures/oracles/games');
const allVariants = Object.values(variants);

function ok(r: FenResult): Position {
  if (!r.ok) throw new Error(`${r.error.reason} at ${r.error.offset}`);
  return r.position;
}

/** Square numbers (1-based) holding `piece`. */
function squares(pos: Position, piece: number): number[] {
  const out: number[] = [];
  pos.board.forEach((p, i) => {
    if (p === piece) out.push(i + 1);
  });
  return out;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

describe('parseFen: PDN FEN as written', () => {
  it('numeric squares with ranges: W:W31-50:B1-20 (FMJD 2.8)', () => {
    const pos = ok(parseFen(international, 'W:W31-50:B1-20'));
    expect(pos.turn).toBe('white');
    expect(squares(pos, WHITE_MAN)).toEqual(range(31, 50));
    expect(squares(pos, BLACK_MAN)).toEqual(range(1, 20));
    expect(writeFen(pos)).toBe('W:W31-50:B1-20');
  });

  it('algebraic squares (Czech cl. 2.6): the start position equals the numeric one', () => {
    for (const v of [czech, russian, brazilian]) {
      const alg = ok(parseFen(v, 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'));
      expect(alg.board).toEqual(ok(parseFen(v, 'W:W21-32:B1-12')).board);
      expect(alg.board).toEqual(ok(parseFen(v, v.startFen)).board);
    }
  });

  it('algebraic squares in American notation start from Black\'s side (a1 is square 4)', () => {
    expect(squares(ok(parseFen(english, 'B:Wa1')), WHITE_MAN)).toEqual([4]);
    expect(squares(ok(parseFen(english, 'B:Wh8')), WHITE_MAN)).toEqual([29]);
    expect(squares(ok(parseFen(czech, 'W:Wa1')), WHITE_MAN)).toEqual([29]);
  });

  it('kings, single and in ranges', () => {
    const pos = ok(parseFen(international, 'B:WK28,31-33:BK1,K3-5,10'));
    expect(pos.turn).toBe('black');
    expect(squares(pos, WHITE_KING)).toEqual([28]);
    expect(squares(pos, WHITE_MAN)).toEqual([31, 32, 33]);
    expect(squares(pos, BLACK_KING)).toEqual([1, 3, 4, 5]);
    expect(squares(pos, BLACK_MAN)).toEqual([10]);
    expect(writeFen(pos)).toBe('B:WK28,31-33:BK1,K3,K4,K5,10');
  });

  it('an unknown side to move `?` is the variant\'s first player, with a warning (FMJD 3.3; Laws 7)', () => {
    const i = parseFen(international, '?:W29,13,11:B22,4,2');
    expect(i.ok && i.position.turn).toBe('white');
    expect(i.ok && i.warnings).toHaveLength(1);
    expect(i.ok && i.notes.map((n) => n.code)).toEqual(['turn-assumed']);
    const e = parseFen(english, '?:W21-32:B1-12');
    expect(e.ok && e.position.turn).toBe('black');
  });

  it('a trailing `.`, whitespace anywhere and lower case', () => {
    const strict = ok(parseFen(international, 'W:WK29,31-50:B1-20'));
    for (const text of ['W:WK29,31-50:B1-20.', ' w : w k29 , 31 - 50 : b 1-20 . ', 'w:wk29,31-50:b1-20', '\tW:W K29,31-50\n:B1-20\n']) {
      const r = parseFen(international, text);
      expect(r.ok && r.warnings, text).toEqual([]);
      expect(ok(r).board, text).toEqual(strict.board);
      expect(ok(r).turn, text).toBe('white');
    }
  });

  it('fields in either order, empty fields and missing sides', () => {
    expect(ok(parseFen(international, 'W:B1-20:W31-50')).board).toEqual(ok(parseFen(international, 'W:W31-50:B1-20')).board);
    const onlyWhite = ok(parseFen(international, 'W:W28'));
    expect(material(onlyWhite, 'black')).toEqual({ men: 0, kings: 0 });
    expect(writeFen(ok(parseFen(international, 'W:W:B')))).toBe('W:W:B');
    expect(writeFen(ok(parseFen(international, 'W:W31,,32:B')))).toBe('W:W31,32:B');
  });

  it('extra fields (move counters, PDN tag leftovers) are ignored with a warning', () => {
    const r = parseFen(international, 'W:W31-50:B1-20:H0:F1');
    expect(r.ok && r.warnings).toHaveLength(2);
    expect(r.ok && r.notes).toEqual([
      { code: 'field-ignored', reason: 'field "H0" is not a list of pieces and was ignored' },
      { code: 'field-ignored', reason: 'field "F1" is not a list of pieces and was ignored' },
    ]);
    expect(writeFen(ok(r))).toBe('W:W31-50:B1-20');
  });

  it('a position from FEN starts its endgame count when the material calls for one (FMJD 6.4)', () => {
    expect(ok(parseFen(international, 'W:WK46:BK5')).endgame).toEqual({ article: '6.4', plies: 0 });
    expect(ok(parseFen(international, 'W:WK46,K47,K48:BK5')).endgame).toEqual({ article: '6.3', plies: 0 });
    expect(ok(parseFen(international, 'W:W31-50:B1-20')).endgame).toBeNull();
  });
});

describe('parseFen: errors say where', () => {
  // [variant, text, the bad part (its offset is the expected one), what the reason mentions]
  const cases: [Variant, string, string, RegExp][] = [
    [international, '', '', /empty/],
    [international, '   ', '', /empty/],
    [international, 'X:W1', 'X', /side to move/],
    [international, 'W:W51', '51', /not a square/],
    [international, 'W:W0', '0', /not a square/],
    [international, 'W:W31-50:B1-20,51', '51', /not a square/],
    [international, 'W:W1,  KX9', 'KX9', /not a square/],
    [international, 'W:WK', 'K', /not a square/],
    [international, 'W:W1x', '1x', /not a square/],
    [international, 'W:W20-10', '20-10', /range/],
    [international, 'W:W1,5,1', '1', /given twice/],
    [international, 'W:W1-50:B1', 'B1', /given twice/],
    [international, 'W:W1:W2', ':W2', /listed twice/],
    [czech, 'W:Wb1', 'b1', /not a square of the czech board/],
    [czech, 'W:Wa1-c3', 'a1-c3', /range/],
    [english, 'B:W33', '33', /not a square of the english board/],
  ];
  for (const [v, text, bad, reason] of cases) {
    it(`${v.name}: ${JSON.stringify(text)} is refused at "${bad}"`, () => {
      const r = parseFen(v, text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      let at = bad === '' ? 0 : text.lastIndexOf(bad);
      if (bad === ':W2') at += 1; // the offset of a field is that of its text after the colon
      if (bad === 'B1') at += 1; // a square given twice points at the square
      expect(r.error.offset).toBe(at);
      expect(r.error.reason).toMatch(reason);
    });
  }
});

/** Every `[FEN "..."]` tag in the real games, with the variant of its game. */
function gameFens(): { file: string; fen: string; variant: Variant }[] {
  const defaults: Record<string, Variant> = { 'ussr1947.pdn': russian, 'mrcd2006.pdn': czech, 'OCA_2.0.pdn': english };
  const files = readdirSync(gamesDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(pdn|json)$/.test(f));
  const found = new Map<string, { file: string; fen: string; variant: Variant }>();
  for (const file of files) {
    const raw = readFileSync(path.join(gamesDir, file), 'utf8');
    const texts: string[] = file.endsWith('.json') ? strings(JSON.parse(raw)) : [raw];
    for (const text of texts) {
      // A header is a run of tag lines; its GameType (PDN 3.0) names the variant of its FEN.
      for (const header of text.split(/\n(?!\s*\[)/)) {
        const fen = /\[FEN\s+"([^"]*)"\]/.exec(header)?.[1];
        if (fen === undefined) continue;
        const type = /\[GameType\s+"(\d+)/.exec(header)?.[1];
        const variant = (type ? variantByGameType(Number(type)) : undefined) ?? defaults[path.basename(file)] ?? international;
        found.set(`${file}\n${fen}\n${variant.name}`, { file, fen, variant });
      }
    }
  }
  return [...found.values()];
}

function strings(x: unknown): string[] {
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap(strings);
  if (x && typeof x === 'object') return Object.values(x).flatMap(strings);
  return [];
}

describe('parseFen: the FENs of the real games (test/fixtures/oracles/games)', () => {
  const fens = gameFens();
  it('finds the FEN tags of the Russian, Brazilian and PDN-corpus games', () => {
    expect(new Set(fens.map((f) => path.basename(f.file)))).toEqual(
      new Set(['ussr1947.pdn', 'brazilian_random_pdns.json', 'russian_random_pdns.json', 'fen.pdn']),
    );
  });
  for (const { file, fen, variant } of fens) {
    it(`${file} (${variant.name}): [FEN "${fen}"] reads, and writes back to the same position`, () => {
      const pos = ok(parseFen(variant, fen));
      const again = ok(parseFen(variant, writeFen(pos)));
      expect(again.board).toEqual(pos.board);
      expect(again.turn).toBe(pos.turn);
      const men = material(pos, 'white').men + material(pos, 'black').men;
      if (men === variant.geometry.squares - variant.geometry.size) {
        // a full set of men: the game starts from the variant's start position
        expect(pos.board).toEqual(ok(parseFen(variant, variant.startFen)).board);
      }
    });
  }
});

/** A random position of a variant: any piece on any square, either side to move. */
const arbPosition: fc.Arbitrary<Position> = fc.constantFrom(...allVariants).chain((v) =>
  fc
    .record({
      cells: fc.array(fc.constantFrom(EMPTY, EMPTY, EMPTY, WHITE_MAN, BLACK_MAN, WHITE_KING, BLACK_KING), {
        minLength: v.geometry.squares,
        maxLength: v.geometry.squares,
      }),
      turn: fc.constantFrom('white' as const, 'black' as const),
    })
    .map(({ cells, turn }) => createPosition(v, Uint8Array.from(cells), turn)),
);

const fenChars = [...'WBwbKk?:,-. 0123456789abcdefghijAHx\t'];

describe('FEN properties (fast-check, seeded)', () => {
  it('writeFen then parseFen gives back the position, for random positions of every variant', () => {
    fc.assert(
      fc.property(arbPosition, (pos) => {
        const fen = writeFen(pos);
        const r = parseFen(pos.variant, fen);
        expect(r.ok && r.warnings).toEqual([]);
        const back = ok(r);
        expect(back.board).toEqual(pos.board);
        expect(back.turn).toBe(pos.turn);
        expect(writeFen(back)).toBe(fen);
      }),
      { seed: 20260101, numRuns: 1000 },
    );
  });

  it('the liberal forms (lower case, spaces, a trailing `.`) read as the strict one', () => {
    fc.assert(
      fc.property(arbPosition, fc.boolean(), (pos, dot) => {
        const fen = writeFen(pos);
        const loose = fen.toLowerCase().replace(/([:,])/g, '$1 ').replace(/-/g, ' - ') + (dot ? ' .' : '  ');
        const back = ok(parseFen(pos.variant, loose));
        expect(back.board).toEqual(pos.board);
        expect(back.turn).toBe(pos.turn);
      }),
      { seed: 20260102, numRuns: 500 },
    );
  });

  it('parseFen never throws, and an error points inside the text', () => {
    const arbText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...fenChars), maxLength: 60 }),
      // a valid FEN with a few characters replaced
      fc
        .tuple(arbPosition, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...fenChars)), { maxLength: 4 }))
        .map(([pos, edits]) => {
          const chars = [...writeFen(pos)];
          for (const [i, c] of edits) chars[i % chars.length] = c;
          return chars.join('');
        }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...allVariants), arbText, (v, text) => {
        const r = parseFen(v, text);
        if (r.ok) {
          expect(r.position.board).toHaveLength(v.geometry.squares);
        } else {
          expect(r.error.offset).toBeGreaterThanOrEqual(0);
          expect(r.error.offset).toBeLessThanOrEqual(text.length);
          expect(r.error.reason.length).toBeGreaterThan(0);
        }
      }),
      { seed: 20260103, numRuns: 2000 },
    );
  });
});

describe('parseFen: time linear in the text', () => {
  // The end of the FEN was trimmed with /\s+$/, which a regular expression engine tries from
  // every space of a run: 40,000 spaces inside a FEN took 1.4 s, 200,000 would take 35 s.
  it.each([
    ['spaces inside', `W${' '.repeat(200_000)}:W31`],
    ['spaces at the end', `W:W31-50:B1-20${' '.repeat(200_000)}`],
    ['spaces in a piece', `W:W31${' '.repeat(200_000)}x`],
    ['spaces around a range', `W:W31${' '.repeat(100_000)}-${' '.repeat(100_000)}x`],
  ])('%s: 200,000 of them read in linear time', async (_what, text) => {
    // A quarter of the spaces in each run, from the same text.
    const quarter = text.replace(/ +/g, (run) => run.slice(0, run.length / 4));
    const g = await growth((n) => (n === 1 ? quarter : text), (fen) => parseFen(international, fen), 1);
    // Four times the spaces cost about four times the time, measured in the same run; a trim
    // tried from every space costs sixteen times.
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(10);
  });
});
