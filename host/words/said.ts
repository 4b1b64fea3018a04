// A sentence kept as words, not yet as text: a message id of the catalogues and its values,
// which may themselves be sentences or lists. The game makes the sentences it shows on the page
// this way (host/game/view.ts) and sends them beside their text in its own language, so that the
// page can say them in its language (host/web/static/words.js formats the same form with the
// same catalogues). A pure layer: a language and words in, a string out.

import { listWords, say } from './catalogue.ts';
import type { Language, MessageId } from './catalogue.ts';

/** A sentence as words: message `id` of the catalogues (host/words/messages/) with `values` to fill in. */
export interface Said {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, SaidValue>>;
}

/** Items joined as a list (`22, 23 and 24`; `28x17 or 28x19`) in the language it is said in. */
export interface SaidList {
  readonly list: readonly SaidValue[];
  readonly join: 'and' | 'or';
}

/** A value of a sentence: as it is (a square, a move, a select key, a count), a sentence, or a list. */
export type SaidValue = string | number | Said | SaidList;

/**
 * `a`, `a and b`, `a, b and c` (`or` when asked), as `lang` joins a list; the page's and the
 * log's English has no comma before the last item (speech's has, listWords).
 */
export function joinWords(lang: Language, items: readonly string[], join: 'and' | 'or' = 'and'): string {
  if (lang !== 'en') return listWords(lang, items, join === 'and' ? 'conjunction' : 'disjunction');
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${join} ${items[items.length - 1]}`;
}

/** A value in words in `lang`: a sentence said, a list joined, a string or number as it is. */
export function sayValue(lang: Language, value: SaidValue): string | number {
  if (typeof value !== 'object') return value;
  if ('list' in value) return joinWords(lang, value.list.map((item) => String(sayValue(lang, item))), value.join);
  return sayWords(lang, value);
}

/**
 * The sentence `said` in `lang`.
 *
 * @example sayWords('nl', { id: 'view.captures', values: { side: 'white', moves: { list: ['28x17', '28x19'], join: 'or' } } }) // 'Wit moet slaan: 28x17 of 28x19'
 */
export function sayWords(lang: Language, said: Said): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(said.values ?? {})) values[name] = sayValue(lang, value);
  return say(lang, said.id, values);
}
