// Two records of one game set side by side (white's and black's scoresheets, or a sheet and the
// board's journal): the moves in which they differ, aligned so that a move one of them left
// out is one difference and not every move after it, and the first divergence.

import type { Position } from '../position.ts';
import type { SheetCheck } from './check.ts';
import { checkSheet } from './check.ts';
import { SLIP_CODES } from './words.ts';
import type { SlipWords } from './words.ts';

/** One record of the game: what it is called, where it starts and its moves as written. */
export interface GameRecord {
  readonly name: string;
  readonly start: Position;
  readonly written: readonly string[];
}

/** A place where the two records differ: plies counted from 1 in each record. */
export type Difference =
  | { readonly kind: 'differ'; readonly plyA: number; readonly plyB: number; readonly a: string; readonly b: string }
  | { readonly kind: 'only-a'; readonly plyA: number; readonly a: string }
  | { readonly kind: 'only-b'; readonly plyB: number; readonly b: string };

export interface Reconciled {
  readonly differences: readonly Difference[];
  /** Each record checked on its own: where it breaks, if it does, and the likeliest repairs. */
  readonly checkA: SheetCheck;
  readonly checkB: SheetCheck;
}

/** A written move reduced to its start and end, as people write them: `32x23`, `32-23` and `32x28x23` are one key. */
export function moveKey(text: string): string {
  const squares = text.trim().toLowerCase().split(/\s*[-x:]\s*/).map((s) => s.replace(/^0+(?=\d)/, ''));
  return `${squares[0]}-${squares[squares.length - 1]}`;
}

/**
 * The differences between two records of a game, in order (the first is the first divergence),
 * by the longest run of moves they share: a move written in one and not the other is one
 * difference, moves that stand in the same place but differ are another.
 */
export function reconcile(a: GameRecord, b: GameRecord, words: SlipWords = SLIP_CODES): Reconciled {
  const ka = a.written.map(moveKey);
  const kb = b.written.map(moveKey);
  const n = ka.length;
  const m = kb.length;
  // lcs[i][j]: the longest common run of moves of ka[i..] and kb[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = ka[i] === kb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const differences: Difference[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && ka[i] === kb[j]) [i, j] = [i + 1, j + 1];
    else if (i < n && j < m && lcs[i + 1][j + 1] === lcs[i][j]) {
      differences.push({ kind: 'differ', plyA: i + 1, plyB: j + 1, a: a.written[i], b: b.written[j] });
      [i, j] = [i + 1, j + 1];
    } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
      differences.push({ kind: 'only-a', plyA: i + 1, a: a.written[i] });
      i++;
    } else {
      differences.push({ kind: 'only-b', plyB: j + 1, b: b.written[j] });
      j++;
    }
  }
  return { differences, checkA: checkSheet(a.start, a.written, { words }), checkB: checkSheet(b.start, b.written, { words }) };
}
