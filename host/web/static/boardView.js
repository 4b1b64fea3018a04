/* global document */
// The play page's board as drawn: a grid of squares, each dark one a button named by what it
// holds and why it is marked (board.js squareLabel), with its LED, piece and mark drawn; one of
// them in the tab order (roving tabindex). The board is built again only when its squares or
// its orientation change; each view redraws what the squares show. The legend of the marks is
// drawn with the same squares.

import { MARKS, positionAt, reviewWords, squareLabel } from './board.js';
import { isKing } from './pieces.js';
import { $, escapeHtml } from './html.js';
import { handsOn } from './playState.js';
import { t } from './words.js';

/** @typedef {import('./board.js').SquareView} SquareView */
/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayView} PlayView */

/**
 * The sign drawn on a square for each mark (besides its colours), so that colour is not the only
 * difference: the piece that must capture jumps (↷), unlike the cross of a piece to take off.
 */
const BADGES = { capture: '↷', obligation: '!', flagged: '?', remove: '✕', clear: '−', fill: '+' };

/** The squares drawn, by name. @type {Map<string, HTMLElement>} */
const squareEls = new Map();
/** What the board was built for (size, orientation, squares): a change builds it again. */
let boardKey = '';
/** The square in the tab order (roving tabindex): the one last focused, at first the first drawn. @type {string | null} */
let tabSquare = null;

/** The inside of a square: its LED, its piece, the sign of its mark, its number. @param {SquareView} sq @param {string | null} mark */
function squareHtml(sq, mark) {
  let piece = '';
  if (sq.piece) piece = `<span class="piece ${sq.piece}${sq.sensed ? '' : ' ghost'}">${isKing(sq.piece) ? '<span class="crown" aria-hidden="true">♛</span>' : ''}</span>`;
  else if (sq.sensed) piece = '<span class="piece unknown"></span>';
  const led = sq.led && sq.led !== 'off' ? `<span class="led led-${sq.led}"></span>` : '';
  const badge = mark && mark in BADGES ? `<span class="badge" aria-hidden="true">${BADGES[/** @type {keyof typeof BADGES} */ (mark)]}</span>` : '';
  return `${piece}${led}${badge}<span class="num" aria-hidden="true">${escapeHtml(sq.name)}</span>`;
}

/** Builds the grid of `view`'s board, Black at the top unless `flipped`; the focus stays on the board if it was there. @param {PlayView} view @param {boolean} flipped */
function buildBoard(view, flipped) {
  const boardEl = $('board');
  const hadFocus = boardEl.contains(document.activeElement);
  boardEl.textContent = '';
  squareEls.clear();
  const size = view.size;
  boardEl.style.setProperty('--size', String(size));
  const dark = new Map(view.squares.map((s) => [`${s.row},${s.col}`, s]));
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const sq = dark.get(flipped ? `${size - 1 - r},${size - 1 - c}` : `${r},${c}`);
      const el = document.createElement(sq ? 'button' : 'div');
      if (!sq) {
        el.className = 'sq light';
        el.setAttribute('aria-hidden', 'true');
        boardEl.append(el);
        continue;
      }
      /** @type {HTMLButtonElement} */ (el).type = 'button';
      el.className = 'sq dark';
      el.dataset.square = sq.name;
      el.tabIndex = -1;
      boardEl.append(el);
      squareEls.set(sq.name, el);
    }
  }
  if (tabSquare === null || !squareEls.has(tabSquare)) tabSquare = /** @type {HTMLElement} */ (boardEl.querySelector('[data-square]')).dataset.square ?? null;
  rove(/** @type {string} */ (tabSquare), hadFocus);
}

/** Puts the square `name` in the tab order, the others out of it, and with `focus` focuses it. @param {string} name */
export function rove(name, focus = false) {
  const el = squareEls.get(name);
  if (!el) return;
  const old = tabSquare === null ? undefined : squareEls.get(tabSquare);
  if (old && old !== el) old.tabIndex = -1;
  tabSquare = name;
  el.tabIndex = 0;
  if (focus) el.focus();
}

/** Draws the squares: the live ones, or those of the position reviewed, each with its mark, label and state. @param {PlayPage} page @param {PlayView} view */
export function renderBoard(page, view) {
  const key = `${view.size}:${page.flipped}:${view.squares.map((s) => s.name).join(',')}`;
  if (key !== boardKey) {
    boardKey = key;
    buildBoard(view, page.flipped);
  }
  const boardEl = $('board');
  // A host without square marks names the squares to clear and fill in its guidance.
  const g = page.review === null ? view.guidance : null;
  const clear = new Set(g && Array.isArray(g.clear) ? g.clear : []);
  const fill = new Set(g && Array.isArray(g.fill) ? g.fill : []);
  const hands = handsOn(page);
  boardEl.classList.toggle('hands', hands);
  boardEl.classList.toggle('review', page.review !== null);
  boardEl.setAttribute('aria-label', page.review === null ? t('play.board') : t('play.boardReviewed', { what: reviewWords(view, page.review) }));
  /** @type {readonly SquareView[]} */
  const shown = (page.review === null ? null : positionAt(view, page.review)) ?? view.squares;
  for (const sq of shown) {
    const el = squareEls.get(sq.name);
    if (!el) continue;
    const mark = sq.mark !== undefined ? sq.mark : clear.has(sq.name) ? 'clear' : fill.has(sq.name) ? 'fill' : null;
    el.setAttribute('aria-label', squareLabel({ ...sq, mark }));
    if (!hands) el.setAttribute('aria-disabled', 'true');
    else el.removeAttribute('aria-disabled');
    el.className = `sq dark${mark ? ` mark-${mark}` : ''}`;
    el.dataset.piece = sq.piece ?? '';
    el.dataset.sensed = String(sq.sensed);
    el.dataset.led = sq.led;
    el.dataset.mark = mark ?? '';
    el.innerHTML = squareHtml(sq, mark);
  }
}

/**
 * The legend of everything the board draws, each drawn as on the board: the marks (a sample
 * piece where the mark is on one), then the LED, a lifted piece, a piece the game does not have
 * there and a king.
 */
export function renderLegend() {
  const samplePiece = /** @type {Record<string, 'wm'|'bm'>} */ ({ capture: 'wm', obligation: 'wm', remove: 'bm', clear: 'bm', flagged: 'wm', last: 'wm' });
  const square = (/** @type {SquareView['piece']} */ piece, sensed = piece !== null, /** @type {SquareView['led']} */ led = 'off') => ({ name: '', row: 0, col: 0, piece, sensed, led, mark: null });
  /** @type {{name: string, mark: string | null, sq: SquareView, text: string}[]} */
  const items = Object.entries(MARKS).map(([mark, m]) => ({ name: mark, mark, sq: square(samplePiece[mark] ?? null), text: m.legend }));
  items.push(
    { name: 'led', mark: null, sq: square(null, false, 'on'), text: t('play.legend.led') },
    { name: 'lifted', mark: null, sq: square('wm', false), text: t('play.legend.lifted') },
    { name: 'unknown', mark: null, sq: square(null, true), text: t('play.legend.unknown') },
    { name: 'king', mark: null, sq: square('wk'), text: t('play.legend.king') },
  );
  $('legend').innerHTML = items
    .map(({ name, mark, sq, text }) => `<li data-legend="${name}"><span class="sample sq dark${mark ? ` mark-${mark}` : ''}" aria-hidden="true">${squareHtml(sq, mark)}</span> ${escapeHtml(text)}</li>`)
    .join('');
}
