// What the board says, as announcements: a pure state machine fed each step of the game (the
// input, the game before and after, its effects, the board's time) that gives the sentences to
// speak, in the player's language, each with its kind and priority. No I/O and no clock: the
// speaker (speaker.ts) carries them out, and `dambord replay --speak` writes them as a transcript.
//
// It says: every move (with its whole capture route), every irregularity with its article, who
// decides and what the rules required instead (FMJD 5.4), the decision, the correction one step
// at a time as the hands do it (5.8), crowning, the clock (low time, a flag; in the English
// laws' time per move the call and the loss through improper delay), draw offers, the
// result and why, the board's link, and the answers to the questions of the board as keyboard
// (queries.ts). What play going on will judge (a complete irregular move, referee/foresee.ts) is
// said once it has stood still for FORESIGHT_STILL_MS of the board's time, and again only if it
// changes: the session's ticks bring the time, the referee decides nothing on it.

import { currentPosition, legalMoves, opposite, writeFen } from '../../rules/index.ts';
import type { Color, Position } from '../../rules/index.ts';
import { isPerMove, remaining } from '../game/clock/clock.ts';
import { lawOf } from '../game/clock/laws.ts';
import type { GameState, SeenStep } from '../game/game.ts';
import { correctionStepOf } from '../game/leds/guidance.ts';
import { wrongWay } from '../game/computer.ts';
import { irregularMove, lastMove, record, sheetPosition } from '../game/referee/record.ts';
import { foresee } from '../game/referee/foresee.ts';
import type { RefereeState } from '../game/referee/referee.ts';
import type { IrregularityCode, RefereeOutput } from '../game/referee/types.ts';
import { createKeyboard, keyboardStep } from './keyboard.ts';
import type { Keyboard } from './keyboard.ts';
import { moveWords, pieceKey, routeWords, squareWords, squaresWords, timeWords } from './words.ts';
import { listWords, say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** What an announcement is about: the transcript's `kind`. */
export type AnnouncementKind = 'move' | 'irregularity' | 'correction' | 'clock' | 'result' | 'query' | 'link';

/**
 * How an announcement stands against others in the speaker's queue:
 * - `urgent` (an irregularity, a flag, the result, the board lost) goes before everything
 *   waiting and interrupts chatter;
 * - `news` (moves, corrections, offers) is spoken in order and never dropped;
 * - `chatter` (answers to queries) is dropped when anything newer comes, and interrupted by it.
 */
export type Priority = 'urgent' | 'news' | 'chatter';

/** One thing to say. */
export interface Announcement {
  /** Serial number within the game's announcements: never the same announcement twice. */
  readonly id: number;
  /** Board time (ms) of the event that caused it. */
  readonly t: number;
  readonly lang: Language;
  readonly kind: AnnouncementKind;
  /** Plies played when it was said (for a move: its own ply). */
  readonly ply: number;
  readonly text: string;
  readonly priority: Priority;
  /**
   * Announcements of one group replace each other while waiting: the next correction step
   * replaces one not yet said (the hands moved on), the next copy step on a second board one
   * not yet said, a new answer an old one.
   */
  readonly group?: 'step' | 'copy' | 'query';
}

/** How long (ms of board time) what play going on will judge must stand, the hands still, before it is said. */
export const FORESIGHT_STILL_MS = 2000;

/** What play going on will judge, as speech follows it: its sentences, since when they and the hands stood still, those said this ply. */
export interface Foreseen {
  /** The referee the sentences were made from: the same referee (a tick) gives the same sentences. */
  readonly referee: RefereeState | null;
  readonly texts: readonly string[];
  /** Board time (ms) of the last hand on the board or change of the sentences. */
  readonly since: number;
  readonly ply: number;
  readonly said: readonly string[];
}

/** Low-time alarms: the time left at which the side to move hears it (ms). */
export const LOW_TIME_MS = [60_000, 30_000, 10_000] as const;

/** The announcer's memory between steps. */
export interface Announcer {
  readonly lang: Language;
  /** Serial of the next announcement. */
  readonly next: number;
  /** The correction step said last (its key), so that each is said once. */
  readonly step: string | null;
  /** Per side, the low-time alarms already given (indices into LOW_TIME_MS). */
  readonly low: Readonly<Record<Color, number>>;
  /** The board as keyboard (queries.ts, keyboard.ts); null: questions off. */
  readonly keyboard: Keyboard | null;
  /** The game it follows: a new game at the board (colours swapped) starts its alarms afresh. */
  readonly game: GameState['config'] | null;
  readonly foreseen: Foreseen;
}

/** A new announcer in `lang`; `queries`: the board's gestures and buttons ask questions. */
export function createAnnouncer(lang: Language, options: { readonly queries?: boolean } = {}): Announcer {
  return { lang, next: 1, step: null, low: { white: 0, black: 0 }, keyboard: options.queries ? createKeyboard() : null, game: null, foreseen: { referee: null, texts: [], since: 0, ply: 0, said: [] } };
}

/** A sentence before it is numbered. */
export type Said = Omit<Announcement, 'id' | 'lang'>;

/** `said` numbered on from the announcer's next id, in its language; the announcer after them. */
export function numbered(a: Announcer, said: readonly Said[]): { announcer: Announcer; said: Announcement[] } {
  return { announcer: { ...a, next: a.next + said.length }, said: said.map((s, i) => ({ id: a.next + i, lang: a.lang, ...s })) };
}

/** The announcer after `seen`, and what to say, in order. */
export function announce(current: Announcer, seen: SeenStep): { announcer: Announcer; said: Announcement[] } {
  // The next game at the board: its clock's alarms and the keyboard start afresh; the ids go on.
  // A game whose language the players changed (the page's settings) is spoken in it; else the voice stays.
  const game = seen.before.config;
  const spoken = current.game !== null && game.lang !== undefined && game.lang !== (current.game.lang ?? 'en') ? game.lang : current.lang;
  const a = current.game === null || current.game === game ? current : { ...createAnnouncer(spoken, { queries: current.keyboard !== null }), next: current.next };
  const { lang } = a;
  const { before, after, now } = seen;
  const ply = after.referee?.ply ?? before.referee?.ply ?? 0;
  const out: Said[] = [];
  const add = (kind: AnnouncementKind, priority: Priority, text: string, t = now, at = ply, group?: Said['group']) => out.push({ t, kind, ply: at, text, priority, ...(group ? { group } : {}) });

  // The link and the start.
  if (before.link.state !== after.link.state) {
    const state = after.link.state;
    if (state === 'lost') add('link', 'urgent', say(lang, 'link.lost'));
    else if (state === 'wrong board') add('link', 'urgent', say(lang, 'link.wrong'));
    else if (before.link.state === 'lost' || state === 'connected') add('link', 'news', say(lang, 'link.connected'));
  }
  if (!before.setup && after.setup && !after.referee) add('correction', 'news', say(lang, 'setup'));
  if (!before.referee && after.referee) add('correction', 'news', say(lang, 'start', { side: currentPosition(after.referee.game).turn }));

  // What the referee said.
  const outputs = seen.effects.flatMap((e) => (e.type === 'said' ? [e.output] : []));
  // The scoresheet as the referee's outputs leave it, one by one: the move a takeback takes
  // back, the position an acceptance lets stand, the side of the irregularity being settled.
  let sheet = before.sheet;
  for (let i = 0; i < outputs.length; i++) {
    const from = i;
    const o = outputs[i];
    switch (o.type) {
      case 'move':
        add('move', 'news', moveWords(lang, o.before, o.move), o.t, o.ply);
        if (before.drawOffer && before.drawOffer !== o.side && !after.drawOffer) add('result', 'news', say(lang, 'draw.declined', { side: o.side }), o.t, o.ply);
        break;
      case 'irregularity': {
        // Those flagged on one move together: each said, then the decision and what was required.
        const group = [o];
        while (outputs[i + 1]?.type === 'irregularity') group.push(outputs[++i] as typeof o);
        add('irregularity', 'urgent', irregularityWords(lang, after, before, group), o.t);
        break;
      }
      case 'accepted':
        add('irregularity', 'urgent', acceptedWords(lang, sheet, o, sheet.open?.side ?? opposite(o.position.turn)), o.t);
        break;
      case 'correction':
        add('correction', 'news', say(lang, 'correction.asked', { side: opposite(sheet.open?.side ?? opposite(o.target.turn)) }), o.t);
        break;
      case 'corrected':
        add('correction', 'news', o.obligation === null ? say(lang, 'corrected', { side: o.position.turn }) : say(lang, 'corrected.obligation', { side: o.position.turn, square: squareWords(lang, o.position, o.obligation) }), o.t);
        break;
      case 'mismatch':
        add('correction', 'urgent', say(lang, 'mismatch'), o.t);
        break;
      case 'matched':
        add('correction', 'news', say(lang, 'matched'), o.t);
        break;
      case 'crowned':
        add('move', 'news', say(lang, 'crowned', { square: squareWords(lang, currentPosition(after.referee!.game), o.square) }), o.t);
        break;
      case 'result':
        add('result', 'urgent', resultWords(lang, o.winner, o.reason, o.article), o.t);
        break;
      case 'adjusted':
        break;
    }
    sheet = record(sheet, outputs.slice(from, i + 1));
  }

  // The computer's move, shown: said with its whole route ("the computer plays 32 takes 21 takes 12").
  const shown = after.computer?.activity === 'showing' ? after.computer.move : null;
  if (shown && after.referee && (before.computer?.activity !== 'showing' || before.computer.move !== shown)) add('move', 'news', say(lang, 'computer.plays', { move: moveWords(lang, currentPosition(after.referee.game), shown) }));
  // A hint found for the player (host/game/computerHint.ts): said with its whole route too.
  const hint = after.computer?.hint?.move;
  if (hint && after.referee && before.computer?.hint?.move !== hint) add('move', 'news', say(lang, 'computer.hint.move', { move: moveWords(lang, currentPosition(after.referee.game), hint) }));
  // Its move made wrongly, where one square says how, or another legal move made for it: named.
  const c = after.computer;
  if (c && c.told && c.told !== before.computer?.told && after.referee) {
    const how = wrongWay(c, after.referee);
    const pos = currentPosition(after.referee.game);
    if (how?.kind === 'square') add('correction', 'urgent', say(lang, 'computer.wrong-square', { to: squareWords(lang, pos, how.to), square: squareWords(lang, pos, how.square) }));
    if (how?.kind === 'piece') add('correction', 'urgent', say(lang, 'computer.wrong-piece', { square: squareWords(lang, pos, how.square), wrong: squareWords(lang, pos, how.wrong) }));
  }
  const made = outputs.find((o) => o.type === 'move' && o.side === c?.config.side);
  if (c?.putRight && !before.computer?.putRight && c.move && made?.type === 'move') add('correction', 'urgent', say(lang, 'computer.other-move', { move: moveWords(lang, made.before, made.move), shown: moveWords(lang, made.before, c.move) }));

  // The correction, one step at a time, as the LEDs show it (5.8).
  const next = after.referee && correctionStepOf(after.referee);
  const stepKey = next ? `${next.kind}${next.square}` : null;
  if (next && stepKey !== a.step) {
    const square = squareWords(lang, next.target, next.square);
    add('correction', 'news', next.kind === 'clear' ? say(lang, 'correction.clear', { square }) : say(lang, 'correction.fill', { square, piece: pieceKey(next.target.board[next.square]) }), now, ply, 'step');
  }

  // What play going on will judge, once the hands have left it standing a moment.
  const foreseen = foreseenNow(a.foreseen, lang, seen, ply);
  const unsaid = foreseen.texts.filter((text) => !foreseen.said.includes(text));
  const still = foreseen.texts.length > 0 && now - foreseen.since >= FORESIGHT_STILL_MS;
  if (still && unsaid.length > 0) add('irregularity', 'news', unsaid.join(' '));
  const foresight = still ? { ...foreseen, said: [...foreseen.said, ...unsaid] } : foreseen;

  // A draw offered, the clock.
  if (after.drawOffer && after.drawOffer !== before.drawOffer) add('result', 'news', say(lang, 'draw.offered', { side: after.drawOffer }));
  if (after.result && !before.result && !outputs.some((o) => o.type === 'result')) {
    // A flag fell (the game ends on time, not by the referee); in the English laws' time per
    // move the game is lost through improper delay (laws 24, 25), which the result says.
    const flag = after.clock?.flag;
    const delay = after.clock !== null && isPerMove(after.clock.tc);
    if (flag && !delay) add('clock', 'urgent', say(lang, 'flag', { side: flag }));
    add('result', 'urgent', resultWords(lang, flag ? opposite(flag) : 'draw', flag ? (delay ? 'delay' : 'time') : 'other', after.result.article));
  }
  let low = a.low;
  const clock = after.clock;
  // Time called (laws 24, 25: "in a distinct manner"), once a turn.
  const called = clock?.called;
  const law = called && called !== before.clock?.called && after.referee && !after.result ? lawOf(currentPosition(after.referee.game)) : null;
  if (called && law) add('clock', 'urgent', say(lang, 'clock.called', { side: called, law }));
  // Low-time alarms count down a game's time; each move of the laws has its own, and its call.
  if (clock?.state === 'running' && clock.since !== null && !after.result && !isPerMove(clock.tc)) {
    const side = clock.toMove;
    const left = remaining(clock, side, Math.max(now, clock.since));
    let given = low[side];
    while (given < LOW_TIME_MS.length && left <= LOW_TIME_MS[given]) given++;
    if (given > low[side]) {
      // Said once per threshold crossed; an increment that brings the time back up is not re-armed.
      if (left > 0) add('clock', 'urgent', say(lang, 'clock.low', { side, time: timeWords(lang, left, 'up') }));
      low = { ...low, [side]: given };
    }
  }

  // The board as keyboard.
  let keyboard = a.keyboard;
  if (keyboard) {
    const k = keyboardStep(keyboard, lang, seen, outputs.length);
    keyboard = k.keyboard;
    for (const text of k.said) add('query', 'chatter', text, now, ply, 'query');
  }

  return numbered({ ...a, step: stepKey, low, keyboard, game: after.config, foreseen: foresight }, out);
}

/** What play going on will judge after `seen`, in words: the hands on the board or a change start the moment of stillness again; a new ply forgets what was said. */
function foreseenNow(f: Foreseen, lang: Language, seen: SeenStep, ply: number): Foreseen {
  const referee = seen.after.result ? null : seen.after.referee;
  const texts = referee === f.referee ? f.texts : referee ? foresightWords(lang, referee) : [];
  const hands = seen.input.type === 'board' && seen.input.event.type !== 'link';
  const changed = hands || texts.join('\n') !== f.texts.join('\n');
  return { referee, texts, since: changed ? seen.now : f.since, ply, said: ply === f.ply ? f.said : [] };
}

/** The sentences of what play going on will judge (referee/foresee.ts), moves and squares in words. */
function foresightWords(lang: Language, s: RefereeState): string[] {
  const pos = currentPosition(s.game);
  return foresee(s).map((f) => {
    if (f.kind === 'mismatch') return say(lang, 'log.foresight.mismatch', { steps: say(lang, 'mismatch'), side: f.side, other: opposite(f.side) });
    const values = { said: irregularitySentence(lang, pos, f), side: f.side, other: opposite(f.side) };
    return say(lang, f.decision === 'decide' ? 'log.foresight' : f.decision === 'note' ? 'log.foresight.note' : 'log.foresight.correct', values);
  });
}

/** Irregularities flagged together: what happened, the article and who decides (or noted), what the rules required. */
function irregularityWords(lang: Language, after: GameState, before: GameState, group: readonly Extract<RefereeOutput, { type: 'irregularity' }>[]): string {
  const pos = after.referee ? currentPosition(after.referee.game) : before.config.start;
  const sentences = group.map((o) => irregularitySentence(lang, pos, o));
  const first = group.find((o) => o.decision === 'decide') ?? group[0];
  sentences.push(first.decision === 'decide' ? say(lang, 'decide', { article: first.article, side: opposite(first.side) }) : say(lang, 'noted', { article: first.article }));
  const mode = after.referee?.mode;
  if (mode?.kind === 'decide') {
    const p = mode.pending;
    if (p.completes) {
      const b = currentPosition(mode.base.game);
      sentences.push(say(lang, 'required.complete', { side: b.turn, route: routeWords(lang, b, [p.completes.from, ...p.completes.path], true), squares: squaresWords(lang, b, p.completes.captured) }));
    } else {
      // A capture missed: the captures the rules required (4.2, 4.13), by the touched piece if one was (3.11).
      const captures = ['capture-missed', 'not-maximum-capture', 'capture-stopped'].includes(first.code) ? legalMoves(p.target).filter((m) => m.captured.length > 0 && (p.obligation === null || m.from === p.obligation)) : [];
      const moves = [...new Set(captures.map((m) => moveWords(lang, p.target, m)))];
      if (moves.length > 0) sentences.push(say(lang, 'required.capture', { side: p.target.turn, moves: listWords(lang, moves, 'disjunction') }));
      else if (p.obligation !== null) sentences.push(say(lang, 'required.touched', { side: p.target.turn, square: squareWords(lang, p.target, p.obligation) }));
    }
  }
  return sentences.join(' ');
}

/** What `side` did, in words, as the referee names it by `code` and `squares` (the squares in `pos`'s notation). */
function irregularitySentence(lang: Language, pos: Position, o: { readonly code: IrregularityCode; readonly squares: readonly number[]; readonly side: Color }): string {
  const v = pos.variant;
  const n = (i: number) => (o.squares[i] === undefined ? '?' : squareWords(lang, pos, o.squares[i]));
  const rest = o.code === 'not-maximum-capture' ? o.squares.slice(2) : o.squares;
  const values = { side: o.side, from: n(0), to: n(1), move: say(lang, 'step.plain', { from: n(0), to: n(1) }), squares: squaresWords(lang, pos, rest), count: new Set(rest).size, choice: v.captureChoice === 'king-first' ? 'king_first' : v.captureChoice === 'maximum' ? 'maximum' : 'other' };
  return say(lang, `irregularity.${o.code}`, values);
}

/** An irregularity accepted (5.4; 5.7 by playing on): the move taken back, the position that stands, or (a legal move made irregularly) just the acceptance, the move following. */
function acceptedWords(lang: Language, sheet: GameState['sheet'], o: Extract<RefereeOutput, { type: 'accepted' }>, side: Color): string {
  const decider = opposite(side);
  const next = o.position.turn;
  const before = sheetPosition(sheet);
  if (o.code === 'takeback') {
    const gone = lastMove(sheet).move;
    const route = gone && gone.squares.length > 0 ? routeWords(lang, sheet.start, gone.squares, gone.captured.length > 0) : '';
    return route ? say(lang, 'accepted.takeback', { side: decider, route, next }) : say(lang, 'accepted.changed', { side: decider, next });
  }
  if (writeFen(o.position) === writeFen(before)) return say(lang, 'accepted', { side: decider });
  const moved = irregularMove(before.variant, before, o.position, side);
  if (moved.text === '--') return say(lang, 'accepted.changed', { side: decider, next });
  return say(lang, 'accepted.position', { side: decider, route: routeWords(lang, before, moved.squares, moved.captured.length > 0), next });
}

/** The result and why, from the reason the rules core or the referee gives. */
export function resultWords(lang: Language, winner: Color | 'draw', reason: string, article: string): string {
  return say(lang, 'result', { winner, reason: reason.replace(/-/g, '_'), article });
}
