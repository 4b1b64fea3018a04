import { describe, expect, it } from 'vitest';
import { brazilian, czech, english, international, russian } from '../../rules/index.ts';
import { dxpCarries, dxpGameTime, dxpMoveAllowance } from './dxpGame.ts';

describe('the variants DXP carries (egamereq.htm: "position: 50 bytes", the FMJD rules)', () => {
  it('international only: 50 squares, men capturing backwards, flying kings, the maximum capture (FMJD 2.6, 4.1, 4.3, 4.13)', () => {
    expect(dxpCarries(international)).toBe(true);
    for (const v of [english, czech, brazilian, russian]) expect(dxpCarries(v)).toBe(false);
  });
});

describe("GAMEREQ's thinking time and number of moves", () => {
  it('a time per move: the minutes of 75 such moves rounded up, shared by moves of no more than that time each', () => {
    expect(dxpGameTime({ moveTimeMs: 1000 })).toEqual({ minutes: 2, moves: 120 }); // 75 s -> 2 min; 120 moves of 1 s
    expect(dxpGameTime({ moveTimeMs: 5000 })).toEqual({ minutes: 7, moves: 84 }); // 375 s -> 7 min; 420 s / 5 s
    expect(dxpGameTime({ moveTimeMs: 60_000 })).toEqual({ minutes: 75, moves: 75 });
  });

  it('a game clock: its own time in minutes rounded up, and its moves to go ("000": no limit)', () => {
    expect(dxpGameTime({ clock: { ownMs: 90 * 60_000, opponentMs: 0, incrementMs: 0 } })).toEqual({ minutes: 90, moves: 0 });
    expect(dxpGameTime({ clock: { ownMs: 61_000, opponentMs: 0, incrementMs: 0, movesToGo: 40 } })).toEqual({ minutes: 2, moves: 40 });
  });

  it('fits 3 digits (at most 999 minutes and moves)', () => {
    expect(dxpGameTime({ clock: { ownMs: 2000 * 60_000, opponentMs: 0, incrementMs: 0, movesToGo: 5000 } })).toEqual({ minutes: 999, moves: 999 });
  });

  it('a move may take its time plus 10%', () => {
    expect(dxpMoveAllowance({ moveTimeMs: 1000 })).toBe(1100);
    expect(dxpMoveAllowance({ depth: 12 })).toBe(66_000);
  });
});
