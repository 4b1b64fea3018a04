import { parseFen, variants } from '../../../rules/index.ts';
import { policies } from '../../game/referee/policy.ts';
import { createReferee, step } from '../../game/referee/referee.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import type { JournalEntry, JournalHeader } from '../../game/journal/record.ts';
import { JOURNAL_FORMAT, outRecord } from '../../game/journal/record.ts';

/**
 * A short international game in the casual policy: a touch-move noted, two moves each, a
 * capture. Squares in the variant's notation.
 */
export const GAME_SCRIPT = ['lift 33', 'place 33', 'lift 32', 'place 28', 'lift 19', 'place 23', 'lift 28', 'lift 23', 'place 19', 'lift 14', 'lift 19', 'place 23'].join('\n');

/**
 * The journal a live game of `script` would write: each event, then the outputs worth keeping,
 * then a clock entry after each move (5 minutes + 2 s, the mover's clock charged the time since
 * the previous move). A real journal, made by the real referee.
 */
export function gameJournal(script = GAME_SCRIPT, policy: keyof typeof policies = 'casual'): { header: JournalHeader; entries: JournalEntry[] } {
  const v = variants.international;
  const parsed = parseActionScript(script, v);
  const start = parseFen(v, v.startFen);
  if (!parsed.ok || !start.ok) throw new Error('bad fixture');
  const header: JournalHeader = {
    format: JOURNAL_FORMAT,
    variant: 'international',
    start: v.startFen,
    policy,
    tags: [{ name: 'White', value: 'Sijbrands' }, { name: 'Black', value: 'Wiersma' }],
    timeControl: { baseMs: 300_000, incrementMs: 2_000 },
    created: '2025-01-01T12:00:00.000Z',
    t0: 0,
  };
  const left = { white: 300_000, black: 300_000 };
  let since = 0;
  let state = createReferee(start.position, policies[policy], 0);
  const entries: JournalEntry[] = [];
  for (const { event } of eventsOf(parsed.actions)) {
    entries.push({ k: 'ev', e: event });
    const r = step(state, event);
    state = r.state;
    for (const o of r.outputs) {
      const rec = outRecord(o);
      if (rec) entries.push({ k: 'out', o: rec });
      if (o.type === 'move') {
        left[o.side] += header.timeControl!.incrementMs - (o.t - since);
        since = o.t;
        entries.push({ k: 'clock', t: o.t, white: left.white, black: left.black, running: o.side === 'white' ? 'black' : 'white' });
      }
    }
  }
  return { header, entries };
}
