// An action script's events through the game: `dambord replay` (plain and through the simulated
// boards) and the golden sessions. The board is taken to show the start position when the
// script begins, as a board set up for play does; at the end the hands are withdrawn, and what is
// still waiting to be judged is reported.

import { SquareSet } from '../../rules/index.ts';
import type { BoardEvent } from '../link/types.ts';
import { pendingAtEnd } from './referee/foresee.ts';
import type { Foresight } from './referee/foresee.ts';
import type { RefereeEvent, RefereeOutput } from './referee/types.ts';
import type { GameConfig, GameInput, GameState, SeenStep } from './game.ts';
import type { Guide } from './guide.ts';
import { createGame, step } from './step.ts';

/** The hello of the board an action script is played on: the variant's squares and the four buttons. */
const SCRIPT_BOARD = { fw: 'action script', buttons: 4, caps: [], ring: 0, boot: 0, extra: {} } as const;

/** A referee event as the game's input: the board's hands and buttons, the board connected again (to a board of `squares`), or a player's command. */
export function inputOf(e: RefereeEvent, seq = 0, squares = 50): GameInput {
  switch (e.type) {
    case 'lift':
    case 'place':
      return { type: 'board', event: { type: e.type, square: e.square, t: e.t, seq, source: 'board' } };
    case 'press':
      return { type: 'board', event: { type: 'button', button: e.button, down: true, t: e.t, seq, source: 'board' } };
    case 'resign':
      return { type: 'player', command: { type: 'resign', color: e.color } };
    case 'draw-agreed':
      return { type: 'player', command: { type: 'draw' } };
    case 'take-back':
      return { type: 'player', command: { type: 'take-back' } };
    case 'tick':
      return { type: 'tick' };
    case 'board':
      return { type: 'board', event: { type: 'link', state: 'connected', hello: { ...SCRIPT_BOARD, squares }, occupancy: SquareSet.from(e.occupied), buttons: [], t: e.t } };
  }
}

/**
 * Plays `events` (board time, squares as indices) on a board that shows `config.start` from the
 * first event's time on, then withdraws the hands. Returns the game, everything the referee
 * said, in order, and what is `pending` at the end: an irregularity still waiting for the
 * opponent's decision and what the hands did since that was never judged, each as it would be
 * judged if play went on (referee/foresee.ts). `guide`: a sheet that guides the game (a guided
 * replay).
 */
export function replayEvents(
  config: GameConfig,
  events: readonly RefereeEvent[],
  observe?: (seen: SeenStep) => void,
  guide: Guide | null = null,
): { state: GameState; said: RefereeOutput[]; pending: Foresight[] } {
  const t0 = events[0]?.t ?? 0;
  const occupancy = SquareSet.from([...config.start.board.keys()].filter((sq) => config.start.board[sq] !== 0));
  const connected: BoardEvent = { type: 'link', state: 'connected', hello: { ...SCRIPT_BOARD, squares: config.start.variant.geometry.squares }, occupancy, buttons: [], t: t0 };
  const said: RefereeOutput[] = [];
  let state = createGame(config, guide);
  const run = (input: GameInput, now: number) => {
    const r = step(state, input, now);
    observe?.({ input, before: state, after: r.state, effects: r.effects, now });
    state = r.state;
    for (const e of r.effects) if (e.type === 'said') said.push(e.output);
  };
  run({ type: 'board', event: connected }, t0);
  events.forEach((e, i) => run(inputOf(e, i + 1, config.start.variant.geometry.squares), e.t));
  run({ type: 'end' }, events.at(-1)?.t ?? t0);
  return { state, said, pending: state.referee && !state.result ? pendingAtEnd(state.referee) : [] };
}
