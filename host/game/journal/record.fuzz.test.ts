// Fuzz: the journal reader and the recovery on any bytes (fast-check). A journal is read from a
// disk that may hold anything: a torn write, bytes flipped, lines cut, repeated or swapped,
// another file altogether. Whatever it holds, reading never throws, never hands on an entry
// the game did not write (every entry read is the game's own entry at its place), and the
// recovery never throws. Runs: DAMBORD_FUZZ_RUNS (test/fuzz.ts), bounded in `npm test`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../test/fuzz.ts';
import { gameJournal } from '../../journal/testing/game.ts';
import { parseJournal, writeJournal } from './record.ts';
import { recoverGame } from './recover.ts';

const game = gameJournal();
const text = writeJournal(game.header, game.entries);
const bytes = new TextEncoder().encode(text);
const lines = text.split('\n').slice(0, -1);

/** Every entry read is the game's own, at its own place (a damaged header aside). */
function trusted(read: ReturnType<typeof parseJournal>): void {
  read.entries.forEach((e, i) => expect(e).toEqual(game.entries[i]));
  if (read.header) expect(read.header).toEqual(game.header);
  expect(recoverGame(read)).toHaveProperty('ok');
}

describe('fuzz: the journal reader on damaged and foreign bytes', () => {
  it('any bytes at all: read without throwing, and recovered without throwing', async () => {
    await fuzz('journal: any bytes', fc.property(fc.uint8Array({ maxLength: 2048 }), (b) => {
      const read = parseJournal(b);
      expect(read.goodBytes).toBeLessThanOrEqual(b.length);
      expect(() => recoverGame(read)).not.toThrow();
    }), 300);
  });

  it('a real journal with bytes overwritten, inserted or deleted anywhere: only the game\'s own entries are read', async () => {
    const edit = fc.record({ at: fc.nat({ max: bytes.length - 1 }), kind: fc.constantFrom('set', 'insert', 'delete'), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) });
    await fuzz('journal: bytes overwritten, inserted or deleted', fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
      let b = bytes;
      for (const e of edits) {
        const at = Math.min(e.at, b.length);
        if (e.kind === 'set') {
          b = b.slice();
          b.set(e.bytes.subarray(0, b.length - at), at);
        } else if (e.kind === 'insert') b = new Uint8Array([...b.subarray(0, at), ...e.bytes, ...b.subarray(at)]);
        else b = new Uint8Array([...b.subarray(0, at), ...b.subarray(at + e.bytes.length)]);
      }
      trusted(parseJournal(b));
    }), 300);
  });

  it('whole lines lost, repeated or swapped: only the game\'s own entries, each at its place, are read', async () => {
    await fuzz('journal: lines lost, repeated or swapped', fc.property(fc.array(fc.nat({ max: lines.length - 1 }), { maxLength: lines.length + 4 }), (order) => {
      const b = new TextEncoder().encode(order.map((i) => `${lines[i]}\n`).join(''));
      trusted(parseJournal(b));
    }), 300);
  });
});
