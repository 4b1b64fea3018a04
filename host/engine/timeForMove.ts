import type { Color } from '../../rules/index.ts';
import { opposite } from '../../rules/index.ts';
import type { Clock } from '../game/clock/clock.ts';
import { sidesAt } from '../game/clock/clock.ts';
import type { EngineLimits } from './engine.ts';

/**
 * The moves a game clock without a control ahead (a sudden death, a Fischer increment, a sand
 * clock) is assumed to have to last: most draughts games are decided before move 50, so a
 * thirtieth of the time left keeps reserves for a long ending.
 */
export const HORIZON_MOVES = 30;

/** The share of the increment spent on each move: the rest builds a reserve. */
export const INCREMENT_SHARE = 0.8;

/**
 * The part of the time left that one move never uses beyond: an answer may come 10% after its
 * time (issue 30), and the host needs some of what is left for the next moves.
 */
export const SAFE_PART = 0.4;

/** Time kept back on every move for the host and the pieces to move (ms). */
export const OVERHEAD_MS = 30;

/**
 * How long to think on this move, in ms, from the limits: `moveTimeMs` as given; under a game
 * clock a share of the time left (`ownMs / min(movesToGo + 1, 30)`, or a thirtieth without a
 * control ahead) plus most of the increment, never more than {@link SAFE_PART} of the time
 * left (the whole of it, less the overhead, when only one move is left before the control),
 * so that the answer, even 10% late, never lets the flag fall in any time control the clock
 * module knows: moves in a time (FMJD 10.1), a whole-game time (FMJD 10.3), a Fischer increment
 * or a sand clock (FMJD 10.5, PDN TimeControl), or the English laws' time per move (laws 24, 25,
 * passed as a clock of the time to the call with `movesToGo: 1`). Null when neither a time nor
 * a clock is set (a depth or nodes limit alone). Pure: the times are given.
 *
 * @example timeForMove({ clock: { ownMs: 60_000, opponentMs: 60_000, incrementMs: 0 } }) // 2000
 */
export function timeForMove(limits: EngineLimits): number | null {
  const fromClock = limits.clock ? clockShare(limits.clock) : null;
  if (limits.moveTimeMs === undefined) return fromClock;
  return fromClock === null ? limits.moveTimeMs : Math.min(limits.moveTimeMs, fromClock);
}

function clockShare(c: NonNullable<EngineLimits['clock']>): number {
  const own = Math.max(0, c.ownMs - OVERHEAD_MS);
  const moves = c.movesToGo !== undefined && c.movesToGo > 0 ? Math.min(c.movesToGo + 1, HORIZON_MOVES) : HORIZON_MOVES;
  const share = own / moves + INCREMENT_SHARE * c.incrementMs;
  // Only the last move before a control may spend (nearly) all: the answer, 10% late, still fits.
  const cap = c.movesToGo === 1 ? own / 1.1 / 1.1 : own * SAFE_PART;
  return Math.max(1, Math.floor(Math.min(share, cap)));
}

/**
 * The engine's game clock as {@link EngineLimits} `clock` for `color` at board time `now` (ms):
 * both sides' time left, the increment of a Fischer period, and the moves to the next control
 * in a moves-in-time period (FMJD 10.1; the last one repeats) or 1 in the English laws' time
 * per move (laws 24, 25: each move has its own time, to the loss).
 */
export function engineClock(clock: Clock, color: Color, now: number): NonNullable<EngineLimits['clock']> {
  const sides = sidesAt(clock, now);
  const own = sides[color];
  const p = clock.tc.periods[Math.min(own.period, clock.tc.periods.length - 1)];
  const movesToGo = p.kind === 'moves' ? p.moves - own.periodMoves : p.kind === 'per-move' ? 1 : undefined;
  return { ownMs: own.remaining, opponentMs: sides[opposite(color)].remaining, incrementMs: p.kind === 'increment' ? p.increment * 1000 : 0, ...(movesToGo !== undefined ? { movesToGo } : {}) };
}
