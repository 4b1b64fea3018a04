// Resume: the game brought back from its journal, in one place. The referee is replayed from
// the journal's events and checked against what the journal says it said; the clocks come back
// as at the journal's last entry; what the referee said about the last event and the journal
// missed (the host stopped between the two writes) is journaled now. The result is a game
// state waiting for its board, as a new game would be, and the effects to carry out first.

import { computerResumed } from './computer.ts';
import { currentPosition, writeFen } from '../../rules/index.ts';
import { createClock, formatHms, parseTimeControl, pause, setRemaining, stop } from './clock/clock.ts';
import type { TimedControl } from './clock/clock.ts';
import { timeControlWhy } from './clock/timeControlWords.ts';
import { clockOn } from './clockOn.ts';
import { clockAt, draft, journal, say } from './draft.ts';
import type { GameEffect, GameState } from './game.ts';
import { clockRecord, outRecord } from './journal/record.ts';
import type { JournalEntry, JournalHeader, JournalRead } from './journal/record.ts';
import { recoverClock, recoverGame } from './journal/recover.ts';
import { rebuildWords } from './journal/rebuild.ts';
import { observe } from './leds/guidance.ts';
import { recordWithOffers } from './drawOffers.ts';
import { createGame, flagFallen, flagged, langOf } from './step.ts';
import { resultReason, resultReasonWords } from './referee/describe.ts';
import { say as sentence } from '../words/catalogue.ts';

/** What a resume may be told. */
export interface ResumeOptions {
  /** The arbiter sets the clocks (`--clock`): White's and Black's time left in ms. */
  readonly clocks?: { readonly white: number; readonly black: number } | null;
  /** Light the legal destinations of a lifted piece (not kept in the journal). */
  readonly hints?: boolean;
}

/**
 * A resumed game, or why the journal cannot be resumed: `replay` when the journal does not
 * replay (another version of the referee, a hand-edited file), `usage` when what was asked of
 * the resume does not fit the game (clocks set for a game without a time control).
 */
export type Resumed =
  | {
      readonly ok: true;
      readonly state: GameState;
      readonly effects: readonly GameEffect[];
      readonly plies: number;
      readonly events: number;
      /** The header the game was replayed from: rewrite the journal's with it when `rebuilt` is set. */
      readonly header: JournalHeader;
      /** What was rebuilt of a damaged header and how it was checked, or null. */
      readonly rebuilt: string | null;
    }
  | { readonly ok: false; readonly kind: 'replay' | 'usage'; readonly reason: string };

/** The game of a journal, to go on with once its board connects. */
export function resumeGame(read: JournalRead, options: ResumeOptions = {}): Resumed {
  const recovery = recoverGame(read);
  if (!recovery.ok) return { ok: false, kind: 'replay', reason: recovery.reason };
  const h = recovery.header;
  const tag = (name: string) => h.tags.find((t) => t.name === name)?.value;
  let timeControl: TimedControl | null = null;
  const tcText = tag('TimeControl');
  if (tcText) {
    const tc = parseTimeControl(tcText);
    if (!tc.ok) return { ok: false, kind: 'replay', reason: `the time control "${tcText}" of the header is not one PDN knows: ${timeControlWhy(tcText, tc)}` };
    if (tc.tc.kind !== 'unknown' && tc.tc.kind !== 'untimed') timeControl = tc.tc;
  }
  const set = options.clocks ?? null;
  if (set && !timeControl) return { ok: false, kind: 'usage', reason: 'the game has no time control: there are no clocks to set' };
  const players = { white: tag('White') ?? '?', black: tag('Black') ?? '?' };
  const game = createGame({
    start: recovery.start,
    policy: recovery.policy,
    players,
    // The board number of an event's game (PDN 3.0's Board tag) stays on its scoresheet.
    tags: h.tags.filter((t) => ['Event', 'Site', 'Date', 'Round', 'Board'].includes(t.name)).concat([{ name: 'White', value: players.white }, { name: 'Black', value: players.black }]),
    timeControl,
    hints: options.hints === true,
    lang: h.lang ?? 'en',
    ...(h.computer ? { computer: h.computer } : {}),
  });

  const turn = currentPosition(recovery.state.game).turn;
  let clocks = timeControl ? recoverClock({ ...read, header: h }, timeControl, turn) : null;
  if (clocks && timeControl && set) {
    // The arbiter's times replace the journal's (a fallen flag too); moves and periods stay.
    const r = setRemaining(clocks.clock ?? { ...createClock(timeControl, turn), state: 'paused' }, set.white, set.black);
    if (r.ok) clocks = { ...clocks, clock: r.clock, flag: null };
  }
  const lastT = Math.max(recovery.lastT, clocks?.lastT ?? 0);
  const d = draft({
    ...game,
    resume: { referee: recovery.state, lastT },
    clock: clocks?.clock ?? game.clock,
    clockT: lastT,
    journalT: lastT,
  });
  const s = d.s;
  const moveComments = new Map(clocks?.moveComments ?? []);
  const acceptedComments = [...(clocks?.acceptedComments ?? [])];
  // What the referee said about the last event and the journal missed: written now, the
  // clock pressed on it as it would have been, then stopped again.
  const entries: JournalEntry[] = [];
  for (const o of recovery.pending) {
    const rec = outRecord(o);
    if (rec) entries.push({ k: 'out', o: rec });
    const pressed = clockOn(d, o);
    if (!pressed) continue;
    entries.push(pressed.entry);
    if (pressed.comment && o.type === 'move') moveComments.set(o.ply, pressed.comment.text);
    if (pressed.comment && o.type === 'accepted') acceptedComments.push({ fen: writeFen(o.position), comment: pressed.comment.text });
  }
  if (s.clock?.state === 'running') {
    const paused = pause(s.clock, clockAt(d, lastT));
    if (paused.ok) s.clock = paused.clock;
  }
  if (s.clock?.state === 'paused') s.clock = { ...s.clock, toMove: turn };
  // The clocks come back as at the journal's last entry, not running (FMJD 10): journaled as
  // such, so that time from now until the next move or press is charged to nobody.
  if (s.clock && s.clock.state !== 'ready') {
    entries.push(clockRecord(s.clock, clockAt(d, lastT), set ? 'set' : 'resumed'));
    const hms = { white: formatHms(s.clock.white.remaining, 'up'), black: formatHms(s.clock.black.remaining, 'up') };
    // The journal's note is the same in every language.
    if (set) entries.push({ k: 'note', t: clockAt(d, lastT), text: `the arbiter set the clocks: ${sentence('en', 'log.clocks.times', hms)}` });
    say(d, sentence(langOf(s), set ? 'log.clocks.set' : 'log.clocks.resumed', { times: sentence(langOf(s), 'log.clocks.times', hms) }));
  }
  if (recovery.rebuilt && recovery.rebuild) {
    // A damaged header: the journal gets the header back (the caller rewrites it); the note
    // keeps what was rebuilt and how, for the arbiter.
    entries.push({ k: 'note', t: clockAt(d, lastT), text: `header rebuilt: ${recovery.rebuilt}` });
    say(d, sentence(langOf(s), 'log.header-rebuilt', { detail: rebuildWords(recovery.rebuild, langOf(s)) }));
  }
  journal(d, entries);
  // The scoresheet, the guidance and the messages of the game so far, as the referee said them,
  // with the clocks' comments as the game wrote them.
  const rebuilt = recordWithOffers(s.sheet, recovery.outputs, read.entries);
  s.sheet = rebuilt.sheet;
  s.drawOffer = rebuilt.drawOffer;
  let ply = 0;
  s.sheet = {
    ...s.sheet,
    items: s.sheet.items.map((item) => {
      if (item.kind === 'move' && !item.setup) {
        const comment = moveComments.get(++ply);
        return comment ? { ...item, comments: [...item.comments, comment] } : item;
      }
      if (item.kind === 'move' && acceptedComments.length > 0 && acceptedComments[0].fen === writeFen(item.after)) return { ...item, comments: [...item.comments, acceptedComments.shift()!.comment] };
      return item;
    }),
  };
  s.guidance = observe(s.guidance, recovery.outputs);
  for (const o of recovery.outputs) {
    if (o.type === 'result') s.result = { result: o.result, reason: resultReason(o.reason, langOf(s)), article: o.article, said: resultReasonWords(o.reason) };
    if (o.type === 'irregularity' && o.decision === 'decide') s.irregularity = flagged(recovery.start.variant, o, h.lang);
    if (o.type === 'accepted' || o.type === 'corrected' || o.type === 'move') s.irregularity = null;
  }
  // The computer's move being shown when the host stopped is shown again.
  if (s.computer) s.computer = computerResumed(s.computer, recovery.state, read.entries);
  // A flag that had fallen by the journal's last entry stays fallen (Latvian 7.1.2.5).
  const flag = clocks?.flag;
  if (flag && s.clock && !s.result) {
    flagFallen(d, flag);
    s.clock = stop(s.clock, clockAt(d, lastT));
  }
  return { ok: true, state: s, effects: d.effects, plies: recovery.state.ply, events: recovery.events, header: h, rebuilt: recovery.rebuilt };
}
