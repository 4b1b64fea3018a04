// fuzz: parseFen against any text and texts that are nearly a PDN FEN, in every variant: it
// never throws; it reads a position that writeFen writes back and parseFen reads again as the
// same, or gives an error with a reason and an offset inside the text. DAMBORD_FUZZ_RUNS sets
// the cases (test/fuzz.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../test/fuzz.ts';
import { parseFen, writeFen } from './fen.ts';
import type { Variant } from './variant.ts';
import { variants } from './variants/index.ts';

const VARIANT = fc.constantFrom(...Object.values(variants));

/** parseFen of `text` under `v`, checked: a position that survives writeFen, or an error placed in the text. */
function readCleanly(v: Variant, text: string): void {
  const r = parseFen(v, text);
  if (r.ok) {
    const written = writeFen(r.position);
    const again = parseFen(v, written);
    expect(again.ok && writeFen(again.position), `${JSON.stringify(text)} read as ${written}`).toBe(written);
    expect(r.warnings).toEqual(r.notes.map((n) => n.reason));
  } else {
    expect(r.error.reason.length).toBeGreaterThan(0);
    expect(Number.isInteger(r.error.offset) && r.error.offset >= 0 && r.error.offset <= text.length, `offset ${r.error.offset} in ${JSON.stringify(text)}`).toBe(true);
  }
}

/** Pieces of a FEN, mostly, and a few that are not. */
const PIECE = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 50 }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 50 }).map((s) => `K${s}`) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })).map(([a, b]) => `${a}-${b}`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...'abcdefghijkA'), fc.integer({ min: 0, max: 11 })).map(([f, r]) => `${f}${r}`) },
  { weight: 1, arbitrary: fc.integer({ min: -2, max: 999 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('K', 'k', 'W', 'B', 'w', 'b', '?', ':', ',', ' ', '.', '-', 'x', 'K 40', '1 - 5', '05', '', '\t', '\n', 'é') },
);
/** A side to move, fields of pieces each led by a colour, and an ending. */
const FEN = fc
  .tuple(
    fc.constantFrom('W', 'B', 'w', 'b', '?', '', 'X', ' W '),
    fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom('W', 'B') }, { weight: 1, arbitrary: fc.constantFrom('w', 'b', 'K', '1', '') }), fc.array(PIECE, { maxLength: 12 })), { maxLength: 4 }),
    fc.constantFrom('', '.', ' ', ':H0:F1'),
  )
  .map(([turn, fields, end]) => `${turn}${fields.map(([colour, pieces]) => `:${colour}${pieces.join(',')}`).join('')}${end}`);

describe('fuzz: FEN', () => {
  it('any string', async () => {
    await fuzz('FEN, any string', fc.property(VARIANT, fc.string({ unit: 'binary', maxLength: 200 }), readCleanly), 500);
  });

  it('texts that are nearly a FEN', async () => {
    await fuzz('FEN, nearly FEN', fc.property(VARIANT, FEN, readCleanly), 500);
  });
});
