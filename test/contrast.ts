// WCAG 1.4.11 (non-text contrast, 3:1) of what tells the players' pieces and colours apart, as
// Chromium draws the play page: axe-core checks text only. The colours are the browser's own
// (getComputedStyle, the theme's light-dark() resolved), the luminance WCAG 2's relative
// luminance of sRGB.
import type { Page } from 'playwright-core';

/** The lowest contrast WCAG 1.4.11 asks of graphics that identify something. */
export const NON_TEXT_CONTRAST = 3;

/**
 * Runs in the page: each piece on the board (not a lifted or an unknown one, drawn faded or
 * striped on purpose) against its square, each player's colour dot against what is behind it,
 * and the two dots against each other. A thing is told apart by its fill or by its edge (a solid
 * border of 2 px or more), whichever contrasts more. Returns each check as `what: ratio`.
 */
const MEASURE = `(() => {
  const channels = (c) => {
    const m = /^rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:,? \\/? ?([\\d.]+))?\\)$/.exec(c);
    if (!m) throw new Error('not an sRGB colour: ' + c);
    return { rgb: [m[1], m[2], m[3]].map(Number), alpha: m[4] === undefined ? 1 : Number(m[4]) };
  };
  const luminance = (c) => {
    const [r, g, b] = channels(c).rgb.map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const opaque = (c) => channels(c).alpha === 1;
  const behind = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (opaque(c)) return c; }
    return 'rgb(255, 255, 255)';
  };
  const best = (el, against) => {
    const s = getComputedStyle(el);
    const fill = opaque(s.backgroundColor) ? ratio(s.backgroundColor, against) : 0;
    const edge = parseFloat(s.borderTopWidth) >= 2 && s.borderTopStyle === 'solid' && opaque(s.borderTopColor) ? ratio(s.borderTopColor, against) : 0;
    return Math.max(fill, edge);
  };
  const out = [];
  for (const piece of document.querySelectorAll('#board .sq.dark .piece:not(.ghost):not(.unknown)')) {
    const square = getComputedStyle(piece.closest('.sq')).backgroundColor;
    if (!opaque(square)) continue; // a striped square: its stripes are the mark
    out.push({ what: piece.className + ' on ' + piece.closest('.sq').dataset.square, ratio: best(piece, square) });
  }
  const dots = [...document.querySelectorAll('.player .swatch')];
  for (const dot of dots) out.push({ what: dot.className + ' dot', ratio: best(dot, behind(dot)) });
  if (dots.length === 2) out.push({ what: 'the two dots', ratio: ratio(getComputedStyle(dots[0]).backgroundColor, getComputedStyle(dots[1]).backgroundColor) });
  return out;
})()`;

/** Every piece and colour dot on `page` now, with its contrast (see MEASURE). */
export async function contrasts(page: Page): Promise<{ what: string; ratio: number }[]> {
  return (await page.evaluate(MEASURE)) as { what: string; ratio: number }[];
}

/** What falls below 3:1 on `page` now, as `what: ratio`; [] when all is told apart. */
export async function lowContrasts(page: Page): Promise<string[]> {
  return (await contrasts(page)).filter((c) => c.ratio < NON_TEXT_CONTRAST).map((c) => `${c.what}: ${c.ratio.toFixed(2)}`);
}
