// For tests and benchmarks: a large PDN file of real games, and the peak memory of
// `dambord pdn check` reading it (or of any dambord command) in a process of its own.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORACLE_GAMES } from './oracles.ts';

/** A file of about `bytes` bytes in a new temporary folder: `nk ronde 01.pdn` (7 international games) again and again; `remove` deletes the folder. */
export function largePdnFile(bytes: number): { file: string; games: number; remove: () => void } {
  const copy = readFileSync(new URL('nk ronde 01.pdn', ORACLE_GAMES));
  const copies = Math.ceil(bytes / copy.length);
  const dir = mkdtempSync(path.join(tmpdir(), 'dambord-pdn-large-'));
  const file = path.join(dir, 'large.pdn');
  writeFileSync(file, Buffer.concat(Array.from({ length: copies }, () => copy)));
  return { file, games: copies * 7, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `dambord pdn check FILE` in a new Node process: its exit code, its standard output and its peak resident memory in bytes. */
export function pdnCheckPeak(file: string): { code: number; stdout: string; maxRss: number } {
  const { code, stdout, maxRss } = cliPeak(['pdn', 'check', file]);
  return { code, stdout, maxRss };
}

/**
 * `dambord ARGV` in a new Node process: its exit code, its standard output, its peak resident
 * memory in bytes, and the CPU time (user and system) and wall clock the command took in
 * seconds, Node's start and the loading of the command line left out.
 */
export function cliPeak(argv: readonly string[]): { code: number; stdout: string; maxRss: number; cpu: number; wall: number } {
  const main = new URL('../host/cli/main.ts', import.meta.url).href;
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { register } from 'tsx/esm/api';
       register();
       const { runCli } = await import(${JSON.stringify(main)});
       const cpu0 = process.cpuUsage();
       const t0 = performance.now();
       const code = await runCli(${JSON.stringify(argv)}, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
       const cpu = process.cpuUsage(cpu0);
       process.stderr.write(JSON.stringify({ code, maxRss: process.resourceUsage().maxRSS * 1024, cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - t0) / 1000 }));`,
    ],
    { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)), maxBuffer: 1 << 28 },
  );
  const said = JSON.parse(child.stderr) as { code: number; maxRss: number; cpu: number; wall: number };
  return { ...said, stdout: child.stdout };
}
