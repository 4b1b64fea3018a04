/* global document */
// The play page's move list and review bar: the moves in pairs (`1. 32-28 19-23`), each a
// button that shows its position (review.js), irregular moves flagged and every move's notes
// listed under its pair; the banner and the buttons for stepping through the moves.

import { canReview, reviewWords } from './board.js';
import { moveName, pairMoves } from './format.js';
import { $, escapeHtml } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayView} PlayView */
/** @typedef {import('../../game/types.ts').MoveView} MoveView */

/** What happened on a move besides the move, in words: its irregularity and its notes. @param {MoveView} m */
function moveNotes(m) {
  const out = [];
  if (m.irregular) out.push(t('play.noteIrregular', { move: m.text, code: m.irregular.code, article: m.irregular.article }));
  if (Array.isArray(m.notes)) for (const n of m.notes) out.push(t('play.note', { move: m.text, note: n }));
  return out;
}

/** Draws the move list, the reviewed move marked current, and keeps it (or the newest) in sight. @param {PlayView} view @param {number | null} review */
export function renderMoves(view, review) {
  const ol = $('moves');
  const moves = view.moves;
  if (moves.length === 0) {
    ol.innerHTML = `<li class="empty">${escapeHtml(t('common.noMoves'))}</li>`;
    return;
  }
  const first = moves[0].ply;
  const last = moves[moves.length - 1].ply;
  const byPly = new Map(moves.map((m, i) => [m.ply, { m, index: i + 1 }]));
  const reviewed = review === null ? null : review === 0 ? null : moves[review - 1].ply;
  const reviewable = canReview(view);
  const cell = (/** @type {{ply: number} | null | undefined} */ c) => {
    if (!c) return '<span class="move-none" aria-hidden="true">…</span>';
    const { m, index } = /** @type {{m: MoveView, index: number}} */ (byPly.get(c.ply));
    const cls = `move${c.ply === last ? ' last' : ''}${m.irregular ? ' irregular' : ''}`;
    const flag = m.irregular ? `<span class="irr-flag" aria-hidden="true">!</span>` : '';
    const current = c.ply === reviewed ? ' aria-current="step"' : '';
    const title = m.irregular ? ` title="${escapeHtml(t('play.irregularTitle', { code: m.irregular.code, article: m.irregular.article }))}"` : '';
    return `<button type="button" class="${cls}" data-ply="${c.ply}" data-index="${index}"${current}${title}${reviewable ? '' : ' aria-disabled="true"'} aria-label="${escapeHtml(moveName(m, first))}">${escapeHtml(m.text)}${flag}</button>`;
  };
  ol.innerHTML = pairMoves(moves)
    .map((row) => {
      const notes = [row.first, row.second].flatMap((c) => (c ? moveNotes(/** @type {{m: MoveView}} */ (byPly.get(c.ply)).m) : []));
      const list = notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
      return `<li><span class="no">${row.number}.</span> ${cell(row.first)}${row.second ? ` ${cell(row.second)}` : ''}${list}</li>`;
    })
    .join('');
  // Keep the move shown in sight: the reviewed one, or the newest.
  const target = /** @type {HTMLElement | null} */ (ol.querySelector(reviewed === null ? '.move.last' : '.move[aria-current]'));
  if (target) {
    const top = target.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop || top + target.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = Math.max(0, top - ol.clientHeight / 2);
  }
}

/** Draws the review's banner and tag, and which of the stepping buttons can be pressed. @param {PlayView} view @param {number | null} review */
export function renderReview(view, review) {
  const count = view.moves.length;
  const reviewable = canReview(view);
  $('review-banner').hidden = review === null;
  $('review-tag').hidden = review === null;
  $('review-text').textContent = review === null ? '' : t('play.reviewBanner', { what: reviewWords(view, review) });
  $('btn-first', 'button').disabled = !reviewable || count === 0 || review === 0;
  $('btn-prev', 'button').disabled = !reviewable || count === 0 || review === 0;
  $('btn-next', 'button').disabled = !reviewable || review === null;
  $('btn-last', 'button').disabled = !reviewable || review === null;
  document.body.dataset.review = review === null ? 'live' : String(review);
}
