import * as rapidEnglish from 'rapid-draughts/english';
import type { Game, Move, Variant } from '../rules/index.ts';
import { currentPosition, legalMoves, newGame, outcome, parseFen, playMove } from '../rules/index.ts';
import { search } from '../engine/search.ts';

/** A player of the bench's games: the move it chooses in the game's current position. */
export type Player = (game: Game) => Promise<Move>;

/** How a game of the bench ended, for White. */
export type GameResult = 'white' | 'black' | 'draw';

/** The start of a variant as a game. */
export function startGame(v: Variant): Game {
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(`bad start FEN of ${v.name}`);
  return newGame(r.position);
}

/**
 * Openings: every first move and reply from the start (the rules' own set, no book), in a fixed
 * order spread over the first moves, `count` of them.
 */
export function openings(v: Variant, count: number): Game[] {
  const out: Game[] = [];
  const start = startGame(v);
  for (const first of legalMoves(currentPosition(start))) {
    const g = after(start, first);
    for (const reply of legalMoves(currentPosition(g))) out.push(after(g, reply));
  }
  // Every k-th, so that the set covers the first moves rather than one of them.
  const step = Math.max(1, Math.floor(out.length / count));
  return out.filter((_, i) => i % step === 0).slice(0, count);
}

function after(g: Game, m: Move): Game {
  const r = playMove(g, m);
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

/**
 * Plays `opening` to the end: `first` has the side to move, `second` the other; `outcome` ends it
 * (wins and the draw rules), and `plyCap` plies more are adjudicated a draw. Returns the result
 * for the side that moved first, and the plies played.
 */
export async function playGame(opening: Game, first: Player, second: Player, plyCap: number): Promise<{ result: 'first' | 'second' | 'draw'; plies: number }> {
  let g = opening;
  const mover = currentPosition(g).turn;
  for (let ply = 0; ply < plyCap; ply++) {
    const end = outcome(g);
    if (end) return { result: end.result === 'draw' ? 'draw' : end.result === mover ? 'first' : 'second', plies: ply };
    const turn = currentPosition(g).turn;
    g = after(g, await (turn === mover ? first : second)(g));
  }
  return { result: 'draw', plies: plyCap };
}

/** dambord's engine at `level` with `timeMs` a move (and the level's own caps); `spent` adds up its time. */
export function dambordPlayer(level: number, timeMs: number, seed: number, spent = { ms: 0, moves: 0 }): Player {
  return async (g) => {
    const t0 = performance.now();
    const r = search(g, { timeMs }, { now: () => performance.now(), level, seed });
    spent.ms += performance.now() - t0;
    spent.moves++;
    if (!r.best) throw new Error('dambord found no move');
    return r.best;
  };
}

interface RapidMove {
  readonly origin: number;
  readonly destination: number;
  readonly captures: readonly number[];
}
interface RapidGame {
  readonly moves: readonly RapidMove[];
  move(m: RapidMove): void;
}
/** The part of rapid-draughts' English API used here (its .d.ts does not resolve under NodeNext). */
const rapid = rapidEnglish as unknown as {
  EnglishDraughts: { setup(): RapidGame };
  EnglishDraughtsComputerFactory: { alphaBeta(o: { maxDepth: number }): (g: RapidGame) => Promise<RapidMove> };
};

/** rapid-draughts' square indices are dambord's (0..31, row by row from Black's side). */
function sameAsRapid(m: Move, r: RapidMove): boolean {
  return m.from === r.origin && m.to === r.destination && r.captures.length === m.captured.length && r.captures.every((c) => m.captured.includes(c));
}

/**
 * rapid-draughts' alpha-beta player (English only) with `timeMs` a move: it has no clock, so it
 * deepens from depth 1 and starts no new depth after half the time, as dambord's search does.
 */
export function rapidPlayer(timeMs: number, spent = { ms: 0, moves: 0 }): Player {
  return async (g) => {
    const t0 = performance.now();
    const rg = rapid.EnglishDraughts.setup();
    for (const m of g.moves) {
      const r = rg.moves.find((x) => sameAsRapid(m, x));
      if (!r) throw new Error('rapid-draughts does not know a move of the game');
      rg.move(r);
    }
    let chosen: RapidMove | null = null;
    for (let depth = 1; depth <= 30 && (chosen === null || performance.now() - t0 < timeMs / 2); depth++) {
      chosen = await rapid.EnglishDraughtsComputerFactory.alphaBeta({ maxDepth: depth })(rg);
    }
    spent.ms += performance.now() - t0;
    spent.moves++;
    const move = legalMoves(currentPosition(g)).find((m) => sameAsRapid(m, chosen!));
    if (!move) throw new Error('rapid-draughts chose a move dambord does not know');
    return move;
  };
}

/** Score of a match, for the first-named engine. */
export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

/** Plays `openings` twice each, colours swapped, `a` against `b`: the tally for `a`. */
export async function match(games: readonly Game[], a: Player, b: Player, plyCap: number): Promise<Tally> {
  const t: Tally = { wins: 0, draws: 0, losses: 0 };
  for (const opening of games) {
    for (const aFirst of [true, false]) {
      const { result } = await playGame(opening, aFirst ? a : b, aFirst ? b : a, plyCap);
      if (result === 'draw') t.draws++;
      else if ((result === 'first') === aFirst) t.wins++;
      else t.losses++;
    }
  }
  return t;
}

/** Points of a tally as a share (a draw half a point). */
export function share(t: Tally): number {
  const n = t.wins + t.draws + t.losses;
  return n === 0 ? 0 : (t.wins + t.draws / 2) / n;
}
