// The game's analysis on the play page (issue 31 item 7), served by server.ts:
//
//   GET /api/analysis   server-sent events of the analysis of the game (the moves on its
//                       scoresheet now): `event: start` {total, engine}, one `event: ply`
//                       {ply, color, move, before, after, mark, better} for each move as it is
//                       judged (scores in men for the mover, or {win: plies} / {loss: plies}),
//                       then `event: done` {engine}, `event: failed` {error} or `event: cancelled`
//                       {} (a new game began, or the moves analysed were taken back). Pages asking
//                       for the same game share one analysis; it stops when the last of them goes.
//   GET /analysis.pdn   the scoresheet with the analysis (marks `?` `??` and a comment with the
//                       scores at each move, as `dambord analyse --pdn` writes it), to download,
//                       named for the game; 404 until an analysis of this game is done.
//
// Under the tournament policy nothing of the engine is shown while the game is played (403);
// once it has a result, its analysis may be asked for under any policy.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlaySession, PlayView } from '../game/types.ts';
import type { Engine, EngineLimits } from '../engine/engine.ts';
import { openBuiltinEngine } from '../engine/builtin.ts';
import { attachment, fail, send } from './http.ts';
import { writeFen } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { gameToAnalyse } from './analysisJob.ts';
import type { AnalysisJob } from './analysisJob.ts';
import { analysisSlot } from './analysisSlot.ts';
import type { AnalysisSlot } from './analysisSlot.ts';

/** How the play server analyses a game. */
export interface AnalysisOptions {
  /** Each position's search (default {@link ANALYSIS_LIMITS}). */
  readonly limits?: EngineLimits;
  /** Opens the engine of one analysis (default: the built-in engine at full strength, searching in its worker thread). */
  readonly openEngine?: () => Engine;
  /** The game's policy where its view does not name it (the command line's); default `tournament`. */
  readonly policy?: string;
}

/** Each position of a game is searched for at most one second. */
export const ANALYSIS_LIMITS: EngineLimits = { moveTimeMs: 1000 };

/** The paths served here and their methods. */
export const ANALYSIS_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/api/analysis': ['GET'],
  '/analysis.pdn': ['GET', 'HEAD'],
};

/** Why the game's analysis may not be shown now, or null when it may. */
export function analysisRefused(view: PlayView, fallbackPolicy = 'tournament'): string | null {
  const policy = view.settings?.current.policy ?? fallbackPolicy;
  if (view.result === null && policy === 'tournament') return 'nothing of the engine is shown while a game under the tournament policy is played; its analysis comes after the result';
  return null;
}

/** What names a game to analyse: its start and its moves. */
function keyOf(game: PdnGame, moves: readonly string[]): string {
  return `${writeFen(game.start)} ${moves.join(' ')}`;
}

/** Whether a job is of the game `moves` now stand in: the job's moves are where the game began. */
function stillOf(job: AnalysisJob, moves: readonly string[]): boolean {
  return job.moves.length <= moves.length && job.moves.every((m, i) => m === moves[i]);
}

/** The engine of one analysis as `options` choose: the built-in engine at full strength (in its worker thread) unless another is given. */
function engineOpener(options: AnalysisOptions): () => Engine {
  return options.openEngine ?? (() => openBuiltinEngine({ level: 10 }));
}

/** A slot for the analyses of the archive's filed games (archiveRoutes.ts), as `options` choose. */
export function archiveAnalysisSlot(options: AnalysisOptions = {}): AnalysisSlot {
  return analysisSlot(engineOpener(options), options.limits ?? ANALYSIS_LIMITS);
}

/** The analysis routes of a play server: `serve` answers its paths (false for any other); `close` stops any analysis. */
export function analysisRoutes(session: PlaySession, options: AnalysisOptions = {}): { serve(req: IncomingMessage, res: ServerResponse, path: string): boolean; close(): void } {
  const open = engineOpener(options);
  let unwatch: (() => void) | null = null;
  // While an analysis is held, the game is watched: a new game, or a move analysed taken back,
  // and the analysis is no longer of this game.
  const slot: AnalysisSlot = analysisSlot(open, options.limits ?? ANALYSIS_LIMITS, (job) => {
    unwatch?.();
    unwatch = null;
    if (job) unwatch = session.subscribe((view) => {
      const now = gameToAnalyse(view.pdn);
      if (slot.current() === job && (!now.ok || !stillOf(job, now.moves) || analysisRefused(view, options.policy))) slot.clear();
    });
  });

  return {
    serve(req, res, path) {
      if (!(path in ANALYSIS_METHODS)) return false;
      const view = session.view();
      const refused = analysisRefused(view, options.policy);
      if (refused) return (fail(res, 403, refused), true);
      const game = gameToAnalyse(view.pdn);
      if (!game.ok) return (fail(res, 409, game.error), true);
      const key = keyOf(game.game, game.moves);
      if (path === '/api/analysis') return (slot.stream(res, slot.start(key, game.game, game.moves)), true);
      const pdn = slot.pdn(key);
      if (pdn === null) return (fail(res, 404, 'no analysis of this game yet: ask for it first (GET /api/analysis)'), true);
      res.setHeader('Content-Disposition', attachment((view.pdnName || 'game.pdn').replace(/\.pdn$/, ' analysed.pdn')));
      send(res, 200, 'application/x-draughts-pdn; charset=utf-8', pdn, 'no-store');
      return true;
    },
    close: () => slot.clear(),
  };
}
