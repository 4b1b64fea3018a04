/* global document, setTimeout */
// The hands on the simulated board: a click on a square with a piece lifts it, a click on one
// without puts the last piece lifted there; or a piece is dragged (pointer events: mouse, pen
// and touch) and dropped on a square, or off the board. Each lift and place is a command to the
// host, sent in order; one refused takes the piece back out of (or into) the tray.

import { liftWords } from './board.js';
import { renderHand } from './panels.js';
import { $ } from './html.js';
import { handsOn } from './playState.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */

/** @param {PlayPage} page @param {string} name */
function sqView(page, name) {
  return page.view ? page.view.squares.find((s) => s.name === name) : undefined;
}

/** @param {PlayPage} page @param {string} name */
async function lift(page, name) {
  const sq = sqView(page, name);
  const item = { piece: sq && sq.piece ? sq.piece : 'unknown', from: name };
  page.hand.push(item);
  renderHand(page);
  page.announce(liftWords(sq, name));
  if (!(await page.send({ type: 'lift', square: name }))) {
    page.hand = page.hand.filter((h) => h !== item);
    renderHand(page);
  }
}

/** @param {PlayPage} page @param {string} name */
async function place(page, name) {
  const item = page.hand.pop();
  renderHand(page);
  if (!(await page.send({ type: 'place', square: name })) && item) {
    page.hand.push(item);
    renderHand(page);
  }
}

/**
 * Lends the page's hands to the board: clicks (and Enter or Space on a square) and drags lift
 * and place while the board answers the hands ({@link handsOn}).
 * @param {PlayPage} page
 */
export function attachHands(page) {
  const boardEl = $('board');
  const dragEl = $('drag-piece');
  /** @type {{from: string, piece: string, x: number, y: number, id: number, started: boolean} | null} */
  let drag = null;
  let suppressClick = false;

  boardEl.addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const target = /** @type {HTMLElement} */ (e.target).closest('[data-square]');
    if (!target || suppressClick || !handsOn(page)) return;
    const sq = sqView(page, /** @type {string} */ (/** @type {HTMLElement} */ (target).dataset.square));
    if (!sq) return;
    if (sq.sensed) void lift(page, sq.name);
    else void place(page, sq.name);
  });
  boardEl.addEventListener('pointerdown', (/** @type {PointerEvent} */ e) => {
    if (!handsOn(page) || e.button !== 0) return;
    const target = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[data-square]'));
    const sq = target ? sqView(page, target.dataset.square ?? '') : undefined;
    if (!sq || !sq.sensed) return;
    drag = { from: sq.name, piece: sq.piece ?? 'unknown', x: e.clientX, y: e.clientY, id: e.pointerId, started: false };
  });
  document.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      drag.started = true;
      dragEl.className = `drag-piece piece ${drag.piece}`;
      dragEl.hidden = false;
      void lift(page, drag.from);
    }
    dragEl.style.left = `${e.clientX}px`;
    dragEl.style.top = `${e.clientY}px`;
    e.preventDefault();
  }, { passive: false });
  const up = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    dragEl.hidden = true;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (e.type === 'pointercancel') return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const target = /** @type {HTMLElement | null} */ (under ? under.closest('[data-square]') : null);
    if (target) void place(page, target.dataset.square ?? '');
    else page.announce(t('play.pieceOff'));
  };
  document.addEventListener('pointerup', up);
  document.addEventListener('pointercancel', up);
}
