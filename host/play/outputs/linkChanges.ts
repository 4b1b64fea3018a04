// The terminal told of a board's link: each change of its state after the first (`the link is lost`).

import type { GameOutput } from './output.ts';

/** Tells `log` each change of the link's state (`the link is lost`), not the first state. */
export function linkChanges(log: (line: string) => void): GameOutput {
  let state = '';
  return {
    view(view) {
      if (view.link.state === state) return;
      if (state !== '') log(`the link is ${view.link.state}`);
      state = view.link.state;
    },
  };
}
