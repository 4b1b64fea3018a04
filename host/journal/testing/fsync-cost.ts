/**
 * Measures what durability costs on this machine (`node --import tsx fsync-cost.ts [dir]`):
 * microseconds per entry written with `append` (one fsync each), with `appendBatch` of 4
 * (one fsync per batch, as a serial chunk of events), with `enqueue` (one fsync per tick),
 * and with a plain write without fsync for comparison.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal } from '../journal.ts';
import { encodeEntry } from '../../game/journal/record.ts';
import { fixtureEntry, fixtureHeader } from './entries.ts';

const dir = fs.mkdtempSync(path.join(process.argv[2] ?? os.tmpdir(), 'dambord-fsync-'));
const N = 1000;
const us = (ns: bigint, n: number): string => (Number(ns) / 1000 / n).toFixed(1);
const percentile = (xs: bigint[], p: number): string => (Number([...xs].sort((a, b) => (a < b ? -1 : 1))[Math.floor(xs.length * p)]) / 1000).toFixed(1);

const sync = openJournal(path.join(dir, 'sync.jsonl'), fixtureHeader);
const each: bigint[] = [];
for (let i = 1; i <= N; i++) {
  const t = process.hrtime.bigint();
  sync.append(fixtureEntry(i));
  each.push(process.hrtime.bigint() - t);
}
sync.close();
const total = each.reduce((a, b) => a + b, 0n);

const batched = openJournal(path.join(dir, 'batch.jsonl'), fixtureHeader);
let t = process.hrtime.bigint();
for (let i = 1; i <= N; i += 4) batched.appendBatch([1, 2, 3, 4].map((k) => fixtureEntry(i + k - 1)));
const batchNs = process.hrtime.bigint() - t;
batched.close();

const queued = openJournal(path.join(dir, 'queued.jsonl'), fixtureHeader);
t = process.hrtime.bigint();
for (let i = 1; i <= N; i += 4) await Promise.all([1, 2, 3, 4].map((k) => queued.enqueue(fixtureEntry(i + k - 1))));
const queuedNs = process.hrtime.bigint() - t;
queued.close();

const fd = fs.openSync(path.join(dir, 'plain.jsonl'), 'w');
t = process.hrtime.bigint();
for (let i = 1; i <= N; i++) fs.writeSync(fd, encodeEntry(fixtureEntry(i), i));
const plainNs = process.hrtime.bigint() - t;
fs.closeSync(fd);
fs.rmSync(dir, { recursive: true });

console.log(`append (write+fsync each): mean ${us(total, N)} µs, median ${percentile(each, 0.5)} µs, p99 ${percentile(each, 0.99)} µs per entry`);
console.log(`appendBatch of 4 (one fsync): ${us(batchNs, N / 4)} µs per batch, ${us(batchNs, N)} µs per entry`);
console.log(`enqueue, 4 per tick (one fsync): ${us(queuedNs, N / 4)} µs per batch, ${us(queuedNs, N)} µs per entry`);
console.log(`plain write, no fsync: ${us(plainNs, N)} µs per entry`);
