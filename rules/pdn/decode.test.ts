// Text files in UTF-16 (hardening issue): a PDN file or an action script saved as UTF-16, with
// a byte order mark or without one, is decoded, not read as UTF-8 or latin-1 (which gave
// "Unexpected 'ÿ'"); lines and columns are those of the same text in UTF-8.
import { describe, expect, it } from 'vitest';
import { decodePdnBytes, decodeText } from './decode.ts';
import { readPdn } from './game.ts';

/** `text` as UTF-16 bytes, little- or big-endian, with a byte order mark or not. */
function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const units = (bom ? '\ufeff' : '') + text;
  const out = new Uint8Array(units.length * 2);
  for (let k = 0; k < units.length; k++) {
    const u = units.charCodeAt(k);
    out[2 * k + (endian === 'le' ? 0 : 1)] = u & 0xff;
    out[2 * k + (endian === 'le' ? 1 : 0)] = u >> 8;
  }
  return out;
}

const GAME = '[Event "Zoë’s club"]\r\n[White "Ren\u00e9"]\r\n1. 32-28 19-23 2. 28x19 14x24 {“wrong”} *\r\n';

describe('decodeText', () => {
  it.each([
    ['little-endian with a byte order mark', 'le', true],
    ['big-endian with a byte order mark', 'be', true],
    ['little-endian without one', 'le', false],
    ['big-endian without one', 'be', false],
  ] as const)('decodes UTF-16 %s', (_what, endian, bom) => {
    expect(decodeText(utf16(GAME, endian, bom))).toBe(GAME.replace(/\r\n/g, '\n'));
  });

  it('keeps characters outside the BMP and ends a cut-off last code unit with U+FFFD', () => {
    const bytes = utf16('{♔ 𝄞}', 'le', true);
    expect(decodeText(bytes)).toBe('{♔ 𝄞}');
    expect(decodeText(bytes.subarray(0, bytes.length - 1))).toBe('{♔ 𝄞\ufffd');
  });

  it('skips a UTF-8 byte order mark silently, and reads UTF-8 and latin-1 as before', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0xc3, 0xa9]))).toBe('[é');
    expect(decodeText(new Uint8Array([0x5b, 0xe9, 0x93, 0x41]))).toBe('[é“A');
  });

  it('recognises UTF-16 without a byte order mark though a few characters have a NUL byte on the other side (U+0100)', () => {
    const text = '[White "Ā. Āō"]\n1. 32-28 *\n';
    expect(decodeText(utf16(text, 'le', false))).toBe(text);
    expect(decodeText(utf16(text, 'be', false))).toBe(text);
  });

  it('does not take one NUL byte in UTF-8 text for UTF-16, and the reader names it by its code point', () => {
    expect(decodeText(new TextEncoder().encode('1. 32-28 \0 *'))).toBe('1. 32-28 \0 *');
    expect(readPdn(new TextEncoder().encode('1. 32-28 \0 *')).games[0].error).toMatchObject({
      pos: { line: 1, column: 10 },
      reason: expect.stringMatching(/^Unexpected control character U\+0000 at line 1, column 10: /),
    });
  });

  it('is what decodePdnBytes does', () => {
    expect(decodePdnBytes).toBe(decodeText);
  });
});

describe('readPdn of a UTF-16 file', () => {
  it('reads the game as in UTF-8, its error at the same line and column', () => {
    const utf8 = readPdn(new TextEncoder().encode(GAME)).games;
    expect(utf8[0].error).toMatchObject({ code: 'illegal-move', pos: { line: 3, column: 25 } });
    for (const endian of ['le', 'be'] as const) {
      for (const bom of [true, false]) {
        const games = readPdn(utf16(GAME, endian, bom)).games;
        expect(games.map((g) => [g.tags, g.error, g.line.length])).toEqual(utf8.map((g) => [g.tags, g.error, g.line.length]));
      }
    }
  });
});
