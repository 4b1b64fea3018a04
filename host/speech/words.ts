// What the board says, as words: a pure renderer (a language and the game's facts in, a
// sentence out; no I/O). The sentences live in per-language catalogues (messages/*.json) in ICU
// MessageFormat, read with intl-messageformat; the code only chooses the message and its values.
//
// Moves are read as players read them aloud and as lidraughts' blind mode does ("32 to 28"),
// but a capture with its whole route, every landing square ("26 takes 37 takes 48"), so that a
// blind player can follow it on the board (FMJD 4.5: a multiple capture, jump by jump).

import { IntlMessageFormat } from 'intl-messageformat';
import { KING, squareName } from '../../rules/index.ts';
import type { Move, Position } from '../../rules/index.ts';
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
type Catalogue = Readonly<Record<keyof typeof en, string>>;

/** The languages the board speaks, by BCP 47 tag. */
export const LANGUAGES = ['en', 'nl', 'fr', 'ru', 'pt', 'pl', 'hr', 'bs', 'cs', 'lv', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The languages the board speaks (BCP 47), their catalogues and espeak-ng's voice for each:
 * the languages of the rulebooks (Croatian, Latvian, Czech, English) and of the federations
 * that play the board's variants (Brazil plays brazilian: pt-BR).
 */
export const LANGUAGE: Readonly<Record<Language, { readonly messages: Catalogue; readonly voice: string }>> = {
  en: { messages: en, voice: 'en' },
  nl: { messages: nl, voice: 'nl' },
  fr: { messages: fr, voice: 'fr' },
  ru: { messages: ru, voice: 'ru' },
  pt: { messages: pt, voice: 'pt-br' },
  pl: { messages: pl, voice: 'pl' },
  hr: { messages: hr, voice: 'hr' },
  bs: { messages: bs, voice: 'bs' },
  cs: { messages: cs, voice: 'cs' },
  lv: { messages: lv, voice: 'lv' },
  it: { messages: it, voice: 'it' },
};

/** Compiled messages, made once per language and id. */
const compiled = new Map<string, IntlMessageFormat>();
function say(lang: Language, id: keyof Catalogue, values: Record<string, string | number> = {}): string {
  const key = `${lang}\u0000${id}`;
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(LANGUAGE[lang].messages[id], lang);
    compiled.set(key, f);
  }
  return String(f.format(values));
}

/**
 * A square as it is read: a number as it stands (the voice says it in its language), an
 * algebraic square letter by letter, with the letter's name in the language where the voice
 * would read a Latin letter as English (Russian: `цэ 3`).
 */
export function squareWords(lang: Language, pos: Position, square: number): string {
  const name = squareName(pos.variant, square);
  const m = /^([a-z])(\d+)$/.exec(name);
  return m ? say(lang, 'square.algebraic', { letter: m[1], number: m[2] }) : name;
}

/**
 * A move made from `before`, in words: `32 to 28`; a capture with every landing square, `26
 * takes 37 takes 48`; a king named as such, a man crowned said so.
 */
export function moveWords(lang: Language, before: Position, move: Move): string {
  const sq = (s: number) => squareWords(lang, before, s);
  const route = move.captured.length === 0
    ? say(lang, 'step.plain', { from: sq(move.from), to: sq(move.to) })
    : [move.from, ...move.path].map(sq).join(` ${say(lang, 'step.takes')} `);
  const king = (before.board[move.from] & KING) !== 0;
  return say(lang, 'move', { piece: king ? 'king' : 'man', route, crowned: move.promotes ? 'yes' : 'no' });
}
