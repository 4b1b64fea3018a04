// The event's terminal, one board's lines: one when its game starts, one with its result, and its
// link's trouble summed up (losses and resyncs), at most once a minute, so that seven boards on a
// loaded machine are not hundreds of "link lost / resynced" lines and not one result.

import type { PlayView } from '../../game/types.ts';
import type { GameOutput } from './output.ts';

/** The least time between two of a board's lines about its link, in ms. */
export const LINK_LINES_EVERY_MS = 60_000;

/**
 * The terminal's lines of one board, each given to `log` (the caller prefixes `board N: `):
 * - when the game's first view comes, `White – Black, started` (`going on` for a resumed game);
 * - the result once, `result 2-0: Black resigned (article 7.2.1)`;
 * - the link's changes after its first state: the first at once (`the link is lost`), later ones
 *   summed up, at most one line per `everyMs` of `now()`: `the link is resynced (3 times lost and
 *   3 times resynced in the last 61 s)`; a board of the wrong kind (`wrong board`) is said at once.
 *
 * @example boardLines((l) => console.log(`board 3: ${l}`), Date.now)
 */
export function boardLines(log: (line: string) => void, now: () => number, o: { resumed?: boolean; everyMs?: number } = {}): GameOutput {
  const everyMs = o.everyMs ?? LINK_LINES_EVERY_MS;
  let state = '';
  let said = -Infinity;
  let lost = 0;
  let resynced = 0;
  let result = false;
  const link = (view: PlayView): void => {
    const next = view.link.state;
    if (next === state) return;
    const first = state === '';
    state = next;
    if (first) return;
    if (next === 'lost') lost++;
    if (next === 'resynced') resynced++;
    const t = now();
    if (t - said < everyMs && next !== 'wrong board') return;
    const since = Number.isFinite(said) && lost + resynced > 1 ? ` (${times(lost, 'lost')} and ${times(resynced, 'resynced')} in the last ${Math.round((t - said) / 1000)} s)` : '';
    log(`the link is ${next}${since}`);
    said = t;
    lost = 0;
    resynced = 0;
  };
  return {
    view(view) {
      if (state === '') log(`${view.players.white} – ${view.players.black}, ${o.resumed ? 'going on' : 'started'}`);
      link(view);
      if (view.result && !result) {
        result = true;
        log(`result ${view.result.result}: ${view.result.reason} (article ${view.result.article})`);
      }
    },
  };
}

/** `3 times lost`, `once resynced`. */
function times(n: number, what: string): string {
  return `${n === 1 ? 'once' : `${n} times`} ${what}`;
}
