import { indexAt } from './geometry.ts';
import type { Variant } from './variant.ts';

/**
 * Square names: numbers 1..50 (FMJD 2.6, 8.1) or 1..32 (Laws 5), and algebraic a1..h8 (Czech
 * 2.6), each read and written here and only here.
 */

/** The index of a square written as a number or algebraically, or -1 if it is not one. */
export function parseSquare(v: Variant, text: string): number {
  const g = v.geometry;
  const c0 = text.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) {
    if (!/^\d{1,2}$/.test(text)) return -1;
    const n = Number(text);
    return n >= 1 && n <= g.squares ? n - 1 : -1;
  }
  const m = /^([a-jA-J])(\d{1,2})$/.exec(text);
  if (!m) return -1;
  let file = m[1].toLowerCase().charCodeAt(0) - 97;
  let rank = Number(m[2]);
  if (file >= g.size || rank < 1 || rank > g.size) return -1;
  if (v.algebraicFrom === 'black') {
    file = g.size - 1 - file;
    rank = g.size + 1 - rank;
  }
  return indexAt(g, g.size - rank, file);
}

/** A square's number (1-based). */
export function squareNumber(index: number): string {
  return String(index + 1);
}

/** A square's algebraic name as the variant writes it. */
export function squareAlgebraic(v: Variant, index: number): string {
  const g = v.geometry;
  let file = g.col[index];
  let rank = g.size - g.row[index];
  if (v.algebraicFrom === 'black') {
    file = g.size - 1 - file;
    rank = g.size + 1 - rank;
  }
  return String.fromCharCode(97 + file) + rank;
}

/** A square in the variant's own notation. */
export function squareName(v: Variant, index: number): string {
  return v.notation === 'algebraic' ? squareAlgebraic(v, index) : squareNumber(index);
}
