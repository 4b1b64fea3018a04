// The boards of the broadcast bench (bench/broadcast.bench.ts): each board's successive states made
// from a real game, and the moves made on them at a steady rate, for the hosts' process and for the
// one-host path alike.

import { KING, WHITE, formatMove, mulberry32, readPdn, squareName, variants } from '../rules/index.ts';
import type { PdnPly, Position } from '../rules/index.ts';
import { writePdnGame } from '../rules/pdn/write.ts';
import type { WritableMove } from '../rules/pdn/write.ts';
import { clocksText } from '../host/game/clock/clock.ts';
import type { BoardState } from '../host/broadcast/types.ts';
import { oracleTexts } from '../test/oracles.ts';

export const EVENT = 'NK 2009 (bench)';
export const ROUND = '1';

/** The time control of every board: 90 minutes and 30 s a move (PDN TimeControl). */
const CONTROL = '5400+30';
const START_MS = 5_400_000;
const INCREMENT_MS = 30_000;

/** Now, in ms since the epoch with the sub-millisecond part (Date.now's clock; the viewers' processes read the same). */
export const wallNow = (): number => performance.timeOrigin + performance.now();

/** A board's states, without their time: `states[0]` is where it stands when the round is primed, then one a move. */
export interface BoardGame {
  readonly board: number;
  readonly states: readonly Omit<BoardState, 't'>[];
}

/**
 * The boards 1..n: board b plays game ((b - 1) mod 7) + 1 of nk ronde 01.pdn (the whole file's 7
 * games), standing after ply 20..49 (spread over the boards, fewer in a short game) when the round
 * is primed, so that the scoresheets are those of a round under way (about 1-3 KB of PDN), and
 * `count` states after it (fewer at the end of a short game). Each
 * state holds the game up to its ply as a host publishes it: the position (from the rules core's
 * replay), the moves, the last move's squares, both clocks (90+30, a made-up time for each move)
 * and the live scoresheet's PDN with `[%clock w.. B..]` after every move, as `dambord play` writes it.
 */
export function boardGames(n: number, count: number): BoardGame[] {
  const v = variants.international;
  const games = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games;
  return Array.from({ length: n }, (_, i) => {
    const board = i + 1;
    const g = games[i % games.length];
    const plies = g.line.filter((p): p is PdnPly => p.kind === 'ply');
    const tag = (name: string): string => g.tags.find((t) => t.name === name)?.value ?? '?';
    const players = { white: tag('White'), black: tag('Black') };
    const first = Math.min(20 + ((i * 13) % 30), plies.length - 15);
    // The clocks after each ply: each move takes 5..125 s of its side's time, 30 s added.
    const think = mulberry32(board);
    const clocks: { white: number; black: number }[] = [{ white: START_MS, black: START_MS }];
    for (let k = 0; k < plies.length; k++) {
      const c = { ...clocks[k] };
      c[plies[k].before.turn] += INCREMENT_MS - Math.round(5000 + 120_000 * think());
      clocks.push(c);
    }
    const tags = [
      ['Event', EVENT], ['Site', 'Utrecht'], ['Date', tag('Date')], ['Round', ROUND], ['White', players.white], ['Black', players.black],
      ['Result', '*'], ['GameType', '20'], ['Board', String(board)], ['TimeControl', CONTROL],
    ].map(([name, value]) => ({ name, value }));
    const written: WritableMove[] = plies.map((p, k) => ({
      kind: 'move',
      text: formatMove(p.before, p.move),
      ...(p.before.turn === 'white' ? { number: Math.floor(k / 2) + 1 } : {}),
      comments: [clocksText(clocks[k + 1].white, clocks[k + 1].black, p.after.turn)],
    }));
    const moves = plies.map((p, k) => ({ ply: k + 1, side: p.before.turn, text: written[k].text, irregular: null }));
    const states = [];
    for (let k = first; k <= Math.min(plies.length, first + count); k++) {
      const pos: Position = k === 0 ? g.start : plies[k - 1].after;
      const last = k === 0 ? null : plies[k - 1].move;
      states.push({
        event: EVENT, round: ROUND, board, variant: v.name, size: 10, players,
        position: Array.from(pos.board, (p) => (p === 0 ? '.' : p & WHITE ? (p & KING ? 'W' : 'w') : p & KING ? 'B' : 'b')).join(''),
        turn: pos.turn,
        moves: moves.slice(0, k),
        lastMove: last ? { squares: [last.from, ...last.path].map((s) => squareName(v, s)), captured: last.captured.map((s) => squareName(v, s)) } : null,
        clock: { white: clocks[k].white, black: clocks[k].black, running: pos.turn, control: CONTROL },
        result: null, irregularity: null, link: 'connected',
        pdn: writePdnGame({ tags, moves: written.slice(0, k), result: '*' }),
      });
    }
    return { board, states };
  });
}

/**
 * Plays the boards for `ms`: each board makes its next move (its next state, `t` now) after 1..3 s
 * (2 s on average, uniform: a fast round on one machine), the first 0..2 s after the start, so the
 * round makes n/2 moves a second in all. Resolves with the states handed to `publish`, once the
 * time is up (a board at the end of its game makes no more moves).
 */
export function playBoards(games: readonly BoardGame[], ms: number, seed: number, publish: (s: BoardState) => void): Promise<number> {
  const random = mulberry32(seed);
  const end = performance.now() + ms;
  let made = 0;
  const timers = new Set<NodeJS.Timeout>();
  return new Promise((resolve) => {
    for (const g of games) {
      let next = 1;
      const move = (): void => {
        if (next >= g.states.length) return;
        publish({ ...g.states[next++], t: wallNow() });
        made++;
        later(1000 + 2000 * random());
      };
      const later = (delay: number): void => {
        if (performance.now() + delay >= end) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          move();
        }, delay);
        timers.add(timer);
      };
      later(2000 * random());
    }
    setTimeout(() => {
      for (const t of timers) clearTimeout(t);
      resolve(made);
    }, ms);
  });
}
