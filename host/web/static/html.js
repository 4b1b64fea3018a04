/* global document */
// The pages' HTML (the play page and the viewers' page): their elements by id, and text put
// into it: every name, move and sentence goes through escapeHtml, so that a player called `<b>`
// is shown, not obeyed.

/**
 * The element with id `id`; the page's HTML has every id its modules ask for (typed loosely: each
 * is read as the element it is, a button, a list, an SVG's box).
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/**
 * `s` with `& < > " '` written as character references, safe inside an element or a quoted
 * attribute: `escapeHtml('a<b')` is `a&#60;b`.
 * @param {unknown} s
 * @returns {string}
 */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
