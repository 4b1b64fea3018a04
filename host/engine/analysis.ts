// `dambord analyse` (issue 30, item 4): an engine's view of a position (its best move, score,
// principal variation) and of every move of a game (the score before and after it, from the
// mover's point of view, the better move where one was clearly better, `?` and `??`).

import { currentPosition, formatMove, newGame, outcome, playMove, sameMove, writeFen } from '../../rules/index.ts';
import type { Color, Game, Move, Position } from '../../rules/index.ts';
import type { Score } from '../../engine/types.ts';
import type { Engine, EngineLimits } from './engine.ts';
import { lineText, turned } from '../game/computer.ts';

/** What an engine says of a position: its best move and line in the variant's notation. */
export interface PositionAnalysis {
  readonly fen: string;
  readonly best: string;
  readonly bestMove: Move;
  /** For the side to move; null when the engine gave none. */
  readonly score: Score | null;
  readonly pv: readonly string[];
  readonly depth: number | null;
  readonly nodes: number | null;
  readonly ms: number;
}

/**
 * A move that loses this many men or more (the score before it less the score after it, from
 * the mover's point of view) is a mistake, `?`.
 */
export const MISTAKE_MEN = 0.5;
/**
 * A move that loses this many men or more is a blunder, `??`; so is a move after which the
 * search proves a loss where it did not before, and one that gives away a proven win.
 */
export const BLUNDER_MEN = 1.5;

/** One move of a game as the engine saw it. */
export interface PlyAnalysis {
  /** 1 for the first move of the game. */
  readonly ply: number;
  readonly color: Color;
  readonly before: Position;
  readonly move: Move;
  readonly text: string;
  /** The best the mover could do (the engine's score of the position before the move), for the mover. */
  readonly scoreBefore: Score | null;
  /** What the move played leaves (the engine's score of the position after it, turned round), for the mover. */
  readonly scoreAfter: Score | null;
  readonly mark: '?' | '??' | null;
  /** The engine's move, when the move played was marked and the engine's was another. */
  readonly better: string | null;
}

/** The engine's analysis of the game's current position; the engine throws its EngineError when it fails. */
export async function analysePosition(engine: Engine, game: Game, limits: EngineLimits, signal?: AbortSignal): Promise<PositionAnalysis> {
  const pos = currentPosition(game);
  const answer = await engine.think(game, limits, { signal });
  return { fen: writeFen(pos), best: formatMove(pos, answer.move), bestMove: answer.move, score: answer.score, pv: lineText(pos, answer.pv.length > 0 ? answer.pv : [answer.move]), depth: answer.depth, nodes: answer.nodes, ms: answer.ms };
}

/**
 * Every move of the game from `start`, as the engine sees it: each position of the game is
 * searched once (the last one too, unless the game is over there), `onPly` told of each move
 * as it is judged.
 */
export async function analyseGame(engine: Engine, start: Position, moves: readonly Move[], limits: EngineLimits, opts: { readonly signal?: AbortSignal; readonly onPly?: (p: PlyAnalysis) => void } = {}): Promise<PlyAnalysis[]> {
  let game = newGame(start);
  let here = await judge(engine, game, limits, opts.signal);
  const out: PlyAnalysis[] = [];
  for (const [i, move] of moves.entries()) {
    const before = currentPosition(game);
    const played = playMove(game, move);
    if (!played.ok) throw new RangeError(`move ${i + 1} of the game is not legal: ${played.error}`);
    game = played.game;
    const next = await judge(engine, game, limits, opts.signal);
    const scoreAfter = next.score && turned(next.score);
    const mark = here.best && sameMove(here.best, move) ? null : markOf(here.score, scoreAfter);
    const p: PlyAnalysis = {
      ply: i + 1, color: before.turn, before, move, text: formatMove(before, move), scoreBefore: here.score, scoreAfter, mark,
      better: mark && here.best ? formatMove(before, here.best) : null,
    };
    out.push(p);
    opts.onPly?.(p);
    here = next;
  }
  return out;
}

/** The score of the game's current position for the side to move, and the engine's move; the rules' own when the game is over. */
async function judge(engine: Engine, game: Game, limits: EngineLimits, signal?: AbortSignal): Promise<{ score: Score | null; best: Move | null }> {
  const over = outcome(game);
  if (over) return { score: over.result === 'draw' ? { kind: 'men', value: 0 } : over.result === currentPosition(game).turn ? { kind: 'win', plies: 0 } : { kind: 'loss', plies: 0 }, best: null };
  const answer = await engine.think(game, limits, { signal });
  return { score: answer.score, best: answer.move };
}

/** A score after a move as the mover sees it (the game core's, host/game/computer.ts, which training judges by too). */
export { turned };

/**
 * How bad a move was, from the score before it and after it (the mover's point of view):
 * `??` when it walks into a proven loss or gives away a proven win, or loses {@link BLUNDER_MEN}
 * men or more; `?` when it loses {@link MISTAKE_MEN} or more. Nothing when either score is
 * missing, the position was lost already, or a win stays a win.
 */
export function markOf(before: Score | null, after: Score | null): '?' | '??' | null {
  if (!before || !after || before.kind === 'loss') return null;
  if (after.kind === 'loss') return '??';
  if (before.kind === 'win') return after.kind === 'win' ? null : '??';
  if (after.kind === 'win') return null;
  const lost = before.value - after.value;
  return lost >= BLUNDER_MEN - 1e-9 ? '??' : lost >= MISTAKE_MEN - 1e-9 ? '?' : null;
}

/** A score in words for a comment: `+0.35`, `win in 5 plies`, `loss in 4 plies`. */
export function scoreText(s: Score | null): string {
  if (!s) return '?';
  if (s.kind === 'men') return `${s.value >= 0 ? '+' : ''}${s.value.toFixed(2)}`;
  return `${s.kind} in ${s.plies} ${s.plies === 1 ? 'ply' : 'plies'}`;
}

/** A score as the JSON lines write it: a number of men, or `{"win":N}` / `{"loss":N}`, or null. */
export function scoreJson(s: Score | null): number | { win: number } | { loss: number } | null {
  if (!s) return null;
  if (s.kind === 'men') return Math.round(s.value * 100) / 100;
  return s.kind === 'win' ? { win: s.plies } : { loss: s.plies };
}

/**
 * A position's analysis as the JSON line of issue 30: `{"type":"analysis","fen":F,"best":"32-28",
 * "score":0.35,"pv":[...],"depth":14,"nodes":N,"ms":T}`, with `"win":N` or `"loss":N` (plies) in
 * place of `"score"` where the search proved the result; `"score":null` when the engine gave none.
 */
export function analysisJson(a: PositionAnalysis): Record<string, unknown> {
  const s = a.score;
  const score = s === null ? { score: null } : s.kind === 'men' ? { score: scoreJson(s) } : s.kind === 'win' ? { win: s.plies } : { loss: s.plies };
  return { type: 'analysis', fen: a.fen, best: a.best, ...score, pv: a.pv, depth: a.depth, nodes: a.nodes, ms: Math.round(a.ms) };
}
