import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16, crcHex, legacyCrc8 } from './crc.ts';

/** Bit-by-bit reference: poly 0x1021, init 0xFFFF, no reflection, no final XOR (CRC-16/CCITT-FALSE). */
function reference(bytes: readonly number[]): number {
  let c = 0xffff;
  for (const b of bytes) {
    c ^= b << 8;
    for (let i = 0; i < 8; i++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
  }
  return c;
}

describe('crc16: CRC-16/CCITT-FALSE as docs/protocol.md "Lines" defines it', () => {
  const table: [string, number][] = [
    ['', 0xffff],
    ['123456789', 0x29b1], // the catalogue check value of CRC-16/CCITT-FALSE
    ['A', 0xb915],
    ['HELLO', reference([...Buffer.from('HELLO')])],
    ['EV 1 5120 L 32 3FFFF400FFFFF 0', reference([...Buffer.from('EV 1 5120 L 32 3FFFF400FFFFF 0')])],
  ];
  it.each(table)('crc16(%j) = %i', (text, want) => {
    expect(crc16(text)).toBe(want);
    expect(crc16(Buffer.from(text, 'latin1'))).toBe(want);
  });

  it('writes four upper-case hex digits', () => {
    expect(crcHex('123456789')).toBe('29B1');
    expect(crcHex('')).toBe('FFFF');
    expect(crcHex('SNAP')).toBe('0883');
  });

  it('property: the table matches the bit-by-bit definition, for strings and bytes alike', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const want = reference([...bytes]);
        expect(crc16(bytes)).toBe(want);
        expect(crc16(Buffer.from(bytes).toString('latin1'))).toBe(want);
      }),
    );
  });

  it('property: any damage within 16 bits of a line (one burst) changes the CRC', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 2, maxLength: 128 }), fc.nat(), fc.integer({ min: 1, max: 0xffff }), (bytes, at, burst) => {
        const damaged = Uint8Array.from(bytes);
        const i = at % (bytes.length - 1);
        damaged[i] ^= burst >> 8;
        damaged[i + 1] ^= burst & 0xff;
        expect(crc16(damaged)).not.toBe(crc16(bytes));
      }),
    );
  });
});

describe('legacyCrc8: the CRC-8/SMBUS of protocol 1, to recognise an old board', () => {
  it('has the catalogue check value', () => {
    expect(legacyCrc8('123456789')).toBe(0xf4);
    expect(legacyCrc8('')).toBe(0);
  });
});
