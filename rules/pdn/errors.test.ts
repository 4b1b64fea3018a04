// The codes of the PDN reader's errors and remarks: each comes out of the corrupt text it names,
// with the fatality PDN_ERROR_CODES gives it, and every code in the list is reached.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PdnError, PdnErrorCode } from '../index.ts';
import { PDN_ERROR_CODES, parsePdnText, readPdn } from '../index.ts';

/** Everything readPdn said about a text: remarks outside games, each game's remarks and error. */
function said(text: string): PdnError[] {
  const r = readPdn(text);
  return [...r.errors, ...r.games.flatMap((g) => [...g.remarks, ...(g.error ? [g.error] : [])])];
}

/** A text for each code, as little as shows it. */
const CASES: readonly [PdnErrorCode, string][] = [
  ['unterminated-comment', '1. 32-28 {never closed'],
  ['nested-comment', '1. 32-28 { a { b } }'],
  ['tag-without-name', '[ "x"]\n1. 32-28 *'],
  ['unclosed-tag', '[Event NK\n1. 32-28 *'],
  ['unclosed-tag', '[Event "NK\n1. 32-28 *'],
  ['unclosed-setup', '1. 32-28 /FEN "W:W31"'],
  ['nag-without-number', '1. 32-28 $x'],
  ['lone-dot', '1. 32-28 . 19-23 *'],
  ['long-move-number', '1234567. 32-28 *'],
  ['not-a-result', '1. 32-28 ½x'],
  ['not-a-move', '1. 32-28 hello'],
  ['not-a-move', '1. 32 19-23'],
  ['not-a-move', '1. 32-28x'],
  ['unexpected-character', '1. 32-28 #'],
  ['unexpected-character', '1. 32-28 } 19-23'],
  ['unquoted-tag-value', '[Event NK]\n1. 32-28 *'],
  ['tag-missing-bracket', '[Event "NK"\n1. 32-28 *'],
  ['unescaped-quote', '[Event "the "best" game"]\n1. 32-28 *'],
  ['setup-not-fen', '/W:W31-50:B1-20/ 1. 32-28 *'],
  ['escaped-line-break', '[Event "a"]\\n1. 32-28 *'],
  ['unclosed-variation', '1. 32-28 (33-28'],
  ['unmatched-close', '1. 32-28 ) 19-23 *'],
  ['unmatched-close', ') [Event "x"]\n1. 32-28 *'],
  ['annotation-without-move', '[Event "x"] $1 1. 32-28 *'],
  ['annotation-without-move', '$1 [Event "x"]\n1. 32-28 *'],
  ['variation-without-move', '[Event "x"]\n(32-28) 1. 33-28 *'],
  ['comment-without-move', '1. 32-28 ({c}) 19-23 *'],
  ['empty-variation', '1. 32-28 () 19-23 *'],
  ['result-in-variation', '1. 32-28 (33-28 2-0) 19-23 *'],
  ['no-game', '1. 32-28 *\n{trailing}'],
  ['unknown-game-type', '[GameType "30"]\n1. 32-28 *'],
  ['variant-guessed', '1. 11-15 23-19 *'],
  // b6xd8xf6: a Russian man is crowned on d8 and captures on as a king; a Brazilian one passes d8 as a man (FMJD 4.15).
  ['variant-ambiguous', '[FEN "W:Wb6,g7:Bc7,e7,a7"]\n1. b6xf6 a7-b6 2. g7-h8 b6-a5 3. h8-g7 *'],
  ['fen-turn-assumed', '[FEN "?:W31-50:B1-20"]\n1. 32-28 *'],
  ['fen-field-ignored', '[FEN "W:W31-50:B1-20:H0"]\n1. 32-28 *'],
  ['invalid-fen-tag', '[FEN "W:W31-50:B1-20,20"]\n1. 32-28 *'],
  ['invalid-setup', '1. 32-28 /FEN "W:W99"/ *'],
  ['illegal-move', '1. 32-23 *'],
  ['ambiguous-move', '[FEN "W:WK47:B14,19,29,31,42"]\n1. 47x36 *'],
  ['unreadable-move', '1. 51-46 *'],
  ['split-capture', '[FEN "W:WK47:B14,19,29,31,42"]\n1. 47x38 38x24 24x13 13x36 *'],
  ['in-variation', '1. 32-28 (32-23) 19-23 *'],
  ['in-variation', '1. 32-28 (/FEN "W:W99"/) 19-23 *'],
];

describe('PDN error codes', () => {
  it.each(CASES)('%s for %j, and nothing else', (code, text) => {
    expect(said(text).map((e) => e.code)).toEqual([code]);
  });

  it('every code of PDN_ERROR_CODES comes out of one of the texts above', () => {
    expect([...new Set(CASES.map(([code]) => code))].sort()).toEqual(Object.keys(PDN_ERROR_CODES).sort());
  });

  it('an error is fatal exactly when its code is', () => {
    for (const [, text] of CASES) for (const e of said(text)) expect(e.fatal, e.code).toBe(PDN_ERROR_CODES[e.code].fatal);
  });

  it('a code drops text exactly when its sentence says the text was ignored or a variation was cut short', () => {
    for (const [, text] of CASES) {
      for (const e of said(text)) expect(/\b(was|were) ignored\b/.test(e.reason) || e.reason.startsWith('in a variation:'), e.code).toBe(PDN_ERROR_CODES[e.code].dropped);
    }
  });

  it('the error that ends a game is the last one of the game, with a fatal code', () => {
    const bad = parsePdnText('[Event "a"]\n1. 32-28 ) {x { y } } 19-23 *\n[Event "b"]\n1. 32-28 *').games[0];
    expect(bad.errors.map((e) => [e.code, e.fatal])).toEqual([
      ['unmatched-close', false],
      ['nested-comment', true],
    ]);
  });

  it('a fatal error of the syntax stops the replay with its own code', () => {
    expect(readPdn('1. 32-28 19-23 2. 28x19 hello').games[0].error?.code).toBe('not-a-move');
  });

  it('random PDN-like text gives only errors whose fatality is their code\'s', () => {
    const token = fc.constantFrom('[Event "x"]', '[FEN "W:W31"]', '1.', '12...', '32-28', '19-23', '28x19', '(', ')', '{c}', '{', '}', '$1', '!?', '*', '2-0', '/FEN "W:W32"/', '.', '½', '#', 'x1', '\\n', '\n');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        for (const e of said(tokens.join(' '))) expect(e.fatal, e.code).toBe(PDN_ERROR_CODES[e.code].fatal);
      }),
      { numRuns: 300 },
    );
  });
});
