// The catalogues (one source of words): every language has every message of English, each a
// valid ICU message taking the arguments English's takes.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './messages/en.json' with { type: 'json' };
import { shapeOf } from './shape.ts';
import { CATALOGUES, LANGUAGES } from './catalogue.ts';

describe('the catalogues', () => {
  it('every catalogue has exactly the messages of English, each a valid ICU message', () => {
    for (const lang of LANGUAGES) {
      const catalogue = CATALOGUES[lang];
      expect(Object.keys(catalogue).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [id, text] of Object.entries(catalogue)) {
        expect(() => new IntlMessageFormat(text, lang), `${lang} ${id}`).not.toThrow();
        // The same arguments as English, and English's select keys where English selects: the code
        // fills every language alike (a language may select where English does not: Russian names
        // the Latin letters).
        const mine = shapeOf(text);
        const english = shapeOf(en[id as keyof typeof en]);
        expect(Object.keys(mine).sort(), `${lang} ${id}`).toEqual(Object.keys(english).sort());
        for (const [arg, keys] of Object.entries(english)) if (keys) expect(mine[arg], `${lang} ${id} ${arg}`).toEqual(keys);
      }
    }
    // The languages: the rulebooks' and the federations'.
    expect([...LANGUAGES].sort()).toEqual(['bs', 'cs', 'en', 'fr', 'hr', 'it', 'lv', 'nl', 'pl', 'pt', 'ru']);
  });
});
