import { Duplex } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFaultInjector, LineFaults, mulberry32 } from './fault.ts';
import { decodeBoardLine } from '../protocol/decode.ts';
import { encodeBoardMessage } from '../protocol/encode.ts';

const lines = (n: number) => Array.from({ length: n }, (_, i) => encodeBoardMessage({ type: 'hb', seq: i + 1, ms: i * 100 }, 50));
const text = (bufs: Buffer[]) => Buffer.concat(bufs).toString('latin1');
const split = (s: string) => s.split('\n').filter((l) => l !== '').map((l) => `${l}\n`);

describe('fault: seeded PRNG', () => {
  it('the same seed gives the same numbers, all in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });
});

describe('fault: LineFaults', () => {
  const table: { name: string; rates: ConstructorParameters<typeof LineFaults>[0]; check: (input: string[], out: string[], f: LineFaults) => void }[] = [
    { name: 'no rates: every line passes unchanged', rates: {}, check: (i, o) => expect(o).toEqual(i) },
    {
      name: 'drop 1: nothing passes, every line counted',
      rates: { drop: 1 },
      check: (i, o, f) => {
        expect(o).toEqual([]);
        expect(f.stats).toMatchObject({ lines: i.length, dropped: i.length });
      },
    },
    { name: 'duplicate 1: every line twice', rates: { duplicate: 1 }, check: (i, o) => expect(o).toEqual(i.flatMap((l) => [l, l])) },
    { name: 'reorder 1: pairs swapped', rates: { reorder: 1 }, check: (i, o) => expect(o).toEqual([i[1], i[0], i[3], i[2], i[5], i[4]]) },
    {
      name: 'flip 1: every line differs in one bit, keeps its line end, and fails its CRC or frame',
      rates: { flip: 1 },
      check: (i, o, f) => {
        expect(o.length).toBe(i.length);
        o.forEach((line, k) => {
          const a = Buffer.from(i[k], 'latin1');
          const b = Buffer.from(line, 'latin1');
          let bits = 0;
          for (let j = 0; j < a.length; j++) bits += (a[j] ^ b[j]).toString(2).replace(/0/g, '').length;
          expect(bits).toBe(1);
          expect(line.endsWith('\n')).toBe(true);
          expect(decodeBoardLine(line).ok).toBe(false);
        });
        expect(f.stats.flipped).toBe(i.length);
      },
    },
  ];
  it.each(table)('$name', ({ rates, check }) => {
    const input = lines(6);
    const f = new LineFaults(rates, mulberry32(7));
    const out = split(text(f.push(Buffer.from(input.join(''), 'latin1'))) + text(f.flush()));
    check(input, out, f);
  });

  it('a held-back line is released by flush', () => {
    const f = new LineFaults({ reorder: 1 }, mulberry32(1));
    expect(f.push(Buffer.from(lines(1)[0]))).toEqual([]);
    expect(text(f.flush())).toBe(lines(1)[0]);
  });

  it('property: the faults do not depend on how the bytes are chunked', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 30 }), (seed, cuts) => {
        const all = Buffer.from(lines(30).join(''), 'latin1');
        const rates = { drop: 0.2, duplicate: 0.2, reorder: 0.2, flip: 0.2 };
        const whole = new LineFaults(rates, mulberry32(seed));
        const expected = text([...whole.push(all), ...whole.flush()]);
        const pieces = new LineFaults(rates, mulberry32(seed));
        const got: Buffer[] = [];
        let at = 0;
        for (let k = 0; at < all.length; k++) {
          const n = cuts[k % cuts.length];
          got.push(...pieces.push(all.subarray(at, at + n)));
          at += n;
        }
        got.push(...pieces.flush());
        expect(text(got)).toBe(expected);
        expect(pieces.stats).toEqual(whole.stats);
      }),
    );
  });

  it('rates are rates: about 30% of 5000 lines dropped', () => {
    const f = new LineFaults({ drop: 0.3 }, mulberry32(99));
    f.push(Buffer.from(lines(5000).join(''), 'latin1'));
    expect(f.stats.dropped / 5000).toBeGreaterThan(0.27);
    expect(f.stats.dropped / 5000).toBeLessThan(0.33);
  });
});

/** A stand-in for a port stream: `arrive` is what the device sends, `written` what it got. */
class FakePort extends Duplex {
  written: Buffer[] = [];
  override _read(): void {}
  override _write(chunk: Buffer, _e: BufferEncoding, cb: () => void): void {
    this.written.push(chunk);
    cb();
  }
  arrive(s: string): void {
    this.push(Buffer.from(s, 'latin1'));
  }
}

describe('fault: the stream wrapper', () => {
  it('faults what is read and what is written, with one PRNG and counters across ports', async () => {
    const inj = createFaultInjector({ seed: 5, read: { duplicate: 1 }, write: { drop: 1 } });
    const port = new FakePort();
    const io = inj.wrap(port);
    const got: string[] = [];
    io.on('data', (b: Buffer) => got.push(b.toString('latin1')));
    port.arrive('A*00\nB*');
    port.arrive('00\n');
    await new Promise((r) => setImmediate(r));
    expect(got.join('')).toBe('A*00\nA*00\nB*00\nB*00\n');
    await new Promise<void>((r) => io.write('SNAP*00\n', () => r()));
    expect(port.written).toEqual([]);
    const port2 = new FakePort();
    const io2 = inj.wrap(port2);
    inj.write.rates = {};
    await new Promise<void>((r) => io2.write('HELLO*00\n', () => r()));
    expect(Buffer.concat(port2.written).toString()).toBe('HELLO*00\n');
    expect(inj.stats.read).toMatchObject({ lines: 2, duplicated: 2 });
    expect(inj.stats.write).toMatchObject({ lines: 2, dropped: 1 });
  });
});
