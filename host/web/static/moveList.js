/* global document */
// The play page's move list and review bar: the moves in pairs (`1. 32-28 19-23`), each a
// button that shows its position (review.js), irregular moves flagged, every note listed once
// under the pair of the turn it belongs to, and the result at the end; the banner and the
// buttons for stepping through the moves.

import { canReview, reviewWords } from './board.js';
import { moveName, pairMoves, resultLine } from './format.js';
import { $, escapeHtml } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayView} PlayView */
/** @typedef {import('../../game/types.ts').MoveView} MoveView */

/**
 * The sign of an irregular move that stands: a flag, not `!` (which in draughts notation marks a
 * good move) nor `?` (a bad one); the move's title and name say the code and article.
 */
const IRREGULAR_SIGN = '⚑';

/**
 * What happened on a move besides the move, in words, each said once: its notes (the sheet's
 * comments, which name its irregularity with its code), and the irregularity only where no note
 * names it. @param {MoveView} m
 */
function moveNotes(m) {
  const notes = Array.isArray(m.notes) ? m.notes : [];
  const irr = m.irregular;
  const out = irr && !notes.some((n) => n.includes(irr.code)) ? [t('play.noteIrregular', { move: m.text, code: irr.code, article: irr.article })] : [];
  for (const n of notes) out.push(t('play.note', { move: m.text, note: n }));
  return out;
}

/** A list of notes under a row, or nothing. @param {readonly string[]} notes */
const noteList = (notes) => (notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '');

/**
 * Draws the move list, the reviewed move marked current, and keeps it (or the newest) in sight.
 * What happened between two moves (a draw offered, an attempt corrected) is under the pair of
 * the turn it happened on, a turn not yet played showing as `3. …`; the result ends the list. @param {PlayView} view @param {number | null} review
 */
export function renderMoves(view, review) {
  const ol = $('moves');
  const moves = view.moves;
  const result = view.result ? resultLine(view.result) : null;
  if (moves.length === 0) {
    ol.innerHTML = result ? `<li class="result-row" data-testid="moves-result">${escapeHtml(result)}</li>` : `<li class="empty">${escapeHtml(t('common.noMoves'))}</li>`;
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
    const flag = m.irregular ? `<span class="irr-flag" aria-hidden="true">${IRREGULAR_SIGN}</span>` : '';
    const current = c.ply === reviewed ? ' aria-current="step"' : '';
    const title = m.irregular ? ` title="${escapeHtml(t('play.irregularTitle', { code: m.irregular.code, article: m.irregular.article }))}"` : '';
    return `<button type="button" class="${cls}" data-ply="${c.ply}" data-index="${index}"${current}${title}${reviewable ? '' : ' aria-disabled="true"'} aria-label="${escapeHtml(moveName(m, first))}">${escapeHtml(m.text)}${flag}</button>`;
  };
  // The notes by the ply of the turn they belong to: a move's own on it, those after it on the next turn.
  /** @type {Map<number, string[]>} */
  const notesOn = new Map();
  const add = (/** @type {number} */ ply, /** @type {string[]} */ notes) => notesOn.set(ply, [...(notesOn.get(ply) ?? []), ...notes]);
  for (const m of moves) {
    add(m.ply, moveNotes(m));
    add(m.ply + 1, Array.isArray(m.after) ? [...m.after] : []);
  }
  const pairs = pairMoves(moves);
  const rows = pairs.map((row) => ({
    head: `<span class="no">${row.number}.</span> ${cell(row.first)}${row.second ? ` ${cell(row.second)}` : ''}`,
    notes: [row.first, row.second].flatMap((c) => (c ? notesOn.get(c.ply) ?? [] : [])),
    attrs: '',
  }));
  // The turn after the last move, where something happened on it: in the last pair, or the next.
  const pending = notesOn.get(last + 1) ?? [];
  const rowOf = (/** @type {number} */ ply) => Math.floor((ply + (first === 0 ? 1 : 0) + 1) / 2);
  if (pending.length && rowOf(last + 1) === rowOf(last)) rows[rows.length - 1].notes.push(...pending);
  else if (pending.length) rows.push({ head: `<span class="no">${pairs[pairs.length - 1].number + 1}.</span> ${cell(null)}`, notes: pending, attrs: '' });
  if (result) rows.push({ head: escapeHtml(result), notes: [], attrs: ' class="result-row" data-testid="moves-result"' });
  ol.innerHTML = rows.map((r) => `<li${r.attrs}>${r.head}${noteList(r.notes)}</li>`).join('');
  // Keep the move shown in sight: the reviewed one, or the newest (the result, once there is one).
  const target = /** @type {HTMLElement | null} */ (ol.querySelector(reviewed !== null ? '.move[aria-current]' : result ? '.result-row' : '.move.last'));
  if (target) {
    const top = target.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop || top + target.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = Math.max(0, top - ol.clientHeight / 2);
  }
}

/** Draws the review's banner and tag, and which of the stepping buttons can be pressed. @param {PlayView} view @param {number | null} review */
export function renderReview(view, review) {
  const count = view.moves.length;
  const reviewable = canReview(view);
  // Once the game is over there is no live game going on: the way back is to its final position.
  const over = Boolean(view.result);
  $('review-banner').hidden = review === null;
  $('review-tag').hidden = review === null;
  $('review-tag').textContent = t(over ? 'play.reviewTagOver' : 'play.reviewTag');
  $('btn-live').textContent = t(over ? 'play.backToEnd' : 'play.backToLive');
  $('review-text').textContent = review === null ? '' : t(over ? 'play.reviewBannerOver' : 'play.reviewBanner', { what: reviewWords(view, review) });
  $('btn-first', 'button').disabled = !reviewable || count === 0 || review === 0;
  $('btn-prev', 'button').disabled = !reviewable || count === 0 || review === 0;
  $('btn-next', 'button').disabled = !reviewable || review === null;
  $('btn-last', 'button').disabled = !reviewable || review === null;
  document.body.dataset.review = review === null ? 'live' : String(review);
}
