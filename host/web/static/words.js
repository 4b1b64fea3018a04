/* global document, fetch, localStorage, location, HTMLElement, HTMLSelectElement, HTMLAnchorElement */
// The pages' words: every word the play page and the viewers' page show comes from a page
// catalogue (host/words/page/<lang>.json, ICU messages). The server writes those of the HTML
// in its language (host/web/pageFiles.ts, fillWords); this module formats those the scripts
// make, with intl-messageformat, the host's own formatter (in the browser its self-contained
// build, /vendor/intl-messageformat.js, which the pages' import map names `intl-messageformat`).
//
// The page's language: the one chosen with the page's language switch (`<select id="lang">`,
// remembered in localStorage, prefs.js LANG_KEY), else the server's (`<html lang>`). When the
// choice is not the server's, this module asks for its catalogues (GET /words.json?lang=xx),
// writes the HTML's words again in it and sets `<html lang>`, the page hidden meanwhile (from
// before its first paint: langFirst.js), before any other module draws: every module that
// imports this one waits until the words are here.
// Choosing another language remembers it and loads the page again in it. In Node, where the
// tests run the pure modules, English.
//
// The sentences the server makes for the page (the irregularity, the decision's choices, the
// rules' requirements, the guidance, the result) come with their message id and values beside
// their text (host/words/said.ts); sayWords formats them with the messages catalogue of the
// page's language (GET /messages.json?lang=xx), the server's text where that cannot be done.

import { IntlMessageFormat } from 'intl-messageformat';
import { LANG_KEY, remember, remembered } from './prefs.js';

/** The English page catalogue: the ids every language has. @typedef {typeof import('../../words/page/en.json')} PageCatalogue */
/** A message id of the page catalogues, e.g. `common.white`. @typedef {keyof PageCatalogue} WordId */

const inBrowser = typeof document !== 'undefined';

/** The browser's storage, or null where it may not be used (private browsing, storage off). */
function storage() {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The catalogue at `path` in `lang`, null when it does not come. @param {string} path @param {string} lang @returns {Promise<Record<string, string> | null>} */
async function fetched(path, lang) {
  try {
    const res = await fetch(`${path}?lang=${encodeURIComponent(lang)}`);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

/**
 * Writes the HTML's words in `words` again (as the server does, fillWords): text from
 * `data-words`, `aria-label` from `data-words-label`, `title` from `data-words-title`.
 * @param {Record<string, string>} words
 */
function fillPage(words) {
  /** @param {string | undefined} id */
  const word = (id) => (id && typeof words[id] === 'string' ? words[id] : null);
  for (const el of document.querySelectorAll('[data-words], [data-words-label], [data-words-title]')) {
    if (!(el instanceof HTMLElement)) continue;
    const text = word(el.dataset.words);
    const label = word(el.dataset.wordsLabel);
    const title = word(el.dataset.wordsTitle);
    if (text !== null) el.textContent = text;
    if (label !== null) el.setAttribute('aria-label', label);
    if (title !== null) el.title = title;
  }
}

/** The page's language and its catalogues: in the browser the chosen one's (else the server's), in Node English. */
async function load() {
  if (!inBrowser) {
    const [page, messages] = await Promise.all([import('../../words/page/en.json', { with: { type: 'json' } }), import('../../words/messages/en.json', { with: { type: 'json' } })]);
    return { lang: 'en', page: /** @type {Record<string, string>} */ (page.default), messages: /** @type {Record<string, string>} */ (messages.default) };
  }
  const root = document.documentElement;
  const served = root.lang || 'en';
  const chosen = remembered(storage(), LANG_KEY, [served, ...languageOptions()]);
  if (chosen !== served) root.style.visibility = 'hidden';
  try {
    const [page, messages] = await Promise.all([fetched('/words.json', chosen), fetched('/messages.json', chosen)]);
    if (chosen !== served && page) {
      fillPage(page);
      root.lang = chosen;
    }
    if (page) return { lang: chosen, page, messages: messages ?? {} };
    return { lang: served, page: (await fetched('/words.json', served)) ?? {}, messages: (await fetched('/messages.json', served)) ?? {} };
  } finally {
    root.style.visibility = '';
  }
}

/** The languages the page's switch offers (`<select id="lang">`), none on a page without one. @returns {string[]} */
function languageOptions() {
  const select = document.getElementById('lang');
  return select instanceof HTMLSelectElement ? [...select.options].map((o) => o.value) : [];
}

const loaded = await load();
/** The page's language (`nl`). */
export const LANG = loaded.lang;

/**
 * The page's language switch (`<select id="lang">`, the server lists the languages): shows the
 * page's language; another chosen is remembered and the page loaded again in it.
 */
function attachSwitch() {
  const select = document.getElementById('lang');
  if (!(select instanceof HTMLSelectElement)) return;
  select.value = LANG;
  select.addEventListener('change', () => {
    remember(storage(), LANG_KEY, select.value);
    location.reload();
  });
}
if (inBrowser) attachSwitch();

/** Links to a page in a language (`<a data-lang-href="/sheet.html">`, the printed scoresheet) ask for the page's. */
if (inBrowser) for (const a of document.querySelectorAll('a[data-lang-href]')) if (a instanceof HTMLAnchorElement) a.href = `${a.dataset.langHref}?lang=${encodeURIComponent(LANG)}`;

/** Compiled messages, by catalogue and id. @type {Map<string, IntlMessageFormat>} */
const compiled = new Map();

/** The message `text` (under `key`) formatted with `values`. @param {string} key @param {string} text @param {Record<string, unknown>} values */
function format(key, text, values) {
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(text, LANG);
    compiled.set(key, f);
  }
  return String(f.format(/** @type {Record<string, string | number>} */ (values)));
}

/**
 * The message `id` of the page's catalogue with `values` filled in; the id itself when the
 * catalogue lacks it (a catalogue that did not load).
 * @example t('common.white') // 'White'
 * @param {WordId} id
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(id, values = {}) {
  const text = loaded.page[id];
  return typeof text === 'string' ? format(`page ${id}`, text, values) : id;
}

/** A sentence as words, as the view carries it (host/words/said.ts). @typedef {{id: string, values?: Record<string, any>}} Said */

/** A value of a sentence in the page's language: a sentence said, a list joined, else as it is. @param {any} value @returns {string | number} */
function sayValue(value) {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value.list)) {
    const items = value.list.map((/** @type {any} */ item) => String(sayValue(item)));
    // The page's English joins without a comma before the last item, as the server's (host/words/said.ts joinWords).
    if (LANG !== 'en') return new Intl.ListFormat(LANG, { type: value.join === 'or' ? 'disjunction' : 'conjunction' }).format(items);
    return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${value.join === 'or' ? 'or' : 'and'} ${items[items.length - 1]}`;
  }
  const text = loaded.messages[value.id];
  if (typeof text !== 'string') throw new Error(`no message ${value.id}`);
  /** @type {Record<string, string | number>} */
  const values = {};
  for (const [name, v] of Object.entries(value.values ?? {})) values[name] = sayValue(v);
  return format(`messages ${value.id}`, text, values);
}

/**
 * The sentence `said` in the page's language; `text` (the server's, in the game's language) where
 * it cannot be said (no words, a message the catalogue lacks). A full stop ending `text` ends it too.
 * @example sayWords({ id: 'view.captures', values: { side: 'white', moves: { list: ['28x19'], join: 'or' } } }, '') // 'White must capture: 28x19'
 * @param {Said | null | undefined} said
 * @param {string} text
 * @returns {string}
 */
export function sayWords(said, text) {
  if (!said || typeof said !== 'object') return text;
  try {
    const out = String(sayValue(said));
    return text.endsWith('.') && !out.endsWith('.') ? `${out}.` : out;
  } catch {
    return text;
  }
}

/**
 * The view with the sentences the server made for the page (the irregularity, its choices and
 * what the rules require, the obligation, the compulsory capture, the guidance, why the game
 * ended) said in the page's language, from the words beside each; the rest as it is.
 * @template {Record<string, any>} V
 * @param {V} view
 * @returns {V}
 */
export function inPageLanguage(view) {
  if (!view || typeof view !== 'object') return view;
  /** @type {Record<string, any>} */
  const out = { ...view };
  for (const key of ['obligation', 'compulsory', 'guidance']) {
    const x = view[key];
    if (x && x.said) out[key] = { ...x, message: sayWords(x.said, String(x.message ?? '')) };
  }
  const irr = view.irregularity;
  if (irr && irr.said && Array.isArray(irr.said.message)) {
    const sentences = irr.said.message.map((/** @type {Said} */ m) => sayWords(m, ''));
    out.irregularity = {
      ...irr,
      message: sentences.length > 0 && sentences.every(Boolean) ? sentences.join(' ') : irr.message,
      required: irr.required && sayWords(irr.said.required, irr.required),
      choices: irr.choices && irr.said.choices ? { accept: sayWords(irr.said.choices.accept, irr.choices.accept), correct: sayWords(irr.said.choices.correct, irr.choices.correct) } : irr.choices,
    };
  }
  if (Array.isArray(view.foresight)) out.foresight = view.foresight.map((/** @type {any} */ f) => (f && f.said ? { ...f, message: sayWords(f.said, String(f.message ?? '')) } : f));
  if (view.result && view.result.said) out.result = { ...view.result, reason: sayWords(view.result.said, String(view.result.reason ?? '')) };
  return /** @type {V} */ (out);
}
