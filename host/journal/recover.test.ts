import { describe, expect, it } from 'vitest';
import { writeFen } from '../../rules/index.ts';
import { casual } from '../referee/policy.ts';
import { runEvents } from '../referee/run.ts';
import type { RefereeEvent } from '../referee/types.ts';
import type { JournalEntry, JournalRead, OutRecord } from './record.ts';
import { parseJournal, writeJournal } from './record.ts';
import { recoverGame } from './recover.ts';
import { gameJournal } from './testing/game.ts';

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
    expect(recoverGame({ header: null, entries: [], goodBytes: 0 })).toEqual({ ok: false, reason: 'the journal has no readable header' });
  });
});

function parseStart() {
  const r = recoverGame(read([]));
  if (!r.ok) throw new Error(r.reason);
  return r.position;
}
