/* global document, fetch */
// The pages' words: every word the play page and the viewers' page show comes from a page
// catalogue (host/words/page/<lang>.json, ICU messages). The server writes those of the HTML
// (host/web/pageFiles.ts, fillWords); this module formats those the scripts make, with
// intl-messageformat, the host's own formatter (in the browser its self-contained build,
// /vendor/intl-messageformat.js, which the pages' import map names `intl-messageformat`). In
// the browser the catalogue is the one the server serves for its language (GET /words.json); in
// Node, where the tests run the pure modules, English. Every module that imports this one waits
// until the words are here.

import { IntlMessageFormat } from 'intl-messageformat';

/** The English page catalogue: the ids every language has. @typedef {typeof import('../../words/page/en.json')} PageCatalogue */
/** A message id of the page catalogues, e.g. `common.white`. @typedef {keyof PageCatalogue} WordId */

const inBrowser = typeof document !== 'undefined';

/** The catalogue of the page's language: in the browser the server's, else English. @returns {Promise<Record<string, string>>} */
async function loadCatalogue() {
  if (!inBrowser) return (await import('../../words/page/en.json', { with: { type: 'json' } })).default;
  try {
    const res = await fetch('/words.json');
    return res.ok ? await res.json() : {};
  } catch {
    return {};
  }
}

const catalogue = await loadCatalogue();
/** The page's language, as the server wrote it on `<html lang>`. */
const LANG = inBrowser ? document.documentElement.lang || 'en' : 'en';

/** Compiled messages, by id. @type {Map<string, IntlMessageFormat>} */
const compiled = new Map();

/**
 * The message `id` of the page's catalogue with `values` filled in; the id itself when the
 * catalogue lacks it (a catalogue that did not load).
 * @example t('common.white') // 'White'
 * @param {WordId} id
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(id, values = {}) {
  let f = compiled.get(id);
  if (!f) {
    const text = catalogue[id];
    if (typeof text !== 'string') return id;
    f = new IntlMessageFormat(text, LANG);
    compiled.set(id, f);
  }
  return String(f.format(values));
}
