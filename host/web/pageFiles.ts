// What both pages' servers serve of a page (the play page, host/web/server.ts; the viewers'
// page, host/broadcast/server.ts): its files from static/, its HTML in the page's language
// (`<html lang>`, and the words of its elements filled from the catalogue: see fillWords), that
// language's page catalogue for the words its scripts make (GET /words.json, host/words/page/) and
// the ICU formatter the page formats it with (GET /vendor/intl-messageformat.js, the package's
// self-contained ES module, which the pages' import map names `intl-messageformat`).

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '../words/catalogue.ts';
import { PAGE_CATALOGUES } from '../words/page/catalogues.ts';
import type { PageCatalogue } from '../words/page/catalogues.ts';

/** A file of static/ and its content type. */
export interface StaticFile {
  readonly file: string;
  readonly type: string;
}

/** What a page's path answers: its content type and body. */
export interface PageBody {
  readonly type: string;
  readonly body: string | Buffer;
}

export const HTML = 'text/html; charset=utf-8';
export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

const STATIC_DIR = new URL('./static/', import.meta.url);
/** intl-messageformat's self-contained build, beside its package's entry point. */
const FORMATTER = join(dirname(createRequire(import.meta.url).resolve('intl-messageformat')), 'intl-messageformat.iife.js');

/** The ES modules `names` of static/ (`app` is /app.js), with words.js, which every page imports. */
export function modules(names: readonly string[]): Record<string, StaticFile> {
  return Object.fromEntries([...names, 'words'].map((name) => [`/${name}.js`, { file: `${name}.js`, type: JS }]));
}

/**
 * A page's files in `lang`: `files` (path to a file of static/), /words.json and the formatter.
 * `paths` are the paths it answers; `read(path)` is null for any other.
 *
 * @example
 * const page = pageFiles({ '/': { file: 'index.html', type: HTML } }, 'nl');
 * (await page.read('/'))?.body // the page, `<html lang="nl">`
 */
export function pageFiles(files: Readonly<Record<string, StaticFile>>, lang: Language): { readonly paths: readonly string[]; read(path: string): Promise<PageBody | null> } {
  const words = JSON.stringify(PAGE_CATALOGUES[lang]);
  return {
    paths: [...Object.keys(files), '/words.json', '/vendor/intl-messageformat.js'],
    async read(path) {
      if (path === '/words.json') return { type: 'application/json; charset=utf-8', body: words };
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
  });
}
