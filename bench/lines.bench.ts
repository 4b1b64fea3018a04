import { LineSplitter } from '../host/link/lines.ts';
import { LIMITS } from '../host/link/protocol/messages.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The host's line splitter (host/link/lines.ts) on input of one size and of twice that size:
 * the time should double, not quadruple. Two inputs: a board that never ends its line (noise,
 * a wrong baud rate), and a stream of ordinary event lines. The figure is the larger input's
 * time, the baseline the smaller one's; a ratio near 2 is linear.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const mb = opts.quick ? 2 : 16;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const noise = (n: number) => Array.from({ length: n * 16 }, () => chunk);
  const line = Buffer.from('EV 12345 4294967 L 32 3FFFF7C0FFFFF 0*ABCD\n', 'latin1');
  const perChunk = Math.floor(chunk.length / line.length);
  const linesChunk = Buffer.concat(Array.from({ length: perChunk }, () => line));
  const lines = (n: number) => Array.from({ length: n * 16 }, () => linesChunk);

  const time = async (chunks: Buffer[]): Promise<number> => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const s = new LineSplitter(LIMITS.maxLine);
      let count = 0;
      s.on('data', () => count++);
      const ended = new Promise((resolve) => s.on('end', resolve));
      const t0 = performance.now();
      for (const c of chunks) s.write(c);
      s.end();
      await ended;
      best = Math.min(best, performance.now() - t0);
      if (count < 0) throw new Error('unreachable');
    }
    return best;
  };

  const results: BenchResult[] = [];
  for (const [what, make] of [
    ['without a line end', noise],
    ['of EV lines', lines],
  ] as const) {
    await time(make(1)); // warm up
    const small = await time(make(mb));
    const big = await time(make(2 * mb));
    results.push({
      name: `host: line splitter, ${2 * mb} MB ${what}`,
      figure: big,
      unit: 'ms',
      better: 'lower',
      baseline: { name: `${mb} MB`, figure: small },
      ratio: big / small,
      note: 'twice the input: about twice the time (linear); best of 3',
    });
  }
  return results;
}
