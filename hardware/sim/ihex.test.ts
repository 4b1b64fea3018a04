import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIntelHex } from './ihex.ts';

/** A record with its checksum. */
function rec(type: number, addr: number, data: number[]): string {
  const bytes = [data.length, addr >> 8, addr & 0xff, type, ...data];
  const sum = (0x100 - (bytes.reduce((a, b) => a + b, 0) & 0xff)) & 0xff;
  return ':' + [...bytes, sum].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
}
const EOF = ':00000001FF';

describe('parseIntelHex', () => {
  it('reads data records as little-endian words; unwritten flash is erased (0xFFFF)', () => {
    const r = parseIntelHex([rec(0, 0x0000, [0x0c, 0x94, 0xb9, 0x01]), rec(0, 0x0010, [0x11, 0x24]), EOF].join('\n'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.program.length).toBe(16384);
    expect([...r.program.subarray(0, 3)]).toEqual([0x940c, 0x01b9, 0xffff]);
    expect(r.program[8]).toBe(0x2411);
    expect(r.bytes).toBe(6);
    expect(r.end).toBe(0x12);
  });

  it('applies extended segment (02) and extended linear (04) addresses', () => {
    const seg = parseIntelHex([rec(2, 0, [0x01, 0x00]), rec(0, 0x0002, [0xaa, 0xbb]), EOF].join('\r\n'));
    expect(seg.ok && seg.program[(0x1000 + 2) / 2]).toBe(0xbbaa);
    const lin = parseIntelHex([rec(4, 0, [0x00, 0x00]), rec(0, 0x7ffe, [0x01, 0x02]), EOF].join('\n'));
    expect(lin.ok && lin.program[0x3fff]).toBe(0x0201);
  });

  it('refuses a bad checksum, a short record, data past the flash, and a file without an end record', () => {
    const bad = rec(0, 0, [1, 2]).slice(0, -2) + '00';
    expect(parseIntelHex([bad, EOF].join('\n'))).toMatchObject({ ok: false, error: 'bad checksum', line: 1 });
    expect(parseIntelHex(':0400000001FB\n' + EOF)).toMatchObject({ ok: false, line: 1 });
    expect(parseIntelHex([rec(0, 0xfffe, [1, 2, 3, 4]), EOF].join('\n'), 0x10000)).toMatchObject({ ok: false, line: 1 });
    expect(parseIntelHex(rec(0, 0, [1, 2]))).toMatchObject({ ok: false, error: 'no end-of-file record' });
    expect(parseIntelHex('hello\n' + EOF)).toMatchObject({ ok: false, error: 'not an Intel HEX record', line: 1 });
  });

  it('reads the committed firmware: the reset vector jumps into the program', () => {
    for (const size of ['10x10', '8x8']) {
      const r = parseIntelHex(readFileSync(new URL(`../../firmware/hex/dambord-${size}.hex`, import.meta.url), 'utf8'));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.program[0]).toBe(0x940c); // JMP k: the vector table
      expect(r.end).toBeGreaterThan(7000);
      expect(r.end).toBeLessThanOrEqual(16384); // the firmware's flash budget
    }
  });
});
