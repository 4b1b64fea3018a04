/* global document, window, location, history, EventSource, performance, setInterval, setTimeout */
// The viewer page of a broadcast (issue 15): every board of the round live, for spectators and
// broadcasters, read-only. It follows the relay's stream (GET /api/round/events: the round
// first, then each board's new state, numbered per board) and draws two views:
//
// - the round: every board as a card in board order, a small board with the last move's squares
//   tinted, the players, both clocks (the running one counting down), the last move or the
//   result, and a badge when the board's link is lost or an irregularity waits for a decision.
//   Each card is one link, named in words (a visually hidden sentence); what it draws is hidden
//   from screen readers.
// - one board (`?board=N`, pushed on the history: Back returns to the round): the big board
//   (its position in words for screen readers), the players and clocks, the move list in PDN
//   pairs with irregular moves marked, the irregularity as the arbiter sees it, the result, and
//   a polite live region that says new moves.
//
// The model and the words are watchModel.js's (pure, tested in Node); the clock and move words
// are the play page's (format.js), the irregularity's and the announcements' too (notices.js,
// live.js). Nothing on this page changes a game.

import { formatClock, sideName } from './format.js';
import { announcements } from './notices.js';
import { liveRegion } from './live.js';
import {
  applyEvent,
  boardClock,
  boardFromQuery,
  boardOf,
  boardSquares,
  cardWords,
  connectionWords,
  delayWords,
  emptyModel,
  irregularityWords,
  linkDown,
  moveRows,
  positionWords,
  roundTitle,
} from './watchModel.js';

/** @typedef {import('./watchModel.js').BoardEvent} BoardEvent */

/** @param {string} s */
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A board drawn as SVG, hidden from screen readers (the caller gives the words): the dark
 * squares, the last move's tinted, the pieces (a king with a crown), and with `numbers` each
 * square's name.
 * @param {ReturnType<typeof boardSquares>} squares
 * @param {number} size
 * @param {boolean} numbers
 */
function boardSvg(squares, size, numbers) {
  if (!squares) return `<svg class="board-svg" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><rect class="light" width="${size}" height="${size}"/></svg>`;
  const out = [`<svg class="board-svg" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><rect class="light" width="${size}" height="${size}"/>`];
  for (const sq of squares) {
    const cls = `dark${sq.last ? ' last' : ''}${sq.captured ? ' captured' : ''}`;
    out.push(`<rect class="${cls}" x="${sq.col}" y="${sq.row}" width="1" height="1"/>`);
    if (numbers) out.push(`<text class="num" x="${sq.col + 0.05}" y="${sq.row + 0.2}">${escapeHtml(sq.name)}</text>`);
    if (sq.piece) {
      const cx = sq.col + 0.5;
      const cy = sq.row + 0.5;
      out.push(`<circle class="piece ${sq.piece}" cx="${cx}" cy="${cy}" r="0.37"/>`);
      if (sq.piece === 'wk' || sq.piece === 'bk') out.push(`<text class="crown ${sq.piece}" x="${cx}" y="${cy + 0.16}">♛</text>`);
      else out.push(`<circle class="ring ${sq.piece}" cx="${cx}" cy="${cy}" r="0.22"/>`);
    }
  }
  out.push('</svg>');
  return out.join('');
}

function start() {
  const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
  let model = emptyModel();
  /** The board shown on its own, or null: the round. */
  let selected = boardFromQuery(location.search);
  /** The state the board view last drew, for what to announce when the next comes. */
  /** @type {BoardEvent | null} */
  let shown = null;
  /** The layouts the board view was drawn with (a new round brings new ones). */
  /** @type {unknown} */
  let drawnLayouts = null;
  /** The cards drawn, by board number: the state each shows and its clocks. */
  /** @type {Map<number, {li: any, state: BoardEvent | null, layout: unknown, clocks: {white: any, black: any}}>} */
  const cards = new Map();
  const announce = liveRegion($('announce'));
  const status = $('connection');
  const root = location.pathname || '/';

  // -- the round ----------------------------------------------------------------------------------

  /** One card's inside as drawn, hidden from screen readers: the link's name (cardWords' label) says it all. */
  function cardInside(/** @type {BoardEvent} */ state) {
    const w = cardWords(state);
    const squares = boardSquares(state, model.layouts);
    const badges = [
      w.link ? `<span class="badge lost" data-testid="badge-lost">${escapeHtml(w.link)}</span>` : '',
      w.irregularity ? `<span class="badge irr" data-testid="badge-irregularity">${escapeHtml(w.irregularity)}</span>` : '',
    ].join('');
    const player = (/** @type {'white'|'black'} */ side) => {
      const toMove = !state.result && state.turn === side;
      return `<div class="card-player${toMove ? ' to-move' : ''}"><span class="swatch ${side === 'white' ? 'wm' : 'bm'}"></span><span class="name">${escapeHtml(side === 'white' ? w.white : w.black)}</span><span class="clock" data-side="${side}"${state.clock ? '' : ' hidden'}></span></div>`;
    };
    const foot = w.result
      ? `<div class="card-result" data-testid="card-result">${escapeHtml(w.result)}</div>`
      : `<div class="card-last" data-testid="card-last">${escapeHtml(w.lastMove ? `${w.lastMove}` : 'No moves yet')}<span class="card-turn"> · ${escapeHtml(w.turn)}</span></div>`;
    return `<div class="card-body" aria-hidden="true"><div class="card-head"><span class="card-no">${state.board}</span>${badges}</div><div class="card-board">${boardSvg(squares, state.size, false)}</div>${player('black')}${player('white')}${foot}</div>`;
  }

  function drawRound() {
    const boards = model.boards;
    $('round-empty').hidden = boards.length > 0 || model.rounds === 0;
    const list = $('cards');
    const want = new Set(boards.map((b) => b.board));
    for (const [n, card] of cards) {
      if (!want.has(n)) {
        card.li.remove();
        cards.delete(n);
      }
    }
    /** @type {any} */
    let before = null;
    for (const state of boards) {
      let card = cards.get(state.board);
      if (!card) {
        const li = document.createElement('li');
        li.dataset.board = String(state.board);
        card = { li, state: null, layout: null, clocks: { white: null, black: null } };
        cards.set(state.board, card);
      }
      // In board order: after the card before it.
      const at = before ? before.nextSibling : list.firstChild;
      if (at !== card.li) list.insertBefore(card.li, at);
      before = card.li;
      const layout = model.layouts[state.variant];
      if (card.state === state && card.layout === layout) continue;
      card.state = state;
      card.layout = layout;
      const w = cardWords(state);
      card.li.className = `card-item${linkDown(state.link) ? ' lost' : ''}${w.irregularity ? ' irregular' : ''}${state.result ? ' over' : ''}`;
      card.li.innerHTML = `<a class="card" href="${escapeHtml(`${root}?board=${state.board}`)}" data-board="${state.board}" data-testid="card-${state.board}"><span class="visually-hidden card-label">${escapeHtml(w.label)}</span>${cardInside(state)}</a>`;
      card.clocks.white = card.li.querySelector('.clock[data-side="white"]');
      card.clocks.black = card.li.querySelector('.clock[data-side="black"]');
    }
    tickCards();
  }

  /** Sets the text of a clock element, and marks the running one; only what changed is touched. */
  function setClock(/** @type {any} */ el, /** @type {'white'|'black'} */ side, /** @type {ReturnType<typeof boardClock>} */ c, label = false) {
    if (!el || !c) return;
    const text = formatClock(c[side]);
    const running = c.running === side;
    if (el.textContent !== text) el.textContent = text;
    if (el.classList.contains('running') !== running) el.classList.toggle('running', running);
    const low = running && c[side] < 30_000;
    if (el.classList.contains('low') !== low) el.classList.toggle('low', low);
    if (label) {
      const words = `${sideName(side)}'s clock: ${text}${running ? ', running' : ''}`;
      if (el.getAttribute('aria-label') !== words) el.setAttribute('aria-label', words);
    }
  }

  function tickCards() {
    const now = performance.now();
    for (const card of cards.values()) {
      if (!card.state || !card.state.clock) continue;
      const c = boardClock(card.state, model.received[card.state.board] ?? now, now);
      setClock(card.clocks.white, 'white', c);
      setClock(card.clocks.black, 'black', c);
    }
  }

  // -- one board ----------------------------------------------------------------------------------

  function drawBoard() {
    const n = /** @type {number} */ (selected);
    const state = boardOf(model, n);
    $('board-missing').hidden = state !== null || model.rounds === 0;
    $('board-missing').textContent = `There is no board ${n} in this round.`;
    $('board-body').hidden = state === null;
    $('board-pdn').setAttribute('href', `/feed/board/${n}.pdn`);
    if (!state) {
      $('board-heading').textContent = `Board ${n}`;
      document.title = `Board ${n}: ${roundTitle(model)}`;
      shown = null;
      return;
    }
    // Another board's change: this one's drawing stands, its clocks run on.
    if (state === shown && drawnLayouts === model.layouts) return;
    drawnLayouts = model.layouts;
    const w = cardWords(state);
    $('board-heading').textContent = `Board ${n}: ${w.players}`;
    document.title = `Board ${n}: ${w.players} · ${roundTitle(model)}`;
    $('name-white').textContent = w.white;
    $('name-black').textContent = w.black;
    $('player-white').classList.toggle('to-move', !state.result && state.turn === 'white');
    $('player-black').classList.toggle('to-move', !state.result && state.turn === 'black');

    const squares = boardSquares(state, model.layouts);
    const big = $('big-board');
    big.innerHTML = boardSvg(squares, state.size, true);
    big.setAttribute('aria-label', `The position on board ${n}, ${w.turn.toLowerCase()}. ${positionWords(squares)}`);

    $('turn').textContent = state.result ? 'Game over' : `${w.turn}${w.lastMove ? ` · last move ${w.lastMove}` : ''}`;
    $('link-lost').hidden = !linkDown(state.link);
    $('result').hidden = !state.result;
    $('result').textContent = w.result ? `Result: ${w.result}` : '';

    const irr = irregularityWords(state);
    const box = $('irregularity');
    box.hidden = !irr;
    box.className = `irregularity${irr ? ` ${irr.status}` : ''}`;
    if (irr) {
      $('irr-code').textContent = irr.code;
      $('irr-article').textContent = irr.article ? `article ${irr.article}` : '';
      $('irr-message').textContent = irr.message;
      $('irr-status').textContent = irr.statusWords;
      $('irr-who').textContent = irr.who;
      $('irr-required').hidden = !irr.required;
      $('irr-required').textContent = irr.required ? `The rules required: ${irr.required}` : '';
      $('irr-choices').hidden = irr.status !== 'pending';
      $('accept-words').textContent = irr.accept;
      $('correct-words').textContent = irr.correct;
    }

    drawMoves(state);
    tickBoard();

    if (shown && shown.board === state.board && shown !== state) {
      const said = announcements({ ...shown, link: { state: shown.link } }, { ...state, link: { state: state.link } });
      // A spectator decides nothing: all of it is polite.
      for (const sentence of [...said.assertive, ...said.polite]) announce(sentence);
    }
    shown = state;
  }

  function drawMoves(/** @type {BoardEvent} */ state) {
    const ol = $('moves');
    const rows = moveRows(state);
    if (rows.length === 0) {
      ol.innerHTML = '<li class="empty">No moves yet.</li>';
      return;
    }
    ol.innerHTML = rows
      .map((row) => {
        const cells = row.moves.map((m) => {
          const note = m.irregular ? ` <span class="irr-note">(irregular: ${escapeHtml(m.irregular.code)}, article ${escapeHtml(m.irregular.article)})</span>` : '';
          return `<span class="move${m.last ? ' last' : ''}${m.irregular ? ' irregular' : ''}" data-ply="${m.ply}">${escapeHtml(m.text)}</span>${note}`;
        });
        // A record that starts with the second move of a pair: `1. … 19-23`.
        const gap = row.late ? '<span class="move-none">…</span> ' : '';
        return `<li><span class="no">${row.number}.</span> ${gap}${cells.join(' ')}</li>`;
      })
      .join('');
    ol.scrollTop = ol.scrollHeight;
  }

  function tickBoard() {
    if (selected === null) return;
    const state = boardOf(model, selected);
    if (!state) return;
    const now = performance.now();
    const c = boardClock(state, model.received[state.board] ?? now, now);
    $('clock-white').hidden = !c;
    $('clock-black').hidden = !c;
    setClock($('clock-white'), 'white', c, true);
    setClock($('clock-black'), 'black', c, true);
  }

  // -- the views, the address and the history -----------------------------------------------------

  function draw() {
    $('title').textContent = roundTitle(model);
    const delay = delayWords(model.delayMs);
    $('delay').hidden = !delay;
    $('delay').textContent = delay;
    document.body.dataset.gaps = String(model.gaps);
    document.body.dataset.rounds = String(model.rounds);
    document.body.dataset.view = selected === null ? 'round' : 'board';
    $('round-view').hidden = selected !== null;
    $('board-view').hidden = selected === null;
    if (selected === null) {
      document.title = `${roundTitle(model)}: live boards`;
      drawRound();
    } else {
      drawBoard();
    }
  }

  /** Shows board `n` (null: the round), and moves the focus to the view's heading, or back to the card left. */
  function open(/** @type {number | null} */ n) {
    const from = selected;
    selected = n;
    shown = null;
    draw();
    if (n !== null) $('board-heading').focus();
    else {
      const card = from === null ? null : document.querySelector(`a[data-board="${from}"]`);
      if (card) card.focus();
      else $('round-heading').focus();
    }
  }

  document.addEventListener('click', (/** @type {any} */ e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const card = e.target.closest('a[data-board]');
    if (card) {
      e.preventDefault();
      const n = Number(card.dataset.board);
      history.pushState({ board: n }, '', `${root}?board=${n}`);
      open(n);
      return;
    }
    if (e.target.closest('#back')) {
      e.preventDefault();
      history.pushState({ board: null }, '', root);
      open(null);
    }
  });
  window.addEventListener('popstate', () => open(boardFromQuery(location.search)));
  $('back').setAttribute('href', root);

  // -- the relay's stream -------------------------------------------------------------------------

  /** @type {any} */
  let events = null;
  function showConnection() {
    const words = connectionWords(events ? events.readyState : 0, model.rounds > 0);
    if (status.textContent !== words) status.textContent = words;
    status.className = `connection${events && events.readyState === 1 ? ' live' : ' down'}`;
  }

  function receive(/** @type {string} */ type, /** @type {any} */ e) {
    let data;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    const next = applyEvent(model, type, data, performance.now());
    if (next === model) return;
    model = next;
    showConnection();
    draw();
  }

  function connect() {
    events = new EventSource('/api/round/events');
    events.addEventListener('round', (/** @type {any} */ e) => receive('round', e));
    events.addEventListener('board', (/** @type {any} */ e) => receive('board', e));
    events.addEventListener('open', showConnection);
    events.addEventListener('error', () => {
      showConnection();
      // The browser gave up (an answer that is not a stream): a new stream in a while, which starts with the round.
      if (events.readyState === 2) setTimeout(connect, 5000);
    });
    showConnection();
  }

  draw();
  connect();
  setInterval(() => {
    if (selected === null) tickCards();
    else tickBoard();
  }, 200);
  window.addEventListener('pagehide', () => events && events.close());
  window.addEventListener('pageshow', (/** @type {any} */ e) => {
    if (e.persisted) connect();
  });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}
