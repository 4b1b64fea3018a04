import { parseFen, variants } from '../../rules/index.ts';
import type { Position, VariantName } from '../../rules/index.ts';
import { policies } from '../referee/policy.ts';
import { createReferee, refereePosition, step } from '../referee/referee.ts';
import type { RefereeState } from '../referee/referee.ts';
import type { RefereeOutput } from '../referee/types.ts';
import { outRecord } from './record.ts';
import type { JournalEntry, JournalRead, OutRecord } from './record.ts';

/** The clock entry type of the journal. */
export type ClockEntry = Extract<JournalEntry, { k: 'clock' }>;

/**
 * A game brought back from its journal.
 * - `state`: the referee exactly as it was after the last journaled event; `state.occupied`
 *   is what the board must show (compare the sensed board with it before play goes on).
 * - `pending`: outputs the replay produced after the last journaled `out` (a crash between
 *   writing an event and writing what the referee said about it): journal them, then act.
 * - `clock`: the last clock entry (time left per side at its `t`), null if none was written.
 */
export type Recovery =
  | {
      readonly ok: true;
      readonly state: RefereeState;
      readonly position: Position;
      readonly pending: readonly RefereeOutput[];
      /** Everything the referee said in the replay, in order (to rebuild the scoresheet and the view). */
      readonly outputs: readonly RefereeOutput[];
      readonly clock: ClockEntry | null;
      /** Board time of the last journaled event (`header.t0` if none). */
      readonly lastT: number;
      readonly events: number;
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** Line of the journal where replay and journal part (when they do). */
      readonly line?: number;
      readonly journaled?: OutRecord;
      readonly replayed?: OutRecord;
    };

/** An output for people, in one line. */
export function describeOut(r: OutRecord): string {
  switch (r.type) {
    case 'move':
      return `move ${r.ply} (${r.side} ${r.text}, then ${r.fen})`;
    case 'irregularity':
      return `irregularity ${r.code} (${r.article}, ${r.decision}): ${r.message}`;
    case 'accepted':
      return `accepted ${r.code} (${r.fen})`;
    case 'corrected':
      return `corrected (${r.fen})`;
    case 'result':
      return `result ${r.result} (${r.reason})`;
  }
}

/** Every field the replay wrote is the same in the journal (the reader may keep more fields). */
function same(replayed: OutRecord, journaled: OutRecord): boolean {
  const j = journaled as unknown as Record<string, unknown>;
  return Object.entries(replayed).every(([k, v]) => JSON.stringify(v) === JSON.stringify(j[k]));
}

/**
 * Replays the journal's events through the pure referee, from the header's start position,
 * policy and `t0`, and checks that every journaled output is what the referee says again, in
 * the same order after the same event. The first divergence is reported with its line and
 * both outputs; a journal from another version of the referee, or a hand-edited one, is
 * caught here instead of silently resuming a different game.
 *
 * It steps the referee itself rather than calling `runEvents`: `runEvents` ends with a settle
 * tick that would announce a king's move still open at the crash, and the state to resume is
 * the state at the crash. The events and their order are the same.
 */
export function recoverGame(journal: JournalRead): Recovery {
  const h = journal.header;
  if (!h) return { ok: false, reason: 'the journal has no readable header' };
  const variant = variants[h.variant as VariantName];
  if (!variant) return { ok: false, reason: `unknown variant ${JSON.stringify(h.variant)} in the header` };
  const start = parseFen(variant, h.start);
  if (!start.ok) return { ok: false, reason: `the header's start FEN does not parse: ${start.error.reason}` };
  const policy = (policies as Record<string, (typeof policies)[keyof typeof policies]>)[h.policy];
  if (!policy) return { ok: false, reason: `unknown policy ${JSON.stringify(h.policy)} in the header` };

  let state = createReferee(start.position, policy, h.t0);
  let queue: { output: RefereeOutput; record: OutRecord }[] = [];
  let clock: ClockEntry | null = null;
  let lastT = h.t0;
  let events = 0;
  const outputs: RefereeOutput[] = [];
  for (let i = 0; i < journal.entries.length; i++) {
    const entry = journal.entries[i];
    const line = i + 2;
    switch (entry.k) {
      case 'ev': {
        if (queue.length > 0) {
          const missing = queue[0].record;
          return { ok: false, line, replayed: missing, reason: `line ${line}: an event is journaled, but the referee's ${describeOut(missing)} after the previous event is not: the journal and the replay part` };
        }
        const r = step(state, entry.e);
        state = r.state;
        outputs.push(...r.outputs);
        queue = r.outputs.flatMap((output) => {
          const record = outRecord(output);
          return record ? [{ output, record }] : [];
        });
        lastT = entry.e.t;
        events++;
        break;
      }
      case 'out': {
        const next = queue.shift();
        if (!next) return { ok: false, line, journaled: entry.o, reason: `line ${line}: the journal has ${describeOut(entry.o)}, the replay has no such output` };
        if (!same(next.record, entry.o)) {
          return { ok: false, line, journaled: entry.o, replayed: next.record, reason: `line ${line}: the journal has ${describeOut(entry.o)}, the replay has ${describeOut(next.record)}` };
        }
        break;
      }
      case 'clock':
        clock = entry;
        break;
      case 'note':
        break;
    }
  }
  return { ok: true, state, position: refereePosition(state), pending: queue.map((q) => q.output), outputs, clock, lastT, events };
}
