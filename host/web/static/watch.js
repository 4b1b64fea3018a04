/* global document, window, location, history, performance, setInterval, localStorage */
// The viewer page of a broadcast (issue 15): every board of the round live, for spectators and
// broadcasters, read-only. Two views: the round, every board as a card (watchRound.js), and one
// board (`?board=N`, pushed on the history: Back returns to the round; watchBoard.js). This
// module keeps the round as the relay's stream builds it (watchStream.js), shows the view the
// address asks for and moves the focus with it. On one board the viewer steps through the game
// (the buttons, the move list, ← → Home End) and turns the board round (the button, F); the
// round's view has the standings of its finished games (watchStandings.js).
//
// The model and the words are watchModel.js's (pure, tested in Node); the boards and clocks are
// drawn by watchDraw.js; the clock and move words are the play page's (format.js), the
// irregularity's and the announcements' too (notices.js, live.js). Nothing on this page changes
// a game.

import { $ } from './html.js';
import { liveRegion } from './live.js';
import { drawBoard, forgetShown, tickBoard } from './watchBoard.js';
import { applyEvent, boardFromQuery, delayWords, emptyModel, roundTitle } from './watchModel.js';
import { drawRound, tickCards } from './watchRound.js';
import { drawStandings } from './watchStandings.js';
import { createSteps, stepTo } from './watchSteps.js';
import { followRound } from './watchStream.js';
import { t } from './words.js';

/**
 * The viewer's stepping through the board shown (`current()`, null on the round's view) and its
 * turning round: the step buttons (`data-step`), a move of the list (`data-ply`), the flip
 * button, and the keys ← → Home End and F; `draw` after each.
 * @param {ReturnType<typeof createSteps>} steps
 * @param {() => import('./watchModel.js').BoardEvent | null} current
 * @param {() => void} draw
 */
function controlSteps(steps, current, draw) {
  /** Looks at what `key` asks (a step button's name, a key, or `ply` for a move of the list); whether it was one. @param {string} key @param {number} [ply] */
  const step = (key, ply) => {
    const state = current();
    if (!state) return false;
    const first = state.moves.length > 0 ? state.moves[0].ply : 1;
    const last = state.moves.length > 0 ? state.moves[state.moves.length - 1].ply : 0;
    const next = key === 'live' ? null : key === 'ply' && ply !== undefined ? (ply >= last ? null : ply) : stepTo(key, steps.at(state.board), first, last);
    if (next === undefined) return false;
    steps.go(state.board, next);
    draw();
    return true;
  };
  const flip = () => {
    steps.flip();
    draw();
  };
  document.addEventListener('click', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    const button = /** @type {HTMLElement | null} */ (target.closest('[data-step], #moves [data-ply], #flip'));
    if (!button) return;
    if (button.id === 'flip') flip();
    else if (button.dataset.step) step(button.dataset.step);
    else step('ply', Number(button.dataset.ply));
  });
  document.addEventListener('keydown', (e) => {
    if (!current() || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/** @type {HTMLElement} */ (e.target).closest('select, input, textarea')) return;
    if (e.key === 'f' || e.key === 'F') {
      flip();
      e.preventDefault();
    } else if (step(e.key)) e.preventDefault();
  });
}

function start() {
  let model = emptyModel();
  /** The board shown on its own, or null: the round. */
  let selected = boardFromQuery(location.search);
  const announce = liveRegion($('announce'));
  const root = location.pathname || '/';
  let storage = null;
  try {
    storage = localStorage;
  } catch {
    // Storage off: the board's orientation holds for this page only.
  }
  const steps = createSteps(storage);

  const draw = () => {
    $('title').textContent = roundTitle(model);
    const delay = delayWords(model.delayMs);
    $('delay').hidden = !delay;
    $('delay').textContent = delay;
    document.body.dataset.gaps = String(model.gaps);
    document.body.dataset.rounds = String(model.rounds);
    document.body.dataset.view = selected === null ? 'round' : 'board';
    $('round-view').hidden = selected !== null;
    $('board-view').hidden = selected === null;
    if (selected !== null) return drawBoard(model, selected, announce, steps, draw);
    document.title = t('watch.docTitle', { round: roundTitle(model) });
    $('round-empty').hidden = model.boards.length > 0 || model.rounds === 0;
    drawRound(model, $('cards'), root);
    $('standings').hidden = !drawStandings(model.boards, $('standings-rows'));
  };

  /** Shows board `n` (null: the round), and moves the focus to the view's heading, or back to the card left. */
  const open = (/** @type {number | null} */ n) => {
    const from = selected;
    selected = n;
    forgetShown();
    draw();
    if (n !== null) $('board-heading').focus();
    else {
      const card = /** @type {HTMLElement | null} */ (from === null ? null : document.querySelector(`a[data-board="${from}"]`));
      if (card) card.focus();
      else $('round-heading').focus();
    }
  };

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    const card = /** @type {HTMLElement | null} */ (target.closest('a[data-board]'));
    if (card) {
      e.preventDefault();
      const n = Number(card.dataset.board);
      history.pushState({ board: n }, '', `${root}?board=${n}`);
      open(n);
      return;
    }
    if (target.closest('#back')) {
      e.preventDefault();
      history.pushState({ board: null }, '', root);
      open(null);
    }
  });
  controlSteps(steps, () => (selected === null ? null : model.boards.find((b) => b.board === selected) ?? null), draw);
  window.addEventListener('popstate', () => open(boardFromQuery(location.search)));
  $('back').setAttribute('href', root);

  draw();
  const stream = followRound(
    (type, data) => {
      const next = applyEvent(model, type, data, performance.now());
      if (next === model) return false;
      if (type === 'round') steps.forget();
      model = next;
      draw();
      return true;
    },
    () => model.rounds > 0,
  );
  setInterval(() => {
    if (selected === null) tickCards(model);
    else tickBoard(model, selected);
  }, 200);
  window.addEventListener('pagehide', () => stream.close());
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) stream.open();
  });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}
