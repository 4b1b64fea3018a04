import { readdirSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from '../host/cli/args.ts';
import type { BenchResult, BenchRun } from './types.ts';

/**
 * `npm run bench [-- --quick] [NAME...]`: runs every `bench/*.bench.ts` (or those named, e.g.
 * `perft`) and prints their results as one table. Not part of `npm test`: figures are
 * reported, never asserted.
 */
const args = parseArgs(process.argv.slice(2), { quick: 'boolean' });
if (!args.ok) {
  process.stderr.write(`bench: ${args.error}\nUsage: npm run bench -- [--quick] [NAME...]\n`);
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

console.log(`dambord bench${quick ? ' --quick' : ''}: node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})\n`);
const rows: BenchResult[] = [];
for (const file of modules) {
  process.stderr.write(`running ${file} ...\n`);
  const { run } = (await import(new URL(file, dir).href)) as { run: BenchRun };
  const started = performance.now();
  rows.push(...(await run({ quick })));
  process.stderr.write(`${file} took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
console.log(table(rows));

function table(results: BenchResult[]): string {
  const num = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const head = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'note'];
  const body = results.map((r) => [
    r.name,
    `${num(r.figure)} ${r.unit}`,
    r.baseline ? `${num(r.baseline.figure)} ${r.unit} (${r.baseline.name})` : '-',
    r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x (${r.better} is better)`,
    r.target ? `${r.better === 'lower' ? '<' : '>'} ${num(r.target.figure)} ${r.unit}: ${r.target.met ? 'met' : 'NOT met'}` : '-',
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
