// `dambord archive` at its edges (issue 29, "messages that read as sentences"): an --archive that
// is not there, is a file, cannot be written (a folder under /proc, a read-only folder, a full
// disk), and a page's port already in use. The games are those of nk ronde 01
// (test/fixtures/oracles, with its provenance).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { smallDisk } from '../../test/smallDisk.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const nk1 = fileURLToPath(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-edges-'));
const disk = path.join(work, 'disk');
mkdirSync(disk);
const small = smallDisk(disk, '16k');
afterAll(() => {
  small.unmount();
  rmSync(work, { recursive: true, force: true });
});

const none = path.join(work, 'not-there');
const aFile = path.join(work, 'a-file');
writeFileSync(aFile, 'not an archive');
const empty = path.join(work, 'empty');
mkdirSync(empty);

describe('an --archive that holds no archive is said as archive check says it, with the exit status of each help', () => {
  it.each([
    ['list', [], EXIT.io],
    ['export', ['--event', 'nk'], EXIT.io],
    ['serve', ['--http-port', '0'], EXIT.io],
  ])('archive %s: a folder not there, a file, a folder with no index.json', async (command, more, code) => {
    for (const [dir, words] of [
      [none, `the folder ${none} does not exist`],
      [aFile, `${aFile} is a file, not the archive's folder`],
      [empty, `the folder ${empty} holds no archive (no index.json)`],
    ]) {
      const r = await cli(['archive', command, '--archive', dir, ...more]);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code, stdout: '', stderr: `dambord archive ${command}: ${words}: give the archive with --archive DIR\n` });
    }
  });

  it('archive sheet: no archive and no such file is no such game (exit 2, as its help says)', async () => {
    const r = await cli(['archive', 'sheet', '--archive', none, 'Derkx']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.usage, stderr: `dambord archive sheet: the folder ${none} does not exist, and there is no file "Derkx": give the archive with --archive DIR\n` });
  });

  it('archive check: a folder not there and a file (a folder with no index.json is checked: its index made again)', async () => {
    expect((await cli(['archive', 'check', '--archive', aFile])).stderr).toBe(`dambord archive check: ${aFile} is a file, not the archive's folder: give the archive with --archive DIR\n`);
    expect((await cli(['archive', 'check', '--archive', empty])).code).toBe(EXIT.ok);
  });
});

describe('an archive that cannot be written: archive import says so at once, and what to do (exit 3)', () => {
  /** `dambord ARGV` as a process of its own, stopped after WAIT_LIMIT_MS: a hang is a failure, not a test run that never ends. */
  const subprocess = (argv: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...argv], { cwd: work, encoding: 'utf8', timeout: WAIT_LIMIT_MS, env: { ...process.env, DAMBORD_DEBUG: '' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it.skipIf(process.platform !== 'linux')('a folder under /proc, which takes none: Node\'s recursive mkdir looped for ever there', () => {
    for (const dir of ['/proc/x', '/proc/x/y']) {
      expect(subprocess(['archive', 'import', '--archive', dir, nk1])).toEqual({
        code: EXIT.io,
        stdout: '',
        stderr: `dambord archive import: the archive ${dir} cannot be written: /proc takes no new folder x (mkdir says "no such file or directory": a system folder such as /proc, or a link to nowhere); name a folder this user may write with --archive DIR\n`,
      });
    }
  });

  it('a file, and a link to nowhere', async () => {
    const r = await cli(['archive', 'import', '--archive', aFile, nk1]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.io, stderr: `dambord archive import: the archive ${aFile} cannot be written: a file is there where a folder was to be made; name a folder this user may write with --archive DIR\n` });
    const link = path.join(work, 'link');
    symlinkSync(path.join(work, 'nowhere'), link);
    const linked = await cli(['archive', 'import', '--archive', path.join(link, 'archive'), nk1]);
    expect({ code: linked.code, stderr: linked.stderr }).toEqual({ code: EXIT.io, stderr: `dambord archive import: the archive ${path.join(link, 'archive')} cannot be written: ${link} is a link to ${path.join(work, 'nowhere')}, which is not there; name a folder this user may write with --archive DIR\n` });
  });

  // As root (the tests in CI) a mode of 555 does not stop a write: there is nothing to see.
  it.skipIf(process.getuid?.() === 0)(`a read-only folder${process.getuid?.() === 0 ? ' — SKIPPED: run as root, whom chmod 555 does not stop' : ''}`, async () => {
    const ro = path.join(work, 'read-only');
    mkdirSync(ro);
    chmodSync(ro, 0o555);
    const r = await cli(['archive', 'import', '--archive', path.join(ro, 'archive'), nk1]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.io, stderr: `dambord archive import: the archive ${path.join(ro, 'archive')} cannot be written: permission denied; name a folder this user may write with --archive DIR\n` });
  });

  it.skipIf(!small.mounted)(`a full disk: named, and the next import, once there is room, adopts what was written${small.skipped}`, async () => {
    const archive = path.join(disk, 'archive');
    const r = await cli(['archive', 'import', '--archive', archive, nk1]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.io, stderr: `dambord archive import: the archive ${archive} cannot be written: the disk is full (ENOSPC); make room on the disk and import again (the next import adopts the games written so far)\n` });
    expect(readdirSync(archive)).not.toContain('index.json.lock');
    expect(small.grow('1m')).toBe(true);
    const again = await cli(['archive', 'import', '--archive', archive, nk1]);
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(again.stdout).toMatch(/^.*: repaired before the import: .*\n(.*\n)*7 games read: \d imported, \d duplicates, 0 bad\n$/);
    expect((await cli(['archive', 'list', '--archive', archive])).stdout).toMatch(/\n7 games in 1 event; 0 rejected/);
  });
});

describe('archive serve on a port in use', () => {
  it('says the port is in use and how to choose another (exit 3)', async () => {
    const archive = path.join(work, 'served');
    expect((await cli(['archive', 'import', '--archive', archive, nk1])).code).toBe(EXIT.ok);
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const r = await cli(['archive', 'serve', '--archive', archive, '--http-port', String(port)]);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: EXIT.io,
        stdout: '',
        stderr: `dambord archive serve: port ${port} of 127.0.0.1 is in use: another program (another dambord?) listens on it. Choose another with --http-port N, or --http-port 0 for any free port\n`,
      });
    } finally {
      other.close();
    }
  });
});
