import { SquareSet, parseFen, variants } from '../../../rules/index.ts';
import type { BoardEvent } from '../../link/types.ts';
import type { GameState } from '../game.ts';
import { tournament } from '../referee/policy.ts';
import { createGame, step } from '../step.ts';
import { gameView } from '../view.ts';

/**
 * A hand that touches one of Black's men over and over while White is to move (FMJD 3.14:
 * touching out of turn, noted), as the board reports it, each event stepped through the game
 * and every view the game asks for built, as the session does for the page. The game after
 * it, and the time it took (ms) with the number of views built.
 */
export function touchOutOfTurn(touches: number): { state: GameState; ms: number; views: number } {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const occupied = SquareSet.from([...start.position.board.keys()].filter((i) => start.position.board[i] !== 0));
  let state = createGame({ start: start.position, policy: tournament, players: { white: 'White', black: 'Black' }, tags: [], timeControl: null, hints: false });
  const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
  let t = 0;
  let seq = 0;
  let views = 0;
  const board = (event: BoardEvent) => {
    const r = step(state, { type: 'board', event }, event.t);
    state = r.state;
    if (r.effects.some((e) => e.type === 'view')) {
      gameView(state, event.t, { health: null, simulated: false });
      views++;
    }
  };
  board({ type: 'link', state: 'connected', hello, occupancy: occupied, buttons: [], t });
  const started = performance.now();
  for (let i = 0; i < touches; i++) {
    t += 500;
    // Square 16 (index 15): a black man of the fourth row.
    board({ type: 'lift', square: 15, t, seq: ++seq, source: 'board' });
    board({ type: 'place', square: 15, t: t + 150, seq: ++seq, source: 'board' });
  }
  return { state, ms: performance.now() - started, views };
}
