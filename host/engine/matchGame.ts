// One game between two engines, as `dambord match` plays it: from an opening, to the end the
// rules give (rules/game.ts outcome), a flag fall, an engine's failure, or the ply cap. The time
// is read from a clock passed in; nothing here sets a timer.

import { currentPosition, newGame, opposite, outcome, playMove } from '../../rules/index.ts';
import type { Color, Game, Outcome } from '../../rules/index.ts';
import { createClock, flagFall, flagResult, isPerMove, press, remaining, start } from '../game/clock/clock.ts';
import type { Clock, TimedControl } from '../game/clock/clock.ts';
import { lawOf, oneWayOfTaking } from '../game/clock/laws.ts';
import type { Engine, EngineLimits } from './engine.ts';
import { EngineError } from './engine.ts';
import type { Opening } from './openings.ts';

/**
 * The ply cap: a game still going after this many plies (opening moves included) is
 * adjudicated a draw. The rules end most games sooner (FMJD 6.1-6.4, the Russian and Czech draw
 * articles); the English laws' 40-move draw (Standard Laws 22) needs a claim, which engines do
 * not make, so an English game of two engines that cannot win could otherwise go on forever.
 */
export const PLY_CAP = 400;

/** How the engines are timed: a time per move, or a game clock in a time control (FMJD 10, PDN TimeControl). */
export type MatchTiming = { readonly moveTimeMs: number } | { readonly timeControl: TimedControl };

/** What a game needs: its engines, its opening, its timing and the host's clock (ms). */
export interface MatchGameOptions {
  readonly white: Engine;
  readonly black: Engine;
  readonly opening: Opening;
  readonly timing: MatchTiming;
  readonly now: () => number;
  /** Stops the game (Ctrl-C): it is then not finished (`result` `*`). */
  readonly signal?: AbortSignal;
  readonly plyCap?: number;
}

/** A game played: the game, its result in the variant's scoring, and why it ended. */
export interface GameRecord {
  /** From the opening's start; the opening's moves first. */
  readonly game: Game;
  /** `2-0`, `1-1`, `0-2` (FMJD) or `1-0`, `1/2-1/2`, `0-1`; `*` when the game was stopped. */
  readonly result: string;
  readonly winner: Color | 'draw' | null;
  /** Why it ended, in a sentence (`white has no move (7.2.2)`, `black's engine failed: ...`). */
  readonly reason: string;
  /** The engine that failed (lost by an EngineError, an illegal move or a resignation), if one did. */
  readonly failed: Color | null;
}

/**
 * Plays one game. An engine's EngineError loses the game for it (a `refused` one reads as its
 * resignation), as does a move that is not legal; its flag falling loses it too (flagResult,
 * FMJD Latvian text 7.1.2.5 or laws 24, 25). Other errors are bugs and are thrown.
 */
export async function playMatchGame(o: MatchGameOptions): Promise<GameRecord> {
  let game = newGame(o.opening.start);
  for (const m of o.opening.moves) {
    const r = playMove(game, m);
    if (!r.ok) throw new Error(`the opening "${o.opening.name}" does not play: ${r.error}`);
    game = r.game;
  }
  const v = o.opening.start.variant;
  const end = (winner: Color | 'draw' | null, reason: string, failed: Color | null = null): GameRecord => ({
    game,
    result: winner === null ? '*' : winner === 'draw' ? v.scoring.draw : winner === 'white' ? v.scoring.whiteWins : v.scoring.blackWins,
    winner,
    reason,
    failed,
  });
  let clock = 'timeControl' in o.timing ? startedClock(o.timing.timeControl, currentPosition(game).turn, o.now()) : null;
  for (;;) {
    const over = outcome(game);
    if (over) return end(over.result, endText(over));
    if (game.moves.length >= (o.plyCap ?? PLY_CAP)) return end('draw', `adjudicated a draw at the ply cap of ${o.plyCap ?? PLY_CAP} plies`);
    if (o.signal?.aborted) return end(null, 'stopped');
    const pos = currentPosition(game);
    const color = pos.turn;
    const engine = color === 'white' ? o.white : o.black;
    let answer;
    try {
      answer = await engine.think(game, clock ? clockLimits(clock, color, o.now()) : perMove(o.timing), { signal: o.signal });
    } catch (e) {
      if (o.signal?.aborted) return end(null, 'stopped');
      if (!(e instanceof EngineError)) throw e;
      return end(opposite(color), e.kind === 'refused' ? `${color} (${engine.name}) resigned: ${e.message}` : `${color}'s engine failed: ${e.message}`, color);
    }
    if (clock) {
      const t = o.now();
      const flag = flagFall(clock, t);
      if (flag) {
        const r = flagResult(flag, v, isPerMove(clock.tc) ? lawOf(pos) : null);
        return end(r.winner, `${flag} (${engine.name}) lost on time (${r.article})`);
      }
    }
    const played = playMove(game, answer.move);
    if (!played.ok) return end(opposite(color), `${color}'s engine failed: ${engine.name} played a move that is not legal here`, color);
    game = played.game;
    if (clock) clock = pressed(clock, color, o.now(), oneWayOfTaking(currentPosition(game)));
  }
}

/** An outcome in words: `white has no move (7.2.2)`, `draw by repetition (6.1)`. */
export function endText(o: Outcome): string {
  const loser = o.result === 'white' ? 'black' : 'white';
  const why: Record<Outcome['reason'], string> = {
    'no-pieces': `${loser} has no pieces left`,
    'no-moves': `${loser} has no move`,
    repetition: 'draw by repetition',
    'king-moves': 'draw by king moves without a capture',
    endgame: 'draw by the endgame rule',
    'forty-moves': 'draw: no win within 40 moves after notice',
    resignation: `${loser} resigned`,
    agreement: 'draw by agreement',
  };
  return `${why[o.reason]} (${o.article})`;
}

/** The limits of a time per move; none for a game clock (its limits are {@link clockLimits}). */
function perMove(t: MatchTiming): EngineLimits {
  return 'moveTimeMs' in t ? { moveTimeMs: t.moveTimeMs } : {};
}

function startedClock(tc: TimedControl, toMove: Color, now: number): Clock {
  const r = start(createClock(tc, toMove), now);
  if (!r.ok) throw new Error(`a new clock does not start: ${r.error}`);
  return r.clock;
}

function pressed(clock: Clock, color: Color, now: number, oneWay: boolean): Clock {
  const r = press(clock, color, now, oneWay);
  if (!r.ok) throw new Error(`the clock of the side that moved does not press: ${r.error}`);
  return r.clock;
}

/** The clock as an engine is given it: both sides' time left, the increment and the moves to the next control. */
export function clockLimits(clock: Clock, color: Color, now: number): EngineLimits {
  const side = color === 'white' ? clock.white : clock.black;
  const period = clock.tc.periods[Math.min(side.period, clock.tc.periods.length - 1)];
  return {
    clock: {
      ownMs: remaining(clock, color, now),
      opponentMs: remaining(clock, opposite(color), now),
      incrementMs: period.kind === 'increment' ? period.increment * 1000 : 0,
      ...(period.kind === 'moves' ? { movesToGo: period.moves - side.periodMoves } : {}),
    },
  };
}
