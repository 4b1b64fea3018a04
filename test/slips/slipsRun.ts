// `npm run slips [-- --cases N] [--seed S]`: the slip checker on N slips of every kind in the
// oracle games of every variant (default 400), printed as a Markdown table.

import { parseArgs } from '../../host/cli/args.ts';
import { slipTable, tableText } from './table.ts';

const args = parseArgs(process.argv.slice(2), { cases: 'string', seed: 'string' });
if (!args.ok) {
  process.stderr.write(`slips: ${args.error}\nUsage: npm run slips -- [--cases N] [--seed S]\n`);
  process.exit(2);
}
const cases = Number(args.options.cases ?? 400);
const seed = Number(args.options.seed ?? 1);
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
  process.stderr.write('slips: --cases and --seed are whole numbers, --cases at least 1\n');
  process.exit(2);
}
const t0 = performance.now();
process.stdout.write(tableText(slipTable(cases, seed)));
process.stdout.write(`${cases} slips per kind and variant, seed ${seed}, in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
