// What the board says, as words: a pure renderer (a language and the game's facts in, a
// sentence out; no I/O). The sentences are the catalogues' (host/words/catalogue.ts); the code
// only chooses the message and its values.
//
// Moves are read as players read them aloud and as lidraughts' blind mode does ("32 to 28"),
// but a capture with its whole route, every landing square ("26 takes 37 takes 48"), so that a
// blind player can follow it on the board (FMJD 4.5: a multiple capture, jump by jump).

import { KING, WHITE, squareName } from '../../rules/index.ts';
import type { Move, Position } from '../../rules/index.ts';
import { listWords, say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** espeak-ng's voice for each language (Brazil plays brazilian: pt-BR). */
export const VOICE: Readonly<Record<Language, string>> = { en: 'en', nl: 'nl', fr: 'fr', ru: 'ru', pt: 'pt-br', pl: 'pl', hr: 'hr', bs: 'bs', cs: 'cs', lv: 'lv', it: 'it' };

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
