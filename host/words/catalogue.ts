// The words dambord says and shows, one source for all: per-language catalogues
// (messages/*.json) in ICU MessageFormat, read with intl-messageformat. Speech, the log, the
// journal's messages and the page take their sentences from here; the code only chooses the
// message and its values. A pure layer: a language, an id and values in, a string out.

import { IntlMessageFormat } from 'intl-messageformat';
import bs from './messages/bs.json' with { type: 'json' };
import cs from './messages/cs.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import hr from './messages/hr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import lv from './messages/lv.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };
import ru from './messages/ru.json' with { type: 'json' };

/** A catalogue: message id to ICU message. Every language has every id of English. */
export type Catalogue = Readonly<Record<keyof typeof en, string>>;

/**
 * The languages dambord speaks and writes, by BCP 47 tag: the languages of the rulebooks
 * (Croatian, Latvian, Czech, English) and of the federations that play the board's variants.
 */
export const LANGUAGES = ['en', 'nl', 'fr', 'ru', 'pt', 'pl', 'hr', 'bs', 'cs', 'lv', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a language switch lists them (`Nederlands`, `Русский`). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English', nl: 'Nederlands', fr: 'Français', ru: 'Русский', pt: 'Português', pl: 'Polski',
  hr: 'Hrvatski', bs: 'Bosanski', cs: 'Čeština', lv: 'Latviešu', it: 'Italiano',
};

/** Each language's catalogue. */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, nl, fr, ru, pt, pl, hr, bs, cs, lv, it };

/** A message id of the catalogues. */
export type MessageId = keyof Catalogue;

/** Whether `tag` names one of {@link LANGUAGES}. */
export const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/** Compiled messages, made once per language and id. */
const compiled = new Map<string, IntlMessageFormat>();

/**
 * The message `id` of `lang`'s catalogue with `values` filled in.
 *
 * @example say('en', 'step.plain', { from: '32', to: '28' }) // '32 to 28'
 */
export function say(lang: Language, id: MessageId, values: Record<string, string | number> = {}): string {
  const key = `${lang}\u0000${id}`;
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(CATALOGUES[lang][id], lang);
    compiled.set(key, f);
  }
  return String(f.format(values));
}

/** Items joined as the language joins a list: `22, 23 and 24`, or with `or`. */
export function listWords(lang: Language, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(lang, { type }).format(items);
}
