// How likely a writer who meant one move wrote another: the slips people make writing moves
// down, each with a cost (lower is likelier) and the words that say it.

import type { Move } from '../move.ts';
import { squareName } from '../notation.ts';
import type { Variant } from '../variant.ts';
import { SLIP_CODES } from './words.ts';
import type { SlipWords, SquareSlip } from './words.ts';

/** A written move set against the move it may stand for: how unlikely the slip is, and what it was. */
export interface Likeness {
  readonly cost: number;
  readonly why: string;
}

/** Letters typed for the digits they look like. */
const LOOKALIKE: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1', S: '5', B: '8', Z: '2' };

/** The cost of a square written for another that has nothing to do with it. */
export const UNRELATED = 4;

/** How a square's name may have been written for `square`: the cost and the words, or UNRELATED. */
function squareSlip(v: Variant, written: string, square: number, words: SlipWords): Likeness {
  const name = squareName(v, square);
  if (written === name) return { cost: 0, why: '' };
  const slip = (cost: number, what: SquareSlip): Likeness => ({ cost, why: words.square(written, name, what) });
  if (v.notation === 'numeric' && written.replace(/[OoIlSBZ]/g, (c) => LOOKALIKE[c]) === name) return slip(0.5, 'lookalike');
  if (written.length === 2 && written[1] + written[0] === name) return slip(1, 'digits-swapped');
  if (v.notation === 'numeric' && /^\d+$/.test(written)) {
    const d = Math.abs(Number(written) - (square + 1));
    const row = v.geometry.size / 2;
    if (d === 1) return slip(1, 'one-off');
    if (d >= row - 1 && d <= row + 1) return slip(1.2, 'row-off');
    if (d === 2 * row) return slip(1.6, 'two-rows-off');
  }
  if (v.notation === 'algebraic' && written.length === name.length) {
    const file = Math.abs(written.charCodeAt(0) - name.charCodeAt(0));
    const rank = Math.abs(Number(written.slice(1)) - Number(name.slice(1)));
    if (file + rank === 1) return slip(1, file ? 'file-off' : 'rank-off');
    if (file === 1 && rank === 1) return slip(1.4, 'diagonal-off');
  }
  if (written.length === name.length && [...written].filter((c, k) => c !== name[k]).length === 1) return slip(1.5, 'misread');
  if (Math.abs(written.length - name.length) === 1 && (name.includes(written) || written.includes(name))) return slip(1.6, 'dropped-added');
  return { cost: UNRELATED, why: words.square(written, name, null) };
}

/** The square written on the other side of the board (the writer's view turned round): 51 - n, or h8 for a1. */
function mirrored(v: Variant, square: number): number {
  return v.geometry.squares - 1 - square;
}

/**
 * How likely it is that `move` was meant where `written` was written: every square written as
 * the move's own (cost 0), with a digit swapped, one off, a row off (±1, ±4/5/6 on 10x10,
 * ±3/4/5 on 8x8, a file or rank off in a1-h8), from and to swapped, the whole move written from
 * the other side of the board, or a capture's route written another way; the words from `words`.
 */
export function likeness(v: Variant, written: string, move: Move, words: SlipWords = SLIP_CODES): Likeness {
  const tokens = written.trim().split(/\s*[-x:X]\s*/).filter((t) => t !== '');
  const from = tokens[0] ?? '';
  const to = tokens.length > 1 ? tokens[tokens.length - 1] : '';
  const via = tokens.slice(1, -1);
  const name = (s: number) => squareName(v, s);
  if (from === name(move.to) && to === name(move.from)) return { cost: 1, why: words.move('from-to-swapped') };
  if (from === name(mirrored(v, move.from)) && to === name(mirrored(v, move.to))) return { cost: 1.2, why: words.move('other-side') };
  if (v.notation === 'algebraic' && from.length === 2 && to.length === 2) {
    const [f, t] = [name(move.from), name(move.to)];
    if (from === t[0] + f[1] && to === f[0] + t[1]) return { cost: 1, why: words.move('files-swapped') };
    if (from === f[0] + t[1] && to === t[0] + f[1]) return { cost: 1, why: words.move('ranks-swapped') };
  }
  const a = squareSlip(v, from, move.from, words);
  const b = squareSlip(v, to, move.to, words);
  let cost = a.cost + b.cost;
  const whys = [a.why, b.why].filter((w) => w !== '');
  if (via.length > 0 && !routeMatches(v, via, move)) {
    cost += 0.5;
    whys.push(move.captured.length > 0 ? words.move('capture-route') : words.move('plain-route'));
  }
  if (a.cost > 0 && b.cost > 0 && cost < UNRELATED) cost += 0.5; // two slips in one move
  return { cost, why: words.join(whys) };
}

function routeMatches(v: Variant, via: readonly string[], move: Move): boolean {
  let k = 0;
  for (const s of move.path) if (k < via.length && squareName(v, s) === via[k]) k++;
  return k === via.length;
}
