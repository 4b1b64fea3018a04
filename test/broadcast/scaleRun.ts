// `npm run scale [-- --boards 64 --hosts 4 --viewers 1000 --speed 20 --max-plies N --no-faults]`:
// the broadcast's scale test (scale.ts) at full size, its figures printed; exit 1 on any problem.

import { parseArgs } from '../../host/cli/args.ts';
import { mosquittoAvailable } from '../../host/broadcast/testing/mosquitto.ts';
import { runScale } from './scale.ts';

const args = parseArgs(process.argv.slice(2), { boards: 'string', hosts: 'string', viewers: 'string', speed: 'string', 'max-plies': 'string', 'no-faults': 'boolean' });
if (!args.ok) {
  process.stderr.write(`scale: ${args.error}\n`);
  process.exit(2);
}
const o = args.options;
const m = mosquittoAvailable();
if (!m.available) {
  process.stderr.write(`scale: ${m.reason}\n`);
  process.exit(2);
}
const report = await runScale({
  boards: Number(o.boards ?? 64),
  hosts: Number(o.hosts ?? 4),
  viewers: Number(o.viewers ?? 1000),
  speed: Number(o.speed ?? 20),
  ...(o['max-plies'] ? { maxPlies: Number(o['max-plies']) } : {}),
  faults: !o['no-faults'],
  log: (line) => console.log(`scale: ${line}`),
});
console.log(`scale: ${report.boards} boards on ${report.hosts} hosts, ${report.viewers} viewers, ${report.moves} moves in ${report.seconds.toFixed(0)} s; the relay showed ${report.relayChanges} changes, the viewers received ${report.viewerEvents} events (${report.reconnects} reconnections)`);
if (report.problems.length === 0) console.log('scale: every viewer, feed and archive holds every game exactly: 0 moves lost or doubled');
else {
  for (const p of report.problems) console.log(`scale: PROBLEM ${p}`);
  process.exitCode = 1;
}
