// A guided replay as the game at the board follows it (`dambord digitise --guide`): the guide
// (host/game/guide.ts) kept beside the scoresheet, moved on by each move the referee recognises
// and taken back with each takeback; what the LEDs light for it (an overlay under the referee's
// own layers, host/game/leds/guidance.ts) and what the page and the terminal say. Pure.

import { squareName } from '../../rules/index.ts';
import type { Move, Variant } from '../../rules/index.ts';
import type { Repair } from '../../rules/slips/check.ts';
import type { Expected, Guide } from './guide.ts';
import { expected, guideMove, guideTakeback, repairComment } from './guide.ts';
import type { LedMark } from './leds/guidance.ts';
import type { RefereeOutput } from './referee/types.ts';
import type { GuideView } from './types.ts';

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
function candidateText(r: Repair, written: string): string {
  if (r.kind === 'delete') return `${written} left out (${r.why})`;
  return `${r.text}${r.kind === 'insert' ? ` before ${written}` : ''}${r.why ? ` (${r.why})` : ''}`;
}

/** What the sheet asks for, for the page and the terminal: `ply 17: 32-28`, or the slip and its likeliest candidates. */
export function guideView(gd: Guided, v: Variant): GuideView {
  const asks = gd.asks;
  const repairs = gd.guide.repairs.map((r) => `ply ${r.ply}: ${repairComment(r).replace(/^dambord: /, '')}`);
  const names = (m: Move): string[] => [m.from, m.to].map((sq) => squareName(v, sq));
  if (asks.kind === 'end') {
    return { kind: 'end', ply: gd.guide.plies + 1, message: `the sheet's moves are all played (${gd.guide.plies} plies): give the result`, squares: [], repairs };
  }
  if (asks.kind === 'move') {
    const note = asks.written === null ? ' (a forced capture the sheet leaves out)' : '';
    return { kind: 'move', ply: asks.ply, message: `ply ${asks.ply}: ${asks.text}${note}`, squares: names(asks.move), repairs };
  }
  const likely = asks.candidates.slice(0, CANDIDATES_SHOWN).map((r) => candidateText(r, asks.written));
  const more = asks.candidates.length > CANDIDATES_SHOWN ? ', ...' : '';
  const what = likely.length > 0 ? `most likely ${likely.join(', ')}${more}` : 'nothing found lets the game go on: play the move that was made';
  return { kind: 'slip', ply: asks.ply, message: `ply ${asks.ply}: the sheet has ${asks.written}, which cannot be played; ${what}`, squares: candidateMoves(asks).flatMap(names), repairs };
}
