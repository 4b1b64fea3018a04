// Arbitraries for fuzzing the PDN reader (fast-check): texts that are nearly PDN, and where each
// offset of a text is, as the reader counts lines and columns.
import fc from 'fast-check';
import { ORACLE_FILES, oracleTexts } from '../../../test/oracles.ts';
import { decodeText } from '../decode.ts';

/** The line and column of each offset of `text`, counted as the reader counts them: `\n`, `\r\n` and a lone `\r` end a line. */
export function positions(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** Tokens of PDN and a few that are not, to make texts that are nearly PDN. */
export const PDN_TOKEN = fc.constantFrom(
  '[Event "x"]', '[White "Ann \\"A\\""]', '[GameType "21"]', '[GameType "25"]', '[GameType "99"]', '[Variant "Russian"]', '[FEN "W:W31-50:B1-20"]', '[FEN "B:W18,K40:B14"]',
  '[FEN "x"]', '[Result "4-6"]', '[Event', '[ "x"]', '[Round 3]', '1.', '12...', '1...', '...', '32-28', '19-23', '28x19', '14x23', '33-29', '31-27', '18-23', '13x24',
  '32x23x14', 'c3-d4', 'f6-e5', 'd4xf6', 'a3b4', '1- 6', '3228', '51-46', '99-98', ' ', ' ', '\n', '\r\n', '\r', '\t', '{', '}', '{a comment}', '(', ')', '$3', '$',
  '!?', '!', '?', '(?)', '*', '2-0', '0-2', '1-1', '1-0', '1/2-1/2', '1 1/2 - 1/2', '½-½', '½', '4-6', '/FEN "W:W28:B19"/', '/FEN "B:W28"/', '/', ';', '; line comment\n',
  '%', '\n% escape\n', '\\n', '\\', '"', 'x', ':', '.', '0', '#', '\u0000', 'é', '\ufeff', '𝄞',
);

/** The text of every oracle file, decoded, to take real games from. */
const REAL: readonly string[] = ORACLE_FILES.flatMap(({ file }) => oracleTexts(file).map((t) => (typeof t === 'string' ? t : decodeText(t))));

/** A piece of a real file with random edits: spans deleted, repeated, or replaced by a token. */
export const EDITED_REAL_GAMES = fc
  .record({
    file: fc.nat({ max: REAL.length - 1 }),
    start: fc.nat(),
    length: fc.integer({ min: 1, max: 3000 }),
    edits: fc.array(fc.record({ at: fc.nat(), cut: fc.nat({ max: 40 }), put: fc.oneof(PDN_TOKEN, fc.string({ maxLength: 4 })), twice: fc.boolean() }), { maxLength: 6 }),
  })
  .map(({ file, start, length, edits }) => {
    const source = REAL[file];
    const from = source.lastIndexOf('[', start % source.length);
    let text = source.slice(Math.max(0, from), Math.max(0, from) + length);
    for (const e of edits) {
      const at = e.at % (text.length + 1);
      const cut = text.slice(at, at + e.cut);
      text = text.slice(0, at) + (e.twice ? cut + cut : e.put) + text.slice(at + e.cut);
    }
    return text;
  });

/** A text that is PDN, nearly PDN, or not at all: any string, a soup of PDN tokens (apart or glued), or a real game edited. */
export const NEARLY_PDN: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(PDN_TOKEN, { maxLength: 80 }).map((tokens) => tokens.join(' ')),
  fc.array(PDN_TOKEN, { maxLength: 80 }).map((tokens) => tokens.join('')),
  EDITED_REAL_GAMES,
);
