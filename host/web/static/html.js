/* global document */
// The pages' HTML (the play page and the viewers' page): their elements by id, and text put
// into it: every name, move and sentence goes through escapeHtml, so that a player called `<b>`
// is shown, not obeyed.

/**
 * The element with id `id`: an HTMLElement, or, given its tag, the element of that tag
 * (`$('btn-next', 'button')` is an HTMLButtonElement). The page's HTML has every id its modules
 * ask for, each the element they take it for (the tag is not checked here; the pages' tests show it).
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {string} id
 * @param {K} tag the element's tag name: `button`, `select`, `input`...
 * @returns {HTMLElementTagNameMap[K]}
 */
/**
 * @param {string} id
 * @param {string} [_tag]
 * @returns {HTMLElement}
 */
export function $(id, _tag) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * `s` with `& < > " '` written as character references, safe inside an element or a quoted
 * attribute: `escapeHtml('a<b')` is `a&#60;b`.
 * @param {unknown} s
 * @returns {string}
 */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
