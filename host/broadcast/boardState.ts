// A board's broadcast state made from the game's view (pure), and what tells two states apart.

import type { PlayView } from '../game/types.ts';
import type { BoardAddress, BoardState } from './types.ts';

/**
 * The scoresheet as broadcast: without the time used so far (WhiteTimeUsed, BlackTimeUsed), which
 * the live scoresheet brings up to date with every event of the board, a piece lifted included.
 * The clocks are in the `[%clock]` comments after each move, as the draughts sites read them.
 */
function broadcastPdn(pdn: string): string {
  return pdn.replace(/^\[(WhiteTimeUsed|BlackTimeUsed) "[^"]*"\]\r?\n/gm, '');
}

/** A sentence's holder without the words the play page says it from (`said`): the broadcast keeps the text only. */
function unsaid<T extends { readonly said?: unknown }>(x: T): Omit<T, 'said'> {
  const { said: _said, ...rest } = x;
  return rest;
}

/** The state of the board at `address` as its view shows it at `t` (ms since the epoch). */
export function boardStateOf(address: BoardAddress, view: PlayView, t: number): BoardState {
  return {
    event: address.event,
    round: address.round,
    board: address.board,
    variant: view.variant,
    size: view.size,
    players: view.players,
    position: view.squares.map((s) => (s.piece === null ? '.' : s.piece[0] === 'w' ? (s.piece[1] === 'k' ? 'W' : 'w') : s.piece[1] === 'k' ? 'B' : 'b')).join(''),
    turn: view.turn,
    moves: view.moves.map((m) => ({ ply: m.ply, side: m.side, text: m.text, irregular: m.irregular })),
    lastMove: view.lastMove,
    clock: view.clock,
    result: view.result && unsaid(view.result),
    irregularity: view.irregularity && unsaid(view.irregularity),
    link: view.link.state,
    pdn: broadcastPdn(view.pdn),
    t,
  };
}

/**
 * What makes a state news: everything but the time it was made and the clocks' running values
 * (which change by themselves; whether a clock runs, and which, is news). Two states with the
 * same key show viewers the same thing: a host publishes, and a relay passes on, only a state
 * whose key differs from the last.
 */
export function stateKey(s: BoardState): string {
  const { t: _t, clock, ...rest } = s;
  return JSON.stringify({ ...rest, clock: clock ? { running: clock.running, control: clock.control } : null });
}
