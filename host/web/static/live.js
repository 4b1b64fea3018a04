/* global setTimeout */
// The page's live regions, as a screen reader hears them: each announcement is a fresh element
// put into an emptied region a moment later, so that the same sentence twice (a king going
// 1-6, 6-1, 1-6; the same irregularity made again) is read twice. A screen reader stays silent
// when a region is set to the text it already holds, and JAWS reads only what changed in it.
// Sentences that come within the same moment are read as one announcement, in order.

import { joinSentences } from './format.js';

/** How long a region stays empty before the new announcement goes in (ms): long enough for screen readers to see it emptied. */
export const LIVE_DELAY_MS = 50;

/**
 * A function that announces a sentence in the live region `el`: the region is emptied at
 * once and, `LIVE_DELAY_MS` later, holds one new `<p>` with every sentence announced in
 * between (joined as {@link joinSentences} joins them). Only `el.replaceChildren` and
 * `el.ownerDocument.createElement` are used, so a test may pass a stand-in for the element
 * and for `later`.
 * @param {{replaceChildren: (...nodes: any[]) => void, ownerDocument: {createElement: (tag: string) => any}}} el
 * @param {(run: () => void, ms: number) => unknown} [later] runs `run` after `ms` (setTimeout)
 * @returns {(text: string) => void}
 */
export function liveRegion(el, later = (run, ms) => setTimeout(run, ms)) {
  /** @type {string[]} */
  const pending = [];
  return (text) => {
    pending.push(text);
    if (pending.length > 1) return;
    el.replaceChildren();
    later(() => {
      const p = el.ownerDocument.createElement('p');
      p.textContent = joinSentences(pending.splice(0));
      el.replaceChildren(p);
    }, LIVE_DELAY_MS);
  };
}
