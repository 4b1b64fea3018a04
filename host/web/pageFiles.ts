// What both pages' servers serve of a page (the play page, host/web/server.ts; the viewers'
// page, host/broadcast/server.ts): its files from static/, its HTML in the page's language
// (`<html lang>`, the words of its elements filled from the catalogue and its language switch
// listing the languages: see fillWords), a language's page catalogue for the words its scripts
// make (GET /words.json, host/words/page/), its messages for the sentences the server makes for
// the page (GET /messages.json, host/words/messages/; the page formats them in its own language,
// words.js sayWords) and the ICU formatter the page formats them with (GET
// /vendor/intl-messageformat.js, the package's self-contained ES module, which the pages' import
// map names `intl-messageformat`). The catalogues are the server's language's, or those of the
// language the page asks for (`?lang=nl`, one of LANGUAGES; another is answered 400).

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CATALOGUES, LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { PAGE_CATALOGUES } from '../words/page/catalogues.ts';
import type { PageCatalogue } from '../words/page/catalogues.ts';

/** A file of static/ and its content type. */
export interface StaticFile {
  readonly file: string;
  readonly type: string;
}

/** What a page's path answers: its content type and body, and its status where it is not 200 (400: a language not known). */
export interface PageBody {
  readonly type: string;
  readonly body: string | Buffer;
  readonly status?: number;
}

export const HTML = 'text/html; charset=utf-8';
export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

/** Both pages' icon, drawn for dambord (a corner of the board with a man of each colour): the browser asks for one on every load. */
export const FAVICON: Readonly<Record<string, StaticFile>> = { '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml; charset=utf-8' } };

const STATIC_DIR = new URL('./static/', import.meta.url);
/** intl-messageformat's self-contained build, beside its package's entry point. */
const FORMATTER = join(dirname(createRequire(import.meta.url).resolve('intl-messageformat')), 'intl-messageformat.iife.js');

/**
 * The ES modules `names` of static/ (`app` is /app.js), with words.js, which every page imports,
 * the preferences it reads (prefs.js) and langFirst.js, the script every page's head runs first.
 */
export function modules(names: readonly string[]): Record<string, StaticFile> {
  return Object.fromEntries([...new Set([...names, 'words', 'prefs', 'langFirst'])].map((name) => [`/${name}.js`, { file: `${name}.js`, type: JS }]));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The language a request asks for with `?lang=` (`url` the request's, path and query), `lang`
 * where it asks for none; an error for people where it names no language of LANGUAGES.
 */
export function askedLanguage(url: string, lang: Language): { readonly ok: true; readonly lang: Language } | { readonly ok: false; readonly error: string } {
  const asked = new URL(url, 'http://localhost').searchParams.get('lang');
  if (asked === null) return { ok: true, lang };
  if (isLanguage(asked)) return { ok: true, lang: asked };
  return { ok: false, error: `no such language: ${JSON.stringify(asked.slice(0, 20))} (one of ${LANGUAGES.join(', ')})` };
}

/**
 * A page's files in `lang`: `files` (path to a file of static/), /words.json, /messages.json and
 * the formatter. `paths` are the paths it answers; `read(path, url)` is null for any other;
 * `url` (the request's, with its query) may ask for the catalogues of another language.
 *
 * @example
 * const page = pageFiles({ '/': { file: 'index.html', type: HTML } }, 'nl');
 * (await page.read('/'))?.body // the page, `<html lang="nl">`
 * (await page.read('/words.json', '/words.json?lang=ru'))?.body // the Russian page catalogue
 */
export function pageFiles(files: Readonly<Record<string, StaticFile>>, lang: Language): { readonly paths: readonly string[]; read(path: string, url?: string): Promise<PageBody | null> } {
  return {
    paths: [...Object.keys(files), '/words.json', '/messages.json', '/vendor/intl-messageformat.js'],
    async read(path, url = path) {
      if (path === '/words.json' || path === '/messages.json') {
        const asked = askedLanguage(url, lang);
        if (!asked.ok) return { type: JSON_TYPE, body: JSON.stringify({ ok: false, error: asked.error }), status: 400 };
        return { type: JSON_TYPE, body: JSON.stringify(path === '/words.json' ? PAGE_CATALOGUES[asked.lang] : CATALOGUES[asked.lang]) };
      }
      if (path === '/vendor/intl-messageformat.js') return { type: JS, body: await readFile(FORMATTER) };
      const file = files[path];
      if (!file) return null;
      const body = await readFile(new URL(file.file, STATIC_DIR));
      return { type: file.type, body: file.type === HTML ? fillWords(body.toString('utf8'), lang) : body };
    },
  };
}

/** `s` safe inside an element or a quoted attribute. */
const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page's HTML in `lang`: `<html lang>` set, and each element's words from the page catalogue,
 * its text from `data-words="id"` (the element holds text only), its `aria-label` from
 * `data-words-label` and its `title` from `data-words-title`; the HTML itself holds the ids only.
 * An empty `<select data-languages>` gets an option for each language, named in itself, `lang`
 * selected.
 *
 * @example fillWords('<button data-words="play.flip"></button>', 'nl') // '<button data-words="play.flip">Bord draaien</button>'
 */
export function fillWords(html: string, lang: Language): string {
  const words: PageCatalogue = PAGE_CATALOGUES[lang];
  const word = (id: string): string => {
    if (!Object.hasOwn(words, id)) throw new Error(`the page names a word the catalogue lacks: ${id}`);
    return escape(words[id as keyof PageCatalogue]);
  };
  return html.replace('<html lang="en">', `<html lang="${lang}">`).replace(/<(\w+)([^>]*\sdata-words[^>]*)>([^<]*)/g, (_all, tag: string, attrs: string, text: string) => {
    const id = /\sdata-words="([^"]+)"/.exec(attrs)?.[1];
    const label = /\sdata-words-label="([^"]+)"/.exec(attrs)?.[1];
    const title = /\sdata-words-title="([^"]+)"/.exec(attrs)?.[1];
    const named = `${attrs}${label ? ` aria-label="${word(label)}"` : ''}${title ? ` title="${word(title)}"` : ''}`;
    return `<${tag}${named}>${id ? word(id) : text}`;
  }).replace(/(<select[^>]*\sdata-languages[^>]*>)(<\/select>)/, (_all, open: string, close: string) => `${open}${languageOptions(lang)}${close}`);
}

/** The options of a language switch: each language named in itself and tagged with it, `lang` selected. */
function languageOptions(lang: Language): string {
  return LANGUAGES.map((l) => `<option value="${l}" lang="${l}"${l === lang ? ' selected' : ''}>${escape(LANGUAGE_NAMES[l])}</option>`).join('');
}
