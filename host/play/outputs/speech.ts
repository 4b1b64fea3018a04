// Speech as an output of the game: each step said (the move, the irregularity, the result) and,
// with two boards, each board's copy step, said after the move it copies.

import type { Speech } from '../../speech/rig.ts';
import { copyWords } from '../pairWords.ts';
import type { GameOutput } from './output.ts';

/** Says the game's steps through `speech`, and the copy steps of a second board. */
export function speechOutput(speech: Speech): GameOutput {
  /** The board time and plies of the last step: when a copy step is said. */
  let lastSeen = { t: 0, ply: 0 };
  return {
    attach({ paired }) {
      paired?.onCopy((board, step) => {
        const words = copyWords(speech.announcer().lang, board, step);
        speech.tell(words.kind, words.text, lastSeen, 'copy');
      });
    },
    step(seen) {
      lastSeen = { t: seen.now, ply: seen.after.referee?.ply ?? 0 };
      speech.observe(seen);
    },
  };
}
