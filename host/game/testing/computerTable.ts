// A test kit: a game at the board against the computer, driven through the game's step as the
// shell drives it. The hands are written square by square (squares named as on the international
// board, 1..50), the buttons pressed and held for so long, time passed by ticks, the engine's
// answers and failures and the players' commands given as the shell would give them, and what
// the game asked (its `think` effects).

import { SquareSet, parseFen, plainMove, variants } from '../../../rules/index.ts';
import type { Move, Position } from '../../../rules/index.ts';
import type { BoardButton, BoardEvent } from '../../link/types.ts';
import type { Score } from '../computer.ts';
import type { ComputerConfig } from '../computerConfig.ts';
import type { GameConfig, GameEffect, GameInput, GameState, PlayerCommand } from '../game.ts';
import { casual } from '../referee/policy.ts';
import { createGame, step } from '../step.ts';

/** The computer playing Black with the built-in engine at level 5, hints on. */
export const BLACK: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

/** The international game's square `name` (1..50) as an internal index. */
export const at = (name: number): number => name - 1;

/** A man's step between two squares named as on the board. */
export const stepMove = (from: number, to: number): Move => plainMove(at(from), at(to), false);

/** A capture written as FMJD 4.5 describes it: the squares it lands on in order, the pieces it jumps in order. */
export function captureMove(from: number, route: readonly number[], over: readonly number[]): Move {
  return { from: at(from), to: at(route[route.length - 1]), path: route.map(at), captured: over.map(at), capturedSet: SquareSet.from(over.map(at)), promotes: false };
}

/** The last LED frame among `effects` (empty when none was sent). */
export function lastFrame(effects: readonly GameEffect[]): readonly string[] {
  const f = effects.filter((e) => e.type === 'leds').at(-1);
  return f?.type === 'leds' ? f.frame : [];
}

/** An international position from its FEN (`W:W31,32:B19`). */
export function position(fen: string): Position {
  const parsed = parseFen(variants.international, fen);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return parsed.position;
}

/** The international game's start position. */
export const START = position(variants.international.startFen);

const HELLO = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };

/** A game against the computer (`config`, the rest of the game's config from `game`) on a board that shows `start`, and what the hands and the players do. */
export function computerTable(config: ComputerConfig = BLACK, game: Partial<GameConfig> = {}, start: Position = START) {
  let state: GameState = createGame({ start, policy: casual, players: { white: 'Anna', black: config.name }, tags: [], timeControl: null, hints: false, computer: config, ...game });
  let t = 1000;
  let seq = 0;
  const effects: GameEffect[] = [];
  const run = (input: GameInput) => {
    const r = step(state, input, t);
    state = r.state;
    effects.push(...r.effects);
    return r.effects;
  };
  const board = (event: BoardEvent) => run({ type: 'board', event });
  board({ type: 'link', state: 'connected', hello: HELLO, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t });
  /** Time passes: ticks every 100 ms for `ms`. */
  const wait = (ms: number) => {
    for (const end = t + ms; t < end;) {
      t = Math.min(end, t + 100);
      run({ type: 'tick' });
    }
  };
  const command = (c: PlayerCommand) => run({ type: 'player', command: c });
  return {
    state: () => state,
    effects,
    /** The board time now (ms). */
    now: () => t,
    /** Hands lifting and placing pieces, 400 ms apart. */
    hands(...moves: ['lift' | 'place', number][]) {
      for (const [type, sq] of moves) board({ type, square: at(sq), t: (t += 400), seq: ++seq, source: 'board' });
    },
    /** The questions the game asked of the engine. */
    thinks: () => effects.filter((e): e is Extract<GameEffect, { type: 'think' }> => e.type === 'think'),
    /** The engine's answer to question `id`: `move`, with `score` for the side to move (a tenth of a man by default). */
    answer: (id: number, move: Move, score: Score | null = { kind: 'men', value: 0.1 }) => run({ type: 'engine', id, move, score, pv: [move] }),
    /** The engine failed on question `id` (`again`: it was its second try). */
    failed: (id: number, reason: string, again: boolean) => run({ type: 'engine-failed', id, reason, again }),
    /** A button pressed, held `ms` (time ticking meanwhile) and let go. */
    press(button: BoardButton, ms = 200) {
      board({ type: 'button', button, down: true, t: (t += 400), seq: ++seq, source: 'board' });
      wait(ms);
      board({ type: 'button', button, down: false, t, seq: ++seq, source: 'board' });
    },
    /** A command of the players (the page): the effects of its step. */
    command,
    player: command,
    wait,
    /** The journal's entries so far. */
    journaled: () => effects.flatMap((e) => (e.type === 'journal' ? e.entries : [])),
    /** The scoresheet's moves and notes, as text. */
    sheet: () => state.sheet.items.map((i) => (i.kind === 'move' ? i.text : i.comment)),
  };
}
