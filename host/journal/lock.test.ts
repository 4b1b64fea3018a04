import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockJournal, removeOrphanLocks } from './lock.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dambord-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lockJournal: one writer per journal', () => {
  it('a second lock of the same journal is refused while the first is held, granted once it is released', () => {
    const file = path.join(dir, 'a.journal');
    const first = lockJournal(file);
    if ('busy' in first) throw new Error(first.busy);
    const second = lockJournal(file);
    expect(second).toEqual({ busy: expect.stringMatching(new RegExp(`being written by dambord \\(process ${process.pid} on ${os.hostname()}, since .*\\): one game, one writer.*remove .*a\\.journal\\.lock`)) });
    first.release();
    first.release();
    const third = lockJournal(file);
    expect('busy' in third).toBe(false);
    if (!('busy' in third)) third.release();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('a.'))).toEqual([]);
  });

  it('a lock whose process is gone, or that cannot be read, is taken over; one of another machine is not', () => {
    const file = path.join(dir, 'b.journal');
    // A process id beyond any this machine gives out.
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 30, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const taken = lockJournal(file);
    expect('busy' in taken).toBe(false);
    if (!('busy' in taken)) taken.release();
    fs.writeFileSync(`${file}.lock`, 'not a lock');
    const again = lockJournal(file);
    expect('busy' in again).toBe(false);
    if (!('busy' in again)) again.release();
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'the-other-host', since: '2026-01-01T00:00:00.000Z' }));
    expect(lockJournal(file)).toEqual({ busy: expect.stringContaining('process 1 on the-other-host') });
  });

  it('a release does not remove a lock that another process has taken since', () => {
    const file = path.join(dir, 'c.journal');
    const mine = lockJournal(file);
    if ('busy' in mine) throw new Error(mine.busy);
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere', since: 'now' }));
    mine.release();
    expect(fs.existsSync(`${file}.lock`)).toBe(true);
  });
});

describe('removeOrphanLocks: the lock of a start killed before its first move', () => {
  it('removes a lock without its journal whose process is gone; keeps one beside a journal, of a running process or of another machine', () => {
    const sub = fs.mkdtempSync(path.join(dir, 'orphans-'));
    const lock = (name: string, pid: number, host = os.hostname()) => fs.writeFileSync(path.join(sub, name), JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z' }));
    lock('gone.journal.lock', 2 ** 30);
    lock('written.journal.lock', 2 ** 30);
    fs.writeFileSync(path.join(sub, 'written.journal'), '{}\n');
    lock('running.journal.lock', process.pid);
    lock('elsewhere.journal.lock', 2 ** 30, 'the-other-host');
    removeOrphanLocks(sub);
    expect(fs.readdirSync(sub).sort()).toEqual(['elsewhere.journal.lock', 'running.journal.lock', 'written.journal', 'written.journal.lock']);
    removeOrphanLocks(path.join(sub, 'no such folder'));
  });
});
