import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from '../host/cli/args.ts';
import type { BenchResult, BenchRun } from './types.ts';

/**
 * `npm run bench [-- --quick] [--json FILE] [NAME...]`: runs every `bench/*.bench.ts` (or those named, e.g.
 * `perft`) and prints their results as one table. Not part of `npm test`: figures are
 * reported, never asserted.
 */
const args = parseArgs(process.argv.slice(2), { quick: 'boolean', child: 'boolean', json: 'string' });
if (!args.ok) {
  process.stderr.write(`bench: ${args.error}\nUsage: npm run bench -- [--quick] [--json FILE] [NAME...]\n`);
  process.exit(2);
}
const quick = args.options.quick;
const dir = new URL('./', import.meta.url);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => args.positionals.length === 0 || args.positionals.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();
if (modules.length === 0) {
  process.stderr.write(`bench: no benchmark named ${args.positionals.join(', ')}\n`);
  process.exit(2);
}

if (args.options.child) {
  // One module in this process: its results as JSON for the parent.
  const { run } = (await import(new URL(modules[0], dir).href)) as { run: BenchRun };
  process.stdout.write(JSON.stringify(await run({ quick })));
  process.exit(0);
}

console.log(`dambord bench${quick ? ' --quick' : ''}: node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})\n`);
const rows: BenchResult[] = [];
for (const file of modules) {
  // Each module runs in a fresh process, so no module's heap, workers or timers slow the next.
  process.stderr.write(`running ${file} ...\n`);
  const started = performance.now();
  const name = file.replace(/\.bench\.ts$/, '');
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', ...(quick ? ['--quick'] : []), name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
  if (child.status !== 0) {
    process.stderr.write(`bench: ${file} failed (exit ${child.status})\n`);
    process.exitCode = 1;
    continue;
  }
  rows.push(...(JSON.parse(child.stdout) as BenchResult[]));
  process.stderr.write(`${file} took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
console.log(table(rows));
if (args.options.json !== undefined) writeFileSync(args.options.json, `${JSON.stringify(rows, null, 1)}\n`);

function table(results: BenchResult[]): string {
  // A figure that is not a number (NaN or Infinity reach the parent as null through JSON) is shown as such.
  const num = (x: number | null) => (x === null || !Number.isFinite(x) ? 'n/a' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const head = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'note'];
  const body = results.map((r) => [
    r.name,
    `${num(r.figure)} ${r.unit}`,
    r.baseline ? `${num(r.baseline.figure)} ${r.unit} (${r.baseline.name})` : '-',
    r.ratio === null ? '-' : `${num(r.ratio)}x (${r.better} is better)`,
    r.target ? `${r.better === 'lower' ? '<' : '>'} ${num(r.target.figure)} ${r.unit}: ${r.target.met ? 'met' : 'NOT met'}` : '-',
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
