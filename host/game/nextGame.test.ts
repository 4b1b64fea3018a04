// The next game at the same board after a result: a return game, colours swapped, from the
// same start, the board guided back to it by the LEDs. The hands here are written by hand: the
// international start, 32-28 played, then White resigns.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants, writeFen } from '../../rules/index.ts';
import type { BoardEvent } from '../link/types.ts';
import type { GameState } from './game.ts';
import { nextGame } from './nextGame.ts';
import { tournament } from './referee/policy.ts';
import { createGame, step } from './step.ts';
import { gameView } from './view.ts';

const v = variants.international;
const parsed = parseFen(v, v.startFen);
if (!parsed.ok) throw new Error(parsed.error.reason);
const start = parsed.position;
const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const index = (name: string) => Number(name) - 1;

/** A game at the board: the board connected showing the start, then `hands` (square names), then `then`. */
function played(hands: readonly ['lift' | 'place', string][]): GameState {
  let state = createGame({ start, policy: tournament, players: { white: 'Anna', black: 'Bert' }, tags: [{ name: 'Event', value: 'Club evening' }], timeControl: null, hints: false });
  let t = 1000;
  let seq = 0;
  const board = (event: BoardEvent) => (state = step(state, { type: 'board', event }, event.t).state);
  board({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t });
  for (const [type, sq] of hands) board({ type, square: index(sq), t: (t += 400), seq: ++seq, source: 'board' });
  return state;
}

describe('a new game after the result', () => {
  it('is refused while the game goes on: the result comes first', () => {
    const s = played([['lift', '32'], ['place', '28']]);
    const r = nextGame(s, [], 5000);
    expect('refused' in r && r.refused).toMatch(/not over/);
  });

  it('swaps the colours, keeps the start, policy and the tags the shell gives, and waits for the board to be set up again', () => {
    let s = played([['lift', '32'], ['place', '28']]);
    s = step(s, { type: 'player', command: { type: 'resign', color: 'white' } }, 6000).state;
    expect(s.result?.result).toBe('0-2');
    const r = nextGame(s, [{ name: 'Event', value: 'Club evening' }, { name: 'Date', value: '2026.11.24' }], 7000);
    if ('refused' in r) throw new Error(r.refused);
    const next = r.state;
    expect(next.config.players).toEqual({ white: 'Bert', black: 'Anna' });
    expect(next.config.policy).toBe(tournament);
    expect(writeFen(next.config.start)).toBe(writeFen(start));
    expect(next.result).toBeNull();
    expect(next.sheet.items).toEqual([]);
    expect(next.link.state).toBe('connected');
    // The board still shows 28 taken and 32 empty: the new game is not yet on.
    expect(next.referee).toBeNull();
    const view = gameView(next, 7000, { health: null, simulated: false });
    expect(view.guidance?.kind).toBe('setup');
    expect(view.guidance?.fill).toEqual(['32']);
    expect(view.guidance?.clear).toEqual(['28']);
    expect(view.moves).toEqual([]);
    expect(view.pdn).toMatch(/\[White "Bert"\]/);
    expect(view.pdn).toMatch(/\[Black "Anna"\]/);
    expect(view.pdn).toMatch(/\[Date "2026\.11\.24"\]/);
    expect(r.effects.some((e) => e.type === 'leds')).toBe(true);
    // The hands put the man back: play starts, and the first move is the new game's.
    let t = 8000;
    let state = next;
    for (const [type, sq] of [['lift', '28'], ['place', '32'], ['lift', '33'], ['place', '29']] as const) {
      state = step(state, { type: 'board', event: { type, square: index(sq), t: (t += 300), seq: 0, source: 'board' } }, t).state;
    }
    const after = gameView(state, t, { health: null, simulated: false });
    expect(after.moves.map((m) => m.text)).toEqual(['33-29']);
    expect(after.turn).toBe('black');
  });

  it('starts at once when the board already shows the start position', () => {
    let s = played([]);
    s = step(s, { type: 'player', command: { type: 'draw' } }, 3000).state;
    expect(s.result).not.toBeNull();
    const r = nextGame(s, [], 4000);
    if ('refused' in r) throw new Error(r.refused);
    expect(r.state.referee).not.toBeNull();
    expect(r.state.setup).toBeNull();
  });
});
