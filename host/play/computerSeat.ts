// The engine seated at the board (`dambord play --engine`): the shell's side of the game's
// `think` effect. The engine thinks off the board's events (the built-in engine in its worker
// thread, an external one in its process): each question is answered by an `engine` input
// carrying its id, a newer question stops the older one, and the game drops an answer that
// comes too late. An engine that fails (an illegal move, a crash, a dead search thread) is asked
// once more, reopened from its spec first when its process or connection is gone; the game
// hears of each failure as an `engine-failed` input (host/game/computerFailed.ts).

import type { Game } from '../../rules/index.ts';
import { currentPosition } from '../../rules/index.ts';
import type { Engine, EngineLimits } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import { clockLimits } from '../engine/matchGame.ts';
import type { GameInput, GameState } from '../game/game.ts';

/** The time per move the computer takes when the game has no clock (ms). */
export const MOVE_TIME_MS = 1500;

/** The engine at the board, as the session drives it. */
export interface ComputerSeat {
  /** Thinks about `game` for question `id` (a `think` effect), the limits from `state`'s clock at board time `now` (ms; the game's time is `now + state.offset`); the answer goes to the session's `answer`. */
  think(id: number, game: Game, state: GameState, now: number): void;
  /** Lets go of the engine (any thinking stopped) and thinks with `engine` from now on (the computer's level changed). */
  replace(engine: Engine): Promise<void>;
  /** Stops any thinking and lets go of the engine. */
  close(): Promise<void>;
}

/**
 * Seats `engine`: `answer` gets each answer, and each failure, as the game's input. `reopen`
 * opens the engine again from its spec (host/engine/spec.ts), for a second try after a crash
 * (`EngineError` kind `crashed`); without it the same engine is asked again (the built-in engine
 * starts a new search thread by itself).
 */
export function seatEngine(engine: Engine, answer: (input: GameInput) => void, reopen?: () => Promise<Engine>): ComputerSeat {
  let thinking: AbortController | null = null;
  let current = engine;
  const reason = (e: unknown, from: Engine): string => (e instanceof EngineError ? e.message : `${from.name}: ${e instanceof Error ? e.message : String(e)}`);
  return {
    think(id, game, state, now) {
      thinking?.abort();
      const stop = new AbortController();
      thinking = stop;
      const side = currentPosition(game).turn;
      // The clock keeps the game's time, the board's plus the offset of a resumed game (host/game/draft.ts `clockAt`).
      const limits: EngineLimits = state.clock ? clockLimits(state.clock, side, Math.max(state.clockT, Math.floor(now + state.offset))) : { moveTimeMs: MOVE_TIME_MS };
      const started = performance.now();
      const ask = async (again: boolean): Promise<void> => {
        const asked = current;
        try {
          // The second try has the time the first one left (its clock ran meanwhile).
          const spent = performance.now() - started;
          const left: EngineLimits = again && limits.clock ? { ...limits, clock: { ...limits.clock, ownMs: Math.max(1, limits.clock.ownMs - spent) } } : limits;
          const a = await asked.think(game, left, { signal: stop.signal });
          if (!stop.signal.aborted) answer({ type: 'engine', id, move: a.move, score: a.score, pv: a.pv });
        } catch (e) {
          if (stop.signal.aborted) return;
          answer({ type: 'engine-failed', id, reason: reason(e, asked), again: !again });
          if (again) return;
          if (reopen && e instanceof EngineError && e.kind === 'crashed') {
            try {
              await asked.close();
              current = await reopen();
            } catch (failure) {
              if (!stop.signal.aborted) answer({ type: 'engine-failed', id, reason: reason(failure, asked), again: false });
              return;
            }
          }
          if (!stop.signal.aborted) await ask(true);
        }
      };
      void ask(false);
    },
    async replace(next) {
      thinking?.abort();
      const old = current;
      current = next;
      await old.close();
    },
    async close() {
      thinking?.abort();
      await current.close();
    },
  };
}
