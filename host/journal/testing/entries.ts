import type { JournalEntry, JournalHeader } from '../../game/journal/record.ts';
import { JOURNAL_FORMAT } from '../../game/journal/record.ts';

/** The header the crash fixture writes. */
export const fixtureHeader: JournalHeader = {
  format: JOURNAL_FORMAT,
  variant: 'international',
  start: 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20',
  policy: 'tournament',
  tags: [{ name: 'Event', value: 'crash test' }],
  timeControl: { baseMs: 300_000, incrementMs: 2_000 },
  created: '2025-01-01T00:00:00.000Z',
  t0: 0,
};

/**
 * Entry number `n` (1-based) of the crash fixture: a deterministic mix of kinds, with text
 * outside ASCII so that UTF-8 is exercised, so the reader can check each entry by its number.
 */
export function fixtureEntry(n: number): JournalEntry {
  switch (n % 4) {
    case 0:
      return { k: 'clock', t: n * 10, white: 300_000 - n, black: 300_000 - 2 * n, running: n % 8 === 0 ? 'white' : 'black' };
    case 1:
      return { k: 'ev', e: { type: 'lift', square: n % 50, t: n * 10 } };
    case 2:
      return { k: 'ev', e: { type: 'place', square: (n + 5) % 50, t: n * 10 } };
    default:
      return { k: 'note', t: n * 10, text: `entry ${n}: dame ♛ é` };
  }
}
