/* global document, performance */
// The viewers' page's round: every board as a card in board order, a small board with the last
// move's squares tinted, the players, both clocks (the running one counting down), the last move
// or the result, and a badge when the board's link is lost or an irregularity waits for a
// decision. Each card is one link, named in words (a visually hidden sentence); what it draws is
// hidden from screen readers. Below it, a link to download the board's game (PDN). A card is drawn again only when its board's state changes.

import { escapeHtml } from './html.js';
import { manOf } from './pieces.js';
import { boardSvg, setClock } from './watchDraw.js';
import { boardClock, boardSquares, cardWords, linkDown } from './watchModel.js';
import { t } from './words.js';

/** @typedef {import('./watchModel.js').BoardEvent} BoardEvent */
/** @typedef {import('./watchModel.js').RoundModel} RoundModel */

/** The cards drawn, by board number: the state each shows, the layout it was drawn with and its clocks. */
/** @type {Map<number, {li: HTMLLIElement, state: BoardEvent | null, layout: unknown, clocks: {white: HTMLElement | null, black: HTMLElement | null}}>} */
const cards = new Map();

/** One card's inside as drawn, hidden from screen readers: the link's name (cardWords' label) says it all. @param {BoardEvent} state @param {RoundModel} model */
function cardInside(state, model) {
  const w = cardWords(state);
  const squares = boardSquares(state, model.layouts);
  const badges = [
    w.link ? `<span class="badge lost" data-testid="badge-lost">${escapeHtml(w.link)}</span>` : '',
    w.irregularity ? `<span class="badge irr" data-testid="badge-irregularity">${escapeHtml(w.irregularity)}</span>` : '',
  ].join('');
  const player = (/** @type {'white'|'black'} */ side) => {
    const toMove = !state.result && state.turn === side;
    return `<div class="card-player${toMove ? ' to-move' : ''}"><span class="swatch ${manOf(side)}"></span><span class="name">${escapeHtml(side === 'white' ? w.white : w.black)}</span><span class="clock" data-side="${side}"${state.clock ? '' : ' hidden'}></span></div>`;
  };
  const foot = w.result
    ? `<div class="card-result" data-testid="card-result">${escapeHtml(w.result)}</div>`
    : `<div class="card-last" data-testid="card-last">${escapeHtml(w.lastMove ? `${w.lastMove}` : t('watch.noMovesCard'))}<span class="card-turn"> · ${escapeHtml(w.turn)}</span></div>`;
  return `<div class="card-body" aria-hidden="true"><div class="card-head"><span class="card-no">${state.board}</span>${badges}</div><div class="card-board">${boardSvg(squares, state.size, false)}</div>${player('black')}${player('white')}${foot}</div>`;
}

/** One board's card drawn (again) from its state. @param {{li: HTMLLIElement, clocks: {white: HTMLElement | null, black: HTMLElement | null}}} card @param {BoardEvent} state @param {RoundModel} model @param {string} root the page's path */
function drawCard(card, state, model, root) {
  const w = cardWords(state);
  card.li.className = `card-item${linkDown(state.link) ? ' lost' : ''}${w.irregularity ? ' irregular' : ''}${state.result ? ' over' : ''}`;
  const pdn = `<a class="card-pdn pdn-link" href="/feed/board/${state.board}.pdn" download="board-${state.board}.pdn" data-testid="card-pdn-${state.board}" aria-label="${escapeHtml(t('watch.cardPdnLabel', { board: state.board }))}">${escapeHtml(t('watch.cardPdn'))}</a>`;
  card.li.innerHTML = `<a class="card" href="${escapeHtml(`${root}?board=${state.board}`)}" data-board="${state.board}" data-testid="card-${state.board}"><span class="visually-hidden card-label">${escapeHtml(w.label)}</span>${cardInside(state, model)}</a>${pdn}`;
  card.clocks.white = card.li.querySelector('.clock[data-side="white"]');
  card.clocks.black = card.li.querySelector('.clock[data-side="black"]');
}

/** The round's cards in `list`, in board order: cards of boards gone are removed, changed ones drawn again. @param {RoundModel} model @param {HTMLElement} list @param {string} root */
export function drawRound(model, list, root) {
  const want = new Set(model.boards.map((b) => b.board));
  for (const [n, card] of cards) {
    if (!want.has(n)) {
      card.li.remove();
      cards.delete(n);
    }
  }
  /** @type {ChildNode | null} */
  let before = null;
  for (const state of model.boards) {
    let card = cards.get(state.board);
    if (!card) {
      const li = document.createElement('li');
      li.dataset.board = String(state.board);
      card = { li, state: null, layout: null, clocks: { white: null, black: null } };
      cards.set(state.board, card);
    }
    // In board order: after the card before it.
    /** @type {ChildNode | null} */
    const at = before ? before.nextSibling : list.firstChild;
    if (at !== card.li) list.insertBefore(card.li, at);
    before = card.li;
    const layout = model.layouts[state.variant];
    if (card.state === state && card.layout === layout) continue;
    card.state = state;
    card.layout = layout;
    drawCard(card, state, model, root);
  }
  tickCards(model);
}

/** The cards' clocks, the running ones counted down. @param {RoundModel} model */
export function tickCards(model) {
  const now = performance.now();
  for (const card of cards.values()) {
    if (!card.state || !card.state.clock) continue;
    const c = boardClock(card.state, model.received[card.state.board] ?? now, now);
    setClock(card.clocks.white, 'white', c);
    setClock(card.clocks.black, 'black', c);
  }
}
