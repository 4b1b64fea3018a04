// Why a time control was refused, in words for the command line and the page's settings (the
// codes of parseTimeControl are for programs).

import { LAWS_TOKEN, MAX_SECONDS } from './clock.ts';
import type { TimeControlResult } from './clock.ts';

/**
 * What is wrong with `text`, a time control {@link parseTimeControl} refused (`r`), as a clause
 * that follows `the time control "…" is not one PDN knows: `.
 *
 * @example timeControlWhy('3600:40/7200', { ok: false, error: 'not-last', element: '3600' }) // '"3600" is the time for the rest of the game: no period may follow it'
 */
export function timeControlWhy(text: string, r: Extract<TimeControlResult, { ok: false }>): string {
  // The period at fault by name where there are several (as written, spaces left out).
  const e = text.includes(':') ? `"${r.element}"` : 'it';
  switch (r.error) {
    case 'empty':
      return text.trim() === '' ? 'it is empty' : 'one of its periods is empty (a colon with nothing on one side)';
    case 'syntax':
      return `${e} is none of moves/seconds, seconds, seconds+increment and *seconds`;
    case 'not-last':
      return `${e} is the time for the rest of the game: no period may follow it`;
    case 'zero-moves':
      return `${e} is a period of no moves`;
    case 'zero-time':
      return `${e} gives no time: the flag would fall at once`;
    case 'too-large':
      return `${e} holds a number above ${MAX_SECONDS} (100 days in seconds)`;
    case 'laws-alone':
      return `"${LAWS_TOKEN}", the time per move of the Standard Laws of Checkers, stands alone, with no other period`;
  }
}
