// The game clock of a draughts board, as a pure state machine: the caller passes the board's
// time in milliseconds to every call, nothing here reads a clock or sets a timer.
//
// The rules (FMJD rules, article 10, seed 000 Croatian text and seed 002 Latvian text):
// - 10.1: a number of moves in a given time (Latvian 10.1), with a clock (10.2.1);
// - 10.3: a given time for the whole game (Latvian 10.2), with a clock (10.4);
// - Latvian 10.3: the player presses the clock with the hand that moved;
// - 10.5 (Latvian 10.4): how the clock is used is left to the competition regulations. Fischer
//   increments and sand clocks come from there, in the forms the PDN 3.0 TimeControl tag names;
// - the player whose time runs out loses: Latvian 7.1.2.5 ("ir beidzies piešķirtais laika limits").
//
// English draughts has its own time per move (the Standard Laws of Checkers, seed 004, "Time
// Limit to Moves"), the `per-move` period:
// - law 24: "At the end of five minutes (if the play has not been previously been made) time must
//   be called by the person appointed for that purpose, in a distinct manner; and if the play be
//   not completed on the expiry of another minute, the game shall be adjudged to be lost through
//   improper delay."
// - law 25: "When there is only one way of taking one or more pieces, time shall be called at the
//   end of one minute, and if the play be not completed on the expiry of another minute, the game
//   shall be adjudged to be lost through improper delay."
//
// Formats: the TimeControl tag of PDN 3.0 (wiegerw/pdn, doc/pdntags.rst, "TimeControl Tag",
// which takes PGN 9.6.1's format), and the `[%clock ...]` command of PDN 3.0 (doc/extensions.rst,
// "clock command").

import { normaliseResult, opposite } from '../../../rules/index.ts';
import type { Color, Variant } from '../../../rules/index.ts';
import type { WritableTag } from '../../../rules/pdn/write.ts';

/**
 * One period of a time control, in the order the game uses them.
 * - `moves`: `moves` moves in `seconds` (FMJD 10.1; PDN `40/7200`);
 * - `sudden-death`: `seconds` for the rest of the game (FMJD 10.3; PDN `3600`);
 * - `increment`: `seconds` for the rest of the game, `increment` seconds added after each move
 *   (Fischer; FMJD 10.5; PDN `5400+30`);
 * - `sandclock`: an hourglass of `seconds`: the time a player uses is added to the opponent's
 *   (PDN `*60`);
 * - `per-move`: each move in its own time, none carried over: time is called after `seconds`
 *   (law 24), or after `capture` seconds when the mover has only one way of taking (law 25), and
 *   the game is lost through improper delay `grace` seconds after the call. Written `laws`
 *   ({@link LAWS}), the only form there is.
 */
export type Period =
  | { readonly kind: 'moves'; readonly moves: number; readonly seconds: number }
  | { readonly kind: 'sudden-death'; readonly seconds: number }
  | { readonly kind: 'increment'; readonly seconds: number; readonly increment: number }
  | { readonly kind: 'sandclock'; readonly seconds: number }
  | { readonly kind: 'per-move'; readonly seconds: number; readonly capture: number; readonly grace: number };

/**
 * The time per move of the Standard Laws of Checkers: time called at five minutes (law 24), at
 * one minute when there is only one way of taking (law 25), the game lost another minute later.
 * `laws` in `--time-control` and in the PDN TimeControl tag (which has no token for it).
 */
export const LAWS = { kind: 'per-move', seconds: 300, capture: 60, grace: 60 } as const satisfies Period;

/** The word that names {@link LAWS} in a time control. */
export const LAWS_TOKEN = 'laws';

/** A time control with time on the clock: the periods in order. Only the last may be other than `moves`; a `per-move` period is alone. */
export interface TimedControl {
  readonly kind: 'timed';
  readonly periods: readonly Period[];
}

/**
 * A time control as the PDN TimeControl tag writes it: `?` (unknown), `-` (no time control),
 * or periods.
 */
export type TimeControl = { readonly kind: 'unknown' } | { readonly kind: 'untimed' } | TimedControl;

/**
 * Why {@link parseTimeControl} refused a string:
 * - `empty`: nothing, or an empty element between colons;
 * - `syntax`: an element that is none of `M/S`, `S`, `S+I`, `*S` (or `G/S`, `G/S+I`);
 * - `not-last`: a sudden death, increment or sand clock followed by another period (the PDN
 *   grammar's "additional checks");
 * - `zero-moves`: `0/S`;
 * - `zero-time`: a period of 0 seconds (the flag would fall at once);
 * - `too-large`: a number above {@link MAX_SECONDS} (or {@link MAX_SECONDS} moves);
 * - `laws-alone`: `laws` (English laws 24, 25) with another period: each move has its own time.
 */
export type TimeControlError = 'empty' | 'syntax' | 'not-last' | 'zero-moves' | 'zero-time' | 'too-large' | 'laws-alone';

export type TimeControlResult =
  | { readonly ok: true; readonly tc: TimeControl }
  | { readonly ok: false; readonly error: TimeControlError; /** The element at fault, as written. */ readonly element: string };

/** The largest number of seconds (or moves) one element may hold: 100 days. */
export const MAX_SECONDS = 8_640_000;

/**
 * Reads a time control, liberally: the PDN 3.0 TimeControl tag (`?`, `-`, or elements
 * `moves/seconds`, `seconds`, `seconds+increment`, `*seconds` joined by `:`, whitespace
 * ignored), `G/seconds` (or `G/seconds+increment`) for a whole-game time, and `laws` for the
 * English laws' time per move ({@link LAWS}, laws 24 and 25). Never throws.
 * As in PGN 9.6.1, the last `moves/seconds` period repeats as long as the game goes on.
 *
 * @example parseTimeControl('40/7200:3600') // 40 moves in 2 h, then 1 h for the rest (FMJD 10.1)
 * @example parseTimeControl('5400+30')      // 90 min, +30 s a move (Fischer)
 * @example parseTimeControl('G/3600')       // 1 h for the whole game (FMJD 10.3), same as '3600'
 * @example parseTimeControl('3600:40/7200') // { ok: false, error: 'not-last', element: '3600' }
 * @example parseTimeControl('laws')         // time called at 5 min (1 min), lost 1 min later (laws 24, 25)
 */
export function parseTimeControl(text: string): TimeControlResult {
  const s = text.replace(/\s+/g, '');
  if (s === '?') return { ok: true, tc: { kind: 'unknown' } };
  if (s === '-') return { ok: true, tc: { kind: 'untimed' } };
  if (s === '') return { ok: false, error: 'empty', element: text };
  const periods: Period[] = [];
  const elements = s.split(':');
  for (const [i, element] of elements.entries()) {
    if (element === '') return { ok: false, error: 'empty', element };
    if (element.toLowerCase() === LAWS_TOKEN) {
      if (elements.length > 1) return { ok: false, error: 'laws-alone', element };
      return { ok: true, tc: { kind: 'timed', periods: [LAWS] } };
    }
    const m = /^(?:(\d+)\/(\d+)|(?:[Gg]\/)?(\d+)(?:\+(\d+))?|\*(\d+))$/.exec(element);
    if (!m) return { ok: false, error: 'syntax', element };
    const nums = m.slice(1).filter((x): x is string => x !== undefined).map(Number);
    if (nums.some((n) => n > MAX_SECONDS)) return { ok: false, error: 'too-large', element };
    let period: Period;
    if (m[1] !== undefined) period = { kind: 'moves', moves: nums[0], seconds: nums[1] };
    else if (m[4] !== undefined) period = { kind: 'increment', seconds: nums[0], increment: nums[1] };
    else if (m[3] !== undefined) period = { kind: 'sudden-death', seconds: nums[0] };
    else period = { kind: 'sandclock', seconds: nums[0] };
    if (period.kind === 'moves' && period.moves === 0) return { ok: false, error: 'zero-moves', element };
    if (period.seconds === 0) return { ok: false, error: 'zero-time', element };
    if (period.kind !== 'moves' && i < elements.length - 1) return { ok: false, error: 'not-last', element };
    periods.push(period);
  }
  return { ok: true, tc: { kind: 'timed', periods } };
}

/**
 * The value of the PDN 3.0 TimeControl tag (strict form: no spaces, no `G/`).
 *
 * @example timeControlTag(parseTimeControl('G/3600 + 30').tc) // '3600+30'
 */
export function timeControlTag(tc: TimeControl): string {
  if (tc.kind === 'unknown') return '?';
  if (tc.kind === 'untimed') return '-';
  return tc.periods
    .map((p) => {
      switch (p.kind) {
        case 'moves':
          return `${p.moves}/${p.seconds}`;
        case 'sudden-death':
          return `${p.seconds}`;
        case 'increment':
          return `${p.seconds}+${p.increment}`;
        case 'sandclock':
          return `*${p.seconds}`;
        case 'per-move':
          return LAWS_TOKEN;
      }
    })
    .join(':');
}

/** One side's clock. */
export interface SideClock {
  /** Time left, in ms, as of `Clock.since` for the running side, exactly for the other. */
  readonly remaining: number;
  /** Time used so far, in ms, as of `Clock.since` for the running side (PDN WhiteTime/BlackTime). */
  readonly used: number;
  /** Moves completed (clock presses) in the game. */
  readonly moves: number;
  /** Index in `periods` of the period this side plays in; past the end, the last period repeats. */
  readonly period: number;
  /** Moves completed in the current period (FMJD 10.1: counted towards its `moves`). */
  readonly periodMoves: number;
}

/**
 * The clock: immutable, every function returns a new one.
 * - `ready`: set up, not started; `running`: `toMove`'s time runs since `since`;
 * - `paused`: stopped by an arbiter (or for a journal restore), `toMove` runs again on resume;
 * - `stopped`: the game is over, by a flag fall (`flag`) or by {@link stop}.
 */
export interface Clock {
  readonly tc: TimedControl;
  readonly state: 'ready' | 'running' | 'paused' | 'stopped';
  /** The side whose clock runs, or will run on start or resume. */
  readonly toMove: Color;
  /** Board time (ms) at which `toMove`'s clock last started running; null unless running. */
  readonly since: number | null;
  /** The side whose flag fell, once one did. */
  readonly flag: Color | null;
  /** In a `per-move` period, the side whose time has been called this turn ({@link callTime}, laws 24, 25); else null. */
  readonly called: Color | null;
  readonly white: SideClock;
  readonly black: SideClock;
}

/** Why {@link press} (or {@link start}, {@link pause}, {@link resume}) refused. */
export type ClockError = 'not-running' | 'not-ready' | 'not-paused' | 'not-your-clock' | 'stopped';

export type ClockResult = { readonly ok: true; readonly clock: Clock } | { readonly ok: false; readonly error: ClockError };

function periodAt(tc: TimedControl, index: number): Period {
  return tc.periods[Math.min(index, tc.periods.length - 1)];
}

function side(c: Clock, color: Color): SideClock {
  return color === 'white' ? c.white : c.black;
}

function withSide(c: Clock, color: Color, s: SideClock): Clock {
  return color === 'white' ? { ...c, white: s } : { ...c, black: s };
}

/** The period `color` plays in. */
function periodOf(c: Clock, color: Color): Period {
  return periodAt(c.tc, side(c, color).period);
}

/**
 * The time of one turn in a `per-move` period, in ms, up to the loss: the time to the call and
 * the minute after it; `oneWay`: the mover has only one way of taking (law 25).
 */
function turnTime(p: Extract<Period, { kind: 'per-move' }>, oneWay: boolean): number {
  return ((oneWay ? p.capture : p.seconds) + p.grace) * 1000;
}

/**
 * `c` with `color`'s turn begun in a `per-move` period: its time set for the turn and no call
 * made; `keep`: time already used in this turn is kept (a clock brought back). Other periods unchanged.
 */
function beginTurn(c: Clock, color: Color, oneWay: boolean, keep = false): Clock {
  const p = periodOf(c, color);
  if (p.kind !== 'per-move') return c;
  const s = side(c, color);
  const time = turnTime(p, oneWay);
  return { ...withSide(c, color, { ...s, remaining: keep ? Math.min(s.remaining, time) : time }), called: null };
}

function checkTime(c: Clock, now: number): void {
  if (!Number.isFinite(now)) throw new RangeError(`clock: time ${now} is not a number of ms`);
  if (c.since !== null && now < c.since) throw new RangeError(`clock: time ${now} before ${c.since}`);
}

/**
 * A clock set for `tc`, not started, with `firstToMove`'s clock to run first: White in the
 * FMJD variants, Black in English draughts, either from a set-up position. Each side starts
 * with the first period's time (FMJD 10.1, 10.3).
 *
 * @example createClock(tc, variants.international.firstToMove)
 */
export function createClock(tc: TimedControl, firstToMove: Color): Clock {
  const first = tc.periods[0];
  const time = first.kind === 'per-move' ? turnTime(first, false) : first.seconds * 1000;
  const s: SideClock = { remaining: time, used: 0, moves: 0, period: 0, periodMoves: 0 };
  return { tc, state: 'ready', toMove: firstToMove, since: null, flag: null, called: null, white: s, black: s };
}

/** Starts the clock of the side to move at `now` (an arbiter starting the game). Refused unless `ready`. */
export function start(clock: Clock, now: number): ClockResult {
  checkTime(clock, now);
  if (clock.state !== 'ready') return { ok: false, error: 'not-ready' };
  return { ok: true, clock: { ...clock, state: 'running', since: now } };
}

/**
 * Brings the running side's time up to `now`. When its time ran out at or before `now`, the
 * clock stops with `flag` set, its remaining time 0 and its used time counted up to the
 * deadline; the moment the flag fell is `since + remaining`.
 */
function settle(clock: Clock, now: number): Clock {
  if (clock.state !== 'running' || clock.since === null) return clock;
  const s = side(clock, clock.toMove);
  const elapsed = now - clock.since;
  if (elapsed >= s.remaining) {
    const out = withSide(clock, clock.toMove, { ...s, remaining: 0, used: s.used + s.remaining });
    return { ...out, state: 'stopped', since: null, flag: clock.toMove };
  }
  return { ...withSide(clock, clock.toMove, { ...s, remaining: s.remaining - elapsed, used: s.used + elapsed }), since: now };
}

/**
 * The clock button, pressed by `color` at `now` after its move (Latvian 10.3). If `color`'s
 * time ran out at or before `now` the press is too late: the result is the stopped clock with
 * `flag` set (a flag fall, see {@link flagResult}), and nothing is credited. Otherwise:
 * - the move is counted; in a `moves` period, completing its number of moves in time adds the
 *   next period's time (FMJD 10.1; the last `moves` period repeats, PGN 9.6.1), so the 40th
 *   move of `40/7200:3600` made within 2 h adds 1 h;
 * - in an `increment` period, the increment is added (Fischer; FMJD 10.5);
 * - in a `sandclock` period, the time just used is added to the opponent's;
 * - in a `per-move` period (English laws 24, 25), the opponent's turn begins with its own time,
 *   one minute to the call when `oneWay` (the opponent has only one way of taking, law 25), five
 *   otherwise, and a minute more to the loss; `color`'s clock shows a whole turn again;
 * - `color`'s clock stops and the opponent's runs from `now`.
 *
 * Refused with `not-your-clock` when `color`'s clock is not the one running (a second press,
 * or the opponent's button: a real clock ignores it), `not-running` when ready or paused,
 * `stopped` after the game. Throws a RangeError if `now` is before the last start (programmer error).
 *
 * @example press(clock, 'white', 61_000) // White moved after 61 s; Black's time runs
 */
export function press(clock: Clock, color: Color, now: number, oneWay = false): ClockResult {
  checkTime(clock, now);
  if (clock.state === 'stopped') return { ok: false, error: 'stopped' };
  if (clock.state !== 'running') return { ok: false, error: 'not-running' };
  if (color !== clock.toMove) return { ok: false, error: 'not-your-clock' };
  const elapsed = now - (clock.since ?? now);
  const settled = settle(clock, now);
  if (settled.state === 'stopped') return { ok: true, clock: settled };
  const s = side(settled, color);
  const p = periodAt(clock.tc, s.period);
  let next: SideClock = { ...s, moves: s.moves + 1, periodMoves: s.periodMoves + 1 };
  if (p.kind === 'moves' && next.periodMoves === p.moves) {
    const following = periodAt(clock.tc, s.period + 1);
    next = { ...next, period: s.period + 1, periodMoves: 0, remaining: next.remaining + following.seconds * 1000 };
  } else if (p.kind === 'increment') {
    next = { ...next, remaining: next.remaining + p.increment * 1000 };
  }
  let out = withSide(settled, color, next);
  if (p.kind === 'sandclock') {
    const o = side(out, opposite(color));
    out = withSide(out, opposite(color), { ...o, remaining: o.remaining + elapsed });
  }
  const after: Clock = { ...out, toMove: opposite(color), since: now };
  return { ok: true, clock: beginTurn(beginTurn(after, color, false), opposite(color), oneWay) };
}

/**
 * The clock after `color` moved at `now`: the player presses the clock with the hand that moved
 * (Latvian 10.3). While a clock runs this is {@link press}. While none runs, before the game's
 * first move (`ready`) or in a game brought back after the host stopped (`paused`), the move
 * starts the clock: `color` is charged nothing, the move counts as a press at `now` (its
 * increment, its place in a moves-in-time period, FMJD 10.1) and the opponent's time runs from
 * `now`. Refused as {@link press} refuses; `oneWay` as {@link press} takes it.
 *
 * @example moved(createClock(tc, 'white'), 'white', 60_000) // Black's time runs from 60 s; White's is whole
 */
export function moved(clock: Clock, color: Color, now: number, oneWay = false): ClockResult {
  checkTime(clock, now);
  if (clock.state === 'ready' || clock.state === 'paused') return press({ ...clock, state: 'running', toMove: color, since: now }, color, now, oneWay);
  return press(clock, color, now, oneWay);
}

/**
 * The clock button pressed while no clock runs (`ready` or `paused`): `color`, the side to
 * move, has its time run from `now`, as a player starts the opponent's clock. No move is
 * counted. In a `per-move` period the turn's time is that of `oneWay` (law 25) or law 24, or
 * less if a clock brought back had less. Refused with `stopped` after the game and `not-ready`
 * while a clock runs (a press then is the mover's, {@link moved}).
 */
export function startFor(clock: Clock, color: Color, now: number, oneWay = false): ClockResult {
  checkTime(clock, now);
  if (clock.state === 'stopped') return { ok: false, error: 'stopped' };
  if (clock.state === 'running') return { ok: false, error: 'not-ready' };
  return { ok: true, clock: beginTurn({ ...clock, state: 'running', toMove: color, since: now }, color, oneWay, true) };
}

/**
 * The turn passes back without a move (a takeback accepted, FMJD 5.4.4): the running side's
 * time is charged up to `now` and the other side's runs from `now`; nothing is credited (no
 * move counted, no increment; in a sand clock the time used flows to the other side, as it
 * always does). While no clock runs only the side to move changes. If the running side's time
 * ran out by `now` the result is the stopped clock with `flag` set. In a `per-move` period the
 * side now to move begins a turn as after {@link press} (`oneWay`, law 25). Refused with
 * `stopped` after the game.
 */
export function handOver(clock: Clock, now: number, oneWay = false): ClockResult {
  checkTime(clock, now);
  if (clock.state === 'stopped') return { ok: false, error: 'stopped' };
  if (clock.state !== 'running') return { ok: true, clock: { ...clock, toMove: opposite(clock.toMove) } };
  const elapsed = now - (clock.since ?? now);
  const settled = settle(clock, now);
  if (settled.state === 'stopped') return { ok: true, clock: settled };
  let out = settled;
  if (periodAt(clock.tc, side(clock, clock.toMove).period).kind === 'sandclock') {
    const o = side(out, opposite(clock.toMove));
    out = withSide(out, opposite(clock.toMove), { ...o, remaining: o.remaining + elapsed });
  }
  const after: Clock = { ...out, toMove: opposite(clock.toMove), since: now };
  return { ok: true, clock: beginTurn(beginTurn(after, clock.toMove, false), after.toMove, oneWay) };
}

/** Both sides' clocks at `now` (the running side's brought up to `now`): what a journal keeps. */
export function sidesAt(clock: Clock, now: number): { readonly white: SideClock; readonly black: SideClock } {
  checkTime(clock, now);
  const c = settle(clock, now);
  return { white: c.white, black: c.black };
}

/**
 * A clock brought back as it was, not running (`paused`): `toMove`'s time runs again with the
 * next move or press of the clock ({@link moved}, {@link startFor}). FMJD 10 leaves the clock
 * to the arbiter; this is how a game resumed after the host stopped gets its clocks back.
 * Throws a RangeError for a side with a negative or non-finite time (programmer error).
 */
export function restoreClock(tc: TimedControl, toMove: Color, white: SideClock, black: SideClock): Clock {
  for (const s of [white, black]) {
    if (![s.remaining, s.used, s.moves, s.period, s.periodMoves].every((n) => Number.isFinite(n) && n >= 0)) throw new RangeError(`clock: ${JSON.stringify(s)} is not a side's clock`);
  }
  return { tc, state: 'paused', toMove, since: null, flag: null, called: null, white, black };
}

/**
 * The arbiter sets the time left of both sides (FMJD 10: the clock is the arbiter's), in ms.
 * Moves and periods are kept. Refused with `not-paused` while a clock runs and `stopped` after
 * the game.
 */
export function setRemaining(clock: Clock, white: number, black: number): ClockResult {
  if (clock.state === 'stopped') return { ok: false, error: 'stopped' };
  if (clock.state === 'running') return { ok: false, error: 'not-paused' };
  for (const ms of [white, black]) if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock: ${ms} ms is not a time`);
  return { ok: true, clock: { ...clock, white: { ...clock.white, remaining: white }, black: { ...clock.black, remaining: black } } };
}

/** The largest time {@link parseClockTime} reads: 99:59:59 (PDN writes one or two digits of hours). */
export const MAX_CLOCK_MS = (100 * 3600 - 1) * 1000;

/**
 * Reads a time on a clock, as an arbiter writes it: `H:MM:SS` (`1:23:45`, minutes and seconds
 * of two digits below 60) or a whole number of seconds (`5025`). Returns ms, or null when the
 * text is neither or above {@link MAX_CLOCK_MS}.
 *
 * @example parseClockTime('1:23:45') // 5_025_000
 * @example parseClockTime('90')      // 90_000
 * @example parseClockTime('1:75:00') // null
 */
export function parseClockTime(text: string): number | null {
  const s = text.trim();
  let seconds: number;
  const hms = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(s);
  if (hms) seconds = Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  else if (/^\d{1,9}$/.test(s)) seconds = Number(s);
  else return null;
  const ms = seconds * 1000;
  return ms <= MAX_CLOCK_MS ? ms : null;
}

/**
 * `color`'s time left at `now`, in ms, never below 0. Only the running side's time changes
 * with `now`.
 */
export function remaining(clock: Clock, color: Color, now: number): number {
  checkTime(clock, now);
  return side(settle(clock, now), color).remaining;
}

/** `color`'s time used up to `now`, in ms (for the PDN WhiteTime/BlackTime tags). */
export function used(clock: Clock, color: Color, now: number): number {
  checkTime(clock, now);
  return side(settle(clock, now), color).used;
}

/**
 * The side whose flag has fallen by `now`, or null: the running side once its time is used
 * up (remaining 0 counts as fallen), or the side recorded when the clock stopped on a flag.
 * The caller ends the game with {@link flagResult}.
 */
export function flagFall(clock: Clock, now: number): Color | null {
  checkTime(clock, now);
  return settle(clock, now).flag;
}

/**
 * The board time at which the running side's flag falls if it does not press, or null when no
 * clock runs: the moment a host should next look at the clock.
 */
export function flagDeadline(clock: Clock): number | null {
  if (clock.state !== 'running' || clock.since === null) return null;
  return clock.since + side(clock, clock.toMove).remaining;
}

/**
 * Stops the running clock at `now`, keeping both times (an arbiter's stop, FMJD 10.5; or
 * before a journal is saved). If the running side's flag fell by `now`, the result is the
 * stopped clock with `flag` set instead. Refused unless running.
 */
export function pause(clock: Clock, now: number): ClockResult {
  checkTime(clock, now);
  if (clock.state !== 'running') return { ok: false, error: clock.state === 'stopped' ? 'stopped' : 'not-running' };
  const settled = settle(clock, now);
  return { ok: true, clock: settled.state === 'stopped' ? settled : { ...settled, state: 'paused', since: null } };
}

/** Restarts a paused clock at `now`: the side to move's time runs again. Refused unless paused. */
export function resume(clock: Clock, now: number): ClockResult {
  checkTime(clock, now);
  if (clock.state !== 'paused') return { ok: false, error: clock.state === 'stopped' ? 'stopped' : 'not-paused' };
  return { ok: true, clock: { ...clock, state: 'running', since: now } };
}

/**
 * Stops the clock for good at `now`: the game ended on the board (a win, a draw, a
 * resignation). A flag that fell by `now` is kept in `flag`; the caller decides which came
 * first. Any state is accepted.
 */
export function stop(clock: Clock, now: number): Clock {
  checkTime(clock, now);
  const settled = settle(clock, now);
  return { ...settled, state: 'stopped', since: null };
}

/** The end of a game on time: the result in the variant's scoring, the winner and the article. */
export interface FlagResult {
  /** `0-2` / `2-0` in international and Brazilian draughts, `0-1` / `1-0` elsewhere. */
  readonly result: string;
  readonly winner: Color;
  /**
   * FMJD rules, Latvian text 7.1.2.5 (loss when the time limit has run out), with 10.5; or the
   * Standard Laws of Checkers' law 24 or 25 (lost through improper delay).
   */
  readonly article: string;
}

/**
 * The result when `flag`'s time ran out: `flag` loses (Latvian text of the FMJD rules 7.1.2.5;
 * FMJD 10.5 leaves the clock to the competition regulations). With `law`, the time per move of
 * the Standard Laws ran out: "the game shall be adjudged to be lost through improper delay"
 * (law 24, or 25 when there was only one way of taking). Written with `normaliseResult`.
 *
 * @example flagResult('white', variants.international).result // '0-2'
 * @example flagResult('white', variants.russian).result       // '0-1'
 * @example flagResult('black', variants.english, '24')         // { result: '1-0', winner: 'white', article: '24' }
 */
export function flagResult(flag: Color, v: Variant, law: string | null = null): FlagResult {
  return { result: normaliseResult(flag === 'white' ? '0-2' : '2-0', v), winner: opposite(flag), article: law ?? '7.1.2.5' };
}

/** Whether `tc` is the time per move of the English laws ({@link LAWS}). */
export function isPerMove(tc: TimedControl): boolean {
  return tc.periods[0].kind === 'per-move';
}

/**
 * Time is called (laws 24, 25: "time must be called by the person appointed for that purpose,
 * in a distinct manner"): in a `per-move` period, once the running side has used its time to the
 * call by `now` and only the minute after it is left, the clock with `called` set to that side.
 * Otherwise `clock` itself: another period, no clock running, the call made already, or the
 * flag fallen by `now` (the loss, {@link flagFall}, goes first).
 */
export function callTime(clock: Clock, now: number): Clock {
  checkTime(clock, now);
  const p = periodOf(clock, clock.toMove);
  if (p.kind !== 'per-move' || clock.state !== 'running' || clock.called) return clock;
  const left = remaining(clock, clock.toMove, now);
  return left > 0 && left <= p.grace * 1000 ? { ...clock, called: clock.toMove } : clock;
}

/**
 * `color`'s time as its clock face shows it at `now`, in ms: the time left ({@link remaining});
 * in a `per-move` period the time to the call, and once time is called the minute left to the
 * loss (laws 24, 25).
 */
export function faceTime(clock: Clock, color: Color, now: number): number {
  const left = remaining(clock, color, now);
  const p = periodOf(clock, color);
  if (p.kind !== 'per-move' || clock.called === color) return left;
  return Math.max(0, left - p.grace * 1000);
}

/**
 * `ms` as `H:MM:SS`, with `round`: `up` for time left (a side shows 0:00:00 only once its
 * flag has fallen), `down` for time used. Throws a RangeError for a negative or non-finite
 * `ms`, or 100 h and more (PDN 3.0 allows one or two digits of hours; programmer error).
 */
export function formatHms(ms: number, round: 'up' | 'down'): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock: ${ms} ms is not a time`);
  const total = round === 'up' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000);
  if (total >= 100 * 3600) throw new RangeError(`clock: ${ms} ms needs more than two digits of hours`);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/**
 * The PDN 3.0 clock command for one time left, to put in the comment after a move: it is
 * the time of the side that just moved (PDN 3.0, doc/extensions.rst: "the clock time is
 * connected to the preceding move", e.g. `18-23 {[%clock 0:49:11]}`). Seconds are rounded up.
 *
 * @example clockComment(3_723_000) // '[%clock 1:02:03]'
 */
export function clockComment(ms: number): string {
  return `[%clock ${formatHms(ms, 'up')}]`;
}

/**
 * The PDN 3.0 clock command with both times at `now`: `w`/`b` name the clock, an upper-case
 * letter marks the one running (doc/extensions.rst, `[%clock w0:00:10 B0:00:03]`). This is the
 * form for live recording from a board; it carries what lidraughts records per move
 * (PdnDump.makeTurns writes both sides' seconds left with every move).
 *
 * @example clocksComment(clock, now) // '[%clock w1:29:31 B1:30:00]' after White's first move
 */
export function clocksComment(clock: Clock, now: number): string {
  const c = settle(clock, now);
  return clocksText(c.white.remaining, c.black.remaining, c.state === 'running' ? c.toMove : null);
}

/**
 * {@link clocksComment} from the times themselves (ms left for White and Black, the side whose
 * clock runs or null), e.g. as a journal's clock entry keeps them.
 *
 * @example clocksText(1_771_000, 1_800_000, 'black') // '[%clock w0:29:31 B0:30:00]'
 */
export function clocksText(white: number, black: number, running: Color | null): string {
  const one = (color: Color, ms: number): string => {
    const letter = color === 'white' ? 'w' : 'b';
    return `${running === color ? letter.toUpperCase() : letter}${formatHms(ms, 'up')}`;
  };
  return `[%clock ${one('white', white)} ${one('black', black)}]`;
}

/**
 * The clock's PDN tags at `now`: TimeControl, and WhiteTime / BlackTime, the time each player
 * used (PDN 3.0, doc/pdntags.rst, "Clock related tags"; `[H]H:MM:SS`, rounded down), in the
 * shape `writePdnGame` takes.
 *
 * @example timeTags(clock, now) // [{ name: 'TimeControl', value: '40/7200:3600' }, { name: 'WhiteTime', value: '1:59:20' }, ...]
 */
export function timeTags(clock: Clock, now: number): WritableTag[] {
  checkTime(clock, now);
  const c = settle(clock, now);
  return [
    { name: 'TimeControl', value: timeControlTag(clock.tc) },
    { name: 'WhiteTime', value: formatHms(c.white.used, 'down') },
    { name: 'BlackTime', value: formatHms(c.black.used, 'down') },
  ];
}
