// One analysis of a game for the page (issue 31 item 7): `dambord analyse`'s analysis
// (host/engine/analysis.ts analyseGame, analysisPdn.ts) of the moves on a scoresheet, run by an
// engine the job opens and closes (the built-in one searches in its worker thread, never on the
// server's), each move told to whoever follows it as it is judged.

import { readPdn } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { analyseGame, scoreJson } from '../engine/analysis.ts';
import type { PlyAnalysis } from '../engine/analysis.ts';
import { analysedGamePdn } from '../engine/analysisPdn.ts';
import type { Engine, EngineLimits } from '../engine/engine.ts';

/** One move as the page shows it: scores in men for the mover (or `{win: plies}`, `{loss: plies}`, null). */
export interface PlyJson {
  readonly ply: number;
  readonly color: 'white' | 'black';
  readonly move: string;
  readonly before: ReturnType<typeof scoreJson>;
  readonly after: ReturnType<typeof scoreJson>;
  readonly mark: '?' | '??' | null;
  readonly better: string | null;
}

/** What a follower of a job is told: each move, then the end (done, failed, or stopped). */
export type JobEvent =
  | { readonly type: 'start'; readonly total: number; readonly engine: string }
  | { readonly type: 'ply'; readonly ply: PlyJson }
  | { readonly type: 'done'; readonly engine: string }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'cancelled' };

/** A running or finished analysis of the moves of one scoresheet. */
export interface AnalysisJob {
  /** The moves analysed, as the scoresheet writes them: the job is of a game whose moves begin with these. */
  readonly moves: readonly string[];
  /** The scoresheet analysed, with the analysis as PDN comments and marks; null until the job is done. */
  pdn(): string | null;
  /** Whether it has ended (done, failed or cancelled). */
  ended(): boolean;
  /** Tells `listener` what happened so far, then each event as it comes; returns a function that stops it. */
  follow(listener: (e: JobEvent) => void): () => void;
  /** How many follow it now. */
  followers(): number;
  /** Stops the analysis (its engine closed); followers are told `cancelled`. */
  cancel(): void;
}

/** A scoresheet's first game and its moves, or why it cannot be analysed. */
export function gameToAnalyse(pdn: string): { ok: true; game: PdnGame; moves: string[] } | { ok: false; error: string } {
  const game = readPdn(pdn).games[0];
  if (!game) return { ok: false, error: 'the scoresheet holds no game' };
  if (game.error) return { ok: false, error: `the scoresheet cannot be read: ${game.error.reason}` };
  if (game.line.some((item) => item.kind === 'setup')) return { ok: false, error: 'the scoresheet sets up a position in its moves' };
  return { ok: true, game, moves: game.line.flatMap((item) => (item.kind === 'ply' ? [item.text] : [])) };
}

function plyJson(p: PlyAnalysis): PlyJson {
  return { ply: p.ply, color: p.color, move: p.text, before: scoreJson(p.scoreBefore), after: scoreJson(p.scoreAfter), mark: p.mark, better: p.better };
}

/**
 * Starts the analysis of `game` (its main line) by the engine `open` gives, each position
 * searched within `limits`; the engine is closed when the job ends or is cancelled.
 */
export function startJob(game: PdnGame, moves: readonly string[], open: () => Engine, limits: EngineLimits): AnalysisJob {
  const engine = open();
  const events: JobEvent[] = [{ type: 'start', total: moves.length, engine: engine.name }];
  const listeners = new Set<(e: JobEvent) => void>();
  const stop = new AbortController();
  let pdn: string | null = null;
  let over = false;
  const tell = (e: JobEvent): void => {
    if (over) return;
    over = e.type === 'done' || e.type === 'failed' || e.type === 'cancelled';
    events.push(e);
    for (const l of listeners) l(e);
  };
  const line = game.line.flatMap((item) => (item.kind === 'ply' ? [item.move] : []));
  void analyseGame(engine, game.start, line, limits, { signal: stop.signal, onPly: (p) => tell({ type: 'ply', ply: plyJson(p) }) })
    .then((plies) => {
      if (stop.signal.aborted) return;
      pdn = analysedGamePdn(game, plies, engine.name);
      tell({ type: 'done', engine: engine.name });
    })
    .catch((e: unknown) => tell({ type: 'failed', error: e instanceof Error ? e.message : String(e) }))
    .finally(() => void engine.close());
  return {
    moves,
    pdn: () => pdn,
    ended: () => over,
    follow(listener) {
      for (const e of events) listener(e);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    followers: () => listeners.size,
    cancel() {
      if (over) return;
      tell({ type: 'cancelled' });
      stop.abort();
      void engine.close();
    },
  };
}
