import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../../rules/index.ts';
import { casual } from '../referee/policy.ts';
import { createReferee, step } from '../referee/referee.ts';
import { clockRecord, crc32, encodeEntry, encodeHeader, outRecord, parseJournal, writeJournal } from './record.ts';
import type { JournalEntry } from './record.ts';
import { createClock, moved, parseTimeControl } from '../clock/clock.ts';
import { gameJournal } from '../../journal/testing/game.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const game = gameJournal();
const text = writeJournal(game.header, game.entries);
const bytes = utf8(text);
/** Byte offset just after each `\n`. */
const lineEnds = [...bytes.keys()].filter((i) => bytes[i] === 0x0a).map((i) => i + 1);

describe('journal lines', () => {
  it('CRC-32 is the IEEE one (check value of "123456789")', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('every line is one JSON object, numbered, with its checksum as the last field', () => {
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    lines.forEach((line, n) => {
      expect(JSON.parse(line)).toMatchObject({ n, crc: expect.stringMatching(/^[0-9a-f]{8}$/) });
      expect(line).toMatch(/,"crc":"[0-9a-f]{8}"\}$/);
    });
  });

  it('round trip: a real game journal reads back as written', () => {
    expect(game.entries.length).toBeGreaterThan(15);
    const read = parseJournal(bytes);
    expect(read.problem).toBeUndefined();
    expect(read.header).toEqual(game.header);
    expect(read.entries).toEqual(game.entries);
    expect(read.goodBytes).toBe(bytes.length);
    expect(writeJournal(read.header!, read.entries)).toBe(text);
  });

  it('a header as dambord play writes it keeps the time control as the TimeControl tag, its base and increment null', () => {
    const header = { ...game.header, tags: [...game.header.tags, { name: 'TimeControl', value: '40/7200:3600' }], timeControl: null };
    const read = parseJournal(utf8(writeJournal(header, [])));
    expect(read.header).toEqual(header);
    // Without the field at all, the header reads the same.
    const body = encodeHeader(header).replace(/,"crc":"[0-9a-f]{8}"\}\n$/, '}').replace(',"timeControl":null', '');
    const line = `${body.slice(0, -1)},"crc":"${crc32(utf8(body)).toString(16).padStart(8, '0')}"}\n`;
    expect(line).not.toContain('timeControl');
    expect(parseJournal(utf8(line)).header).toEqual(header);
  });

  it('moves are kept as PDN text and the FEN after them; mismatches and the like are not kept', () => {
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    let s = createReferee(start.position, casual);
    s = step(s, { type: 'lift', square: 31, t: 0 }).state;
    const r = step(s, { type: 'place', square: 27, t: 200 });
    expect(outRecord(r.outputs[0])).toEqual({ type: 'move', ply: 1, side: 'white', text: '32-28', fen: 'B:W28,31,33-50:B1-20', t: 200 });
    expect(outRecord({ type: 'matched', t: 5 })).toBeNull();
  });

  it('FMJD 10: a clock entry holds the whole clock (time used, the periods\' move counts) and reads back; a quiet one only the times', () => {
    const tc = parseTimeControl('40/7200:3600');
    if (!tc.ok || tc.tc.kind !== 'timed') throw new Error();
    const r = moved(createClock(tc.tc, 'white'), 'white', 1000);
    if (!r.ok) throw new Error(r.error);
    const entries: JournalEntry[] = [clockRecord(r.clock, 1000, 'move'), clockRecord(r.clock, 11_000, 'running')];
    expect(entries).toEqual([
      { k: 'clock', t: 1000, white: 7_200_000, black: 7_200_000, running: 'black', on: 'move', used: [0, 0], moves: [[1, 0, 1], [0, 0, 0]] },
      { k: 'clock', t: 11_000, white: 7_200_000, black: 7_190_000, running: 'black', on: 'running' },
    ]);
    const written = writeJournal(game.header, entries);
    expect(written.split('\n')[1]).toMatch(/^\{"n":1,"k":"clock","t":1000,"white":7200000,"black":7200000,"running":"black","on":"move","used":\[0,0\],"moves":\[\[1,0,1\],\[0,0,0\]\],"crc":"[0-9a-f]{8}"\}$/);
    expect(parseJournal(utf8(written)).entries).toEqual(entries);
    const bad = writeJournal(game.header, [{ ...entries[0], moves: [[1, 0], [0, 0, 0]] } as unknown as JournalEntry]);
    expect(parseJournal(utf8(bad)).problem?.reason).toBe('line 2: a clock entry whose "moves" is not two move counts');
  });
});

describe('journal damage', () => {
  it('truncated at every byte offset: no complete entry lost, the damage reported with its line', () => {
    for (let k = 0; k < bytes.length; k++) {
      const read = parseJournal(bytes.subarray(0, k));
      const complete = lineEnds.filter((e) => e <= k);
      const good = complete.length === 0 ? 0 : complete[complete.length - 1];
      expect(read.entries, `cut at ${k}`).toEqual(game.entries.slice(0, Math.max(0, complete.length - 1)));
      expect(read.header).toEqual(complete.length > 0 ? game.header : null);
      expect(read.goodBytes).toBe(good);
      if (k === good && k > 0) {
        // Cut exactly at the end of a line: a shorter journal, nothing to report.
        expect(read.problem, `cut at ${k}`).toBeUndefined();
      } else {
        expect(read.problem, `cut at ${k}`).toMatchObject({ line: complete.length + 1, offset: good, tail: true });
        expect(read.problem!.reason).toMatch(k === 0 ? /^line 1: the journal is empty/ : new RegExp(`^line ${complete.length + 1}: cut off after ${k - good} bytes`));
      }
    }
  });

  it('a power cut that left zeros at the end is told apart from a torn line', () => {
    const cut = lineEnds[5];
    const withZeros = new Uint8Array(cut + 300);
    withZeros.set(bytes.subarray(0, cut));
    const read = parseJournal(withZeros);
    expect(read.entries).toEqual(game.entries.slice(0, 5));
    expect(read.problem).toMatchObject({ line: 7, offset: cut, tail: true });
    expect(read.problem!.reason).toContain('300 zero bytes at the end');
  });

  it('every single bit flipped anywhere is caught at its own line; nothing from that line on is trusted', () => {
    for (let i = 0; i < bytes.length; i++) {
      const line = lineEnds.filter((e) => e <= i).length + 1;
      for (let bit = 0; bit < 8; bit++) {
        const bad = bytes.slice();
        bad[i] ^= 1 << bit;
        const read = parseJournal(bad);
        if (line === 1 && i !== lineEnds[0] - 1) {
          // A damaged header does not set the game aside: the entries after it are read on.
          expect(read.header, `byte ${i} bit ${bit}`).toBeNull();
          expect(read.headerProblem, `byte ${i} bit ${bit}`).toMatchObject({ line: 1, offset: 0 });
          expect(read.problem).toBeUndefined();
          expect(read.entries).toEqual(game.entries);
          continue;
        }
        expect(read.problem, `byte ${i} bit ${bit}`).toMatchObject({ line, offset: line === 1 ? 0 : lineEnds[line - 2] });
        expect(read.entries).toEqual(game.entries.slice(0, Math.max(0, line - 2)));
      }
    }
  });

  it('a corrupted line in the middle is reported as such, and what follows it is not read', () => {
    const bad = bytes.slice();
    bad[lineEnds[3] + 12] ^= 0x20;
    const read = parseJournal(bad);
    expect(read.entries).toHaveLength(3);
    expect(read.problem).toMatchObject({ line: 5, tail: false });
    expect(read.problem!.reason).toMatch(/^line 5: checksum mismatch \(stored [0-9a-f]{8}, computed [0-9a-f]{8}\)/);
  });

  it('a repeated or lost line is caught by the entry numbers, though each line is sound', () => {
    const lines = text.split('\n');
    const repeated = [...lines.slice(0, 4), lines[3], ...lines.slice(4)].join('\n');
    expect(parseJournal(utf8(repeated)).problem?.reason).toBe('line 5: entry number 3 where 4 was expected: a line is missing or repeated');
    const lost = [...lines.slice(0, 4), ...lines.slice(5)].join('\n');
    expect(parseJournal(utf8(lost)).problem?.reason).toBe('line 5: entry number 5 where 4 was expected: a line is missing or repeated');
  });

  it('a newer format, a file that is no journal, an unknown entry: each with a clear reason', () => {
    const newer = encodeHeader({ ...game.header, format: 2 });
    expect(parseJournal(utf8(newer)).problem?.reason).toBe('line 1: journal format 2 is newer than this dambord reads (1): update dambord');
    expect(parseJournal(utf8('[Event "a PDN file"]\n')).problem?.reason).toMatch(/^line 1: no checksum at the end of the line/);
    const unknown = encodeHeader(game.header) + encodeEntry({ k: 'video', t: 1 } as never, 1);
    expect(parseJournal(utf8(unknown)).problem?.reason).toBe('line 2: unknown entry kind "video"');
  });
});
