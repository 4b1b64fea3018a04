import type { Journal } from '../journal.ts';

/**
 * Fault injection for the resume tests (test/resume.test.ts): a journal that kills its own
 * process (SIGKILL, as a power cut would stop it) right after the `n`th board event of this run
 * is on the disk, before what the referee said about it is written. test/playKilled.ts runs
 * `dambord play` with its first journal wrapped in it (host/cli/commands/play.ts playCommandWith).
 */
export function killedAfterEvent(journal: Journal, n: number): Journal {
  let events = 0;
  return {
    get path() {
      return journal.path;
    },
    get header() {
      return journal.header;
    },
    get count() {
      return journal.count;
    },
    append: (entry) => journal.append(entry),
    appendBatch(entries) {
      journal.appendBatch(entries);
      events += entries.filter((e) => e.k === 'ev').length;
      if (events >= n) process.kill(process.pid, 'SIGKILL');
    },
    enqueue: (entry) => journal.enqueue(entry),
    close: () => journal.close(),
  };
}
