import { describe, expect, it } from 'vitest';
import { writeFen } from '../../../rules/index.ts';
import { casual } from '../referee/policy.ts';
import { runEvents } from '../referee/run.ts';
import type { RefereeEvent } from '../referee/types.ts';
import type { JournalEntry, JournalRead, OutRecord } from './record.ts';
import { crc32, parseJournal, writeJournal } from './record.ts';
import { recoverClock, recoverGame } from './recover.ts';
import { parseTimeControl } from '../clock/clock.ts';
import type { TimedControl } from '../clock/clock.ts';
import { gameJournal } from '../../journal/testing/game.ts';

const game = gameJournal();
const read = (entries: readonly JournalEntry[]): JournalRead => parseJournal(new TextEncoder().encode(writeJournal(game.header, entries)));
const events = (entries: readonly JournalEntry[]): RefereeEvent[] => entries.flatMap((e) => (e.k === 'ev' ? [e.e] : []));

describe('recoverGame', () => {
  it('brings back the exact game: position, referee state, clocks', () => {
    const r = recoverGame(read(game.entries));
    if (!r.ok) throw new Error(r.reason);
    expect(writeFen(r.position)).toBe('W:W31,33-50:B1-13,15-18,20,23');
    expect(r.pending).toEqual([]);
    expect(r.events).toBe(events(game.entries).length);
    expect(r.clock).toEqual(game.entries.filter((e) => e.k === 'clock').at(-1));
    expect(r.lastT).toBe(2200);
    // The same game runEvents plays from the same events.
    const run = runEvents(parseStart(), casual, events(game.entries));
    expect(run.outputs.filter((o) => o.output.type === 'move').map((o) => (o.output.type === 'move' ? o.output.text : ''))).toEqual(['32-28', '19-23', '28x19', '14x23']);
  });

  it('at every point of the journal, recovery succeeds; outputs of an event whose outputs were not yet written come back as pending', () => {
    for (let k = 0; k <= game.entries.length; k++) {
      const r = recoverGame(read(game.entries.slice(0, k)));
      if (!r.ok) throw new Error(`after ${k} entries: ${r.reason}`);
      const next = game.entries[k];
      if (next?.k === 'out') expect(r.pending.length, `after ${k} entries`).toBeGreaterThan(0);
    }
    // Crash between "place" (entry 4) and the touch-move note and move the referee said about it.
    const r = recoverGame(read(game.entries.slice(0, 4)));
    expect(r.ok && r.pending.map((o) => o.type)).toEqual(['irregularity', 'move']);
  });

  it('a journaled move the replay does not make is a divergence, reported with its line and both moves', () => {
    const edited = game.entries.map((e) => (e.k === 'out' && e.o.type === 'move' && e.o.ply === 2 ? { ...e, o: { ...e.o, text: '20-24' } as OutRecord } : e));
    const r = recoverGame(read(edited));
    expect(r).toMatchObject({ ok: false, line: 11 });
    expect(!r.ok && r.reason).toBe(
      'line 11: the journal has move 2 (black 20-24, then W:W28,31,33-50:B1-18,20,23), the replay has move 2 (black 19-23, then W:W28,31,33-50:B1-18,20,23)',
    );
  });

  it('an output the replay does not give, or one left out before the next event, is a divergence', () => {
    const extra = [...game.entries.slice(0, 2), game.entries[5], ...game.entries.slice(2)];
    expect(recoverGame(read(extra))).toMatchObject({ ok: false, line: 4, reason: expect.stringContaining('the replay has no such output') });
    const missing = game.entries.filter((_, i) => i !== 9);
    expect(recoverGame(read(missing))).toMatchObject({ ok: false, line: 12, reason: expect.stringContaining("an event is journaled, but the referee's move 2 (black 19-23") });
  });

  it('a header that cannot be set up is reported', () => {
    const r = recoverGame({ ...read([]), header: { ...game.header, policy: 'lenient' as never } });
    expect(r).toEqual({ ok: false, reason: 'unknown policy "lenient" in the header' });
    expect(recoverGame({ header: null, entries: [], goodBytes: 0 })).toEqual({ ok: false, reason: 'its header cannot be read' });
    // Names given in a file are looked up among the variants' and policies' own names only.
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(recoverGame({ ...read([]), header: { ...game.header, variant: name as never } })).toEqual({ ok: false, reason: `unknown variant ${JSON.stringify(name)} in the header` });
      expect(recoverGame({ ...read([]), header: { ...game.header, policy: name as never } })).toEqual({ ok: false, reason: `unknown policy ${JSON.stringify(name)} in the header` });
    }
  });

  it('an event on a square off the board is reported with its line, not replayed', () => {
    const r = recoverGame(read([{ k: 'ev', e: { type: 'lift', square: 50, t: 10 } }]));
    expect(r).toMatchObject({ ok: false, line: 2, reason: 'line 2: a lift on square index 50, off the 50 squares of international draughts' });
  });
});

describe('parseJournal validates every field it hands on', () => {
  const header = '{"n":0,"k":"header","format":1,"variant":"international","start":"W:W31-50:B1-20","policy":"tournament","tags":TAGS,"timeControl":null,"created":"2026-11-21T10:00:00Z","t0":0';
  /** The line as record.ts seals it: the CRC-32 of the line without its crc field. */
  const line = (json: string) => `${json},"crc":"${crc32(new TextEncoder().encode(`${json}}`)).toString(16).padStart(8, '0')}"}\n`;
  it.each([
    ['a tag that is null', '[null]', 'the header has a tag that is not a name and a value'],
    ['a tag without a value', '[{"name":"White"}]', 'the header has a tag that is not a name and a value'],
  ])('a header with %s is a problem of line 1, not a crash', (_, tags, reason) => {
    const r = parseJournal(new TextEncoder().encode(line(header.replace('TAGS', tags))));
    expect(r.header).toBeNull();
    expect(r.problem?.reason).toBe(`line 1: ${reason}`);
  });
  it.each([
    ['a move without its ply', '{"type":"move","side":"white","text":"32-28","fen":"B:W28,31,33-50:B1-20","t":5}', 'a move output whose "ply" is missing or not what it should be'],
    ['a move by nobody', '{"type":"move","ply":1,"side":"red","text":"32-28","fen":"B:W28,31,33-50:B1-20","t":5}', 'a move output whose "side" is missing or not what it should be'],
    ['an irregularity with squares that are no squares', '{"type":"irregularity","code":"touch-move","article":"3.11","squares":[null],"decision":"note","message":"m","t":5}', 'an irregularity output whose "squares" is missing or not what it should be'],
    ['a result without a winner', '{"type":"result","result":"2-0","reason":"resignation","article":"7.1.2.1","t":5}', 'a result output whose "winner" is missing or not what it should be'],
  ])('an output entry with %s is a problem of its line, not a crash', (_, out, reason) => {
    const r = parseJournal(new TextEncoder().encode(line(header.replace('TAGS', '[]')) + line(`{"n":1,"k":"out","o":${out}`)));
    expect(r.entries).toEqual([]);
    expect(r.problem?.reason).toBe(`line 2: ${reason}`);
  });
});

function parseStart() {
  const r = recoverGame(read([]));
  if (!r.ok) throw new Error(r.reason);
  return r.position;
}

function timed(text: string): TimedControl {
  const r = parseTimeControl(text);
  if (!r.ok || r.tc.kind !== 'timed') throw new Error(`test: ${text}`);
  return r.tc;
}

describe('recoverClock', () => {
  const move = (ply: number, side: 'white' | 'black', t: number): JournalEntry => ({ k: 'out', o: { type: 'move', ply, side, text: '?', fen: '?', t } });
  const ev = (t: number): JournalEntry => ({ k: 'ev', e: { type: 'lift', square: 31, t } });

  it('FMJD 10: the clocks as at the journal\'s last entry, the running side charged up to it, none running', () => {
    const entries: JournalEntry[] = [
      move(1, 'white', 1000),
      { k: 'clock', t: 1000, white: 600_000, black: 600_000, running: 'black', on: 'move', used: [0, 0], moves: [[1, 0, 1], [0, 0, 0]] },
      { k: 'clock', t: 11_000, white: 600_000, black: 590_000, running: 'black', on: 'running' },
      ev(15_500),
    ];
    const r = recoverClock(read(entries), timed('2/600:300'), 'black');
    expect(r.lastT).toBe(15_500);
    expect(r.flag).toBeNull();
    expect(r.clock).toMatchObject({ state: 'paused', toMove: 'black', since: null });
    expect(r.clock!.black).toEqual({ remaining: 585_500, used: 14_500, moves: 0, period: 0, periodMoves: 0 });
    expect(r.clock!.white).toEqual({ remaining: 600_000, used: 0, moves: 1, period: 0, periodMoves: 1 });
    expect(r.moveComments).toEqual(new Map([[1, '[%clock w0:10:00 B0:10:00]']]));
  });

  it('FMJD 10: after a resume entry (no clock running) nothing is charged; a time used up is a fallen flag', () => {
    const resumed: JournalEntry[] = [
      { k: 'clock', t: 5000, white: 100, black: 600_000, running: 'white', on: 'move', used: [0, 0], moves: [[0, 0, 0], [1, 0, 1]] },
      { k: 'clock', t: 7000, white: 100, black: 600_000, running: null, on: 'resumed', used: [0, 0], moves: [[0, 0, 0], [1, 0, 1]] },
      ev(60_000),
    ];
    expect(recoverClock(read(resumed), timed('600'), 'white')).toMatchObject({ flag: null, clock: { white: { remaining: 100 } } });
    const fallen = recoverClock(read(resumed.filter((e) => !(e.k === 'clock' && e.on === 'resumed'))), timed('600'), 'white');
    expect(fallen.flag).toBe('white');
    expect(fallen.clock!.white).toMatchObject({ remaining: 0, used: 100 });
  });

  it('FMJD 5.4, 5.7: the clocks of an accepted irregularity go with the FEN that stood', () => {
    const entries: JournalEntry[] = [
      { k: 'out', o: { type: 'accepted', code: 'illegal-move', article: '5.4.2', fen: 'B:W23,31,33-50:B1-20', t: 3000 } },
      { k: 'clock', t: 3000, white: 597_200, black: 600_000, running: 'black', on: 'accepted', used: [2800, 0], moves: [[1, 0, 1], [0, 0, 0]] },
    ];
    expect(recoverClock(read(entries), timed('600'), 'black').acceptedComments).toEqual([{ fen: 'B:W23,31,33-50:B1-20', comment: '[%clock w0:09:58 B0:10:00]' }]);
  });

  it('a journal written before the whole clock was journaled gives back the times left and the moves\' comments', () => {
    const r = recoverClock(read(game.entries), timed('300+2'), 'white');
    const last = game.entries.filter((e) => e.k === 'clock').at(-1)!;
    expect(r.clock).toMatchObject({ state: 'paused', white: { remaining: last.k === 'clock' ? last.white : 0, used: 0 } });
    expect([...r.moveComments.keys()]).toEqual([1, 2, 3, 4]);
    expect(recoverClock(read([]), timed('300'), 'white')).toMatchObject({ clock: null, lastT: 0 });
  });
});

describe('recoverGame: what the opponent asked for comes back with the game', () => {
  it('FMJD 4.9: a journal whose header says captures are to be shown jump by jump replays with it', () => {
    const header = { ...game.header, policy: 'tournament' as const, start: 'W:W38,47,48:B1,3,14,24,33', showJumps: true };
    // 38x9 in one sweep, the three men taken off.
    const sweep: JournalEntry[] = [37, 8, 32, 23, 13].map((square, i) => ({ k: 'ev', e: { type: i === 1 ? 'place' : 'lift', square, t: 200 * i } }));
    const parsed = parseJournal(new TextEncoder().encode(writeJournal(header, sweep)));
    expect(parsed.header?.showJumps).toBe(true);
    const r = recoverGame(parsed);
    expect(r.ok && r.pending.map((o) => (o.type === 'irregularity' ? o.code : o.type))).toEqual(['jumps-not-shown']);
    const plain = recoverGame(parseJournal(new TextEncoder().encode(writeJournal({ ...header, showJumps: undefined }, sweep))));
    expect(plain.ok && plain.pending.map((o) => o.type)).toEqual(['move']);
  });
});

describe('recoverGame: a damaged header does not set the game aside', () => {
  const bytes = new TextEncoder().encode(writeJournal(game.header, game.entries));
  const headerEnd = bytes.indexOf(0x0a);
  const intact = recoverGame(parseJournal(bytes));
  if (!intact.ok) throw new Error(intact.reason);

  it('every bit of the header flipped: the game comes back from its events, checked against its outputs', () => {
    for (let i = 0; i < headerEnd; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const bad = bytes.slice();
        bad[i] ^= 1 << bit;
        const r = recoverGame(parseJournal(bad));
        if (!r.ok) throw new Error(`byte ${i} bit ${bit}: ${r.reason}`);
        expect(writeFen(r.position), `byte ${i} bit ${bit}`).toBe(writeFen(intact.position));
        expect(r.header).toMatchObject({ variant: 'international', start: game.header.start, policy: 'casual' });
        expect(r.header.t0).toBeLessThanOrEqual(game.entries[0].k === 'ev' ? game.entries[0].e.t : 0);
        expect(r.rebuilt).toMatch(/^line 1: .*; the game was rebuilt from its events: .*checked against the \d+ outputs the journal records/);
      }
    }
  });

  it('what the damaged line still shows is kept: the tags outside the damage, the policy (a noted touch-move tells casual from tournament)', () => {
    const text = new TextDecoder().decode(bytes);
    const damaged = text.replace('"variant":"international"', '"variant":"intern\u00f6\u00f6ional"');
    const r = recoverGame(parseJournal(new TextEncoder().encode(damaged)));
    if (!r.ok) throw new Error(r.reason);
    expect(r.header.tags).toEqual(game.header.tags);
    expect(r.header.created).toBe(game.header.created);
    expect(r.rebuilt).toContain('variant international (taken as default)');
    expect(r.rebuilt).toContain('policy casual (as the damaged header shows it)');
    expect(r.rebuilt).toContain('tags kept: White, Black');
    // One character off a name is that name.
    const one = recoverGame(parseJournal(new TextEncoder().encode(text.replace('"variant":"international"', '"variant":"internati\u00f6nal"'))));
    expect(one.ok && one.rebuilt).toContain('variant international (as the damaged header shows it)');
    // The policy lost too: tournament is tried first and does not replay the noted touch-move.
    const noPolicy = damaged.replace('"policy":"casual"', '"policy":"c\u0000sual"');
    const q = recoverGame(parseJournal(new TextEncoder().encode(noPolicy)));
    expect(q.ok && q.header.policy).toBe('casual');
    expect(q.ok && q.rebuilt).toContain('policy casual (taken as default)');
  });

  it('a damaged header with nothing sound after it, or a file that is no journal, is still a problem of line 1', () => {
    const onlyHeader = bytes.slice(0, headerEnd + 1);
    onlyHeader[10] ^= 1;
    expect(parseJournal(onlyHeader)).toMatchObject({ header: null, entries: [], problem: { line: 1 } });
    expect(recoverGame(parseJournal(onlyHeader))).toMatchObject({ ok: false, reason: 'its header cannot be read' });
    const pdn = new TextEncoder().encode('[Event "a PDN file"]\n[White "A"]\n1. 32-28 *\n');
    expect(parseJournal(pdn).problem?.reason).toMatch(/^line 1: no checksum at the end of the line/);
  });
});
