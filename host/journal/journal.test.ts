import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJournal, readJournal, repair, resumeJournal } from './journal.ts';
import { recoverGame } from '../game/journal/recover.ts';
import { fixtureEntry, fixtureHeader } from './testing/entries.ts';
import { gameJournal } from './testing/game.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dambord-journal-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('journal file', () => {
  it('a game written entry by entry reads back and recovers', () => {
    const game = gameJournal();
    const file = path.join(dir, 'game.jsonl');
    const j = openJournal(file, game.header);
    for (const e of game.entries) j.append(e);
    expect(j.count).toBe(game.entries.length);
    j.close();
    const read = readJournal(file);
    expect(read).toEqual({ header: game.header, entries: game.entries, goodBytes: fs.statSync(file).size });
    expect(recoverGame(read).ok).toBe(true);
  });

  it('never overwrites a journal', () => {
    const file = path.join(dir, 'game.jsonl');
    openJournal(file, fixtureHeader).close();
    expect(() => openJournal(file, fixtureHeader)).toThrow(/already exists: resume it/);
  });

  it('fsyncs once per append, once per appendBatch, once per tick of enqueues; order kept', async () => {
    const file = path.join(dir, 'game.jsonl');
    const j = openJournal(file, fixtureHeader);
    const fsync = vi.spyOn(fs, 'fsyncSync');
    j.append(fixtureEntry(1));
    expect(fsync).toHaveBeenCalledTimes(1);
    j.appendBatch([fixtureEntry(2), fixtureEntry(3), fixtureEntry(4)]);
    expect(fsync).toHaveBeenCalledTimes(2);
    const done = [j.enqueue(fixtureEntry(5)), j.enqueue(fixtureEntry(6)), j.enqueue(fixtureEntry(7))];
    expect(fsync).toHaveBeenCalledTimes(2);
    await Promise.all(done);
    expect(fsync).toHaveBeenCalledTimes(3);
    // An append after enqueues of the same tick writes them first, with one fsync.
    const early = j.enqueue(fixtureEntry(8));
    j.append(fixtureEntry(9));
    expect(fsync).toHaveBeenCalledTimes(4);
    await early;
    j.close();
    expect(readJournal(file).entries).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(fixtureEntry));
  });

  it('after a failed write (disk full) nothing more is appended after the possibly torn line', () => {
    const file = path.join(dir, 'game.jsonl');
    const j = openJournal(file, fixtureHeader);
    j.append(fixtureEntry(1));
    vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    expect(() => j.append(fixtureEntry(2))).toThrow(/ENOSPC/);
    expect(() => j.append(fixtureEntry(2))).toThrow(`journal ${file} failed earlier; repair and resume it`);
    j.close();
    expect(readJournal(file).entries).toEqual([fixtureEntry(1)]);
  });

  it('repair moves the damaged end aside and keeps every byte; resume then goes on numbering', () => {
    const file = path.join(dir, 'game.jsonl');
    const j = openJournal(file, fixtureHeader);
    for (let i = 1; i <= 5; i++) j.append(fixtureEntry(i));
    j.close();
    const good = fs.readFileSync(file);
    fs.appendFileSync(file, '{"n":6,"k":"ev","e":{"type":"li');
    const torn = fs.readFileSync(file);
    expect(resumeJournal(file)).toMatchObject({ ok: false, problem: { line: 7, tail: true } });

    const r = repair(file);
    expect(r).toMatchObject({ repaired: true, damagedPath: `${file}.damaged-1`, keptBytes: good.length, movedBytes: torn.length - good.length });
    expect(r.message).toBe(`journal ${file} damaged at line 7: cut off after 31 bytes without an end of line: the write was interrupted (a crash or a power cut); kept its first 6 good lines (${good.length} bytes), moved the 31 bytes after them to ${file}.damaged-1`);
    expect(Buffer.concat([fs.readFileSync(file), fs.readFileSync(`${file}.damaged-1`)])).toEqual(torn);
    expect(repair(file)).toMatchObject({ repaired: false, message: `journal ${file} is sound: nothing to repair` });

    // A second damage goes to the next free name; the first one stays.
    fs.appendFileSync(file, 'garbage\n');
    expect(repair(file).damagedPath).toBe(`${file}.damaged-2`);
    expect(fs.readFileSync(`${file}.damaged-1`)).toEqual(torn.subarray(good.length));

    const resumed = resumeJournal(file);
    if (!resumed.ok) throw new Error(resumed.reason);
    resumed.journal.append(fixtureEntry(6));
    resumed.journal.close();
    expect(readJournal(file)).toMatchObject({ entries: [1, 2, 3, 4, 5, 6].map(fixtureEntry) });
    expect(readJournal(file).problem).toBeUndefined();
  });

  it('a corrupt line in the middle: repair keeps the lines before it and moves it and all after it aside', () => {
    const file = path.join(dir, 'game.jsonl');
    const j = openJournal(file, fixtureHeader);
    for (let i = 1; i <= 6; i++) j.append(fixtureEntry(i));
    j.close();
    const bytes = fs.readFileSync(file);
    const third = bytes.indexOf('{"n":3');
    bytes[third + 20] ^= 0x01;
    fs.writeFileSync(file, bytes);
    const read = readJournal(file);
    expect(read.problem).toMatchObject({ line: 4, tail: false, offset: third });
    expect(read.entries).toEqual([1, 2].map(fixtureEntry));
    repair(file);
    expect(fs.readFileSync(`${file}.damaged-1`)).toEqual(bytes.subarray(third));
    expect(readJournal(file)).toMatchObject({ entries: [1, 2].map(fixtureEntry) });
  });
});

/** Runs the appender until it has printed `ready`, lets it write for `ms`, then kills it with SIGKILL. */
function runAndKill(file: string, mode: 'sync' | 'batch', ms: number): Promise<{ ready: number; reported: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testing/appender.ts'), file, mode], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (!timer && out.includes('\n')) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      const lines = out.split('\n').slice(0, -1);
      const ready = /^ready (\d+)$/.exec(lines[0] ?? '');
      if (signal !== 'SIGKILL' || !ready) return reject(new Error(`appender did not run: ${signal} ${out.slice(0, 200)} ${err}`));
      resolve({ ready: Number(ready[1]), reported: lines.length > 1 ? Number(lines[lines.length - 1]) : Number(ready[1]), out, err });
    });
  });
}

describe('crash: kill -9 at random moments', () => {
  for (const mode of ['sync', 'batch'] as const) {
    it(`${mode}: every entry the writer reported as written survives, through ${5} kills and resumes`, async () => {
      const file = path.join(dir, `${mode}.jsonl`);
      let reported = 0;
      const moments: number[] = [];
      for (let round = 0; round < 5; round++) {
        const ms = Math.floor(Math.random() * 150);
        moments.push(ms);
        const run = await runAndKill(file, mode, ms);
        // The resumed writer found everything reported before the previous kill.
        expect(run.ready, `round ${round}, kills after ${moments.join(', ')} ms`).toBeGreaterThanOrEqual(reported);
        reported = run.reported;
        const read = readJournal(file);
        // kill -9 leaves the page cache intact: at most the last line is torn, nothing before.
        if (read.problem) expect(read.problem.tail).toBe(true);
        expect(read.header).toEqual(fixtureHeader);
        expect(read.entries.length, `round ${round}, kills after ${moments.join(', ')} ms`).toBeGreaterThanOrEqual(reported);
        read.entries.forEach((e, i) => expect(e).toEqual(fixtureEntry(i + 1)));
      }
      expect(reported).toBeGreaterThan(0);
    });
  }
});
