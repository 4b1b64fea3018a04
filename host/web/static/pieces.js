// The pieces as the host and both pages name them: `wm` a white man, `wk` a white king, `bm` a
// black man, `bk` a black king (PlayView's SquareView.piece, the pages' CSS classes), and the
// characters of a position string (PlayView.startBoard, the broadcast's BoardState.position):
// `w` `W` `b` `B`, `.` empty.

import { t } from './words.js';

/** @typedef {NonNullable<import('../../game/types.ts').SquareView['piece']>} Piece */

/** Each piece in words: `white man`, `black king`. @type {Readonly<Record<Piece, string>>} */
export const PIECE_NAMES = { wm: t('common.piece', { piece: 'wm' }), wk: t('common.piece', { piece: 'wk' }), bm: t('common.piece', { piece: 'bm' }), bk: t('common.piece', { piece: 'bk' }) };

/** The piece each character of a position string stands for (`.`: none). @type {Readonly<Record<'w'|'W'|'b'|'B'|'.', Piece | null>>} */
export const BOARD_PIECES = { w: 'wm', W: 'wk', b: 'bm', B: 'bk', '.': null };

/**
 * The piece a character of a position string stands for: `pieceOf('W')` is `wk`, `pieceOf('.')`
 * is null; undefined for a character that is none of `w W b B .`.
 * @param {string} ch
 * @returns {Piece | null | undefined}
 */
export function pieceOf(ch) {
  return Object.hasOwn(BOARD_PIECES, ch) ? BOARD_PIECES[/** @type {keyof typeof BOARD_PIECES} */ (ch)] : undefined;
}

/** Whether a piece is a king (`wk`, `bk`). @param {Piece | null | undefined} piece */
export function isKing(piece) {
  return piece === 'wk' || piece === 'bk';
}

/** The man of a side, for a swatch of its colour: `manOf('white')` is `wm`. @param {'white'|'black'} side @returns {Piece} */
export function manOf(side) {
  return side === 'white' ? 'wm' : 'bm';
}
