// The club's archive as an output (archiveFile.ts, issue 29 "one archive for the club", item 5):
// an event's many boards finish at once while an import holds the archive's lock, or the
// archive's disk is full. The game is never lost: the log says once why it is not filed yet, it is
// filed when the archive is free again (a retry, or its next change), and a full disk is named.
// The games are those of nk ronde 01 (test/fixtures/oracles, with its provenance).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText } from '../../../rules/index.ts';
import { oracleTexts } from '../../../test/oracles.ts';
import { WAIT_LIMIT_MS } from '../../../test/limits.ts';
import { LOCK_FILE, readIndex } from '../../archive/store.ts';
import { archiveFiler } from './archiveFile.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-filer-'));
const disk = join(work, 'disk');
mkdirSync(disk);
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', disk], { encoding: 'utf8' });
const mounted = mount.status === 0;
afterAll(() => {
  if (mounted) spawnSync('umount', [disk]);
  rmSync(work, { recursive: true, force: true });
});

const games = decodeText(oracleTexts('nk ronde 01.pdn')[0] as Uint8Array).replace(/\r\n/g, '\n').split(/\n\s*\n(?=\[)/);

async function until(what: string, cond: () => boolean): Promise<void> {
  const end = Date.now() + WAIT_LIMIT_MS;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Board `board`'s scoresheet in `archive` (game `board` of the round), written as the PDN output writes it before it offers it. */
function sheet(archive: string, board: number): string {
  const file = join(archive, 'nk', 'round', `board-0${board}`, 'game.pdn');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, games[board - 1]);
  return file;
}

describe("a board's game filed while the archive is busy or full", () => {
  it('busy (an import holds the lock): said once, then filed once the lock is let go; nothing lost', async () => {
    const archive = join(work, 'busy');
    mkdirSync(archive);
    const lock = join(archive, LOCK_FILE);
    writeFileSync(lock, `${JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-11-26T20:00:00.000Z' })}\n`);
    const log: string[] = [];
    const filer = archiveFiler(archive, { inProgress: true, log: (l) => log.push(l), retryMs: [5, 5], laterMs: 30 });
    const files = [1, 2, 3].map((n) => sheet(archive, n));
    for (const [i, f] of files.entries()) filer.offer(f, games[i]);
    await until('the retries to be spent', () => log.length === 3);
    for (const [i, line] of log.entries()) expect(line).toMatch(new RegExp(`board-0${i + 1}/game\\.pdn is not filed into the archive yet: the archive .* is being written by dambord \\(process ${process.pid}.*; the game is kept in its journal and scoresheet, and filed at its next change$`));
    expect(readIndex(archive).games).toEqual([]);
    rmSync(lock);
    await until('the games to be filed', () => readIndex(archive).games.length === 3);
    expect(log.slice(3)).toEqual(files.map((f) => `${f} is filed into the club's archive in ${archive} now`));
    filer.close();
  });

  it.skipIf(!mounted)(`full: the disk named, the scoresheet kept, filed once there is room${mounted ? '' : ` — SKIPPED: cannot mount a tmpfs here (${(mount.stderr || mount.error?.message || '').trim()})`}`, async () => {
    const file = sheet(disk, 1);
    const filler = join(disk, 'filler');
    // The disk filled to its last byte.
    for (let size = 16384; size >= 1; size = Math.floor(size / 2)) {
      try {
        writeFileSync(`${filler}-${size}`, Buffer.alloc(size));
      } catch {
        rmSync(`${filler}-${size}`, { force: true });
      }
    }
    const log: string[] = [];
    const filer = archiveFiler(disk, { inProgress: true, log: (l) => log.push(l), retryMs: [], laterMs: 30 });
    filer.offer(file, games[0]);
    expect(log).toEqual([expect.stringMatching(/board-01\/game\.pdn is not filed into the archive yet: cannot write the archive .*: the disk is full .*ENOSPC/)]);
    for (let size = 16384; size >= 1; size = Math.floor(size / 2)) rmSync(`${filler}-${size}`, { force: true });
    await until('the game to be filed', () => readIndex(disk).games.length === 1);
    filer.close();
  });
});
