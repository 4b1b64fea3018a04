import fs from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';

/** The lock a journal's one writer holds: `<journal>.lock`, removed by `release`. */
export interface JournalLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

/** Who holds a lock, as its file says. */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

function holderOf(file: string): Holder | null {
  try {
    const h = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.since === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` of this machine is running (a signal 0 reaches it, or it exists and is not ours). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of the journal at `file`, so that one process at a time writes it: a second
 * `dambord play` on the same journal (`--resume last` while the game runs) is refused instead of
 * interleaving its lines with the first's. A lock left by a process that is gone (killed, a power
 * cut) is taken over; a lock of a process still running on this machine, or of another machine
 * (a shared folder, where this one cannot tell), is not. The locks of the folder's journals that
 * were never written, their process gone, are removed first ({@link removeOrphanLocks}). Returns
 * the lock, or why not.
 */
export function lockJournal(file: string): JournalLock | { readonly busy: string } {
  removeOrphanLocks(dirname(file));
  const path = `${file}.lock`;
  const mine: Holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written beside it and linked into place: the lock appears with its holder in it, or not at all.
    const draft = `${path}.${process.pid}`;
    fs.writeFileSync(draft, `${JSON.stringify(mine)}\n`);
    try {
      fs.linkSync(draft, path);
      return {
        path,
        release() {
          const h = holderOf(path);
          if (h && h.pid === mine.pid && h.host === mine.host && h.since === mine.since) fs.rmSync(path, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    const h = holderOf(path);
    const stale = h === null ? 'unreadable' : h.host === mine.host && !alive(h.pid) ? 'gone' : null;
    if (!stale || attempt > 0) {
      const who = h ? `dambord (process ${h.pid} on ${h.host}, since ${h.since})` : 'another dambord';
      return { busy: `the journal ${file} is being written by ${who}: one game, one writer. Stop that game first (Ctrl-C where it runs); if no dambord play, digitise or event is running, remove ${path}` };
    }
    fs.rmSync(path, { force: true });
  }
  return { busy: `the journal ${file} is locked (${path})` };
}

/**
 * Removes from `dir` the locks of journals that were never written (`X.journal.lock` without
 * `X.journal`) whose process on this machine is gone: a game started and killed before its first
 * move. A lock of a running process, of another machine, or beside a journal is kept.
 */
export function removeOrphanLocks(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const host = os.hostname();
  for (const name of names) {
    if (!name.endsWith('.journal.lock') || names.includes(name.slice(0, -'.lock'.length))) continue;
    const file = join(dir, name);
    const h = holderOf(file);
    if (h && h.host === host && !alive(h.pid)) fs.rmSync(file, { force: true });
  }
}
