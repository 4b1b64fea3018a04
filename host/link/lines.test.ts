import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lines.ts';
import { decodeBoardLine } from './protocol/decode.ts';
import { LIMITS } from './protocol/messages.ts';

/** Feeds `chunks` through a splitter; the lines it hands on, and the time it took (ms). */
async function split(chunks: readonly (Buffer | string)[], maxLine: number = LIMITS.maxLine): Promise<{ lines: string[]; ms: number }> {
  const s = new LineSplitter(maxLine);
  const lines: string[] = [];
  s.on('data', (l: string) => lines.push(l));
  const ended = new Promise((resolve) => s.on('end', resolve));
  const t0 = performance.now();
  for (const c of chunks) s.write(c);
  s.end();
  await ended;
  return { lines, ms: performance.now() - t0 };
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
    const run = (mb: number) => split([...Array.from({ length: mb * 16 }, () => chunk), 'end of it\nHB 1 2*AB\n']);
    await run(1); // warm up
    const a = await run(4);
    const b = await run(8);
    expect(a.lines.map((l) => l.length)).toEqual([LIMITS.maxLine + 2, 9]);
    expect(b.lines.at(-1)).toBe('HB 1 2*AB');
    // The parser it replaces took 5.7 s for 2 MB, and four times that for twice the input;
    // bench/lines.bench.ts shows the time doubling with the input.
    expect(a.ms).toBeLessThan(1000);
    expect(b.ms).toBeLessThan(1000);
  });
});
