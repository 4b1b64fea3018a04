// The SHA-256 in TypeScript gives node:crypto's digest for every input: empty, each length
// round the 64-byte blocks' padding, non-ASCII text (UTF-8, lone surrogates), bytes and long inputs.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

const node = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('sha256Hex', () => {
  it('gives the digests of FIPS 180-4', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it("gives node:crypto's digest for every length from 0 to 300 bytes, and for text in many scripts", () => {
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 151 + n * 7) & 0xff);
      expect(sha256Hex(bytes), `${n} bytes`).toBe(node(bytes));
      const text = 'a'.repeat(n);
      expect(sha256Hex(text)).toBe(node(text));
    }
    for (const text of ['Derkx, B.', 'Блиндер Б.', 'Ndjofang, J.-M.', 'Ñandú ☃ 象棋 🎲', '\u0000\n\r\t', 'a\ud800b', '\udc00', 'é'.repeat(33), '🎲'.repeat(17)]) {
      expect(sha256Hex(text), text).toBe(node(text));
    }
  });

  it("gives node:crypto's digest for long inputs (a round's feed and more)", () => {
    let seed = 27;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (const n of [1000, 65_536, 200_003, 1_048_577]) {
      const bytes = Uint8Array.from({ length: n }, () => random() & 0xff);
      expect(sha256Hex(bytes), `${n} bytes`).toBe(node(bytes));
      const text = Array.from({ length: n / 8 }, () => String.fromCodePoint(0x20 + (random() % 0x2fff))).join('');
      expect(sha256Hex(text)).toBe(node(text));
    }
  });
});
