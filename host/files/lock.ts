// A lock file: one process at a time writes what it guards (a game's journal, a club's archive).
// The file names its holder (process, machine, since when); a holder that is gone is taken over.

import fs from 'node:fs';
import os from 'node:os';

/** A lock held: its file, removed by `release`. */
export interface FileLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

/** Who holds a lock, as its file says. */
export interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** The holder a lock file names; null when it cannot be read or names none. */
export function holderOf(file: string): Holder | null {
  try {
    const h = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.since === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` of this machine is running (a signal 0 reaches it, or it exists and is not ours). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file `path`. A lock left by a process that is gone (killed, a power cut), or
 * that cannot be read, is taken over; a lock of a process still running on this machine, or of
 * another machine (a shared folder, where this one cannot tell), is not. Returns the lock, or
 * why not: `busy(who)`, who being `dambord (process N on H, since T)` as the lock says.
 *
 * @example takeLock('archive/index.json.lock', (who) => `the archive is being written by ${who}`)
 */
export function takeLock(path: string, busy: (who: string) => string): FileLock | { readonly busy: string } {
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
    if (!stale || attempt > 0) return { busy: busy(h ? `dambord (process ${h.pid} on ${h.host}, since ${h.since})` : 'another dambord') };
    fs.rmSync(path, { force: true });
  }
  return { busy: busy('another dambord') };
}
