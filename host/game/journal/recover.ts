import { parseFen, variants } from '../../../rules/index.ts';
import type { Color, Position, VariantName } from '../../../rules/index.ts';
import { clocksText, createClock, restoreClock } from '../clock/clock.ts';
import type { Clock, SideClock, TimedControl } from '../clock/clock.ts';
import { policyNamed, withShowJumps } from '../referee/policy.ts';
import { createReferee, refereePosition, step } from '../referee/referee.ts';
import type { RefereeState } from '../referee/referee.ts';
import type { Policy, RefereeOutput } from '../referee/types.ts';
import { rebuildHeader } from './rebuild.ts';
import type { HeaderRebuild } from './rebuild.ts';
import { entryTime, outRecord } from './record.ts';
import type { ClockRecord, JournalEntry, JournalHeader, JournalRead, OutRecord } from './record.ts';

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
      /** The header the game was replayed from: the journal's, or the one rebuilt for a damaged header. */
      readonly header: JournalHeader;
      /** When the header was damaged: what was rebuilt from what, and how it was checked (for people). */
      readonly rebuilt: string | null;
      /** The same as facts, to be said in another language. */
      readonly rebuild: HeaderRebuild | null;
      /** The header's start position and policy, as set up for the replay. */
      readonly start: Position;
      readonly policy: Policy;
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
  // A sentence is the catalogue's wording of the facts beside it: a journal written before a
  // sentence was reworded resumes, its facts (code, article, squares, decision, positions) checked.
  return Object.entries(replayed).every(([k, v]) => k === 'message' || JSON.stringify(v) === JSON.stringify(j[k]));
}

/**
 * Replays the journal's events through the pure referee, from the header's start position,
 * policy and `t0`, and checks that every journaled output is what the referee says again, in
 * the same order after the same event. The first divergence is reported with its line and
 * both outputs; a journal from another version of the referee, or a hand-edited one, is
 * caught here instead of silently resuming a different game.
 *
 * It steps the referee itself rather than calling `runEvents`: `runEvents` ends by closing the
 * move still open (a king's), which a game cut off by a crash has not ended, and the state to
 * resume is the state at the crash. The events and their order are the same.
 */
export function recoverGame(journal: JournalRead): Recovery {
  if (journal.header) return replayJournal(journal, journal.header, null, null);
  if (!journal.headerProblem) return { ok: false, reason: 'its header cannot be read' };
  return rebuildHeader(journal, (header, rebuilt, rebuild) => replayJournal(journal, header, rebuilt, rebuild));
}

/** {@link recoverGame} with the header given. */
function replayJournal(journal: JournalRead, h: JournalHeader, rebuilt: string | null, rebuild: HeaderRebuild | null): Recovery {
  const variant = Object.hasOwn(variants, h.variant) ? variants[h.variant as VariantName] : undefined;
  if (!variant) return { ok: false, reason: `unknown variant ${JSON.stringify(h.variant)} in the header` };
  const start = parseFen(variant, h.start);
  if (!start.ok) return { ok: false, reason: `the header's start FEN does not parse: ${start.error.reason}` };
  const named = policyNamed(h.policy);
  const policy = named && withShowJumps(named, h.showJumps === true);
  if (!policy) return { ok: false, reason: `unknown policy ${JSON.stringify(h.policy)} in the header` };

  let state = createReferee(start.position, policy, h.t0, h.lang);
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
        const e = entry.e;
        if (e.type === 'board' && e.occupied.some((q) => q >= variant.geometry.squares)) return { ok: false, line, reason: `line ${line}: a board connected again with square indices off the ${variant.geometry.squares} squares of ${variant.name} draughts` };
        if ((e.type === 'lift' || e.type === 'place') && e.square >= variant.geometry.squares) return { ok: false, line, reason: `line ${line}: a ${e.type} on square index ${e.square}, off the ${variant.geometry.squares} squares of ${variant.name} draughts` };
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
  return { ok: true, state, header: h, rebuilt, rebuild, start: start.position, policy, position: refereePosition(state), pending: queue.map((q) => q.output), outputs, clock, lastT, events };
}

/** The clocks of a game brought back from its journal ({@link recoverClock}). */
export interface ClockRecovery {
  /**
   * The clocks as they were at the journal's last entry, the last moment it knows the game was
   * going on, and not running (`paused`): `toMove`'s time runs again with the next move or press
   * of the clock. Null when the journal has no clock entry (no clock had started).
   */
  readonly clock: Clock | null;
  /** Board time of the journal's last entry (the header's `t0` when there is none). */
  readonly lastT: number;
  /** The side whose time had run out by then, if one had. */
  readonly flag: Color | null;
  /** The PDN `[%clock]` comment of each move, by ply (of a ply played again after a takeback, the last). */
  readonly moveComments: ReadonlyMap<number, string>;
  /** The clocks' comment of each accepted irregularity that handed the turn over, in order, with the FEN that stood. */
  readonly acceptedComments: readonly { readonly fen: string; readonly comment: string }[];
}

/**
 * The clocks of a journaled game (FMJD 10 leaves the clock to the arbiter): the last clock
 * entry that holds the whole clock, with the time from it to the journal's last entry charged
 * to the side whose clock ran; not running, whoever's clock ran. Time after the last entry (the
 * host was down) is charged to nobody. Journals written before clock entries held the time used
 * and the move counts get back the times left only. Also the `[%clock]` comments of the
 * scoresheet, as the live game wrote them. `toMove` is the referee's side to move; the clock's
 * is the side whose clock ran, if one did.
 *
 * @example recoverClock(read, tc, 'black').clock // paused, White's and Black's times as at the last entry
 */
export function recoverClock(journal: JournalRead, tc: TimedControl, toMove: Color): ClockRecovery {
  let lastT = journal.header?.t0 ?? 0;
  let base: ClockRecord | null = null;
  let lastOut: OutRecord | null = null;
  /** A move not yet given its clock entry (journals without `on` pair the next entry with it). */
  let unpaired: Extract<OutRecord, { type: 'move' }> | null = null;
  const moveComments = new Map<number, string>();
  const acceptedComments: { fen: string; comment: string }[] = [];
  for (const e of journal.entries) {
    lastT = Math.max(lastT, entryTime(e));
    if (e.k === 'out') {
      lastOut = e.o;
      if (e.o.type === 'move') unpaired = e.o;
      continue;
    }
    if (e.k !== 'clock') continue;
    if (e.on === undefined || e.used !== undefined) base = e;
    if (e.on === 'move' && lastOut?.type === 'move') moveComments.set(lastOut.ply, clocksText(e.white, e.black, e.running));
    else if (e.on === undefined && unpaired) moveComments.set(unpaired.ply, clocksText(e.white, e.black, e.running));
    else if (e.on === 'accepted' && lastOut?.type === 'accepted') acceptedComments.push({ fen: lastOut.fen, comment: clocksText(e.white, e.black, e.running) });
    unpaired = null;
  }
  if (!base) return { clock: null, lastT, flag: null, moveComments, acceptedComments };
  const fresh = createClock(tc, toMove);
  const sideOf = (color: Color, i: 0 | 1): SideClock => {
    const b = base!;
    const counts = b.moves?.[i];
    const s: SideClock = { remaining: b[color], used: b.used?.[i] ?? fresh[color].used, moves: counts?.[0] ?? 0, period: counts?.[1] ?? 0, periodMoves: counts?.[2] ?? 0 };
    if (b.running !== color) return s;
    const charged = Math.min(s.remaining, Math.max(0, lastT - b.t));
    return { ...s, remaining: s.remaining - charged, used: s.used + charged };
  };
  const white = sideOf('white', 0);
  const black = sideOf('black', 1);
  const flag = toMove === 'white' ? (white.remaining <= 0 ? 'white' : black.remaining <= 0 ? 'black' : null) : black.remaining <= 0 ? 'black' : white.remaining <= 0 ? 'white' : null;
  // The side whose clock ran is the side to move as the journal knows it (`toMove` differs only
  // when the journal lacks what the referee said about its last event).
  return { clock: restoreClock(tc, base.running ?? toMove, white, black), lastT, flag, moveComments, acceptedComments };
}
