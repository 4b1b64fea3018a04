// The slips people make writing moves down (rules/slips), said in the game's language from the
// catalogues: the words a guided replay shows and writes on the scoresheet.

import type { SlipWords } from '../../rules/slips/words.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** A select key of the catalogues: `digits-swapped` as `digits_swapped`. */
const key = (code: string): string => code.replace(/-/g, '_');

/**
 * The slips' words in `lang`.
 *
 * @example slipWords('nl').square('23', '32', 'digits-swapped') // '23 voor 32, cijfers verwisseld'
 */
export function slipWords(lang: Language): SlipWords {
  return {
    square: (written, name, slip) => (slip ? say(lang, 'slip.square', { written, name, slip: key(slip) }) : say(lang, 'slip.unrelated', { written, name })),
    move: (slip) => say(lang, 'slip.move', { slip: key(slip) }),
    sheet: (slip) => say(lang, 'slip.sheet', { slip: key(slip) }),
    join: (whys) => whys.join('; '),
  };
}
