// fuzz: the PDN reader against any input. Arbitrary strings and bytes, soups of PDN tokens and
// real games with random edits are read, replayed and written: readPdn never throws, and
// everything it reports is a clean error: a code of PDN_ERROR_CODES with its fatality, at a line
// and column that are where its offset is in the text. Every game read is written again by
// writePdn, and a game replayed without error reads back from what was written (what pdn
// convert relies on). Reading looks at each character a bounded number of times, so any text
// repeated four times costs about four times as much. DAMBORD_FUZZ_RUNS sets the cases
// (test/fuzz.ts); npm test runs a few.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../test/fuzz.ts';
import { decodeText } from './decode.ts';
import type { PdnError } from './errors.ts';
import { PDN_ERROR_CODES } from './errors.ts';
import { readPdn, writePdn } from './game.ts';
import type { SourcePos } from './errors.ts';
import { parsePdnText } from './syntax.ts';
import { EDITED_REAL_GAMES, NEARLY_PDN, PDN_TOKEN, positions } from './testing/arbitraries.ts';
import { looks } from './testing/looks.ts';

/** What is wrong with an error the reader gave for `text`, or null: a clean error has a known code, its fatality and a place in the text. */
function unclean(e: PdnError, text: string, at: (offset: number) => { line: number; column: number }): string | null {
  if (!(e.code in PDN_ERROR_CODES)) return `unknown code ${e.code}`;
  if (e.fatal !== PDN_ERROR_CODES[e.code].fatal) return `${e.code} with fatal ${e.fatal}`;
  if (typeof e.reason !== 'string' || e.reason.length === 0) return `${e.code} without a reason`;
  const p: SourcePos = e.pos;
  if (!Number.isInteger(p.offset) || p.offset < 0 || p.offset > text.length) return `${e.code} at offset ${p.offset}, outside the text`;
  const want = at(p.offset);
  if (p.line !== want.line || p.column !== want.column) return `${e.code} at ${p.line}:${p.column}, but its offset ${p.offset} is at ${want.line}:${want.column}`;
  return null;
}

/** Reads `text` and checks all that the reader, the writer and the read-back say (see the top of this file). */
function readCleanly(text: string): void {
  const at = positions(text);
  const read = readPdn(text);
  const problems: string[] = [];
  for (const e of read.errors) {
    const wrong = unclean(e, text, at);
    if (wrong) problems.push(`outside a game: ${wrong}`);
  }
  read.games.forEach((g, k) => {
    for (const e of [...g.remarks, ...(g.error ? [g.error] : [])]) {
      const wrong = unclean(e, text, at);
      if (wrong) problems.push(`game ${k + 1}: ${wrong}`);
    }
    const written = writePdn(g);
    if (g.error) return;
    const back = readPdn(written, { variant: g.variant }).games;
    if (back.length !== 1 || back[0].error) problems.push(`game ${k + 1} does not read back from ${JSON.stringify(written)}: ${back[0]?.error?.reason ?? `${back.length} games`}`);
  });
  expect(problems).toEqual([]);
}

describe('fuzz: PDN reader', () => {
  it('any string', async () => {
    await fuzz('PDN, any string', fc.property(fc.string({ unit: 'binary', maxLength: 400 }), readCleanly), 300);
  });

  it('any bytes, decoded', async () => {
    await fuzz('PDN, any bytes', fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => readCleanly(decodeText(bytes))), 300);
  });

  it('soups of PDN tokens', async () => {
    await fuzz('PDN, token soups', fc.property(fc.array(PDN_TOKEN, { maxLength: 80 }), (tokens) => readCleanly(tokens.join(' '))), 300);
    await fuzz('PDN, glued token soups', fc.property(fc.array(PDN_TOKEN, { maxLength: 80 }), (tokens) => readCleanly(tokens.join(''))), 300);
  });

  it('real games with random edits', async () => {
    await fuzz('PDN, edited real games', fc.property(EDITED_REAL_GAMES, readCleanly), 100);
  });

  it('any text repeated: four times as long, about four times the characters looked at (linear, not quadratic)', async () => {
    await fuzz(
      'PDN, linear reading',
      fc.property(NEARLY_PDN.filter((unit) => unit.length > 0), (unit) => {
        // At least eight copies in the smaller text: the first copy of a unit may be read more
        // cheaply than the rest (a comment left open at its end swallows the next copy's start),
        // and against one copy that alone looks superlinear (2,206 characters looked at for one
        // copy of a real game edited, 7,593 for each one after).
        const copies = Math.max(8, Math.ceil(2_000 / unit.length));
        const small = looks(() => parsePdnText(unit.repeat(copies)));
        const large = looks(() => parsePdnText(unit.repeat(4 * copies)));
        expect(large / Math.max(small, 1), JSON.stringify(unit)).toBeLessThan(4.5);
      }),
      50,
    );
  });
});
