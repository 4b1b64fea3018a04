// A guided replay as the game at the board follows it (`dambord digitise --guide`): the guide
// (host/game/guide.ts) kept beside the scoresheet, moved on by each move the referee recognises
// and taken back with each takeback; what the LEDs light for it (an overlay under the referee's
// own layers, host/game/leds/guidance.ts) and what the page and the terminal say. Pure.

import { squareName } from '../../rules/index.ts';
import type { Move, Variant } from '../../rules/index.ts';
import type { Repair } from '../../rules/slips/check.ts';
import type { Expected, Guide } from './guide.ts';
import { expected, guideMove, guideTakeback, guideWhy, repairComment } from './guide.ts';
import type { LedMark } from './leds/guidance.ts';
import type { RefereeOutput } from './referee/types.ts';
import type { GuideView } from './types.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/** A guide and what it asks for now (worked out once a move: at a slip the candidates are a search). */
export interface Guided {
  readonly guide: Guide;
  readonly asks: Expected;
}

/** How many of a slip's candidates the LEDs and the words show. */
export const CANDIDATES_SHOWN = 3;

/** `g` with what it asks for. */
export function guided(g: Guide): Guided {
  return { guide: g, asks: expected(g) };
}

/**
 * The guide after the referee said `outputs`: each move played moves it on, each takeback (a
 * game being recorded) takes it back. The digitise policy takes legal moves only, so every move
 * is one of the guide's position.
 */
export function followOutputs(gd: Guided, outputs: readonly RefereeOutput[]): Guided {
  let g = gd.guide;
  for (const o of outputs) {
    if (o.type === 'move') g = guideMove(g, o.move);
    else if (o.type === 'accepted' && o.code === 'takeback') g = guideTakeback(g);
  }
  return g === gd.guide ? gd : guided(g);
}

/** The moves a slip's likeliest candidates play there (a move put in its place or before it), at most {@link CANDIDATES_SHOWN}. */
export function candidateMoves(asks: Expected): Move[] {
  if (asks.kind !== 'slip') return [];
  return asks.candidates.flatMap((r) => (r.kind === 'delete' ? [] : [r.move])).slice(0, CANDIDATES_SHOWN);
}

/**
 * What the LEDs light for the guide, square by square: the move the sheet asks for, its from and
 * to squares as `hint` and the pieces it takes as `remove`; at a slip the from and to squares of
 * the likeliest moves (`hint`); nothing once the sheet's moves are all played.
 */
export function guideMarks(gd: Guided): (LedMark | null)[] {
  const marks: (LedMark | null)[] = Array.from({ length: gd.guide.position.variant.geometry.squares }, () => null);
  const asks = gd.asks;
  const moves = asks.kind === 'move' ? [asks.move] : candidateMoves(asks);
  for (const m of moves) {
    for (const sq of m.captured) marks[sq] = 'remove';
    marks[m.from] = 'hint';
    marks[m.to] = 'hint';
  }
  return marks;
}

/** A candidate in words: `32-28 (23 for 32, digits swapped)`. */
function candidateText(r: Repair, written: string, lang: Language): string {
  const text = say(lang, 'guide.candidate', { kind: r.kind, written, move: r.kind === 'delete' ? '' : r.text });
  return `${text}${r.why ? ` (${r.why})` : ''}`;
}

/** What the sheet asks for, for the page and the terminal, in the guide's language: `ply 17: 32-28`, or the slip and its likeliest candidates. */
export function guideView(gd: Guided, v: Variant): GuideView {
  const { asks, guide } = gd;
  const lang = guide.lang;
  const ply = (n: number, text: string): string => say(lang, 'guide.ply', { ply: n, text });
  const repairs = guide.repairs.map((r) => ply(r.ply, repairComment(r, lang).replace(/^dambord: /, '')));
  const names = (m: Move): string[] => [m.from, m.to].map((sq) => squareName(v, sq));
  if (asks.kind === 'end') {
    return { kind: 'end', ply: guide.plies + 1, message: say(lang, 'guide.end', { plies: guide.plies }), squares: [], repairs };
  }
  if (asks.kind === 'move') {
    const note = asks.written === null ? ` (${guideWhy('forced', lang)})` : '';
    return { kind: 'move', ply: asks.ply, message: ply(asks.ply, `${asks.text}${note}`), squares: names(asks.move), repairs };
  }
  const likely = asks.candidates.slice(0, CANDIDATES_SHOWN).map((r) => candidateText(r, asks.written, lang));
  const more = asks.candidates.length > CANDIDATES_SHOWN ? ', ...' : '';
  const slip = say(lang, 'guide.slip', { written: asks.written, found: likely.length > 0 ? 'yes' : 'no', candidates: `${likely.join(', ')}${more}` });
  return { kind: 'slip', ply: asks.ply, message: ply(asks.ply, slip), squares: candidateMoves(asks).flatMap(names), repairs };
}
