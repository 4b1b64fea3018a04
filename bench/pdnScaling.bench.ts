import { statSync } from 'node:fs';
import { parsePdnText } from '../rules/index.ts';
import { runCliBuffered } from '../host/cli/testing.ts';
import { longComment, nestedVariations } from '../rules/pdn/testing/hostile.ts';
import { growth } from '../test/growth.ts';
import { largePdnFile, pdnCheckPeak } from '../test/pdnMemory.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * How the PDN reader and `dambord pdn convert` / `pdn check` scale with hostile input (the
 * hardening issue): the time on an input twice as large as another, beside the time on the
 * other as the baseline, so the ratio is about 2 for a linear cost and 4 for a quadratic one
 * (the fastest of a few runs each); and the peak memory of `pdn check` on a large file of real
 * games in a process of its own. Figures before the fixes, on the machine they were measured
 * on: 256 KB of slashes read in 37 s, 40,000 tags converted in 5.9 s, variations 2,000 deep and
 * a comment of ~120k words crashed, and pdn check of 50 MB peaked at 3.0 GB.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const k = opts.quick ? 1 / 4 : 1;
  const convert = async (text: string) => {
    const r = await runCliBuffered(['pdn', 'convert', '-'], text);
    if (r.code !== 0) throw new Error(`pdn convert failed: ${r.stderr.slice(0, 200)}`);
  };
  const line = (unit: string) => (n: number) => unit.repeat(Math.ceil(n / unit.length));
  const tags = (n: number) => `${Array.from({ length: n }, (_, i) => `[Tag${i} "value ${i}"]\n`).join('')}1. 32-28 *\n`;
  const comment = (n: number) => `1. 32-28 {${longComment(n)}} *\n`;
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const results: BenchResult[] = [];
  const doubled = async <T>(what: string, size: (n: number) => string, make: (n: number) => T, runOnce: (input: T) => unknown, n: number) => {
    const g = await growth(make, runOnce, Math.round(n * k), 2);
    results.push({
      name: `${what}, ${size(Math.round(2 * n * k))}`, figure: g.large, unit: 'ms', better: 'lower',
      baseline: { name: `half as large, ${size(Math.round(n * k))}`, figure: g.small }, ratio: g.ratio,
      note: 'ratio about 2: linear; 4: quadratic',
    });
  };
  await doubled('parsePdnText: a line of slashes', kb, line('/'), parsePdnText, 256 * 1024);
  await doubled('parsePdnText: a line of tags', kb, line('[Event "x"]'), parsePdnText, 256 * 1024);
  await doubled('pdn convert: one game with many tags', (n) => `${n} tags`, tags, convert, 40_000);
  await doubled('pdn convert: variations nested deep', (n) => `${n} levels`, (n) => nestedVariations(n), convert, 50_000);
  await doubled('pdn convert: one long comment', (n) => `${n} words`, comment, convert, 1_000_000);

  const large = largePdnFile(50e6 * k);
  const mb = statSync(large.file).size / 1e6;
  let peak: ReturnType<typeof pdnCheckPeak>;
  try {
    peak = pdnCheckPeak(large.file);
  } finally {
    large.remove();
  }
  if (peak.code !== 0) throw new Error(`pdn check failed: ${peak.stdout.slice(-200)}`);
  results.push({
    name: `pdn check: peak memory, ${mb.toFixed(0)} MB of real games`, figure: peak.maxRss / 1e6, unit: 'MB', better: 'lower',
    baseline: { name: 'the size of the file', figure: mb }, ratio: peak.maxRss / 1e6 / mb,
    note: 'one game at a time; the file, its text and Node itself stay in memory',
  });
  return results;
}
