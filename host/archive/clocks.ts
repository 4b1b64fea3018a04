// The clock times PDN files keep in the comments after moves, for the scoresheet. Pure: no I/O.
//
// - `[%clock 0:49:11]`: the time left of the side that just moved (PDN 3.0, doc/extensions.rst);
// - `[%clock w1:29:31 B1:30:00]`: both times left, the running clock's letter in capitals (what
//   dambord's scoresheets and lidraughts write; host/game/clock/clock.ts, clocksText);
// - `[%clk 0:05:00]`: the mover's time left, as PGN and PDN from other sites write it.

import type { Color } from '../../rules/index.ts';

const TIME = /^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?$/;

/**
 * The time left of `mover` after a move, as the comments after it write it (the last clock
 * command in them), or undefined when they write none.
 *
 * @example moverClock(['[%clock w1:29:31 B1:30:00]'], 'white') // '1:29:31'
 * @example moverClock(['Good move [%clk 0:04:58]'], 'black') // '0:04:58'
 */
export function moverClock(comments: readonly string[], mover: Color): string | undefined {
  let found: string | undefined;
  for (const comment of comments) {
    for (const m of comment.matchAll(/\[%(clock|clk)\s+([^\]]*)\]/g)) {
      const fields = m[2].trim().split(/\s+/);
      if (fields.length === 1 && TIME.test(fields[0])) found = fields[0];
      else if (m[1] === 'clock') {
        const mine = fields.find((f) => f[0]?.toLowerCase() === mover[0] && TIME.test(f.slice(1)));
        if (mine) found = mine.slice(1);
      }
    }
  }
  return found;
}
