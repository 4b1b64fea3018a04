// A game recorded from its paper scoresheet on the board (`dambord digitise`): the PDN file it
// makes, and the page's commands of the secretary (take back, the result, the next sheet) on
// top of a running session.

import type { GameState } from '../game/game.ts';
import type { PlayCommand, PlaySession } from '../game/types.ts';
import { scoresheetPdn } from '../game/referee/record.ts';
import type { SheetMove } from '../game/referee/record.ts';
import { guideIn, guideMove, repairComment } from '../game/guide.ts';
import type { Guide } from '../game/guide.ts';
import { guided } from '../game/guided.ts';
import type { Reopened } from '../journal/reopen.ts';

/**
 * The PDN of a game recorded from its scoresheet: its tags, the moves that stand and nothing of
 * how the pieces were handled on the way (no notes, no comments: the secretary's slips are not
 * the game's), with `result` as the scoresheet gives it, or the game's own (`*` while it goes on).
 * A game a sheet guided (`dambord digitise --guide`) has on each move played otherwise than the
 * sheet wrote it the repair as a comment in the game's language (`{dambord: the sheet has 23-28; 32-28 was played (...)}`).
 */
export function recordedPdn(state: GameState, result: string | null): string {
  const sheet = state.sheet;
  const repairs = state.guide?.guide.repairs ?? [];
  const moves = sheet.items
    .filter((i): i is SheetMove => i.kind === 'move' && !i.setup)
    .map((m, k) => ({ ...m, comments: repairs.filter((r) => r.ply === k + 1).map((r) => repairComment(r, state.config.lang)) }));
  return scoresheetPdn({ ...sheet, items: moves, open: null, result: result ?? state.result?.result ?? sheet.result });
}

/** What the secretary's commands do, as the shell that records the sitting carries them out. */
export interface RecordingHooks {
  /** The result of the game as the scoresheet gives it (`2-0`); refused with why. */
  result(text: string): Promise<{ ok: true } | { ok: false; error: string }>;
  /** The next scoresheet at the board, the players named (or unknown). */
  next(players: { readonly white?: string; readonly black?: string }): Promise<{ ok: true } | { ok: false; error: string }>;
}

/**
 * `session` as the page of a recording sees it: `result` and `new-game` go to the shell's
 * `hooks`; the rest, `takeback` among them (the board's Correct: the digitise policy takes the
 * last move back, the LEDs guiding its pieces back), to the session.
 */
export function recordingSession(session: PlaySession, hooks: RecordingHooks): PlaySession {
  return {
    view: () => session.view(),
    subscribe: (listener) => session.subscribe(listener),
    async command(c: PlayCommand) {
      if (c.type === 'result') return hooks.result(c.result);
      if (c.type === 'new-game') return hooks.next({ ...(c.white !== undefined ? { white: c.white } : {}), ...(c.black !== undefined ? { black: c.black } : {}) });
      return session.command(c);
    },
  };
}

/**
 * A recorded game reopened from its journal (`dambord digitise --resume`), to go on with: the
 * journal header's own tags that the game's start leaves out (`Annotator` and the like, a guiding
 * sheet's) put back on its scoresheet, and `guide`, a sheet that guides it, moved on by the moves
 * that stand (so the repairs are found again, as they were).
 */
export function resumedRecording(r: Reopened, guide: Guide | null): { state: GameState; effects: Reopened['game']['effects'] } {
  const { state, effects } = r.game;
  const own = new Set(state.config.tags.map((t) => t.name));
  const extra = r.game.header.tags.filter((t) => !own.has(t.name));
  const tags = [...state.config.tags, ...extra];
  let g = guide && guideIn(guide, state.config.lang);
  if (g) for (const m of state.resume?.referee.game.moves ?? []) g = guideMove(g, m);
  return { state: { ...state, config: { ...state.config, tags }, sheet: { ...state.sheet, tags }, guide: g && guided(g) }, effects };
}
