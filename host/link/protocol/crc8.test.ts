import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc8, crcHex } from './crc8.ts';

/** Bit-by-bit reference: poly 0x07, init 0, no reflection, no final XOR (CRC-8/SMBUS). */
function reference(bytes: readonly number[]): number {
  let c = 0;
  for (const b of bytes) {
    c ^= b;
    for (let i = 0; i < 8; i++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
  }
  return c;
}

describe('crc8: CRC-8/SMBUS as docs/protocol.md "Lines" defines it', () => {
  const table: [string, number][] = [
    ['', 0x00],
    ['123456789', 0xf4], // the catalogue check value of CRC-8/SMBUS
    ['A', 0xc0],
    ['HELLO', reference([...Buffer.from('HELLO')])],
    ['EV 1 5120 L 32', reference([...Buffer.from('EV 1 5120 L 32')])],
  ];
  it.each(table)('crc8(%j) = %i', (text, want) => {
    expect(crc8(text)).toBe(want);
    expect(crc8(Buffer.from(text, 'latin1'))).toBe(want);
  });

  it('writes two upper-case hex digits', () => {
    expect(crcHex('123456789')).toBe('F4');
    expect(crcHex('')).toBe('00');
    expect(crcHex('A')).toBe('C0');
  });

  it('property: the table matches the bit-by-bit definition, for strings and bytes alike', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const want = reference([...bytes]);
        expect(crc8(bytes)).toBe(want);
        expect(crc8(Buffer.from(bytes).toString('latin1'))).toBe(want);
      }),
    );
  });

  it('property: any single flipped bit changes the CRC (every one-line corruption of one bit is caught)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 120 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (bytes, at, bit) => {
        const flipped = Uint8Array.from(bytes);
        flipped[at % bytes.length] ^= 1 << bit;
        expect(crc8(flipped)).not.toBe(crc8(bytes));
      }),
    );
  });
});
