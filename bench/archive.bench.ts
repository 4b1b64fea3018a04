import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roundGames } from '../host/archive/testing/roundGames.ts';
import { cliPeak } from '../test/pdnMemory.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * `dambord archive import` of N and then 2N games into one round of a new archive, each in a
 * process of its own: the time of the import (CPU and wall clock, the fastest of two runs) and
 * the process's peak memory, the 2N figures beside the N ones as the baseline, so the ratio is
 * about 2 for a linear cost and 4 for a quadratic one. Before the import read the round's folder
 * and scanned the index for every game, 1,000 / 2,000 / 4,000 games took 7.9 / 22.2 / 54.2 s.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const n = opts.quick ? 250 : 2000;
  const small = twice(n);
  const large = twice(2 * n);
  const row = (what: string, unit: string, pick: (m: Measure) => number, note: string): BenchResult => ({
    name: `archive import, ${2 * n} games of one round: ${what}`,
    figure: pick(large),
    unit,
    better: 'lower',
    baseline: { name: `${n} games`, figure: pick(small) },
    ratio: pick(large) / pick(small),
    note,
  });
  return [
    row('CPU time', 's', (m) => m.cpu, 'ratio about 2: linear; 4: quadratic'),
    row('wall clock', 's', (m) => m.wall, 'the machine may be shared: the CPU time is the steadier figure'),
    row('peak memory', 'MB', (m) => m.maxRss / 1e6, 'the process, Node itself included; the index and one file of games are held'),
  ];
}

interface Measure {
  readonly cpu: number;
  readonly wall: number;
  readonly maxRss: number;
}

/** The fastest of two imports of `n` games (the smaller peak memory too). */
function twice(n: number): Measure {
  const a = importOnce(n);
  const b = importOnce(n);
  return { cpu: Math.min(a.cpu, b.cpu), wall: Math.min(a.wall, b.wall), maxRss: Math.min(a.maxRss, b.maxRss) };
}

/** `dambord archive import` of `n` games of one round into a new archive, in a new Node process. */
function importOnce(n: number): Measure {
  const dir = mkdtempSync(path.join(tmpdir(), 'dambord-bench-archive-'));
  try {
    const source = path.join(dir, 'round.pdn');
    writeFileSync(source, roundGames(n));
    const r = cliPeak(['archive', 'import', '--archive', path.join(dir, 'archive'), source]);
    if (r.code !== 0) throw new Error(`archive import of ${n} games exited ${r.code}: ${r.stdout.slice(-300)}`);
    return r;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
