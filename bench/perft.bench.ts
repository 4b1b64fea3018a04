import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { VariantName } from '../rules/index.ts';
import type { PerftAnswer, PerftTask } from './perft.worker.ts';
import type { EngineName } from './perftWalks.ts';
import { perftWalk } from './perftWalks.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Two things. The command: `dambord perft --variant international 9` (7 with --quick) as a user
 * runs it, a process of its own, wall time (the median of several runs), against the same count
 * made as dambord made it before it counted on every core with a table of positions (bench/
 * perftBefore.ts), in the same run; and depth 10 (8) with the threads it chooses against
 * `--threads 1`. The move generator: every node's moves generated (no table), split across
 * worker threads (one per core): international (depth 9, 7 with --quick) and English (11, 9
 * with --quick), English also with rapid-draughts as the baseline; times start once the workers
 * are loaded and warmed up.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const command = commandResults(opts);
  const workers = await startWorkers(availableParallelism());
  try {
    const international = opts.quick ? 7 : 9;
    const english = opts.quick ? 9 : 11;
    for (const [engine, variant] of [['dambord', 'international'], ['dambord', 'english'], ['rapid-draughts', 'english']] as const)
      await parallelPerft(workers, engine, variant, 5); // warm-up
    const ours = await parallelPerft(workers, 'dambord', 'international', international);
    const oursEnglish = await parallelPerft(workers, 'dambord', 'english', english);
    const theirs = await parallelPerft(workers, 'rapid-draughts', 'english', english);
    const baseline = `rapid-draughts ${rapidVersion()}`;
    const on = `${workers.length} workers, no table`;
    return [
      ...command,
      { name: `perft international ${international}, ${on}`, figure: ours.leaves / ours.seconds / 1e6, unit: 'M leaves/s', better: 'higher', baseline: null, ratio: null, note: checked('international', international, ours.leaves) },
      { name: `perft international ${international} wall time, ${on}`, figure: ours.seconds, unit: 's', better: 'lower', baseline: null, ratio: null },
      {
        name: `perft english ${english}, ${on}`, figure: oursEnglish.leaves / oursEnglish.seconds / 1e6, unit: 'M leaves/s', better: 'higher',
        baseline: { name: baseline, figure: theirs.leaves / theirs.seconds / 1e6 }, ratio: (oursEnglish.leaves / oursEnglish.seconds) / (theirs.leaves / theirs.seconds),
        note: `${checked('english', english, oursEnglish.leaves)}; ${baseline}: ${checked('english', english, theirs.leaves)}`,
      },
      { name: `perft english ${english} wall time`, figure: oursEnglish.seconds, unit: 's', better: 'lower', baseline: { name: baseline, figure: theirs.seconds }, ratio: oursEnglish.seconds / theirs.seconds },
    ];
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Published leaf counts from the start position (test/fixtures/oracles/perft/*.perft). */
const published: Record<string, number> = {
  'international 5': 27117, 'international 7': 1049442, 'international 8': 6483961, 'international 9': 41022423, 'international 10': 258895763,
  'english 5': 7361, 'english 9': 3963680, 'english 11': 85242128,
};

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs `argv` (a node script and its arguments) `times` times: the median wall time in seconds, and the last run's output. */
function timed(argv: string[], times: number): { seconds: number; stdout: string } {
  const seconds: number[] = [];
  let stdout = '';
  for (let i = 0; i < times; i++) {
    const since = performance.now();
    const r = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
    seconds.push((performance.now() - since) / 1000);
    if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
    stdout = r.stdout;
  }
  seconds.sort((a, b) => a - b);
  return { seconds: seconds[Math.floor(seconds.length / 2)], stdout };
}

/** The leaf count at `depth` of a perft output ("DEPTH COUNT" lines), checked against the published one. */
function lastCount(stdout: string, depth: number): string {
  const line = stdout.trimEnd().split('\n').at(-1) ?? '';
  return checked('international', depth, Number(line.split(' ')[1]));
}

/** The command as a user runs it, against what it was before (bench/perftBefore.ts), and its threads against one. */
function commandResults(opts: BenchOptions): BenchResult[] {
  const bin = fileURLToPath(new URL('../host/cli/bin.js', import.meta.url));
  const depth = opts.quick ? 7 : 9;
  const deeper = depth + 1;
  const runs = opts.quick ? 1 : 5;
  const now = timed([bin, 'perft', '--variant', 'international', String(depth)], runs);
  const before = timed(['--import', 'tsx', fileURLToPath(new URL('./perftBefore.ts', import.meta.url)), 'international', String(depth)], opts.quick ? 1 : 3);
  const threads = timed([bin, 'perft', '--variant', 'international', String(deeper)], opts.quick ? 1 : 3);
  const one = timed([bin, 'perft', '--variant', 'international', '--threads', '1', String(deeper)], opts.quick ? 1 : 3);
  return [
    {
      name: `dambord perft --variant international ${depth} (wall, median of ${runs})`, figure: now.seconds, unit: 's', better: 'lower',
      baseline: { name: 'each depth on its own, one thread, no table (before)', figure: before.seconds }, ratio: now.seconds / before.seconds,
      note: `${lastCount(now.stdout, depth)}; before: ${lastCount(before.stdout, depth)}`,
      ...(depth === 9 ? { target: { figure: 1.5, met: now.seconds < 1.5 } } : {}),
    },
    {
      name: `dambord perft --variant international ${deeper} (wall), threads as it chooses (${availableParallelism()} cores)`, figure: threads.seconds, unit: 's', better: 'lower',
      baseline: { name: '--threads 1', figure: one.seconds }, ratio: threads.seconds / one.seconds,
      note: `${lastCount(threads.stdout, deeper)}; --threads 1: ${lastCount(one.stdout, deeper)}`,
    },
  ];
}

function checked(variant: VariantName, depth: number, leaves: number): string {
  const expected = published[`${variant} ${depth}`];
  return leaves === expected ? `${leaves} leaves, as published` : `WRONG COUNT ${leaves}, published ${expected}`;
}

/**
 * A worker thread running `perft.worker.ts`. Node 20 does not apply loader flags given in a
 * Worker's `execArgv` (`--import tsx` fails with ERR_UNKNOWN_FILE_EXTENSION, nodejs/node#47747),
 * so the thread registers tsx itself before it imports the module.
 */
function tsWorker(url: URL): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true });
}

async function startWorkers(n: number): Promise<Worker[]> {
  return Promise.all(
    Array.from({ length: n }, () => new Promise<Worker>((resolve, reject) => {
      const w = tsWorker(new URL('./perft.worker.ts', import.meta.url));
      w.once('message', () => resolve(w));
      w.once('error', reject);
    })),
  );
}

/** Perft of `depth` on `workers`, each taking the next position two plies deep when free. */
function parallelPerft(workers: Worker[], engine: EngineName, variant: VariantName, depth: number): Promise<{ leaves: number; seconds: number }> {
  const split = Math.min(2, depth - 1);
  const total = perftWalk(engine, variant).frontier(split).length;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let next = 0;
    let done = 0;
    let leaves = 0;
    const feed = (w: Worker) => {
      if (next < total) w.postMessage({ engine, variant, split, index: next++, depth: depth - split } satisfies PerftTask);
    };
    const stop = () => workers.forEach((w) => w.removeAllListeners('message').removeAllListeners('error'));
    for (const w of workers) {
      w.on('message', (a: PerftAnswer) => {
        leaves += a.count;
        if (++done < total) return feed(w);
        stop();
        resolve({ leaves, seconds: (performance.now() - start) / 1000 });
      });
      w.on('error', (e) => {
        stop();
        reject(e);
      });
      feed(w);
    }
  });
}

function rapidVersion(): string {
  const pkg = new URL('../package.json', import.meta.resolve('rapid-draughts'));
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
