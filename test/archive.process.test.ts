// `dambord archive` as real processes on one archive: two imports at once, an import killed
// (kill -9) in the middle, a tampered index. The archive loses and doubles nothing: one writer
// at a time, whatever a crash leaves is repaired by the next import or `archive check --repair`,
// and the index's paths never leave the archive. And `dambord archive serve` as a process.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { roundGames } from '../host/archive/testing/roundGames.ts';

const bin = fileURLToPath(new URL('../host/cli/bin.js', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `dambord ARGS` as a process; `started` is called with it once spawned. */
function dambord(args: readonly string[], started: (kill: () => void) => void = () => {}): Promise<Ran> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  started(() => child.kill('SIGKILL'));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** The source file of `n` games of one round, in a folder of its own. */
function source(name: string, n: number): string {
  const file = path.join(work, `${name}.pdn`);
  writeFileSync(file, roundGames(n));
  return file;
}

/** The game files in the archive's round folder, by name. */
function roundFiles(archive: string): string[] {
  const folder = path.join(archive, 'Bench/round-1');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** The game files written whole in the archive's round folder (not a temporary file being written). */
const gameFiles = (archive: string): string[] => roundFiles(archive).filter((f) => /^\d+ .*\.pdn$/.test(f));

/** The archive holds each of the `n` games once: one file each, each listed once, no file number twice. */
function holdsEachOnce(archive: string, n: number): void {
  const index = JSON.parse(readFileSync(path.join(archive, 'index.json'), 'utf8')) as { games: { id: string; file: string }[] };
  const files = roundFiles(archive);
  expect(files.filter((f) => !/^\d+ .*\.pdn$/.test(f))).toEqual([]);
  expect(index.games.map((g) => g.file).sort()).toEqual(files.map((f) => `Bench/round-1/${f}`));
  expect(new Set(index.games.map((g) => g.id)).size).toBe(n);
  expect(new Set(files.map((f) => f.split(' ')[0])).size).toBe(n);
  expect(index.games).toHaveLength(n);
}

describe('archive import: one writer at a time', () => {
  it('two imports into one archive at once: each game once, and the import that found the archive busy says by whom and exits 3', async () => {
    const file = source('two-at-once', 300);
    const archive = path.join(work, 'two-at-once');
    const runs = await Promise.all([dambord(['archive', 'import', '--archive', archive, file]), dambord(['archive', 'import', '--archive', archive, file])]);
    holdsEachOnce(archive, 300);
    // Each run either imported them all, found them all in the archive, or found it busy.
    for (const r of runs) {
      if (r.code === 3) expect(r.stderr).toMatch(new RegExp(`^dambord archive import: the archive ${archive} is being written by dambord \\(process \\d+ on ${hostname()}, since .*\\): one import at a time`));
      else expect(r.stdout).toMatch(/300 games read: (300 imported, 0 duplicates|0 imported, 300 duplicates), 0 bad\n$/);
    }
    expect(runs.filter((r) => /300 imported/.test(r.stdout))).toHaveLength(1);
    expect(existsSync(path.join(archive, 'index.json.lock'))).toBe(false);
  });

  it('an import while another holds the archive is refused, naming the process and the lock to remove if it is gone', async () => {
    const file = source('held', 5);
    const archive = path.join(work, 'held');
    mkdirSync(archive, { recursive: true });
    // The lock of a process that is running: this one.
    writeFileSync(path.join(archive, 'index.json.lock'), JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const r = await dambord(['archive', 'import', '--archive', archive, file]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `dambord archive import: the archive ${archive} is being written by dambord (process ${process.pid} on ${hostname()}, since 2026-01-01T00:00:00.000Z): one import at a time. Wait for it to end; if no dambord archive import or check is running, remove ${path.join(archive, 'index.json.lock')}\n`,
    );
    expect(roundFiles(archive)).toEqual([]);
    // A lock whose process is gone is taken over.
    writeFileSync(path.join(archive, 'index.json.lock'), JSON.stringify({ pid: 2 ** 30, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const again = await dambord(['archive', 'import', '--archive', archive, file]);
    expect(again.stdout).toMatch(/5 games read: 5 imported/);
    holdsEachOnce(archive, 5);
  });
});

describe('archive import killed (kill -9) in the middle', () => {
  it('leaves game files that archive check reports and the next import adopts: all games once, no orphans', async () => {
    const n = 400;
    const file = source('killed', n);
    const archive = path.join(work, 'killed');
    const killed = await dambord(['archive', 'import', '--archive', archive, file], (kill) => {
      const poll = setInterval(() => {
        if (gameFiles(archive).length >= 20) {
          clearInterval(poll);
          kill();
        }
      }, 10);
    });
    expect(killed.signal).toBe('SIGKILL');
    const left = gameFiles(archive);
    expect(left.length).toBeGreaterThanOrEqual(20);
    expect(left.length).toBeLessThan(n);
    // archive check sees what the index does not list, and changes nothing.
    const check = await dambord(['archive', 'check', '--archive', archive]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`${path.join(archive, 'Bench/round-1', left[0])}: not in the index: a complete game`);
    expect(check.stdout).toMatch(new RegExp(`${left.length} games? not in the index`));
    expect(roundFiles(archive).filter((f) => /^\d+ .*\.pdn$/.test(f))).toEqual(left);
    // The next import adopts them, then imports the rest: every game once.
    const again = await dambord(['archive', 'import', '--archive', archive, file]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`${n} games read: ${n - left.length} imported, ${left.length} duplicates, 0 bad\\n$`));
    expect(again.stdout).toContain(`adopted into the index: ${left.length} games`);
    holdsEachOnce(archive, n);
    const clean = await dambord(['archive', 'check', '--archive', archive]);
    expect(clean.stdout).toBe(`${archive}: ${n} games, 0 rejected, nothing to repair\n`);
    expect(clean.code).toBe(0);
  });

  it('archive check --repair adopts what a killed import left, and a second check finds nothing', async () => {
    const n = 400;
    const file = source('killed-check', n);
    const archive = path.join(work, 'killed-check');
    await dambord(['archive', 'import', '--archive', archive, file], (kill) => {
      const poll = setInterval(() => {
        if (gameFiles(archive).length >= 10) {
          clearInterval(poll);
          kill();
        }
      }, 10);
    });
    const left = gameFiles(archive);
    const repair = await dambord(['archive', 'check', '--repair', '--archive', archive]);
    expect(repair.code).toBe(0);
    expect(repair.stdout).toContain(`adopted into the index: ${left.length} games`);
    const clean = await dambord(['archive', 'check', '--archive', archive]);
    expect(clean.stdout).toBe(`${archive}: ${left.length} games, 0 rejected, nothing to repair\n`);
    const list = await dambord(['archive', 'list', '--archive', archive]);
    expect(list.stdout).toContain(`Bench: ${left.length} games, round 1`);
  });
});

describe('a tampered index', () => {
  it('archive export does not read a file outside the archive that an index entry points at; it names the entry and exits 3', async () => {
    const file = source('tampered', 3);
    const archive = path.join(work, 'tampered');
    expect((await dambord(['archive', 'import', '--archive', archive, file])).code).toBe(0);
    const secret = path.join(work, 'secret.txt');
    writeFileSync(secret, 'the secret outside the archive\n');
    const indexFile = path.join(archive, 'index.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { games: { file: string }[] };
    index.games[0].file = '../secret.txt';
    index.games[1].file = '../../../../../../../../etc/hostname';
    writeFileSync(indexFile, JSON.stringify(index));
    const r = await dambord(['archive', 'export', '--archive', archive, '--event', 'Bench']);
    expect(r.stdout).not.toContain('the secret');
    if (existsSync('/etc/hostname')) expect(r.stdout).not.toContain(readFileSync('/etc/hostname', 'utf8').trim());
    expect(r.stdout).toMatch(/^\[Event "Bench"\]/);
    expect(r.stderr).toContain(`dambord archive export: ${indexFile}: game 1 skipped: its file "../secret.txt" is not a game file of the archive`);
    expect(r.stderr).toContain('game 2 skipped: its file "../../../../../../../../etc/hostname" is not a game file of the archive');
    expect(r.code).toBe(3);
  });
});

// Issue 29, finding 2: `dambord archive serve` as a process names its page's address, answers
// from the archive (the NK 2009's real games, imported by the command) and ends on Ctrl-C.
describe('dambord archive serve as a process', () => {
  it('prints the address, serves the archive read-only, exits 0 on SIGINT', async () => {
    const archive = path.join(work, 'served');
    const nk = fileURLToPath(new URL('./fixtures/oracles/games/nk ronde 01.pdn', import.meta.url));
    expect((await dambord(['archive', 'import', '--archive', archive, nk])).code).toBe(0);
    const child = spawn(process.execPath, [bin, 'archive', 'serve', '--archive', archive, '--http-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    // Ended whatever happens: a test that fails midway leaves no server running.
    onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        const m = /at (http:\/\/127\.0\.0\.1:\d+\/); Ctrl-C ends\n/.exec(stdout);
        if (m) resolve(m[1]);
      });
      child.on('close', () => reject(new Error(`ended before it served: ${stdout}`)));
    });
    expect(stdout).toBe(`dambord archive serve: the archive ${archive} at ${url}; Ctrl-C ends\n`);
    const found = (await (await fetch(new URL('/api/archive?player=Derkx', url))).json()) as { total: number };
    expect(found.total).toBe(1);
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await ended).toBe(0);
  });
});
