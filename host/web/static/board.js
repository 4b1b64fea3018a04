// The board as the page draws it: what each square holds and why it is marked, in words, the
// positions of the game for stepping through its moves, the keys that step, and the arrow keys
// that move between the squares. Pure functions, no document: the tests run them in Node.

import { moveName } from './format.js';
import { PIECE_NAMES, pieceOf } from './pieces.js';
import { t } from './words.js';

/** @typedef {'clear'|'fill'|'flagged'|'remove'|'capture'|'obligation'|'hint'|'last'} Mark */
/** @typedef {{name: string, row: number, col: number, piece: import('./pieces.js').Piece | null, sensed: boolean, led: string, mark?: Mark | null}} SquareView */

/** @type {Readonly<Record<string, string>>} */
const LED_NAMES = { on: t('play.ledOn'), slow: t('play.ledSlow'), fast: t('play.ledFast'), alternate: t('play.ledAlternate') };

/**
 * Why a square is marked, in words (the LED layers of host/game/leds/guidance.ts), and the sign
 * the page draws with it: the legend and the squares' names read these.
 * @type {Readonly<Record<Mark, {words: string, legend: string}>>}
 */
export const MARKS = {
  last: { words: t('play.mark.last'), legend: t('play.legend.last') },
  hint: { words: t('play.mark.hint'), legend: t('play.legend.hint') },
  capture: { words: t('play.mark.capture'), legend: t('play.legend.capture') },
  obligation: { words: t('play.mark.obligation'), legend: t('play.legend.obligation') },
  flagged: { words: t('play.mark.flagged'), legend: t('play.legend.flagged') },
  remove: { words: t('play.mark.remove'), legend: t('play.legend.remove') },
  clear: { words: t('play.mark.clear'), legend: t('play.legend.clear') },
  fill: { words: t('play.mark.fill'), legend: t('play.legend.fill') },
};

/**
 * What a square holds, as words for a screen reader.
 * @param {SquareView} sq
 * @param {{clear?: boolean, fill?: boolean}} [marks] squares to clear or fill of the old views, which had no `mark`
 */
export function squareLabel(sq, marks = {}) {
  let what;
  if (sq.piece && sq.sensed) what = PIECE_NAMES[sq.piece];
  else if (sq.piece) what = t('play.pieceLifted', { piece: sq.piece });
  else if (sq.sensed) what = t('play.pieceUnknown');
  else what = t('play.squareEmpty');
  const parts = [`${sq.name}: ${what}`];
  if (sq.mark && MARKS[sq.mark]) parts.push(MARKS[sq.mark].words);
  if (sq.led && sq.led !== 'off') parts.push(LED_NAMES[sq.led] ?? t('play.ledOther', { led: sq.led }));
  if (marks.clear && sq.mark !== 'clear') parts.push(t('play.toClear'));
  if (marks.fill && sq.mark !== 'fill') parts.push(t('play.toFill'));
  return parts.join(', ');
}

/**
 * What the page's hands took off `sq`, in words for a screen reader: `Lifted the white man from 32.`
 * @param {SquareView | undefined} sq
 * @param {string} name the square's name
 */
export function liftWords(sq, name) {
  return t('play.liftedFrom', { piece: sq && sq.piece ? sq.piece : 'unknown', square: name });
}

/** The step of each arrow key on the board as drawn: rows down, places in the row to the right. */
const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * The square an arrow key moves the focus to from the square `name`, on the board as drawn
 * (`flipped`: turned round, White's side at the top). ArrowLeft and ArrowRight: the next dark
 * square in the same row; ArrowUp and ArrowDown: the square at the same place in the row above
 * or below, a diagonal step that goes left and right by turns (on the 10x10 board 32 up is 27,
 * down 37), so that Up then Down comes back. At the edge of the board the focus stays on `name`.
 * undefined for any other key, or for a square that is not on the board.
 * @param {string} key
 * @param {string} name
 * @param {readonly {name: string, row: number, col: number}[]} squares
 * @param {number} size
 * @param {boolean} flipped
 * @returns {string | undefined}
 */
export function squareKey(key, name, squares, size, flipped) {
  const step = /** @type {Record<string, number[]>} */ (ARROWS)[key];
  if (!step) return undefined;
  /** @type {Map<number, {name: string, col: number}[]>} */
  const rows = new Map();
  let row = -1;
  for (const s of squares) {
    const r = flipped ? size - 1 - s.row : s.row;
    if (!rows.has(r)) rows.set(r, []);
    /** @type {{name: string, col: number}[]} */ (rows.get(r)).push({ name: s.name, col: flipped ? size - 1 - s.col : s.col });
    if (s.name === name) row = r;
  }
  if (row < 0) return undefined;
  for (const list of rows.values()) list.sort((a, b) => a.col - b.col);
  const place = /** @type {{name: string, col: number}[]} */ (rows.get(row)).findIndex((s) => s.name === name);
  const target = (rows.get(row + step[0]) ?? [])[place + step[1]];
  return target ? target.name : name;
}

/**
 * How many pieces are off the board compared with the game: lifted pieces minus pieces put
 * down where the game has none. This is what the hands hold.
 * @param {readonly SquareView[]} squares
 */
export function piecesInHand(squares) {
  let lifted = 0;
  let extra = 0;
  for (const sq of squares) {
    if (sq.piece && !sq.sensed) lifted++;
    if (!sq.piece && sq.sensed) extra++;
  }
  return Math.max(0, lifted - extra);
}

/**
 * The position after `ply` moves (0: the start) as the squares of `view` with the pieces of that
 * moment, every piece where it stands and no LED; the squares of the move that led to it are
 * marked `last`. null when the view does not carry that position (`startBoard`, `moves[].board`)
 * or carries one that does not fit the board.
 * @param {any} view
 * @param {number} ply
 * @returns {SquareView[] | null}
 */
export function positionAt(view, ply) {
  const moves = Array.isArray(view.moves) ? view.moves : [];
  if (!Number.isInteger(ply) || ply < 0 || ply > moves.length) return null;
  const move = ply === 0 ? null : moves[ply - 1];
  const board = ply === 0 ? view.startBoard : move.board;
  if (typeof board !== 'string' || board.length !== view.squares.length) return null;
  const last = new Set(move && Array.isArray(move.squares) ? move.squares : []);
  /** @type {SquareView[]} */
  const out = [];
  for (let i = 0; i < board.length; i++) {
    const piece = pieceOf(board[i]);
    if (piece === undefined) return null;
    const sq = view.squares[i];
    out.push({ name: sq.name, row: sq.row, col: sq.col, piece, sensed: piece !== null, led: 'off', mark: last.has(sq.name) ? 'last' : null });
  }
  return out;
}

/** Whether the view carries the positions to step through (the start, and the board after each move). */
export function canReview(/** @type {any} */ view) {
  return Boolean(view) && positionAt(view, 0) !== null;
}

/**
 * The position reviewed, in words: `the position after 3. 28x19`, `the start position`, or (null)
 * `the live game`.
 * @param {Pick<import('../../game/types.ts').PlayView, 'moves'>} view
 * @param {number | null} review the ply shown (0: the start), or null: the live board
 */
export function reviewWords(view, review) {
  if (review === null) return t('play.reviewLive');
  if (review === 0) return t('play.reviewStart');
  return t('play.reviewAfter', { move: moveName(view.moves[review - 1], view.moves[0].ply) });
}

/**
 * Where a key takes the review of a game of `count` moves. `at` is the ply shown (0 the start,
 * `count` the last move) or null for the live board. Home: the start; ArrowLeft: one move back
 * (from the live board, the position before the last move); ArrowRight: one move on, and past
 * the last move the live board; End: the live board. undefined for any other key.
 * @param {string} key
 * @param {number | null} at
 * @param {number} count
 * @returns {number | null | undefined}
 */
export function reviewKey(key, at, count) {
  const live = (/** @type {number} */ ply) => (ply >= count ? null : ply);
  switch (key) {
    case 'Home':
      return count === 0 ? null : 0;
    case 'End':
      return null;
    case 'ArrowLeft':
      return live(Math.max(0, (at ?? count) - 1));
    case 'ArrowRight':
      return at === null ? null : live(at + 1);
    default:
      return undefined;
  }
}

/**
 * The question a key asks (the board as keyboard, on the page): `t` whose turn, `c` the clocks,
 * `m` the last move (again: one more, the last `repeat` + 1), `r` the position by rows, `k` the
 * pieces by kind, `q` what stands on the focused square and where it may go, `d` the diagonals
 * through it. Undefined for any other key, or for `q`/`d` with no square focused.
 * @param {string} key
 * @param {string | null} square the focused square's name, if the focus is on the board
 * @param {number} repeat how many `m` were pressed just before (0: none)
 * @returns {{ type: 'query', what: string, square?: string, count?: number } | undefined}
 */
export function questionKey(key, square, repeat) {
  switch (key) {
    case 't':
      return { type: 'query', what: 'turn' };
    case 'c':
      return { type: 'query', what: 'clocks' };
    case 'm':
      return { type: 'query', what: 'last', count: repeat + 1 };
    case 'r':
      return { type: 'query', what: 'rows' };
    case 'k':
      return { type: 'query', what: 'kinds' };
    case 'q':
      return square === null ? undefined : { type: 'query', what: 'square', square };
    case 'd':
      return square === null ? undefined : { type: 'query', what: 'diagonals', square };
    default:
      return undefined;
  }
}
