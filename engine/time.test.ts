// The time a move gets from a game clock: the figures worked out by hand from the rule in time.ts.
import { describe, expect, it } from 'vitest';
import { moveTime } from './time.ts';

describe('moveTime', () => {
  it('sudden death: what is left, less the margin, over 30 moves', () => {
    expect(moveTime({ remainingMs: 60_050 })).toBe(2000);
  });

  it('moves to the next control share the time (FMJD 10: e.g. 40 moves in 2 hours, 20 to go with 1 hour left)', () => {
    expect(moveTime({ remainingMs: 3_600_050, movesToGo: 20 })).toBe(180_000);
  });

  it('an increment adds 90% of itself', () => {
    expect(moveTime({ remainingMs: 30_050, incrementMs: 2000 })).toBe(1000 + 1800);
  });

  it('never more than half of what is left, never under 10 ms', () => {
    expect(moveTime({ remainingMs: 1050, incrementMs: 5000 })).toBe(500);
    expect(moveTime({ remainingMs: 0 })).toBe(10);
    expect(moveTime({ remainingMs: 4050, movesToGo: 1 })).toBe(2000);
  });
});
