import type { Color } from './variant.ts';

/**
 * Piece codes in a position's board array: a colour bit and a king bit.
 * `0` is an empty square.
 */
export const EMPTY = 0;
export const WHITE = 1;
export const BLACK = 2;
export const KING = 4;
export const WHITE_MAN = WHITE;
export const BLACK_MAN = BLACK;
export const WHITE_KING = WHITE | KING;
export const BLACK_KING = BLACK | KING;

/** The colour bit of a side. */
export function colorBit(c: Color): number {
  return c === 'white' ? WHITE : BLACK;
}

export function opposite(c: Color): Color {
  return c === 'white' ? 'black' : 'white';
}

/** The colour of a non-empty piece code. */
export function colorOf(piece: number): Color {
  return piece & WHITE ? 'white' : 'black';
}

export function isKing(piece: number): boolean {
  return (piece & KING) !== 0;
}
