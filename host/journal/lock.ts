import fs from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { alive, holderOf, takeLock } from '../files/lock.ts';
import type { FileLock } from '../files/lock.ts';

/** The lock a journal's one writer holds: `<journal>.lock`, removed by `release`. */
export type JournalLock = FileLock;

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
  return takeLock(path, (who) => `the journal ${file} is being written by ${who}: one game, one writer. Stop that game first (Ctrl-C where it runs); if no dambord play, digitise or event is running, remove ${path}`);
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
