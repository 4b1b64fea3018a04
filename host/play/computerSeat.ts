// The engine seated at the board (`dambord play --engine`): the shell's side of the game's
// `think` effect. The engine thinks off the board's events (the built-in engine in its worker
// thread, an external one in its process): each question is answered by an `engine` input
// carrying its id, a newer question stops the older one, and the game drops an answer that
// comes too late.

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
  /** Thinks about `game` for question `id` (a `think` effect), the limits from `state`'s clock at board time `now`; the answer goes to the session's `answer`. */
  think(id: number, game: Game, state: GameState, now: number): void;
  /** Lets go of the engine (any thinking stopped) and thinks with `engine` from now on (the computer's level changed). */
  replace(engine: Engine): Promise<void>;
  /** Stops any thinking and lets go of the engine. */
  close(): Promise<void>;
}

/**
 * Seats `engine`: `answer` gets each answer as the game's input; `failed` is told, in a sentence,
 * when the engine cannot answer (an external engine's illegal move, a crash).
 */
export function seatEngine(engine: Engine, answer: (input: GameInput) => void, failed: (message: string) => void): ComputerSeat {
  let thinking: AbortController | null = null;
  let current = engine;
  return {
    think(id, game, state, now) {
      thinking?.abort();
      const stop = new AbortController();
      thinking = stop;
      const side = currentPosition(game).turn;
      const limits: EngineLimits = state.clock ? clockLimits(state.clock, side, now) : { moveTimeMs: MOVE_TIME_MS };
      current.think(game, limits, { signal: stop.signal }).then(
        (a) => {
          if (!stop.signal.aborted) answer({ type: 'engine', id, move: a.move, score: a.score, pv: a.pv });
        },
        (e: unknown) => {
          if (!stop.signal.aborted) failed(e instanceof EngineError ? e.message : `${current.name}: ${e instanceof Error ? e.message : String(e)}`);
        },
      );
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
