/* global document, performance */
// Stepping through the moves while the game goes on (the buttons under the board, a click on a
// move, Home/Left/Right/End), and the keyboard: on the board the arrows move between the
// squares; letters ask questions that touch nothing (board.js questionKey), answered in the
// polite region and spoken at the board when the game speaks (dambord play --voice).

import { canReview, questionKey, reviewKey, reviewWords, squareKey } from './board.js';
import { rove } from './boardView.js';
import { $ } from './html.js';
import { draw } from './render.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */

/** Shows the position after `ply` moves (null: the live board), and keeps focus on a control that is still there. @param {PlayPage} page @param {number | null} ply */
export function setReview(page, ply) {
  const view = page.view;
  if (!view || (ply !== null && !canReview(view))) return;
  const was = page.review;
  page.review = ply !== null && ply >= view.moves.length ? null : ply;
  if (page.review === was) return;
  draw(page);
  page.announce(page.review === null ? t(view.result ? 'play.saidBackToEnd' : 'play.saidBackToLive') : t('play.saidReviewing', { what: reviewWords(view, page.review) }));
  const focused = /** @type {any} */ (document.activeElement);
  if (focused && (focused.disabled || focused.closest('[hidden]'))) {
    const next = ['btn-prev', 'btn-first', 'btn-flip'].map((id) => $(id, 'button')).find((b) => !b.disabled);
    if (next) next.focus();
  }
}

/** The page's keys: the arrows on the board, the questions, and stepping through the moves. @param {PlayPage} page */
function attachKeys(page) {
  /** When `m` last asked for the last moves, and how many. */
  let lastAsked = { at: -Infinity, count: 0 };
  document.addEventListener('keydown', (e) => {
    const view = page.view;
    if (!view || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = /** @type {any} */ (e.target);
    if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
    // On the board the arrows move between the squares; Home and End still step.
    const on = t && typeof t.closest === 'function' ? t.closest('#board [data-square]') : null;
    const next = on ? squareKey(e.key, on.dataset.square, view.squares, view.size, page.flipped) : undefined;
    if (next !== undefined) {
      e.preventDefault();
      rove(next, true);
      return;
    }
    // Questions (the board as keyboard): answered in words in the polite region, and said aloud where the game speaks.
    const question = page.control ? questionKey(e.key, on ? on.dataset.square : null, e.key === 'm' && performance.now() - lastAsked.at < 4000 ? lastAsked.count : 0) : undefined;
    if (question) {
      e.preventDefault();
      if (question.what === 'last') lastAsked = { at: performance.now(), count: question.count ?? 1 };
      void page.ask(question);
      return;
    }
    const to = reviewKey(e.key, page.review, view.moves.length);
    if (to === undefined || !canReview(view)) return;
    e.preventDefault();
    setReview(page, to);
  });
}

/** Lends the review its buttons, the move list's moves and the keys. @param {PlayPage} page */
export function attachReview(page) {
  attachKeys(page);
  const step = (/** @type {string} */ key) => page.view && setReview(page, reviewKey(key, page.review, page.view.moves.length) ?? null);
  $('btn-first').addEventListener('click', () => setReview(page, 0));
  $('btn-prev').addEventListener('click', () => step('ArrowLeft'));
  $('btn-next').addEventListener('click', () => step('ArrowRight'));
  $('btn-last').addEventListener('click', () => setReview(page, null));
  $('btn-live').addEventListener('click', () => setReview(page, null));
  $('moves').addEventListener('click', (/** @type {any} */ e) => {
    const b = e.target.closest('button[data-index]');
    if (b && page.view) setReview(page, Number(b.dataset.index));
  });
  $('board').addEventListener('focusin', (/** @type {any} */ e) => {
    const sq = e.target.closest('[data-square]');
    if (sq) rove(sq.dataset.square);
  });
}
