// The English laws' time per move (the Standard Laws of Checkers, seed 004, "Time Limit to
// Moves"), on the pure clock with the time passed in. Times are the laws' own: five minutes
// (law 24), one minute (law 25), another minute to the loss. Positions are written by hand in
// PDN FEN, English numbering: Black's men go from 1-12 towards 32.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../../rules/index.ts';
import type { Color, Position } from '../../../rules/index.ts';
import { callTime, createClock, faceTime, flagFall, flagResult, moved, parseTimeControl, startFor, timeControlTag } from './clock.ts';
import type { Clock, TimedControl } from './clock.ts';
import { controlRefused, lawOf, oneWayOfTaking } from './laws.ts';

const S = 1000;
const MIN = 60 * S;
const en = variants.english;

function laws(): TimedControl {
  const r = parseTimeControl('laws');
  if (!r.ok || r.tc.kind !== 'timed') throw new Error('test: laws');
  return r.tc;
}

function position(fen: string): Position {
  const p = parseFen(en, fen);
  if (!p.ok) throw new Error(`test: ${fen}`);
  return p.position;
}

function ok(r: ReturnType<typeof moved>): Clock {
  if (!r.ok) throw new Error(`test: ${r.error}`);
  return r.clock;
}

/** `side`'s turn running from 0 (its clock started as a player starts it), `oneWay` for law 25. */
const turnOf = (side: Color, oneWay = false): Clock => ok(startFor(createClock(laws(), side), side, 0, oneWay));

describe('Laws 24, 25: the time control', () => {
  it('laws is read as the time per move and written back as laws in the PDN TimeControl tag', () => {
    const r = parseTimeControl('Laws');
    expect(r).toMatchObject({ ok: true, tc: { kind: 'timed', periods: [{ kind: 'per-move', seconds: 300, capture: 60, grace: 60 }] } });
    if (r.ok) expect(timeControlTag(r.tc)).toBe('laws');
  });

  it('laws with another period is refused: each move has its own time', () => {
    expect(parseTimeControl('laws:3600')).toEqual({ ok: false, error: 'laws-alone', element: 'laws' });
    expect(parseTimeControl('40/7200:laws')).toEqual({ ok: false, error: 'laws-alone', element: 'laws' });
  });

  it.each(['international', 'brazilian', 'russian', 'czech'] as const)('laws is refused in %s draughts, whose rules have no such time', (name) => {
    expect(controlRefused(laws(), variants[name])).toMatch(/english variant only, not in /);
    expect(controlRefused(laws(), en)).toBeNull();
    const fmjd = parseTimeControl('5400+30');
    if (fmjd.ok) expect(controlRefused(fmjd.tc, variants[name])).toBeNull();
  });
});

describe('Law 25: "only one way of taking one or more pieces"', () => {
  it('law 25: one capture and nothing else (14x23)', () => {
    expect(oneWayOfTaking(position('B:W18:B14'))).toBe(true);
    expect(lawOf(position('B:W18:B14'))).toBe('25');
    expect(lawOf(position('W:W22:B18'))).toBe('25'); // White's 22x15
  });

  it('law 24: two captures (14x21, 14x23) are two ways', () => {
    expect(lawOf(position('B:W17,18:B14'))).toBe('24');
  });

  it('law 24: one capture that goes on two ways (14x23x30, 14x23x32) is two ways', () => {
    expect(lawOf(position('B:W18,26,27:B14'))).toBe('24');
  });

  it('law 24: a single move that takes nothing (4-8) is no way of taking', () => {
    expect(lawOf(position('B:W32:B4'))).toBe('24');
  });

  it('law 24: the start position, no capture', () => {
    expect(lawOf(position(en.startFen))).toBe('24');
  });

  it('no law in a variant whose rules have no time per move', () => {
    const v = variants.international;
    const p = parseFen(v, v.startFen);
    if (p.ok) expect(lawOf(p.position)).toBeNull();
  });
});

describe.each(['black', 'white'] as const)('Laws 24, 25: %s to move', (side) => {
  it('law 24: time is called at the end of five minutes, not before', () => {
    const clock = turnOf(side);
    expect(callTime(clock, 5 * MIN - 1)).toBe(clock);
    expect(faceTime(clock, side, 5 * MIN - 1)).toBe(1);
    const called = callTime(clock, 5 * MIN);
    expect(called.called).toBe(side);
    // The face shows the minute left once time is called.
    expect(faceTime(called, side, 5 * MIN)).toBe(MIN);
    expect(callTime(called, 5 * MIN + 1)).toBe(called); // called once
  });

  it('law 25: with only one way of taking, time is called at the end of one minute', () => {
    const clock = turnOf(side, true);
    expect(callTime(clock, MIN - 1).called).toBeNull();
    expect(callTime(clock, MIN).called).toBe(side);
  });

  it('law 24: the game is lost through improper delay on the expiry of another minute', () => {
    const called = callTime(turnOf(side), 5 * MIN);
    expect(flagFall(called, 6 * MIN - 1)).toBeNull();
    expect(flagFall(called, 6 * MIN)).toBe(side);
    const winner = side === 'white' ? 'black' : 'white';
    expect(flagResult(side, en, '24')).toEqual({ result: side === 'white' ? '0-1' : '1-0', winner, article: '24' });
  });

  it('law 25: lost one minute after the call that came after one minute', () => {
    const called = callTime(turnOf(side, true), MIN);
    expect(flagFall(called, 2 * MIN - 1)).toBeNull();
    expect(flagFall(called, 2 * MIN)).toBe(side);
    expect(flagResult(side, en, '25').article).toBe('25');
  });

  it('law 24: a move made after the call but before the loss goes on normally: the opponent has its own five minutes', () => {
    const other = side === 'white' ? 'black' : 'white';
    const called = callTime(turnOf(side), 5 * MIN);
    const after = ok(moved(called, side, 5 * MIN + 59 * S));
    expect(after).toMatchObject({ state: 'running', toMove: other, called: null, flag: null });
    expect(flagFall(after, 11 * MIN)).toBeNull();
    expect(callTime(after, 10 * MIN + 58 * S).called).toBeNull();
    expect(callTime(after, 10 * MIN + 59 * S).called).toBe(other);
    // None carried over: the mover's next turn is a whole one again.
    expect(faceTime(after, side, 10 * MIN)).toBe(5 * MIN);
  });

  it('law 25 after a move: the opponent with only one way of taking has one minute to the call', () => {
    const other = side === 'white' ? 'black' : 'white';
    const after = ok(moved(turnOf(side), side, 2 * MIN, true));
    expect(callTime(after, 3 * MIN - 1).called).toBeNull();
    expect(callTime(after, 3 * MIN).called).toBe(other);
    expect(flagFall(after, 4 * MIN)).toBe(other);
  });
});

describe('Laws 24, 25: the first turn', () => {
  it('law 24: the first move of the game starts the opponent\'s five minutes, the mover charged nothing', () => {
    const clock = ok(moved(createClock(laws(), 'black'), 'black', 7 * MIN));
    expect(clock.toMove).toBe('white');
    expect(callTime(clock, 12 * MIN - 1).called).toBeNull();
    expect(callTime(clock, 12 * MIN).called).toBe('white');
  });
});
