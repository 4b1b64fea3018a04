// Tests of the clock, named by the article they check (FMJD rules article 10, seed 000; the
// Latvian text, seed 002; PDN 3.0 for the formats). Each scenario is a table of steps on a
// virtual clock: the board time in ms, what happens, and what the clock must show after it.
import { describe, expect, it } from 'vitest';
import { readPdn, variants, writePdnGame } from '../../../rules/index.ts';
import type { Color } from '../../../rules/index.ts';
import {
  clockComment,
  clocksComment,
  clocksText,
  createClock,
  flagDeadline,
  flagFall,
  flagResult,
  formatHms,
  handOver,
  moved,
  parseClockTime,
  parseTimeControl,
  pause,
  press,
  remaining,
  restoreClock,
  resume,
  setRemaining,
  sidesAt,
  start,
  startFor,
  stop,
  timeControlTag,
  timeTags,
  used,
} from './clock.ts';
import type { Clock, ClockError, ClockResult, TimedControl } from './clock.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

function timed(text: string): TimedControl {
  const r = parseTimeControl(text);
  if (!r.ok || r.tc.kind !== 'timed') throw new Error(`test: ${text} is not a timed control`);
  return r.tc;
}

function ok(r: ClockResult): Clock {
  if (!r.ok) throw new Error(`test: refused with ${r.error}`);
  return r.clock;
}

type Op = 'start' | 'press white' | 'press black' | 'pause' | 'resume' | 'stop' | 'look';

/** One step: at board time `t`, do `op`; then the clock must show `expect` (times in ms, at `t`). */
interface Step {
  t: number;
  op: Op;
  error?: ClockError;
  white?: number;
  black?: number;
  flag?: Color | null;
  state?: Clock['state'];
  deadline?: number | null;
}

function run(tc: string, steps: Step[], first: Color = 'white'): Clock {
  let clock = createClock(timed(tc), first);
  for (const [i, s] of steps.entries()) {
    const where = `${tc} step ${i} (${s.op} at ${s.t})`;
    let r: ClockResult = { ok: true, clock };
    if (s.op === 'start') r = start(clock, s.t);
    else if (s.op === 'press white') r = press(clock, 'white', s.t);
    else if (s.op === 'press black') r = press(clock, 'black', s.t);
    else if (s.op === 'pause') r = pause(clock, s.t);
    else if (s.op === 'resume') r = resume(clock, s.t);
    else if (s.op === 'stop') r = { ok: true, clock: stop(clock, s.t) };
    if (s.error) {
      expect(r, where).toEqual({ ok: false, error: s.error });
    } else {
      expect(r.ok, `${where}: ${r.ok ? '' : r.error}`).toBe(true);
      if (r.ok) clock = r.clock;
    }
    if (s.white !== undefined) expect(remaining(clock, 'white', s.t), `${where} white`).toBe(s.white);
    if (s.black !== undefined) expect(remaining(clock, 'black', s.t), `${where} black`).toBe(s.black);
    if (s.flag !== undefined) expect(flagFall(clock, s.t), `${where} flag`).toBe(s.flag);
    if (s.state !== undefined) expect(clock.state, `${where} state`).toBe(s.state);
    if (s.deadline !== undefined) expect(flagDeadline(clock), `${where} deadline`).toBe(s.deadline);
  }
  return clock;
}

/** Plays `n` moves each, both sides pressing `every` ms after their clock started; from `t0`. */
function moves(n: number, every: number, t0: number): Step[] {
  const out: Step[] = [];
  let t = t0;
  for (let i = 0; i < n; i++) {
    t += every;
    out.push({ t, op: 'press white' });
    t += every;
    out.push({ t, op: 'press black' });
  }
  return out;
}

describe('FMJD 10.1: a number of moves in a given time (40/7200:3600)', () => {
  it('the 40th move made in time adds the next period', () => {
    // 39 moves each at 1 min a move: 2 h - 39 min left; the 40th adds 1 h.
    const steps: Step[] = [{ t: 0, op: 'start', white: 2 * H, black: 2 * H, deadline: 2 * H }, ...moves(39, MIN, 0)];
    const t39 = 78 * MIN;
    steps.push({ t: t39, op: 'look', white: 2 * H - 39 * MIN, black: 2 * H - 39 * MIN });
    steps.push({ t: t39 + MIN, op: 'press white', white: 2 * H - 40 * MIN + H, black: 2 * H - 39 * MIN });
    steps.push({ t: t39 + 2 * MIN, op: 'press black', white: 2 * H - 40 * MIN + H, black: 2 * H - 40 * MIN + H, flag: null });
    const clock = run('40/7200:3600', steps);
    expect(clock.white).toMatchObject({ moves: 40, period: 1, periodMoves: 0 });
  });

  it('the 40th move pressed exactly at the deadline is too late: a flag fall', () => {
    const steps: Step[] = [{ t: 0, op: 'start' }, ...moves(39, MIN, 0)];
    // White has 81 min left after 39 moves; its clock started at 78 min. Deadline 159 min.
    steps.push({ t: 78 * MIN, op: 'look', deadline: 159 * MIN });
    steps.push({ t: 159 * MIN - 1, op: 'look', flag: null, white: 1 });
    steps.push({ t: 159 * MIN, op: 'press white', flag: 'white', state: 'stopped', white: 0, black: 81 * MIN });
    steps.push({ t: 160 * MIN, op: 'press black', error: 'stopped', flag: 'white' });
    run('40/7200:3600', steps);
  });

  it('missing the 40th move by the deadline is a flag fall, seen without a press', () => {
    const steps: Step[] = [{ t: 0, op: 'start' }, ...moves(20, 3 * MIN, 0)];
    // 20 moves each at 3 min: 60 min left each, White's clock runs from 120 min, falls at 180 min.
    steps.push({ t: 179 * MIN, op: 'look', flag: null, white: MIN });
    steps.push({ t: 180 * MIN, op: 'look', flag: 'white', white: 0, black: 60 * MIN });
    run('40/7200:3600', steps);
  });

  it('the last moves period repeats (PGN 9.6.1): 2/60 adds 60 s every second move', () => {
    run('2/60', [
      { t: 0, op: 'start' },
      { t: 10 * S, op: 'press white', white: 50 * S },
      { t: 20 * S, op: 'press black', black: 50 * S },
      { t: 30 * S, op: 'press white', white: 100 * S },
      { t: 40 * S, op: 'press black', black: 100 * S },
      { t: 50 * S, op: 'press white', white: 90 * S },
      { t: 60 * S, op: 'press black', black: 90 * S },
      { t: 70 * S, op: 'press white', white: 140 * S },
    ]);
  });

  it('times are kept per side: Black moving first (a set-up position, or English draughts)', () => {
    run(
      '2/60:30',
      [
        { t: 0, op: 'start', deadline: 60 * S },
        { t: 0, op: 'press white', error: 'not-your-clock' },
        { t: 5 * S, op: 'press black', black: 55 * S, white: 60 * S },
        { t: 15 * S, op: 'press white', white: 50 * S },
        { t: 20 * S, op: 'press black', black: 80 * S },
        { t: 30 * S, op: 'press white', white: 70 * S, black: 80 * S },
      ],
      'black',
    );
  });
});

describe('FMJD 10.3: a given time for the whole game (G/3600)', () => {
  it('no time is added, whatever the number of moves', () => {
    const steps: Step[] = [{ t: 0, op: 'start' }, ...moves(100, 10 * S, 0)];
    steps.push({ t: 2000 * S, op: 'look', white: 3600 * S - 1000 * S, black: 2600 * S, flag: null });
    steps.push({ t: 2000 * S + 2600 * S, op: 'look', flag: 'white', white: 0 });
    run('G/3600', steps);
  });

  it('Black\'s flag falls on Black\'s time', () => {
    run('60', [
      { t: 0, op: 'start' },
      { t: 10 * S, op: 'press white' },
      { t: 69 * S, op: 'look', flag: null, black: 1 * S },
      { t: 70 * S, op: 'look', flag: 'black', black: 0, white: 50 * S },
      { t: 75 * S, op: 'press black', flag: 'black', state: 'stopped', black: 0, white: 50 * S },
    ]);
  });
});

describe('FMJD 10.5 (competition regulations): Fischer increment (5400+30)', () => {
  it('30 s is added after each move made in time, not at the start', () => {
    run('5400+30', [
      { t: 0, op: 'start', white: 5400 * S, black: 5400 * S },
      { t: 10 * S, op: 'press white', white: 5420 * S },
      { t: 10 * S, op: 'press black', black: 5430 * S },
      { t: 100 * S, op: 'press white', white: 5360 * S, black: 5430 * S },
    ]);
  });

  it('the increment cannot save a flag that has fallen', () => {
    run('60+30', [
      { t: 0, op: 'start' },
      { t: 60 * S, op: 'press white', flag: 'white', white: 0, state: 'stopped' },
    ]);
  });

  it('a moves period followed by an increment: the increment starts in the second period', () => {
    run('1/60:30+5', [
      { t: 0, op: 'start' },
      { t: 10 * S, op: 'press white', white: 80 * S },
      { t: 20 * S, op: 'press black', black: 80 * S },
      { t: 30 * S, op: 'press white', white: 75 * S },
    ]);
  });
});

describe('PDN 3.0 sand clock (*60)', () => {
  it('the time one side uses is added to the other', () => {
    run('*60', [
      { t: 0, op: 'start' },
      { t: 20 * S, op: 'press white', white: 40 * S, black: 80 * S },
      { t: 30 * S, op: 'press black', white: 50 * S, black: 70 * S },
    ]);
  });
});

describe('FMJD 10.5: the arbiter stops and restarts the clock (pause / resume)', () => {
  it('no time runs while paused; the same side runs again', () => {
    run('600', [
      { t: 0, op: 'start' },
      { t: 100 * S, op: 'press white' },
      { t: 150 * S, op: 'pause', state: 'paused', black: 550 * S, deadline: null },
      { t: 10_000 * S, op: 'look', black: 550 * S, flag: null },
      { t: 10_000 * S, op: 'press black', error: 'not-running' },
      { t: 10_000 * S, op: 'pause', error: 'not-running' },
      { t: 10_010 * S, op: 'resume', state: 'running', deadline: 10_560 * S },
      { t: 10_010 * S, op: 'resume', error: 'not-paused' },
      { t: 10_020 * S, op: 'press black', black: 540 * S, white: 500 * S },
    ]);
  });

  it('a pause after the flag fell reports the flag', () => {
    run('60', [
      { t: 0, op: 'start' },
      { t: 61 * S, op: 'pause', state: 'stopped', flag: 'white' },
      { t: 62 * S, op: 'resume', error: 'stopped' },
    ]);
  });

  it('a journal restore: pause, keep the clock, resume later', () => {
    const saved = run('300+2', [
      { t: 0, op: 'start' },
      { t: 30 * S, op: 'press white' },
      { t: 40 * S, op: 'pause' },
    ]);
    const copy = JSON.parse(JSON.stringify(saved)) as Clock;
    const r = resume(copy, 5_000_000);
    expect(r.ok && remaining(r.clock, 'black', 5_000_000 + 5 * S)).toBe(285 * S);
    expect(r.ok && remaining(r.clock, 'white', 5_000_000 + 5 * S)).toBe(272 * S);
  });
});

describe('the clock button and the state machine', () => {
  it('refuses presses before the start and a second start', () => {
    run('60', [
      { t: 0, op: 'press white', error: 'not-running' },
      { t: 0, op: 'resume', error: 'not-paused' },
      { t: 0, op: 'start' },
      { t: 1, op: 'start', error: 'not-ready' },
      { t: 2, op: 'press black', error: 'not-your-clock', white: 60 * S - 2 },
    ]);
  });

  it('stop freezes both times; time going backwards is a programmer error', () => {
    const c = run('60', [
      { t: 0, op: 'start' },
      { t: 10 * S, op: 'press white' },
      { t: 15 * S, op: 'stop', state: 'stopped', flag: null, white: 50 * S, black: 55 * S },
      { t: 1000 * S, op: 'look', white: 50 * S, black: 55 * S, flag: null },
    ]);
    expect(used(c, 'white', 1000 * S)).toBe(10 * S);
    expect(used(c, 'black', 1000 * S)).toBe(5 * S);
    const running = ok(press(ok(start(createClock(timed('60'), 'white'), 100)), 'white', 200));
    expect(() => press(running, 'black', 150)).toThrow(RangeError);
    expect(() => remaining(createClock(timed('60'), 'white'), 'white', Number.NaN)).toThrow(RangeError);
  });
});

describe('Latvian 7.1.2.5: the player whose time has run out loses', () => {
  it.each([
    ['white', 'international', '0-2', 'black'],
    ['black', 'international', '2-0', 'white'],
    ['white', 'brazilian', '0-2', 'black'],
    ['white', 'russian', '0-1', 'black'],
    ['black', 'czech', '1-0', 'white'],
    ['black', 'english', '1-0', 'white'],
  ] as const)('%s flag in %s: %s', (flag, variant, result, winner) => {
    expect(flagResult(flag, variants[variant])).toEqual({ result, winner, article: '7.1.2.5' });
  });
});

describe('PDN 3.0 TimeControl tag: parse errors with reasons', () => {
  it.each([
    ['', 'empty', ''],
    ['40/7200:', 'empty', ''],
    ['40/7200::3600', 'empty', ''],
    ['abc', 'syntax', 'abc'],
    ['40/7200:1h', 'syntax', '1h'],
    ['40/', 'syntax', '40/'],
    ['5400+30+5', 'syntax', '5400+30+5'],
    ['-3600', 'syntax', '-3600'],
    ['3600:40/7200', 'not-last', '3600'],
    ['5400+30:3600', 'not-last', '5400+30'],
    ['*60:60', 'not-last', '*60'],
    ['0/7200', 'zero-moves', '0/7200'],
    ['40/0', 'zero-time', '40/0'],
    ['0+30', 'zero-time', '0+30'],
    ['G/0', 'zero-time', 'G/0'],
    ['99999999', 'too-large', '99999999'],
  ] as const)('%j: %s', (text, error, element) => {
    expect(parseTimeControl(text)).toEqual({ ok: false, error, element });
  });
});

describe('PDN 3.0 TimeControl tag: round trip', () => {
  it.each([
    ['40/7200:3600', [{ kind: 'moves', moves: 40, seconds: 7200 }, { kind: 'sudden-death', seconds: 3600 }]],
    ['5400+30', [{ kind: 'increment', seconds: 5400, increment: 30 }]],
    ['3600', [{ kind: 'sudden-death', seconds: 3600 }]],
    ['*60', [{ kind: 'sandclock', seconds: 60 }]],
    ['40/7200:20/3600:1800+30', [{ kind: 'moves', moves: 40, seconds: 7200 }, { kind: 'moves', moves: 20, seconds: 3600 }, { kind: 'increment', seconds: 1800, increment: 30 }]],
    ['40/7200', [{ kind: 'moves', moves: 40, seconds: 7200 }]],
  ] as const)('%s', (text, periods) => {
    const r = parseTimeControl(text);
    expect(r).toEqual({ ok: true, tc: { kind: 'timed', periods } });
    if (r.ok) expect(timeControlTag(r.tc)).toBe(text);
  });

  it.each([
    ['?', '?'],
    ['-', '-'],
    ['G/3600', '3600'],
    ['g/3600+10', '3600+10'],
    [' 40/7200 : 3600 ', '40/7200:3600'],
  ])('liberal reader: %j is written %j', (text, tag) => {
    const r = parseTimeControl(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(timeControlTag(r.tc)).toBe(tag);
  });
});

describe('PDN 3.0 clock comments and time tags', () => {
  it.each([
    [0, '[%clock 0:00:00]'],
    [1, '[%clock 0:00:01]'],
    [999, '[%clock 0:00:01]'],
    [1000, '[%clock 0:00:01]'],
    [59_001, '[%clock 0:01:00]'],
    [3_723_000, '[%clock 1:02:03]'],
    [2 * H, '[%clock 2:00:00]'],
    [99 * H + 59 * MIN + 59 * S, '[%clock 99:59:59]'],
  ])('clockComment(%d) = %s (rounded up: 0:00:00 only after a flag fall)', (ms, text) => {
    expect(clockComment(ms)).toBe(text);
    // The form PDN 3.0 gives: one or two digits of hours.
    expect(text).toMatch(/^\[%clock \d{1,2}:\d\d:\d\d\]$/);
  });

  it('formats refuse what PDN cannot write', () => {
    expect(() => clockComment(-1)).toThrow(RangeError);
    expect(() => clockComment(100 * H)).toThrow(RangeError);
    expect(formatHms(1999, 'down')).toBe('0:00:01');
  });

  it('both clocks, the running one in upper case, match the PDN 3.0 regular expression', () => {
    const pdn30 = /^\[%clock\s*(([wWbB])(\d{1,2}:\d\d:\d\d)\s*)(([wWbB])(\d{1,2}:\d\d:\d\d)\s*)?\]$/;
    let c = createClock(timed('5400+30'), 'white');
    expect(clocksComment(c, 0)).toBe('[%clock w1:30:00 b1:30:00]');
    c = ok(start(c, 0));
    expect(clocksComment(c, 0)).toBe('[%clock W1:30:00 b1:30:00]');
    c = ok(press(c, 'white', 59_500));
    expect(clocksComment(c, 60_000)).toBe('[%clock w1:29:31 B1:30:00]');
    expect(clocksComment(c, 60_000)).toMatch(pdn30);
    expect(clocksComment(stop(c, 60_000), 60_000)).toBe('[%clock w1:29:31 b1:30:00]');
  });

  it('a game with clocks written by writePdnGame reads back', () => {
    let c = ok(start(createClock(timed('40/7200:3600'), 'white'), 0));
    c = ok(press(c, 'white', 61 * S));
    const afterWhite = clockComment(remaining(c, 'white', 61 * S));
    c = ok(press(c, 'black', 125 * S));
    const afterBlack = clockComment(remaining(c, 'black', 125 * S));
    const tags = timeTags(c, 130 * S);
    expect(tags).toEqual([
      { name: 'TimeControl', value: '40/7200:3600' },
      { name: 'WhiteTime', value: '0:01:06' },
      { name: 'BlackTime', value: '0:01:04' },
    ]);
    const text = writePdnGame({
      tags: [{ name: 'GameType', value: '20' }, ...tags],
      moves: [
        { kind: 'move', text: '32-28', number: 1, comments: [afterWhite] },
        { kind: 'move', text: '19-23', comments: [afterBlack] },
      ],
      result: '*',
    });
    expect(text).toContain('[TimeControl "40/7200:3600"]');
    expect(text).toContain('1. 32-28 {[%clock 1:58:59]} 19-23 {[%clock 1:58:56]} *');
    const back = readPdn(text);
    expect(back.errors).toEqual([]);
    expect(back.games[0].error).toBeNull();
    expect(back.games[0].tags).toContainEqual(expect.objectContaining({ name: 'TimeControl', value: '40/7200:3600' }));
    expect(JSON.stringify(back.games[0].line)).toContain('[%clock 1:58:59]');
  });
});

describe('Latvian 10.3: the clock starts with the first move or press of the clock', () => {
  it('Latvian 10.3: the first move starts the clock: the mover is charged nothing, the move counts, the opponent\'s time runs', () => {
    const ready = createClock(timed('2/60:30'), 'white');
    const r = moved(ready, 'white', 90 * S); // the board was set up a minute and a half ago
    expect(r.ok).toBe(true);
    const c = ok(r);
    expect(c).toMatchObject({ state: 'running', toMove: 'black', since: 90 * S });
    expect(c.white).toMatchObject({ remaining: 60 * S, used: 0, moves: 1, periodMoves: 1 });
    expect(remaining(c, 'black', 100 * S)).toBe(50 * S);
    // The second move of the period, in time, adds the next period (FMJD 10.1).
    const c2 = ok(moved(ok(moved(c, 'black', 100 * S)), 'white', 105 * S));
    expect(c2.white).toMatchObject({ remaining: 55 * S + 30 * S, period: 1, periodMoves: 0, moves: 2 });
  });

  it('FMJD 10.5: the first move gets its increment; while running, moved is press', () => {
    const c = ok(moved(createClock(timed('600+5'), 'white'), 'white', 0));
    expect(c.white.remaining).toBe(605 * S);
    expect(moved(c, 'black', 10 * S)).toEqual(press(c, 'black', 10 * S));
    expect(moved(c, 'white', 10 * S)).toEqual({ ok: false, error: 'not-your-clock' });
  });

  it('Latvian 10.3: the first press of the clock button runs the side to move\'s time, no move counted', () => {
    const c = ok(startFor(createClock(timed('600'), 'white'), 'white', 2 * S));
    expect(c).toMatchObject({ state: 'running', toMove: 'white', since: 2 * S });
    expect(c.white.moves).toBe(0);
    expect(remaining(c, 'white', 12 * S)).toBe(590 * S);
    expect(startFor(c, 'black', 3 * S)).toEqual({ ok: false, error: 'not-ready' });
    expect(startFor(stop(c, 4 * S), 'black', 5 * S)).toEqual({ ok: false, error: 'stopped' });
  });
});

describe('FMJD 5.4.4: a takeback accepted hands the turn back', () => {
  it('FMJD 5.4.4: the running side is charged, nothing credited, the other side runs', () => {
    const c = ok(moved(createClock(timed('40/600:300'), 'white'), 'white', 0)); // Black runs from 0
    const h = ok(handOver(c, 7 * S));
    expect(h).toMatchObject({ state: 'running', toMove: 'white', since: 7 * S });
    expect(h.black).toMatchObject({ remaining: 593 * S, used: 7 * S, moves: 0, periodMoves: 0 });
    expect(h.white).toEqual(c.white);
  });

  it('PDN 3.0 sand clock: the time used still flows to the other side; a fallen flag is reported', () => {
    const c = ok(moved(createClock(timed('*60'), 'white'), 'white', 0));
    expect(ok(handOver(c, 10 * S)).white.remaining).toBe(70 * S);
    expect(ok(handOver(c, 61 * S))).toMatchObject({ state: 'stopped', flag: 'black' });
    expect(ok(handOver(createClock(timed('60'), 'white'), 0))).toMatchObject({ state: 'ready', toMove: 'black' });
  });
});

describe('FMJD 10: the arbiter\'s clock on resume', () => {
  it('FMJD 10: a clock restored stands paused and starts again with the next move or press', () => {
    const tc = timed('3/600:300');
    const white = { remaining: 500 * S, used: 100 * S, moves: 2, period: 0, periodMoves: 2 };
    const black = { remaining: 550 * S, used: 50 * S, moves: 2, period: 0, periodMoves: 2 };
    const c = restoreClock(tc, 'white', white, black);
    expect(c).toMatchObject({ state: 'paused', toMove: 'white', since: null });
    expect(remaining(c, 'white', 10 * H)).toBe(500 * S);
    expect(flagFall(c, 10 * H)).toBeNull();
    // The move completes the period (FMJD 10.1): the counts came back with the clock.
    expect(ok(moved(c, 'white', 10 * H)).white).toMatchObject({ remaining: 800 * S, period: 1, periodMoves: 0, moves: 3 });
    expect(ok(startFor(c, 'white', 10 * H))).toMatchObject({ state: 'running', toMove: 'white' });
    expect(sidesAt(ok(startFor(c, 'white', 0)), 20 * S).white).toMatchObject({ remaining: 480 * S, used: 120 * S });
    expect(() => restoreClock(tc, 'white', { ...white, remaining: -1 }, black)).toThrow(RangeError);
  });

  it('FMJD 10: the arbiter sets the times left, moves and periods kept; not while a clock runs', () => {
    const c = restoreClock(timed('3/600:300'), 'black', { remaining: 1, used: 0, moves: 2, period: 0, periodMoves: 2 }, { remaining: 2, used: 0, moves: 1, period: 0, periodMoves: 1 });
    const set = ok(setRemaining(c, 5025 * S, 4200 * S));
    expect(set.white).toMatchObject({ remaining: 5025 * S, moves: 2, periodMoves: 2 });
    expect(set.black).toMatchObject({ remaining: 4200 * S, moves: 1 });
    expect(setRemaining(ok(startFor(c, 'black', 0)), 1, 1)).toEqual({ ok: false, error: 'not-paused' });
  });

  it('FMJD 10: the times an arbiter writes: H:MM:SS or seconds', () => {
    expect(parseClockTime('1:23:45')).toBe(5025 * S);
    expect(parseClockTime(' 0:00:07 ')).toBe(7 * S);
    expect(parseClockTime('99:59:59')).toBe((100 * 3600 - 1) * S);
    expect(parseClockTime('4200')).toBe(4200 * S);
    expect(parseClockTime('0')).toBe(0);
    for (const bad of ['', '1:75:00', '1:23', '1:2:3', '-5', '1.5', '100:00:00', '360000', 'abc', '1:23:45:00']) expect(parseClockTime(bad), bad).toBeNull();
  });

  it('PDN 3.0: both clocks from their times, the running one in capitals', () => {
    expect(clocksText(1_771_000, 1_800_000, 'black')).toBe('[%clock w0:29:31 B0:30:00]');
    expect(clocksText(5_000, 0, null)).toBe('[%clock w0:00:05 b0:00:00]');
  });
});
