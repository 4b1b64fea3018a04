/**
 * Crash-test fixture: appends fixture entries to a journal for ever, printing the number of
 * entries on the disk after each `fsync` (`node --import tsx appender.ts <file> sync|batch`).
 * An existing journal is repaired and resumed, so that one file survives many `kill -9`s.
 * stdout is written with `fs.writeSync`, so a count is printed only once it is durable and is
 * never left in a buffer when the process dies.
 */
import fs from 'node:fs';
import { openJournal, repair, resumeJournal } from '../journal.ts';
import type { Journal } from '../journal.ts';
import { fixtureEntry, fixtureHeader } from './entries.ts';

const [file, mode = 'sync'] = process.argv.slice(2);
let journal: Journal;
if (fs.existsSync(file)) {
  repair(file);
  const r = resumeJournal(file);
  if (!r.ok) {
    process.stderr.write(`${r.reason}\n`);
    process.exit(2);
  }
  journal = r.journal;
} else {
  journal = openJournal(file, fixtureHeader);
}
fs.writeSync(1, `ready ${journal.count}\n`);

if (mode === 'batch') {
  for (;;) {
    const base = journal.count;
    const size = 1 + (base % 3);
    await Promise.all(Array.from({ length: size }, (_, i) => journal.enqueue(fixtureEntry(base + 1 + i))));
    fs.writeSync(1, `${journal.count}\n`);
  }
} else {
  for (;;) {
    journal.append(fixtureEntry(journal.count + 1));
    fs.writeSync(1, `${journal.count}\n`);
  }
}
