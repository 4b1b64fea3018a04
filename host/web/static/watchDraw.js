// What the viewers' page draws on both its views: a board as SVG, hidden from screen readers
// (the caller gives the words): the dark squares, the last move's tinted, the pieces (a king
// with a crown), and with `numbers` each square's name; and a clock counting down.

import { formatClock } from './format.js';
import { escapeHtml } from './html.js';
import { isKing } from './pieces.js';
import { t } from './words.js';

/**
 * The SVG of a board of `size` squares a side; only the light background when the squares are
 * not known (null). `flipped`: turned round, White's side at the top.
 * @param {ReturnType<typeof import('./watchModel.js').boardSquares>} squares
 * @param {number} size
 * @param {boolean} numbers
 */
export function boardSvg(squares, size, numbers, flipped = false) {
  const out = [`<svg class="board-svg" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><rect class="light" width="${size}" height="${size}"/>`];
  for (const at of squares ?? []) {
    const sq = flipped ? { ...at, row: size - 1 - at.row, col: size - 1 - at.col } : at;
    const cls = `dark${sq.last ? ' last' : ''}${sq.captured ? ' captured' : ''}`;
    out.push(`<rect class="${cls}" x="${sq.col}" y="${sq.row}" width="1" height="1"/>`);
    if (numbers) out.push(`<text class="num" x="${sq.col + 0.05}" y="${sq.row + 0.2}">${escapeHtml(sq.name)}</text>`);
    if (sq.piece) {
      const cx = sq.col + 0.5;
      const cy = sq.row + 0.5;
      out.push(`<circle class="piece ${sq.piece}" cx="${cx}" cy="${cy}" r="0.37"/>`);
      if (isKing(sq.piece)) out.push(`<text class="crown ${sq.piece}" x="${cx}" y="${cy + 0.16}">♛</text>`);
      else out.push(`<circle class="ring ${sq.piece}" cx="${cx}" cy="${cy}" r="0.22"/>`);
    }
  }
  out.push('</svg>');
  return out.join('');
}

/**
 * Sets the text of a clock element, and marks the running one (and one under 30 s); only what
 * changed is touched. With `label`, its name for a screen reader too (`White's clock: 4:05, running`).
 * @param {HTMLElement | null} el
 * @param {'white'|'black'} side
 * @param {ReturnType<typeof import('./watchModel.js').boardClock>} c
 */
export function setClock(el, side, c, label = false) {
  if (!el || !c) return;
  const text = formatClock(c[side]);
  const running = c.running === side;
  if (el.textContent !== text) el.textContent = text;
  if (el.classList.contains('running') !== running) el.classList.toggle('running', running);
  const low = running && c[side] < 30_000;
  if (el.classList.contains('low') !== low) el.classList.toggle('low', low);
  if (label) {
    const words = t('common.clockLabel', { side, time: text, running: running ? 'yes' : 'no' });
    if (el.getAttribute('aria-label') !== words) el.setAttribute('aria-label', words);
  }
}
