// A game recorded from its paper scoresheet on the board (`dambord digitise`): the PDN file it
// makes, and the page's commands of the secretary (take back, the result, the next sheet) on
// top of a running session.

import type { GameState } from '../game/game.ts';
import type { PlayCommand, PlaySession } from '../game/types.ts';
import { scoresheetPdn } from '../game/referee/record.ts';
import type { SheetMove } from '../game/referee/record.ts';
import { repairComment } from '../game/guide.ts';

/**
 * The PDN of a game recorded from its scoresheet: its tags, the moves that stand and nothing of
 * how the pieces were handled on the way (no notes, no comments: the secretary's slips are not
 * the game's), with `result` as the scoresheet gives it, or the game's own (`*` while it goes on).
 * A game a sheet guided (`dambord digitise --guide`) has on each move played otherwise than the
 * sheet wrote it the repair as a comment (`{dambord: the sheet has 23-28; 32-28 was played (...)}`).
 */
export function recordedPdn(state: GameState, result: string | null): string {
  const sheet = state.sheet;
  const repairs = state.guide?.guide.repairs ?? [];
  const moves = sheet.items
    .filter((i): i is SheetMove => i.kind === 'move' && !i.setup)
    .map((m, k) => ({ ...m, comments: repairs.filter((r) => r.ply === k + 1).map(repairComment) }));
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
