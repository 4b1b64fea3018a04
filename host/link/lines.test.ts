import { describe, expect, it } from 'vitest';
import { growth } from '../../test/growth.ts';
import { LineSplitter } from './lines.ts';
import { decodeBoardLine } from './protocol/decode.ts';
import { LIMITS } from './protocol/messages.ts';

/** Feeds `chunks` through a splitter; the lines it hands on. */
async function split(chunks: readonly (Buffer | string)[], maxLine: number = LIMITS.maxLine): Promise<{ lines: string[] }> {
  const s = new LineSplitter(maxLine);
  const lines: string[] = [];
  s.on('data', (l: string) => lines.push(l));
  const ended = new Promise((resolve) => s.on('end', resolve));
  for (const c of chunks) s.write(c);
  s.end();
  await ended;
  return { lines };
}

describe('LineSplitter', () => {
  it('splits at \\n across chunks, keeps a \\r for the codec, skips empty lines, drops an unfinished last line', async () => {
    expect((await split(['HB 1 ', '2*AB\nSN', 'AP\r\n\n\nOK', ' X\nhalf'])).lines).toEqual(['HB 1 2*AB', 'SNAP\r', 'OK X']);
  });

  it('keeps bytes as bytes (latin1)', async () => {
    expect((await split([Buffer.from([0x41, 0xff, 0x00, 0x0a])])).lines).toEqual(['A\u00ff\u0000']);
  });

  it('a line of exactly the limit (and its \\r) passes; one byte more is handed on once, cut, and refused as long', async () => {
    const max = 'x'.repeat(10);
    expect((await split([`${max}\r\n${max}\n`], 10)).lines).toEqual([`${max}\r`, max]);
    const { lines } = await split([`${max}yz`, 'more and more\nnext\n'], 10);
    expect(lines).toEqual([`${max}yz`, 'next']);
    const long = 'x'.repeat(LIMITS.maxLine + 1);
    expect(decodeBoardLine((await split([`${long}\r\n`])).lines[0])).toMatchObject({ ok: false, error: { kind: 'long' } });
    // A line whose cut falls on a \r is still too long for the codec.
    expect(decodeBoardLine((await split([`${'x'.repeat(LIMITS.maxLine)}\r\r\n`])).lines[0])).toMatchObject({ ok: false, error: { kind: 'long' } });
  });

  it('megabytes without a line end: one long line reported at once, the rest dropped, in linear time, then lines again', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const input = (mb: number) => [...Array.from({ length: mb * 16 }, () => chunk), 'end of it\nHB 1 2*AB\n'];
    const { lines } = await split(input(8));
    expect(lines.map((l) => l.length)).toEqual([LIMITS.maxLine + 2, 9]);
    expect(lines.at(-1)).toBe('HB 1 2*AB');
    // The parser it replaces took 5.7 s for 2 MB, and four times that for twice the input: here
    // four times the input costs about four times the time, measured in the same run, not sixteen.
    const g = await growth(input, split, 1);
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(10);
  });
});
