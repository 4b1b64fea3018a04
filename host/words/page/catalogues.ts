// The page catalogues: the words of the play page and the viewers' page (host/web/static/), one
// ICU catalogue per language, with the ids `common.*` (both pages), `play.*` and `watch.*`. The
// servers give the page its language's (GET /words.json); the page formats them (words.js).

import type { Language } from '../catalogue.ts';
import bs from './bs.json' with { type: 'json' };
import cs from './cs.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import hr from './hr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import lv from './lv.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/** A page catalogue: page word id to ICU message. Every language has every id of English. */
export type PageCatalogue = Readonly<Record<keyof typeof en, string>>;

/** Each language's page catalogue. */
export const PAGE_CATALOGUES: Readonly<Record<Language, PageCatalogue>> = { en, nl, fr, ru, pt, pl, hr, bs, cs, lv, it };
