import { describe, expect, it } from 'vitest';
import type { Color } from '../../rules/index.ts';
import { opposite } from '../../rules/index.ts';
import type { Clock } from '../game/clock/clock.ts';
import { createClock, parseTimeControl, press, start } from '../game/clock/clock.ts';
import { engineClock, timeForMove } from './timeForMove.ts';

describe('timeForMove', () => {
  it('gives a time per move as it is', () => {
    expect(timeForMove({ moveTimeMs: 1500 })).toBe(1500);
  });

  it('has no time for a depth or nodes limit alone', () => {
    expect(timeForMove({ depth: 8 })).toBeNull();
    expect(timeForMove({ nodes: 10_000 })).toBeNull();
  });

  it('spends a thirtieth of a sudden death and most of the increment', () => {
    expect(timeForMove({ clock: { ownMs: 60_030, opponentMs: 60_000, incrementMs: 0 } })).toBe(2000);
    expect(timeForMove({ clock: { ownMs: 60_030, opponentMs: 60_000, incrementMs: 1000 } })).toBe(2800);
  });

  it('never spends more than a safe part of what is left, however large the increment', () => {
    const t = timeForMove({ clock: { ownMs: 1030, opponentMs: 60_000, incrementMs: 10_000 } });
    expect(t).toBe(400);
  });

  it('takes the shorter of a time per move and the clock share', () => {
    expect(timeForMove({ moveTimeMs: 5000, clock: { ownMs: 30_030, opponentMs: 0, incrementMs: 0 } })).toBe(1000);
  });

  // The engine answers as late as it may (its time plus 10%, and 5 ms more for the host) and the
  // opponent takes 3 s a move; 150 moves each: the engine's flag never falls.
  const controls = ['40/120:60', '120', 'G/60+1', '*60', 'laws', '5/30:2/10', '10'];
  for (const text of controls) {
    it(`never loses on time under ${text} (FMJD 10.1, 10.3, 10.5; laws 24, 25)`, () => {
      const parsed = parseTimeControl(text);
      if (!parsed.ok || parsed.tc.kind !== 'timed') throw new Error(text);
      for (const engine of ['white', 'black'] as Color[]) {
        let clock: Clock = createClock(parsed.tc, 'white');
        let now = 0;
        const started = start(clock, now);
        if (!started.ok) throw new Error(started.error);
        clock = started.clock;
        for (let ply = 0; ply < 300; ply++) {
          const mover = clock.toMove;
          if (mover === engine) now += Math.ceil((timeForMove({ clock: engineClock(clock, mover, now) }) ?? 0) * 1.1) + 5;
          else now += 3000;
          const r = press(clock, mover, now);
          if (!r.ok) throw new Error(r.error);
          clock = r.clock;
          if (clock.flag !== null) {
            expect(clock.flag, `${text}: ply ${ply}`).toBe(opposite(engine));
            break;
          }
        }
      }
    });
  }

  it('reads the moves to the control, the increment and both times from the clock', () => {
    const parsed = parseTimeControl('3/60:30+2');
    if (!parsed.ok || parsed.tc.kind !== 'timed') throw new Error('tc');
    let clock: Clock = createClock(parsed.tc, 'white');
    const s = start(clock, 0);
    if (!s.ok) throw new Error(s.error);
    clock = s.clock;
    expect(engineClock(clock, 'white', 10_000)).toEqual({ ownMs: 50_000, opponentMs: 60_000, incrementMs: 0, movesToGo: 3 });
    for (const [color, at] of [['white', 10_000], ['black', 11_000], ['white', 12_000], ['black', 13_000], ['white', 14_000]] as const) {
      const r = press(clock, color, at);
      if (!r.ok) throw new Error(r.error);
      clock = r.clock;
    }
    // White made its third move in time: the second period (30 s, +2 s a move) is added.
    // White used 12 s of 60 and has 30 s more, +2 s a move from now on; Black has one move to go.
    expect(engineClock(clock, 'black', 14_000)).toEqual({ ownMs: 58_000, opponentMs: 78_000, incrementMs: 0, movesToGo: 1 });
    expect(engineClock(clock, 'white', 14_000)).toEqual({ ownMs: 78_000, opponentMs: 58_000, incrementMs: 2000 });
  });
});
