// The game's transition function: one input, the time, and the state before give the state
// after and the effects. Each step works on a copy of the state (a draft) and returns it.

import { currentPosition, formatMove, moveNumber, opposite } from '../../rules/index.ts';
import type { Variant } from '../../rules/index.ts';
import { callTime, createClock, flagFall, flagResult, isPerMove, startFor, stop } from './clock/clock.ts';
import { lawOf } from './clock/laws.ts';
import { clockRecord, outRecord } from './journal/record.ts';
import { NO_GUIDANCE, frameOf, ledMarks, observe } from './leds/guidance.ts';
import type { LedMark } from './leds/guidance.ts';
import { guideIn } from './guide.ts';
import type { Guide } from './guide.ts';
import { followOutputs, guideMarks, guided } from './guided.ts';
import { computerMarks, createComputer } from './computer.ts';
import { releasedMove } from './released.ts';
import { computerHands, computerOn, engineAnswered, putRightOnSheet } from './computerStep.ts';
import { computerOnDraws, computerResigns, notPlayers, playerSays } from './computerDraws.ts';
import { engineFailed } from './computerFailed.ts';
import { buttonHeld, computerTimed } from './computerHeld.ts';
import { askHint } from './computerHint.ts';
import { takeBackByHands, takeBackPair } from './computerTakeback.ts';
import { trainingCaught, trainingOn } from './training.ts';
import { describe, resultReason, resultReasonWords } from './referee/describe.ts';
import { outputText } from './referee/json.ts';
import { closeOpenMove, createReferee, step as refereeStep } from './referee/referee.ts';
import { addNote, newScoresheet, record } from './referee/record.ts';
import { declineNote, declinedOn, drawNotes, offerNote } from './drawOffers.ts';
import type { RefereeEvent, RefereeOutput } from './referee/types.ts';
import type { BoardEvent, LedFrame } from '../link/types.ts';
import { clockOn, oneWay } from './clockOn.ts';
import { CLOCK_HEARTBEAT_MS, LOG_LIMIT } from './game.ts';
import { clockAt, draft, journal, say } from './draft.ts';
import type { Draft } from './draft.ts';
import type { Flagged, GameConfig, GameInput, GameState, GameStep, PlayerCommand } from './game.ts';
import type { JournalEntry } from './journal/record.ts';
import { say as sentence } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { sayWords } from '../words/said.ts';

/** A new game, waiting for the board to connect and show `config.start`; `guide`, a sheet that guides it (begun at `config.start`). */
export function createGame(config: GameConfig, guide: Guide | null = null): GameState {
  return {
    config,
    referee: null,
    setup: null,
    resume: null,
    guidance: NO_GUIDANCE,
    guide: guide && guided(guideIn(guide, config.lang)),
    sheet: newScoresheet(config.start, config.tags, config.lang),
    // Before the first move or press of the clock no time runs (FMJD 10; Latvian 10.3).
    clock: config.timeControl ? createClock(config.timeControl, config.start.turn) : null,
    clockT: 0,
    journalT: 0,
    link: { state: 'connecting', firmware: null },
    irregularity: null,
    result: null,
    drawOffer: null,
    log: [],
    offset: 0,
    lastFrame: '',
    computer: config.computer ? createComputer(config.computer) : null,
  };
}

/** The game after `input` at board time `now` (ms, the board's own clock as the shell estimates it). */
export function step(state: GameState, input: GameInput, now: number): GameStep {
  const d = draft(state);
  switch (input.type) {
    case 'board':
      onBoard(d, input.event);
      break;
    case 'player': {
      const refused = notPlayers(d.s, input.command);
      if (refused) d.effects.push({ type: 'refused', error: refused });
      else onPlayer(d, playerSays(d.s, input.command), now + d.s.offset);
      break;
    }
    case 'tick': {
      if (d.s.referee && !d.s.result) clockTick(d, now + d.s.offset);
      const released = releasedMove(d.s, now + d.s.offset);
      if (released) apply(d, released);
      break;
    }
    case 'end':
      if (d.s.referee) {
        const r = closeOpenMove(d.s.referee);
        d.s.referee = r.state;
        handle(d, r.outputs);
      }
      break;
    case 'engine': {
      // A move of the player's that training catches is taken back before the reply is shown.
      if (trainingCaught(d, input, apply)) break;
      const resign = computerResigns(d, input);
      if (resign) onPlayer(d, resign, now + d.s.offset);
      else engineAnswered(d, input, changed);
      break;
    }
    case 'engine-failed':
      engineFailed(d, input);
      break;
  }
  // The computer's word on draws: a draw offered to it answered, one offered as it made its move.
  const drawn = computerOnDraws(d, state);
  if (drawn) onPlayer(d, drawn, now + d.s.offset);
  computerTimed(d, now + d.s.offset, apply);
  computerOn(d);
  trainingOn(d);
  // The computer's move shown or gone: the LEDs and the view.
  if (d.s.computer !== state.computer) changed(d);
  return { state: d.s, effects: d.effects };
}

/** An event for the referee: journaled first (on disk before it is acted on), then stepped. */
function apply(d: Draft, event: RefereeEvent): void {
  const s = d.s;
  if (!s.referee || s.result) return;
  const entries: JournalEntry[] = [{ k: 'ev', e: event }];
  if (event.type === 'press' && event.button === 'clock' && s.clock && (s.clock.state === 'ready' || s.clock.state === 'paused')) {
    // The first press of the clock, before any move (or after a resume): the side to move's
    // time starts running, as a player starts the opponent's clock.
    const t = clockAt(d, event.t);
    const pos = currentPosition(s.referee.game);
    const started = startFor(s.clock, pos.turn, t, oneWay(s.clock, pos));
    if (started.ok) {
      s.clock = started.clock;
      entries.push(clockRecord(s.clock, t, 'button'));
      say(d, sentence(langOf(s), 'log.clock.pressed', { side: s.clock.toMove }));
    }
  }
  journal(d, entries);
  const r = refereeStep(s.referee, event);
  s.referee = r.state;
  handle(d, r.outputs);
}

/** What the referee said: journaled with what the clock did on it, then the scoresheet, the LEDs and the view. */
function handle(d: Draft, outputs: readonly RefereeOutput[]): void {
  const s = d.s;
  const v = s.config.start.variant;
  const entries: JournalEntry[] = [];
  const comments: { kind: 'move' | 'setup'; text: string }[] = [];
  for (const o of outputs) {
    const rec = outRecord(o);
    if (rec) entries.push({ k: 'out', o: rec });
    const pressed = clockOn(d, o);
    if (pressed) entries.push(pressed.entry);
    if (pressed?.comment) comments.push(pressed.comment);
  }
  journal(d, entries);
  const before = s.sheet.items.length;
  s.sheet = record(s.sheet, outputs);
  for (const c of comments) annotate(d, c.kind, c.text);
  for (const item of s.sheet.items.slice(before)) if (item.kind === 'move') d.effects.push({ type: 'scoresheet', side: item.side, text: item.text });
  s.guidance = observe(s.guidance, outputs);
  if (s.guide) s.guide = followOutputs(s.guide, outputs);
  let decideHere: Flagged | null = null;
  for (const o of outputs) {
    d.effects.push({ type: 'said', output: o });
    if (o.type === 'move' && s.drawOffer && o.side !== s.drawOffer) {
      say(d, sentence(langOf(s), 'log.draw.declined', { side: o.side, offer: s.drawOffer }));
      s.sheet = declinedOn(s.sheet, before, o.side, drawNotes.declined(o.side, s.drawOffer, langOf(s)));
      s.drawOffer = null;
    }
    if (o.type === 'irregularity') {
      // Two flagged on one move (a touch-move and an early removal): the decision is on the first, the message says both.
      const said = flagged(v, o, s.config.lang);
      const now: Flagged = said.decision === 'decide' ? both(decideHere, said) : said;
      if (said.decision === 'decide') decideHere = now;
      s.irregularity = now;
      // The buzzer: a longer tone when the opponent must decide, a short one for a note.
      d.effects.push(o.decision === 'decide' ? { type: 'beep', hz: 880, ms: 400 } : { type: 'beep', hz: 1320, ms: 120 });
    }
    if (o.type === 'accepted' || o.type === 'corrected' || o.type === 'move') s.irregularity = s.irregularity?.decision === 'note' && o.type !== 'move' ? s.irregularity : null;
    if (o.type === 'result') s.result = { result: o.result, reason: resultReason(o.reason, s.config.lang), article: o.article, said: resultReasonWords(o.reason) };
    if (o.type !== 'move' || s.log.length < LOG_LIMIT) say(d, outputText(v, o, s.config.lang));
  }
  const putRight = s.computer?.putRight;
  if (takeBackByHands(d, outputs, apply)) {
    changed(d);
    return;
  }
  const fix = computerHands(d, outputs);
  changed(d);
  if (!fix) return;
  const sheet = d.s.sheet;
  apply(d, fix);
  const c = d.s.computer;
  if (putRight && fix.type === 'press' && fix.button === 'accept' && c?.move && s.referee) d.s.sheet = putRightOnSheet(sheet, d.s.sheet, formatMove(currentPosition(s.referee.game), putRight), formatMove(currentPosition(s.referee.game), c.move), langOf(d.s));
}

/** `text` added to the comments of the scoresheet's last regular move (`move`) or last irregular move set up (`setup`). */
function annotate(d: Draft, kind: 'move' | 'setup', text: string): void {
  const items = [...d.s.sheet.items];
  for (let at = items.length - 1; at >= 0; at--) {
    const item = items[at];
    if (item.kind !== 'move' || item.setup !== (kind === 'setup')) continue;
    items[at] = { ...item, comments: [...item.comments, text] };
    d.s.sheet = { ...d.s.sheet, items };
    return;
  }
}

/** A second irregularity flagged on the same move, added to the first (which the decision is on). */
function both(first: Flagged | null, then: Flagged): Flagged {
  return first ? { ...first, message: `${first.message} ${then.message}`, said: [...first.said, ...then.said], squares: [...first.squares, ...then.squares] } : then;
}

/** An irregularity the referee said, as the game keeps it: its sentence in words for people. */
export function flagged(v: Variant, o: Extract<RefereeOutput, { type: 'irregularity' }>, lang: Language = 'en'): Flagged {
  const said = describe.saidWords(v, o.code, o.squares, o.side);
  return { code: o.code, article: o.article, message: sayWords(lang, said), said: [said], decision: o.decision, side: o.side, squares: o.squares };
}

/** The LEDs as the game now wants them (sent when they change), and the view changed. */
export function changed(d: Draft): void {
  const s = d.s;
  if (s.referee || s.setup) {
    const frame = currentFrame(s);
    const key = frame.join(',');
    if (key !== s.lastFrame) {
      s.lastFrame = key;
      d.effects.push({ type: 'leds', frame });
    }
  }
  d.effects.push({ type: 'view' });
}

/** The LEDs of the game: the referee's guidance (with a guiding sheet's move laid under its own layers), the setting up of the start position, or none. */
export function currentFrame(s: GameState): LedFrame {
  return frameOf(currentMarks(s));
}

/** Why each square's LED is lit (the layers of host/game/leds/guidance.ts); empty before the board connects. */
export function currentMarks(s: GameState): (LedMark | null)[] {
  if (s.referee) {
    const overlay = s.guide ? guideMarks(s.guide) : s.computer ? computerMarks(s.computer, s.config.start.variant.geometry.squares) : null;
    return ledMarks(s.referee, s.guidance, { hints: s.config.hints, ...(overlay ? { overlay } : {}) });
  }
  if (!s.setup) return [];
  // While setting up: pieces to put down blink in turn with pieces to take off.
  const setup = s.setup;
  return Array.from(s.config.start.board, (p, sq) => ((p !== 0) === setup.has(sq) ? null : p !== 0 ? 'fill' : 'clear'));
}

/** The language of what the game `s` says for people. */
export const langOf = (s: GameState): Language => s.config.lang ?? 'en';

/** What the game says while the board does not yet show the start position. */
export const setUpText = (s: GameState): string => sentence(langOf(s), 'log.set-up');

/** Starts the game once the board shows the start position; whether it did. */
export function startIfSetUp(d: Draft, t: number): boolean {
  const s = d.s;
  if (!s.setup) return false;
  for (let sq = 0; sq < s.config.start.board.length; sq++) if ((s.config.start.board[sq] !== 0) !== s.setup.has(sq)) return false;
  s.setup = null;
  s.referee = createReferee(s.config.start, s.config.policy, t, s.config.lang);
  // No clock runs yet: the first move or press of the clock starts it (FMJD 10; Latvian 10.3).
  say(d, sentence(langOf(s), 'log.started'));
  changed(d);
  return true;
}

function onBoard(d: Draft, e: BoardEvent): void {
  const s = d.s;
  const v = s.config.start.variant;
  if (e.type === 'link' && e.state === 'connected' && e.hello.squares !== v.geometry.squares) {
    // A board of the wrong size for the variant: nothing it senses can be this game.
    s.link = { ...s.link, state: 'wrong board' };
    const g = v.geometry;
    say(d, sentence(langOf(s), 'log.wrong-board', { squares: String(e.hello.squares), variant: v.name, need: String(g.squares), size: String(g.size), other: e.hello.squares === 50 ? '10x10' : '8x8' }));
    changed(d);
    return;
  }
  if (e.type === 'link' && e.state === 'incompatible') {
    // A board of another protocol version (an older firmware): the link has stopped; what to do is in the detail.
    s.link = { ...s.link, state: 'wrong board' };
    say(d, e.detail);
    changed(d);
    return;
  }
  if (s.link.state === 'wrong board') return;
  if (e.type === 'link') {
    s.link = { state: e.state, firmware: e.state !== 'lost' ? e.hello.fw : s.link.firmware };
    const reason = 'reason' in e ? e.reason : 'none';
    say(d, sentence(langOf(s), 'log.link', { state: e.state, reason: reason.replace(/-/g, '_'), code: reason }));
    if (e.state === 'connected' && !s.referee && s.resume) {
      const back = s.resume;
      s.referee = back.referee;
      s.resume = null;
      s.offset = Math.max(0, back.lastT + 1 - e.t);
      const plies = back.referee.ply;
      say(d, sentence(langOf(s), 'log.resumed', { moves: moveNumber(plies, s.config.start.turn !== s.config.start.variant.firstToMove), plies }));
    }
    // The board is checked against the game (referee/reconnect.ts): one event, journaled, that
    // reads a board not as the game left it as a mismatch to put right, or as the move it shows.
    if (e.state === 'connected' && s.referee && !e.occupancy.equals(s.referee.occupied)) apply(d, { type: 'board', occupied: e.occupancy.toArray(), t: e.t + s.offset });
    if (e.state === 'connected' && !s.referee) {
      s.setup = new Set(e.occupancy);
      if (!startIfSetUp(d, e.t)) say(d, setUpText(s));
    }
    changed(d);
    return;
  }
  if (s.setup && !s.referee) {
    const setup = new Set(s.setup);
    if (e.type === 'lift') setup.delete(e.square);
    if (e.type === 'place') setup.add(e.square);
    s.setup = setup;
    if (!startIfSetUp(d, e.t)) changed(d);
    return;
  }
  if (e.type === 'button') {
    if (s.computer) s.computer = buttonHeld(s.computer, s.referee, e.button, e.down, e.t + s.offset);
    if (e.down) apply(d, { type: 'press', button: e.button, t: e.t + s.offset });
    return;
  }
  apply(d, { type: e.type, square: e.square, t: e.t + s.offset });
}

function onPlayer(d: Draft, c: PlayerCommand, t: number): void {
  const s = d.s;
  if (c.type === 'draw' && c.color && s.referee && !s.result) {
    // An offer stands until the opponent moves; the opponent's own offer accepts it.
    if (s.drawOffer && s.drawOffer !== c.color) {
      s.sheet = addNote(s.sheet, drawNotes.accepted(c.color, s.drawOffer, langOf(s)));
      s.drawOffer = null;
      apply(d, { type: 'draw-agreed', t });
    } else {
      if (s.drawOffer !== c.color) s.sheet = addNote(s.sheet, drawNotes.offered(c.color, langOf(s)));
      s.drawOffer = c.color;
      say(d, sentence(langOf(s), 'draw.offered', { side: c.color }));
      journal(d, [{ k: 'note', t, text: offerNote(c.color) }]);
      changed(d);
    }
    return;
  }
  if (c.type === 'decline-draw') {
    // FMJD 7.3.1, a draw by agreement (Latvian 7.2.1: "abi spēlētāji, savstarpēji vienojoties,
    // piekrīt neizšķirtam"): the side offered may say no at once, as its next move would.
    const offer = s.drawOffer;
    if (!offer || offer === c.color || s.result) {
      d.effects.push({ type: 'refused', error: `there is no draw offered to ${c.color} to decline` });
      return;
    }
    s.sheet = addNote(s.sheet, drawNotes.declined(c.color, offer, langOf(s)));
    s.drawOffer = null;
    say(d, drawNotes.declined(c.color, offer, langOf(s)));
    journal(d, [{ k: 'note', t, text: declineNote(c.color) }]);
    changed(d);
    return;
  }
  if (!s.referee) {
    d.effects.push({ type: 'refused', error: 'the board is not connected yet' });
    return;
  }
  if (c.type === 'take-back' || c.type === 'hint') {
    if (!s.computer) d.effects.push({ type: 'refused', error: sentence(langOf(s), 'computer.takeback.no-computer') });
    else if (c.type === 'take-back') takeBackPair(d, t, apply);
    else askHint(d);
  } else if (c.type === 'resign') {
    apply(d, { type: 'resign', color: c.color, t });
  } else if (c.type === 'draw') {
    // Both agree: an offer standing is accepted by the other side.
    if (s.drawOffer && !s.result) s.sheet = addNote(s.sheet, drawNotes.accepted(opposite(s.drawOffer), s.drawOffer, langOf(s)));
    s.drawOffer = null;
    apply(d, { type: 'draw-agreed', t });
  } else {
    apply(d, { type: 'press', button: c.button, t });
  }
}

/**
 * The clock between events: a flag falls (Latvian 7.1.2.5; never before the first move or
 * press, when no time runs), in the English laws' time per move time is called (laws 24, 25),
 * and while a clock runs the journal hears of it every {@link CLOCK_HEARTBEAT_MS} of quiet.
 */
function clockTick(d: Draft, now: number): void {
  const s = d.s;
  if (!s.clock) return;
  const t = clockAt(d, now);
  const flag = flagFall(s.clock, t);
  if (flag) {
    s.clock = stop(s.clock, t);
    flagFallen(d, flag);
    journal(d, [{ k: 'note', t, text: `flag fall: ${flag}` }, clockRecord(s.clock, t, 'flag')]);
    changed(d);
    return;
  }
  const called = callTime(s.clock, t);
  if (called !== s.clock && called.called && s.referee) {
    s.clock = called;
    const law = lawOf(currentPosition(s.referee.game));
    if (law) timeCalled(d, called.called, law, t);
  }
  if (s.clock.state === 'running' && t - s.journalT >= CLOCK_HEARTBEAT_MS) journal(d, [clockRecord(s.clock, t, 'running')]);
}

/**
 * Time called for `side` (laws 24, 25: "in a distinct manner"): said, beeped (a long high tone,
 * unlike the irregularities'), journaled and shown (the clock's `called`).
 */
function timeCalled(d: Draft, side: 'white' | 'black', law: string, t: number): void {
  say(d, sentence(langOf(d.s), 'log.time-called', { side, law }));
  journal(d, [{ k: 'note', t, text: `time called: ${side} (law ${law})` }]);
  d.effects.push({ type: 'beep', hz: 1760, ms: 800 });
  changed(d);
}

/**
 * `flag`'s time ran out: the game's result (Latvian 7.1.2.5); in the English laws' time per move,
 * lost through improper delay (law 24, or 25 with only one way of taking), with a note on the
 * scoresheet that says so.
 */
export function flagFallen(d: Draft, flag: 'white' | 'black'): void {
  const s = d.s;
  const referee = s.referee ?? s.resume?.referee;
  const law = s.clock && referee && isPerMove(s.clock.tc) ? lawOf(currentPosition(referee.game)) : null;
  const f = flagResult(flag, s.config.start.variant, law);
  const lang = langOf(s);
  if (law) {
    s.result = { result: f.result, reason: sentence(lang, 'log.improper-delay', { side: flag }), article: f.article, said: { id: 'log.improper-delay', values: { side: flag } } };
    say(d, sentence(lang, 'log.lost-by-delay', { side: flag, law }));
    s.sheet = { ...addNote(s.sheet, sentence(lang, 'sheet.delay', { side: flag, law })), result: f.result };
    d.effects.push({ type: 'beep', hz: 440, ms: 1000 });
    return;
  }
  s.result = { result: f.result, reason: sentence(lang, 'log.time-ran-out', { side: flag }), article: f.article, said: { id: 'log.time-ran-out', values: { side: flag } } };
  say(d, sentence(lang, 'log.lost-on-time', { side: flag, article: f.article }));
  s.sheet = { ...s.sheet, result: f.result };
}
