import fs from 'node:fs';
import path from 'node:path';
import { encodeEntry, encodeHeader, parseJournal } from '../game/journal/record.ts';
import type { JournalEntry, JournalHeader, JournalProblem, JournalRead } from '../game/journal/record.ts';
import { lockJournal } from './lock.ts';
import type { JournalLock } from './lock.ts';

/**
 * A per-game journal file, open for appending. Every entry is on the disk (written and
 * `fsync`ed) before the call that wrote it returns, so the caller may act on it: the issue's
 * "flushed to disk before it is acted on".
 *
 * Two ways to write, which may be mixed (order is always kept):
 * - `append(entry)` / `appendBatch(entries)`: synchronous; one `write` and one `fsync` per call.
 *   `appendBatch` is the way to write the sensor events of one serial chunk, or the outputs of
 *   one referee step, with a single `fsync`.
 * - `enqueue(entry)`: batched. Entries enqueued in the same tick (before the current task
 *   yields to the microtask queue) are written with one `write` and one `fsync`; the promise
 *   resolves once they are on the disk and rejects if writing failed. Await it before acting.
 *
 * Cost, measured with `testing/fsync-cost.ts` on the development machine (ext4 on a virtio
 * disk, 1000 entries): `append` 0.6–0.9 ms median, 1.7–1.9 ms mean, 5–7.5 ms p99 per entry;
 * `appendBatch`/`enqueue` of 4 entries 1.4–3.1 ms per batch (0.35–0.8 ms per entry); a write
 * without `fsync` 4–5 µs. A man's move (lift, place, the move output, a clock entry) is thus
 * about 2–7 ms one entry at a time, and about half that written as two batches (the events,
 * then the referee's outputs): small beside a hand moving a piece, but not free on an SD card.
 *
 * Errors from the file system (disk full, I/O error) throw: the game must not go on unrecorded.
 * After one, the journal refuses every further write (its end may be a torn line): `repair`
 * the file and `resumeJournal` it.
 */
export interface Journal {
  readonly path: string;
  readonly header: JournalHeader;
  /** Entries written so far (not counting the header). */
  readonly count: number;
  /** Writes one entry and `fsync`s; on return it is on the disk. */
  append(entry: JournalEntry): void;
  /** Writes entries with one write and one `fsync`; on return all of them are on the disk. */
  appendBatch(entries: readonly JournalEntry[]): void;
  /** Batched mode: resolves once the entry (and the others of this tick) is on the disk. */
  enqueue(entry: JournalEntry): Promise<void>;
  /** Writes anything enqueued, then closes the file. */
  close(): void;
}

/** Why a journal could not be resumed. */
export type ResumeResult = { ok: true; journal: Journal; read: JournalRead } | { ok: false; reason: string; problem?: JournalProblem; read?: JournalRead };

/** What `repair` did. */
export interface RepairResult {
  /** False when the journal was sound and nothing was done. */
  readonly repaired: boolean;
  readonly problem?: JournalProblem;
  /** Where the damaged tail now is (`<path>.damaged-<n>`). */
  readonly damagedPath?: string;
  readonly movedBytes: number;
  /** Length the journal was truncated to: the end of its last good line. */
  readonly keptBytes: number;
  readonly message: string;
}

/** Makes a directory entry (a new file, a new length) durable; platforms that cannot are skipped. */
function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw e;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function journalOn(file: string, fd: number, header: JournalHeader, count: number, lock: JournalLock | null): Journal {
  let n = count;
  let closed = false;
  let queue: { entry: JournalEntry; resolve: () => void; reject: (e: unknown) => void }[] = [];

  let failed: unknown = null;

  const writeEntries = (entries: readonly JournalEntry[]): void => {
    if (closed) throw new Error(`journal ${file} is closed`);
    // After a failed write the file may end in a torn line: nothing more may go after it.
    if (failed) throw new Error(`journal ${file} failed earlier; repair and resume it`, { cause: failed });
    if (entries.length === 0) return;
    try {
      writeAll(fd, entries.map((e, i) => encodeEntry(e, n + 1 + i)).join(''));
      fs.fsyncSync(fd);
    } catch (e) {
      failed = e;
      throw e;
    }
    n += entries.length;
  };
  const drain = (): void => {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      writeEntries(batch.map((q) => q.entry));
      for (const q of batch) q.resolve();
    } catch (e) {
      for (const q of batch) q.reject(e);
    }
  };
  const appendBatch = (entries: readonly JournalEntry[]): void => {
    // Entries enqueued earlier in this tick go first, in the same write.
    const batch = queue;
    queue = [];
    try {
      writeEntries([...batch.map((q) => q.entry), ...entries]);
    } catch (e) {
      for (const q of batch) q.reject(e);
      throw e;
    }
    for (const q of batch) q.resolve();
  };
  return {
    path: file,
    header,
    get count() {
      return n;
    },
    append: (entry) => appendBatch([entry]),
    appendBatch,
    enqueue(entry) {
      if (closed) return Promise.reject(new Error(`journal ${file} is closed`));
      return new Promise<void>((resolve, reject) => {
        if (queue.length === 0) queueMicrotask(drain);
        queue.push({ entry, resolve, reject });
      });
    },
    close() {
      if (closed) return;
      try {
        drain();
      } finally {
        closed = true;
        fs.closeSync(fd);
        lock?.release();
      }
    },
  };
}

/**
 * Creates the journal of a new game at `file` and writes its header durably (the file, its
 * header and its directory entry are `fsync`ed). Throws if the file exists: an existing
 * journal is resumed (`resumeJournal`), never overwritten.
 */
export function openJournal(file: string, header: JournalHeader, lock: JournalLock | null = null): Journal {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`journal ${file} already exists: resume it (dambord play --resume) or choose another file`, { cause: e });
    throw e;
  }
  writeAll(fd, encodeHeader(header));
  fs.fsyncSync(fd);
  fsyncDir(path.dirname(path.resolve(file)));
  fs.closeSync(fd);
  return journalOn(file, fs.openSync(file, 'a'), header, 0, lock);
}

/** Reads a journal file (see `parseJournal`): the header, the good entries and the first problem. */
export function readJournal(file: string): JournalRead {
  return parseJournal(fs.readFileSync(file));
}

/**
 * Opens an existing journal to go on appending. Refuses a damaged one (the reason says which
 * line and why, and to run `repair`), so that nothing is ever appended after a bad line. The
 * journal's lock (`lockJournal`), taken before anything touched the file, is released on close.
 * `known`: the file as the caller has just read it, not read again.
 */
export function resumeJournal(file: string, lock: JournalLock | null = null, known?: JournalRead): ResumeResult {
  if (!fs.existsSync(file)) return { ok: false, reason: `no journal at ${file}` };
  const read = known ?? readJournal(file);
  if (read.problem) return { ok: false, reason: `journal ${file} is damaged at ${read.problem.reason}; repair it first (its damaged end is kept aside)`, problem: read.problem, read };
  if (!read.header) return { ok: false, reason: `journal ${file} has no header`, read };
  return { ok: true, journal: journalOn(file, fs.openSync(file, 'a'), read.header, read.entries.length, lock), read };
}

/** Writes `bytes` durably to `<file>.damaged-<n>`, `n` the first number not yet used; its path. */
function keepAside(file: string, bytes: Uint8Array): string {
  for (let i = 1; ; i++) {
    const aside = `${file}.damaged-${i}`;
    let fd: number;
    try {
      fd = fs.openSync(aside, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    try {
      writeAll(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fsyncDir(path.dirname(path.resolve(file)));
    return aside;
  }
}

/**
 * Gives a journal whose header line is damaged its rebuilt header, without losing a byte: the
 * whole file as it was is first kept in `<file>.damaged-<n>`, then the journal is replaced
 * (written beside it, `fsync`ed, renamed over it) by the new header and every line after the
 * damaged one, unchanged. Returns where the damaged file was kept.
 */
export function rewriteHeader(file: string, header: JournalHeader): string {
  const bytes = fs.readFileSync(file);
  const end = bytes.indexOf(0x0a);
  if (end < 0) throw new Error(`journal ${file} has no line after its header to keep`);
  const aside = keepAside(file, bytes);
  const next = `${file}.rewrite`;
  const fd = fs.openSync(next, 'w');
  try {
    writeAll(fd, encodeHeader(header));
    writeAll(fd, bytes.subarray(end + 1));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(next, file);
  fsyncDir(path.dirname(path.resolve(file)));
  return aside;
}

/**
 * Cuts a damaged journal back to its last good line without losing a byte: the bytes from the
 * first bad line to the end are first written (and `fsync`ed) to `<file>.damaged-<n>`, `n`
 * the first number not yet used, and only then is the journal truncated. A sound journal is
 * left alone.
 */
export function repair(file: string): RepairResult {
  const bytes = fs.readFileSync(file);
  const read = parseJournal(bytes);
  if (!read.problem) return { repaired: false, movedBytes: 0, keptBytes: bytes.length, message: `journal ${file} is sound: nothing to repair` };
  const keep = read.goodBytes;
  const tail = bytes.subarray(keep);
  const damagedPath = keepAside(file, tail);
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, keep);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const lines = read.problem.line - 1;
  return {
    repaired: true,
    problem: read.problem,
    damagedPath,
    movedBytes: tail.length,
    keptBytes: keep,
    message: `journal ${file} damaged at ${read.problem.reason}; kept its first ${lines} good line${lines === 1 ? '' : 's'} (${keep} bytes), moved the ${tail.length} bytes after them to ${damagedPath}`,
  };
}

/**
 * A new game's journal whose file is created with its first entry: a start that never reaches
 * the board (a port in use, no board answering, Ctrl-C before a move) leaves no journal for
 * `--resume last` to find (the lock of such a start killed goes with the next lock taken
 * there). The folder is checked for writing at once, so that a journal that could not be written
 * is said before play, not at the first move.
 */
export function journalOnFirstWrite(file: string, header: JournalHeader): Journal {
  fs.accessSync(path.dirname(path.resolve(file)), fs.constants.W_OK);
  if (fs.existsSync(file)) throw new Error(`journal ${file} already exists: resume it (dambord play --resume) or choose another file`);
  const lock = lockJournal(file);
  if ('busy' in lock) throw new Error(lock.busy);
  let open: Journal | null = null;
  const opened = (): Journal => (open ??= openJournal(file, header, lock));
  return {
    path: file,
    header,
    get count() {
      return open?.count ?? 0;
    },
    append: (entry) => opened().append(entry),
    appendBatch: (entries) => {
      if (entries.length > 0) opened().appendBatch(entries);
    },
    enqueue: (entry) => opened().enqueue(entry),
    close: () => (open ? open.close() : lock.release()),
  };
}
