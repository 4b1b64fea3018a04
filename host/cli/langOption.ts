// The --lang option of `play`, `digitise`, `event` and `replay`: the language of what the game
// says for people (the page's sentences made on the server, the log, the journal's messages).

import { LANGUAGES, isLanguage } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** The option, for parseArgs. */
export const LANG_SPEC = { lang: 'string' } as const;

/** The option's help; `fallback` says what the language is without it. */
export const langHelp = (fallback: string): string => `  --lang LANG        the language of the log, the page's sentences and the journal's messages:
                     ${LANGUAGES.join(', ')} (default: ${fallback})`;

/**
 * The language asked for: `lang` (--lang), else `voice` (the language --voice speaks, when the
 * command has it), else English; an error naming the languages for one dambord does not have.
 *
 * @example langFrom({ lang: 'nl' }) // { ok: true, lang: 'nl' }
 * @example langFrom({ lang: 'xx' }) // { ok: false, error: 'no language "xx": choose one of en, nl, ...' }
 */
export function langFrom(o: { readonly lang?: string | undefined }, voice?: string): { ok: true; lang: Language } | { ok: false; error: string } {
  const asked = o.lang ?? (voice !== undefined && isLanguage(voice) ? voice : 'en');
  return isLanguage(asked) ? { ok: true, lang: asked } : { ok: false, error: `no language "${asked}": choose one of ${LANGUAGES.join(', ')}` };
}
