// What the board says, as words: a pure renderer (a language and the game's facts in, a
// sentence out; no I/O). The sentences live in per-language catalogues (messages/*.json) in ICU
// MessageFormat, read with intl-messageformat; the code only chooses the message and its values.
//
// Moves are read as players read them aloud and as lidraughts' blind mode does ("32 to 28"),
// but a capture with its whole route, every landing square ("26 takes 37 takes 48"), so that a
// blind player can follow it on the board (FMJD 4.5: a multiple capture, jump by jump).

import { IntlMessageFormat } from 'intl-messageformat';
import { KING, WHITE, squareName } from '../../rules/index.ts';
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

/** A message id of the catalogues. */
export type MessageId = keyof Catalogue;

/** Compiled messages, made once per language and id. */
const compiled = new Map<string, IntlMessageFormat>();
/** The message `id` of `lang`'s catalogue with `values` filled in. */
export function say(lang: Language, id: MessageId, values: Record<string, string | number> = {}): string {
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

/**
 * A route in words from its squares (from, every landing square): `32 to 28` for a step,
 * `26 takes 37 takes 48` for a capture.
 */
export function routeWords(lang: Language, pos: Position, squares: readonly number[], capture: boolean): string {
  const sq = (s: number) => squareWords(lang, pos, s);
  if (!capture && squares.length === 2) return say(lang, 'step.plain', { from: sq(squares[0]), to: sq(squares[1]) });
  return squares.map(sq).join(` ${say(lang, 'step.takes')} `);
}

/** Items joined as the language joins a list: `22, 23 and 24`, or with `or`. */
export function listWords(lang: Language, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(lang, { type }).format(items);
}

/** Squares in words, joined as a list. */
export function squaresWords(lang: Language, pos: Position, squares: readonly number[]): string {
  return listWords(lang, [...new Set(squares)].sort((a, b) => a - b).map((s) => squareWords(lang, pos, s)));
}

/** The catalogues' key of a piece code: `wm`, `wk`, `bm`, `bk`. */
export function pieceKey(piece: number): 'wm' | 'wk' | 'bm' | 'bk' {
  return `${piece & WHITE ? 'w' : 'b'}${piece & KING ? 'k' : 'm'}` as 'wm' | 'wk' | 'bm' | 'bk';
}

/** A duration in words, minutes and seconds: `4 minutes 30 seconds`; rounded up as a clock counting down shows it, or down. */
export function timeWords(lang: Language, ms: number, round: 'up' | 'down' = 'down'): string {
  const total = Math.max(0, round === 'up' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return say(lang, 'clock.time', { minutes, seconds, both: minutes > 0 && seconds > 0 ? 'yes' : 'no' });
}
