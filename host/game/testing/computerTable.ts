// A game against the computer at the board for the game core's tests: the hands' events written
// square by square (squares named as on the international board, 1..50), the engine's answers,
// its failures and the players' commands given as the shell would give them, and what the game
// asked (its `think` effects).
import { SquareSet, parseFen, variants } from '../../../rules/index.ts';
import type { Move, Position } from '../../../rules/index.ts';
import type { BoardEvent } from '../../link/types.ts';
import type { Score } from '../computer.ts';
import type { ComputerConfig } from '../computerConfig.ts';
import type { GameConfig, GameEffect, GameState, PlayerCommand } from '../game.ts';
import { casual } from '../referee/policy.ts';
import { createGame, step } from '../step.ts';

const v = variants.international;
const parsed = parseFen(v, v.startFen);
if (!parsed.ok) throw new Error(parsed.error.reason);
/** The international game's start position. */
export const START = parsed.position;

/** The computer playing Black with the built-in engine at level 5. */
export const COMPUTER_BLACK: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

/** Internal index of a square named as on the board. */
export const at = (name: number): number => name - 1;

/** A game at the board against the computer (`config`, the rest of the game's config from `game`), the board connected showing `start`. */
export function computerTable(config: ComputerConfig = COMPUTER_BLACK, game: Partial<GameConfig> = {}, start: Position = START) {
  let state: GameState = createGame({ start, policy: casual, players: { white: 'Anna', black: config.name }, tags: [], timeControl: null, hints: false, computer: config, ...game });
  let t = 1000;
  let seq = 0;
  const effects: GameEffect[] = [];
  const run = (input: Parameters<typeof step>[1]) => {
    const r = step(state, input, t);
    state = r.state;
    effects.push(...r.effects);
  };
  const board = (event: BoardEvent) => run({ type: 'board', event });
  const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
  board({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t });
  return {
    state: () => state,
    effects,
    /** The board time now (ms). */
    now: () => t,
    /** Hands lifting and placing pieces, 400 ms apart. */
    hands(...moves: ['lift' | 'place', number][]) {
      for (const [type, sq] of moves) board({ type, square: at(sq), t: (t += 400), seq: ++seq, source: 'board' });
    },
    /** A button of the board pressed. */
    press(button: 'accept' | 'correct' | 'clock') {
      board({ type: 'button', button, down: true, t: (t += 400), seq: ++seq, source: 'board' });
    },
    /** The questions the game asked of the engine. */
    thinks: () => effects.filter((e): e is Extract<GameEffect, { type: 'think' }> => e.type === 'think'),
    /** The engine's answer to question `id`. */
    answer(id: number, move: Move, score: Score | null = { kind: 'men', value: 0.1 }) {
      run({ type: 'engine', id, move, score, pv: [move] });
    },
    /** The engine failed on question `id`. */
    failed(id: number, reason: string, again: boolean) {
      run({ type: 'engine-failed', id, reason, again });
    },
    /** A command of the players (the page). */
    player(command: PlayerCommand) {
      run({ type: 'player', command });
    },
    /** Time passes to `ms` later. */
    wait(ms: number) {
      t += ms;
      run({ type: 'tick' });
    },
  };
}
