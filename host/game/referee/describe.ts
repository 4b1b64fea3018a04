import type { Color, Variant } from '../../../rules/index.ts';
import { KING, WHITE, opposite, squareName } from '../../../rules/index.ts';
import { say } from '../../words/catalogue.ts';
import type { Language } from '../../words/catalogue.ts';
import { joinWords, sayValue, sayWords } from '../../words/said.ts';
import type { Said, SaidList } from '../../words/said.ts';
import type { Fill, IrregularityCode } from './types.ts';

// The referee's sentences for people, in a language: the words are the catalogues'
// (host/words/messages/<lang>.json), the journal's `journal.<code>`, people's
// `irregularity.<code>` (the message speech says), the guidance's `steps.*`, the log's `log.*`;
// this file chooses the message and fills in the squares in the variant's notation.

/** Irregularities made by the side that is not to move: the one that just moved (5.4.1, 5.4.4) or the one waiting (3.14). */
const BY_THE_OTHER: ReadonlySet<IrregularityCode> = new Set(['two-moves', 'touch-out-of-turn', 'takeback']);

/** Why a game ended, as words, by the reason the rules core gives (`no-pieces`, ...; another reason as it is). */
export const resultReasonWords = (reason: string): Said => ({ id: 'log.reason', values: { reason: reason.replace(/-/g, '_'), code: reason } });

/** Why a game ended, in words in `lang` (see resultReasonWords). */
export const resultReason = (reason: string, lang: Language = 'en'): string => sayWords(lang, resultReasonWords(reason));

/** The capture rule a `not-maximum-capture` broke, as the catalogues select it (FMJD 4.13; Czech cl. 4.14). */
const choiceOf = (v: Variant): string => (v.captureChoice === 'king-first' ? 'king_first' : v.captureChoice);

/** A piece code as the catalogues select it: `wm`, `wk`, `bm`, `bk`. */
const pieceCode = (piece: number): string => `${piece & WHITE ? 'w' : 'b'}${piece & KING ? 'k' : 'm'}`;

/** Squares in the variant's notation, in words: `31`, `22 and 23`, `1-20` for a run of four or more in numbered notation. */
export function squaresText(v: Variant, squares: readonly number[], lang: Language = 'en'): string {
  return String(sayValue(lang, squaresList(v, squares)));
}

/** Squares in the variant's notation, as a list to say (see squaresText). */
export function squaresList(v: Variant, squares: readonly number[]): SaidList {
  const sorted = [...new Set(squares)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (v.notation === 'numeric' && j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 3) {
      parts.push(`${squareName(v, sorted[i])}-${squareName(v, sorted[j])}`);
      i = j;
    } else parts.push(squareName(v, sorted[i]));
  }
  return { list: parts, join: 'and' };
}

/**
 * `a`, `a and b`, `a, b and c` (`or` instead of `and` when asked), as `lang` joins a list; the
 * page's and the log's English has no comma before the last item (speech's has, listWords).
 */
export function listText(items: readonly string[], last: 'and' | 'or' = 'and', lang: Language = 'en'): string {
  return joinWords(lang, items, last);
}

/** Sentences for people, squares in the variant's notation. */
export const describe = {
  /** The side that made an irregularity flagged while `turn` is to move. */
  actor(code: IrregularityCode, turn: Color): Color {
    return BY_THE_OTHER.has(code) ? opposite(turn) : turn;
  },
  /**
   * The referee's sentence, as journaled with the irregularity (its squares listed in brackets)
   * in the journal's language; the journal checks it word for word on a resume, so it stays as
   * it is. People read {@link describe.said}.
   */
  irregularity(v: Variant, code: IrregularityCode, squares: readonly number[], turn: Color, actor?: Color, lang: Language = 'en'): string {
    const side = actor ?? describe.actor(code, turn);
    const at = squares.length > 0 ? ` (${squares.map((s) => squareName(v, s)).join(', ')})` : '';
    return say(lang, `journal.${code}`, { side, at, count: new Set(squares).size, choice: choiceOf(v) });
  },
  /**
   * An irregularity in one sentence for people, its squares in words, from what the referee
   * said of it: `side` made it, `squares` as the referee gives them for `code`. The message is
   * the one speech says (`irregularity.<code>`), squares in the variant's notation.
   *
   * @example describe.said(v, 'touch-move', [30, 31], 'white') // 'White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played.'
   */
  said(v: Variant, code: IrregularityCode, squares: readonly number[], side: Color, lang: Language = 'en'): string {
    return sayWords(lang, describe.saidWords(v, code, squares, side));
  },
  /** The sentence of {@link describe.said} as words, to say in any language. */
  saidWords(v: Variant, code: IrregularityCode, squares: readonly number[], side: Color): Said {
    const n = (i: number): string => (squares[i] === undefined ? '?' : squareName(v, squares[i]));
    const rest = code === 'not-maximum-capture' ? squares.slice(2) : squares;
    // A move is written as a scoresheet writes it (`31-27`); speech says it in words (`31 to 27`).
    return { id: `irregularity.${code}`, values: { side, from: n(0), to: n(1), move: `${n(0)}-${n(1)}`, squares: squaresList(v, rest), count: new Set(rest).size, choice: choiceOf(v) } };
  },
  /** The referee's sentence of a board that does not show the game: `The board does not show the game: clear 28; put back a white man on 32.` */
  mismatch(v: Variant, clear: readonly number[], fill: readonly Fill[], lang: Language = 'en'): string {
    const parts: string[] = [];
    if (clear.length > 0) parts.push(say(lang, 'mismatch.clear', { squares: clear.map((s) => squareName(v, s)).join(', ') }));
    if (fill.length > 0) parts.push(say(lang, 'mismatch.fill', { pieces: fill.map((f) => say(lang, 'mismatch.piece', { piece: pieceCode(f.piece), square: squareName(v, f.square) })).join(', ') }));
    return say(lang, 'mismatch.detail', { parts: parts.join('; ') });
  },
  /**
   * What the hands must do to bring the board to a position, in one sentence led by `lead`
   * (setting up, a board that does not show the game, a correction):
   * `Put the position back: take the pieces off 28 and 30, put a white man on 32.` Pieces to put
   * down are grouped by kind (`put white men on 31-50`).
   */
  steps(v: Variant, lead: 'setup' | 'mismatch' | 'correction', clear: readonly number[], fill: readonly Fill[], lang: Language = 'en'): string {
    return sayWords(lang, describe.stepsWords(v, lead, clear, fill));
  },
  /** The sentence of {@link describe.steps} as words, to say in any language. */
  stepsWords(v: Variant, lead: 'setup' | 'mismatch' | 'correction', clear: readonly number[], fill: readonly Fill[]): Said {
    const parts: Said[] = [];
    if (clear.length > 0) parts.push({ id: 'steps.clear', values: { count: clear.length, squares: squaresList(v, clear) } });
    const kinds = new Map<number, number[]>();
    for (const f of fill) kinds.set(f.piece, [...(kinds.get(f.piece) ?? []), f.square]);
    for (const [piece, squares] of [...kinds].sort((a, b) => a[1][0] - b[1][0])) {
      parts.push({ id: 'steps.fill', values: { count: squares.length, piece: pieceCode(piece), squares: squaresList(v, squares) } });
    }
    return { id: 'steps', values: { lead, parts: parts.length > 0 ? { list: parts, join: 'and' } : { id: 'steps.none' } } };
  },
};
