// The catalogues (one source of words): every language has every message of English, each a
// valid ICU message taking the arguments English's takes; the page catalogues (page/) likewise,
// and every id the pages use is in English and every English page id is used.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './messages/en.json' with { type: 'json' };
import pageEn from './page/en.json' with { type: 'json' };
import { shapeOf } from './shape.ts';
import { CATALOGUES, LANGUAGES } from './catalogue.ts';
import type { Language } from './catalogue.ts';
import { PAGE_CATALOGUES } from './page/catalogues.ts';

/** Every language's catalogue has exactly English's ids, each a valid ICU message of English's shape. */
function checkCatalogues(catalogues: Readonly<Record<Language, Readonly<Record<string, string>>>>, english: Readonly<Record<string, string>>): void {
  for (const lang of LANGUAGES) {
    const catalogue = catalogues[lang];
    expect(Object.keys(catalogue).sort(), lang).toEqual(Object.keys(english).sort());
    for (const [id, text] of Object.entries(catalogue)) {
      expect(() => new IntlMessageFormat(text, lang), `${lang} ${id}`).not.toThrow();
      // The same arguments as English, and English's select keys where English selects: the code
      // fills every language alike (a language may select where English does not: Russian names
      // the Latin letters).
      const mine = shapeOf(text);
      const ours = shapeOf(english[id]);
      expect(Object.keys(mine).sort(), `${lang} ${id}`).toEqual(Object.keys(ours).sort());
      for (const [arg, keys] of Object.entries(ours)) if (keys) expect(mine[arg], `${lang} ${id} ${arg}`).toEqual(keys);
    }
  }
}

describe('the catalogues', () => {
  it('every catalogue has exactly the messages of English, each a valid ICU message', () => {
    checkCatalogues(CATALOGUES, en);
    // The languages: the rulebooks' and the federations'.
    expect([...LANGUAGES].sort()).toEqual(['bs', 'cs', 'en', 'fr', 'hr', 'it', 'lv', 'nl', 'pl', 'pt', 'ru']);
  });

  it('every page catalogue has exactly the words of English, each a valid ICU message', () => {
    checkCatalogues(PAGE_CATALOGUES, pageEn);
  });

  it('the pages use every English page word, and no word English lacks', () => {
    const dir = new URL('../web/static/', import.meta.url);
    const used = new Set<string>();
    for (const name of readdirSync(dir).filter((f) => /\.(html|js)$/.test(f))) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      // HTML: data-words, data-words-label, data-words-title; scripts: an id in quotes (t('play.flip'), a table of ids).
      for (const m of text.matchAll(/data-words(?:-label|-title)?="([^"]+)"|'((?:common|play|watch|archive)\.[\w.]+)'/g)) used.add(m[1] ?? m[2]);
    }
    expect([...used].filter((id) => !(id in pageEn)), 'used but not in page/en.json').toEqual([]);
    expect(Object.keys(pageEn).filter((id) => !used.has(id)), 'in page/en.json but not used').toEqual([]);
  });
});
