/* global document, window, location, URLSearchParams, EventSource, fetch, performance, setTimeout, clearTimeout, setInterval, localStorage, AudioContext */
// The page of a dambord game: renders each PlayView the server sends (GET /api/events) and,
// on the simulated board, stands in for the hands (POST /api/command). Plain ES modules, no
// build step: format.js (words and numbers), board.js (squares, marks, the positions to step
// through), notices.js (the irregularity, the rules' requirements, announcements, sounds),
// prefs.js (sounds and theme). The pure helpers are exported here too, so tests can run them in
// Node; the page itself starts only where there is a document.
//
// Control: the page opened from the address dambord play prints, `/?token=...`, sends the
// token with every command (Authorization: Bearer). The server says at start (GET
// /api/access) whether this page may control the game; one that may not (no token where the
// server needs one, or a wrong one) only watches: its buttons are hidden and the board does
// not answer clicks.
//
// Review: the moves can be stepped through (the buttons under the board, Home/Left/Right/End,
// or a click on a move) while the game goes on; the board then shows that position, marked as
// not live, and does not answer the hands. End, or "Back to the live game", returns.
//
// Screen readers and the keyboard: two live regions (live.js), #announce (polite) for the
// moves and the news and #alert (assertive) for irregularities, a flag fallen and the board
// lost, as notices.js sorts them; every announcement is a fresh element, so the same sentence
// twice is read twice. Each dark square is a button named by what it holds and why it is
// marked (board.js); one of them is in the tab order (roving tabindex) and, while the focus is
// on the board, the arrow keys move between the squares and Enter or Space lifts or puts down
// as a click does. Elsewhere Left and Right step through the moves; Home and End everywhere.
// Letters ask questions that touch nothing (board.js questionKey): the answer is announced,
// and spoken at the board when the game speaks (dambord play --voice).

import { formatClock, headerLine, healthRows, linkSummary, moveName, pairMoves, readableLog, resultLine, shownName, sideName } from './format.js';
import { MARKS, canReview, liftWords, piecesInHand, positionAt, questionKey, reviewKey, squareKey, squareLabel } from './board.js';
import { announcements, irregularityPanel, ruleSentence, soundsFor, turnLine } from './notices.js';
import { THEMES, THEME_KEY, createSounds, remember, remembered, shownTheme } from './prefs.js';
import { liveRegion } from './live.js';

export { formatClock, formatMs, headerLine, healthRows, joinSentences, known, linkSummary, moveName, pairMoves, readableLog, resultLine, shownName } from './format.js';
export { MARKS, canReview, liftWords, piecesInHand, positionAt, questionKey, reviewKey, squareKey, squareLabel } from './board.js';
export { announcements, irregularityPanel, ruleSentence, soundsFor, turnLine } from './notices.js';
export { TONES, createSounds, remembered, shownTheme } from './prefs.js';
export { LIVE_DELAY_MS, liveRegion } from './live.js';

/** @typedef {import('./board.js').SquareView} SquareView */

/** The sign drawn on a square for each mark (besides its colours), so that colour is not the only difference. */
const BADGES = { capture: '×', obligation: '!', flagged: '?', remove: '✕', clear: '−', fill: '+' };

/** The sound played for a change, the most important when several come at once. */
const SOUND_ORDER = ['result', 'irregularity', 'capture', 'move'];

/** @param {string} s */
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The inside of a square: its LED, its piece, the sign of its mark, its number. */
function squareHtml(/** @type {SquareView} */ sq, /** @type {string | null} */ mark) {
  let piece = '';
  if (sq.piece) {
    const king = sq.piece === 'wk' || sq.piece === 'bk';
    piece = `<span class="piece ${sq.piece}${sq.sensed ? '' : ' ghost'}">${king ? '<span class="crown" aria-hidden="true">♛</span>' : ''}</span>`;
  } else if (sq.sensed) {
    piece = '<span class="piece unknown"></span>';
  }
  const led = sq.led && sq.led !== 'off' ? `<span class="led led-${sq.led}"></span>` : '';
  const badge = mark && mark in BADGES ? `<span class="badge" aria-hidden="true">${BADGES[/** @type {keyof typeof BADGES} */ (mark)]}</span>` : '';
  return `${piece}${led}${badge}<span class="num" aria-hidden="true">${escapeHtml(sq.name)}</span>`;
}

// ---------------------------------------------------------------------------------------------
// The page.

async function start() {
  const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
  const boardEl = $('board');
  const dragEl = $('drag-piece');
  const storage = (() => {
    try {
      return localStorage;
    } catch {
      return null;
    }
  })();

  /** @type {any} */
  let view = null;
  let receivedAt = 0;
  let flipped = false;
  let boardKey = '';
  /** The ply the board shows while stepping through the moves (0: the start), or null: the live board. */
  /** @type {number | null} */
  let review = null;
  /** @type {Map<string, any>} */
  const squareEls = new Map();
  /** The square in the tab order (roving tabindex): the one last focused, at first the first drawn. */
  /** @type {string | null} */
  let tabSquare = null;
  /** Pieces the page's hands hold, most recent last: what each was and where it came from. */
  /** @type {{piece: string, from: string}[]} */
  let hand = [];
  let chain = Promise.resolve();
  let errorTimer = 0;
  const token = new URLSearchParams(location.search).get('token');
  /** @type {Record<string, string>} */
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  /** Whether this page may control the game; false until the server says so. */
  let control = false;
  const sounds = createSounds({ storage, AudioContext: typeof AudioContext === 'undefined' ? undefined : AudioContext });

  // -- commands ---------------------------------------------------------------------------------

  /** Sends commands one after another, in the order the hands made them. */
  function send(/** @type {any} */ command) {
    const result = chain.then(() => post(command));
    chain = result.then(() => undefined);
    return result;
  }

  async function post(/** @type {any} */ command) {
    try {
      const res = await fetch('/api/command', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify(command),
      });
      const body = await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }));
      if (!body.ok) showError(`${body.error ?? 'refused'} (HTTP ${res.status})`);
      return Boolean(body.ok);
    } catch (e) {
      showError(`Could not reach the board: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  }

  /** When `m` last asked for the last moves, and how many. */
  let lastAsked = { at: -Infinity, count: 0 };
  /** Asks a question; its answer is announced. */
  async function ask(/** @type {any} */ question) {
    try {
      const res = await fetch('/api/command', { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify(question) });
      const body = await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }));
      if (body.ok && typeof body.text === 'string') announce(body.text);
      else showError(`${body.error ?? 'refused'} (HTTP ${res.status})`);
    } catch (e) {
      showError(`Could not reach the board: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  function showError(/** @type {string} */ message) {
    const el = $('error');
    el.textContent = message;
    el.hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      el.hidden = true;
    }, 8000);
  }

  // -- the hands (simulated board) ----------------------------------------------------------------

  /** Whether the board answers the hands now: a simulated board, a page that controls, the live position. */
  const handsOn = () => Boolean(control && view && view.simulated && review === null);

  function sqView(/** @type {string} */ name) {
    return view ? view.squares.find((/** @type {SquareView} */ s) => s.name === name) : undefined;
  }

  async function lift(/** @type {string} */ name) {
    const sq = sqView(name);
    const item = { piece: sq && sq.piece ? sq.piece : 'unknown', from: name };
    hand.push(item);
    renderHand();
    announce(liftWords(sq, name));
    if (!(await send({ type: 'lift', square: name }))) {
      hand = hand.filter((h) => h !== item);
      renderHand();
    }
  }

  async function place(/** @type {string} */ name) {
    const item = hand.pop();
    renderHand();
    if (!(await send({ type: 'place', square: name })) && item) {
      hand.push(item);
      renderHand();
    }
  }

  function onSquareClick(/** @type {string} */ name) {
    if (!handsOn()) return;
    const sq = sqView(name);
    if (!sq) return;
    if (sq.sensed) void lift(name);
    else void place(name);
  }

  /** Drag and drop with pointer events (mouse, pen and touch). */
  /** @type {any} */
  let drag = null;
  let suppressClick = false;

  function onPointerDown(/** @type {any} */ e) {
    if (!handsOn() || e.button !== 0) return;
    const target = e.target.closest('[data-square]');
    if (!target) return;
    const sq = sqView(target.dataset.square);
    if (!sq || !sq.sensed) return;
    drag = { from: sq.name, piece: sq.piece ?? 'unknown', x: e.clientX, y: e.clientY, id: e.pointerId, started: false };
  }

  function onPointerMove(/** @type {any} */ e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      drag.started = true;
      dragEl.className = `drag-piece piece ${drag.piece}`;
      dragEl.hidden = false;
      void lift(drag.from);
    }
    dragEl.style.left = `${e.clientX}px`;
    dragEl.style.top = `${e.clientY}px`;
    e.preventDefault();
  }

  function onPointerUp(/** @type {any} */ e) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    dragEl.hidden = true;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (e.type === 'pointercancel') return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const target = under ? under.closest('[data-square]') : null;
    if (target) void place(target.dataset.square);
    else announce('Piece taken off the board.');
  }

  // -- rendering ----------------------------------------------------------------------------------

  function buildBoard() {
    const hadFocus = boardEl.contains(document.activeElement);
    boardEl.textContent = '';
    squareEls.clear();
    const size = view.size;
    boardEl.style.setProperty('--size', String(size));
    /** @type {Map<string, SquareView>} */
    const dark = new Map(view.squares.map((/** @type {SquareView} */ s) => [`${s.row},${s.col}`, s]));
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const row = flipped ? size - 1 - r : r;
        const col = flipped ? size - 1 - c : c;
        const sq = dark.get(`${row},${col}`);
        if (!sq) {
          const light = document.createElement('div');
          light.className = 'sq light';
          light.setAttribute('aria-hidden', 'true');
          boardEl.append(light);
          continue;
        }
        const el = document.createElement('button');
        el.type = 'button';
        el.className = 'sq dark';
        el.dataset.square = sq.name;
        el.tabIndex = -1;
        el.addEventListener('click', () => {
          if (!suppressClick) onSquareClick(sq.name);
        });
        boardEl.append(el);
        squareEls.set(sq.name, el);
      }
    }
    if (tabSquare === null || !squareEls.has(tabSquare)) tabSquare = boardEl.querySelector('[data-square]').dataset.square;
    rove(/** @type {string} */ (tabSquare), hadFocus);
  }

  /** Puts the square `name` in the tab order, the others out of it, and with `focus` focuses it. */
  function rove(/** @type {string} */ name, focus = false) {
    const el = squareEls.get(name);
    if (!el) return;
    const old = tabSquare === null ? undefined : squareEls.get(tabSquare);
    if (old && old !== el) old.tabIndex = -1;
    tabSquare = name;
    el.tabIndex = 0;
    if (focus) el.focus();
  }

  /** The squares the board shows: the live ones, or those of the position being reviewed. */
  function shownSquares() {
    if (review === null) return view.squares;
    return positionAt(view, review) ?? view.squares;
  }

  function renderBoard() {
    const key = `${view.size}:${flipped}:${view.squares.map((/** @type {SquareView} */ s) => s.name).join(',')}`;
    if (key !== boardKey) {
      boardKey = key;
      buildBoard();
    }
    // A host without square marks names the squares to clear and fill in its guidance.
    const g = review === null ? view.guidance : null;
    const clear = new Set(g && Array.isArray(g.clear) ? g.clear : []);
    const fill = new Set(g && Array.isArray(g.fill) ? g.fill : []);
    const hands = handsOn();
    boardEl.classList.toggle('hands', hands);
    boardEl.classList.toggle('review', review !== null);
    boardEl.setAttribute('aria-label', review === null ? 'Draughts board' : `Draughts board, ${reviewWords()}`);
    for (const sq of /** @type {SquareView[]} */ (shownSquares())) {
      const el = squareEls.get(sq.name);
      if (!el) continue;
      const mark = sq.mark !== undefined ? sq.mark : clear.has(sq.name) ? 'clear' : fill.has(sq.name) ? 'fill' : null;
      el.setAttribute('aria-label', squareLabel({ ...sq, mark }));
      if (!hands) el.setAttribute('aria-disabled', 'true');
      else el.removeAttribute('aria-disabled');
      el.className = `sq dark${mark ? ` mark-${mark}` : ''}`;
      el.dataset.piece = sq.piece ?? '';
      el.dataset.sensed = String(sq.sensed);
      el.dataset.led = sq.led;
      el.dataset.mark = mark ?? '';
      el.innerHTML = squareHtml(sq, mark);
    }
  }

  /** The position being reviewed, in words: `the position after 3. 28x19`. */
  function reviewWords() {
    if (review === null) return 'the live game';
    if (review === 0) return 'the start position';
    return `the position after ${moveName(view.moves[review - 1], view.moves[0].ply)}`;
  }

  /** The players' bars on the sides of the board: Black above unless the board is flipped. */
  function placePlayers() {
    const area = $('board-area');
    const top = $(flipped ? 'player-white' : 'player-black');
    const bottom = $(flipped ? 'player-black' : 'player-white');
    const wrap = $('board-wrap');
    if (area.firstElementChild !== top) area.insertBefore(top, area.firstElementChild);
    if (wrap.nextElementSibling !== bottom) area.insertBefore(bottom, wrap.nextElementSibling);
  }

  function renderHand() {
    const el = $('hand');
    const show = Boolean(view && view.simulated && hand.length > 0);
    el.hidden = !show;
    $('hand-pieces').innerHTML = hand
      .map((h) => `<span class="piece mini ${h.piece}" title="from ${escapeHtml(h.from)}"></span>`)
      .join('');
    $('hand-label').textContent = `In hand: ${hand.length} piece${hand.length === 1 ? '' : 's'}`;
  }

  function renderMoves() {
    const ol = $('moves');
    const moves = view.moves;
    if (moves.length === 0) {
      ol.innerHTML = '<li class="empty">No moves yet.</li>';
      return;
    }
    const first = moves[0].ply;
    const last = moves[moves.length - 1].ply;
    const byPly = new Map(moves.map((/** @type {any} */ m, /** @type {number} */ i) => [m.ply, { m, index: i + 1 }]));
    const reviewed = review === null ? null : review === 0 ? null : moves[review - 1].ply;
    const reviewable = canReview(view);
    const cell = (/** @type {any} */ c) => {
      if (!c) return '<span class="move-none" aria-hidden="true">…</span>';
      const { m, index } = byPly.get(c.ply);
      const cls = `move${c.ply === last ? ' last' : ''}${m.irregular ? ' irregular' : ''}`;
      const flag = m.irregular ? `<span class="irr-flag" aria-hidden="true">!</span>` : '';
      const current = c.ply === reviewed ? ' aria-current="step"' : '';
      const title = m.irregular ? ` title="${escapeHtml(`irregular: ${m.irregular.code}, FMJD ${m.irregular.article}`)}"` : '';
      return `<button type="button" class="${cls}" data-ply="${c.ply}" data-index="${index}"${current}${title}${reviewable ? '' : ' aria-disabled="true"'} aria-label="${escapeHtml(moveName(m, first))}">${escapeHtml(m.text)}${flag}</button>`;
    };
    ol.innerHTML = pairMoves(moves)
      .map((row) => {
        const notes = [row.first, row.second].flatMap((c) => (c ? moveNotes(byPly.get(c.ply).m) : []));
        const list = notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
        return `<li><span class="no">${row.number}.</span> ${cell(row.first)}${row.second ? ` ${cell(row.second)}` : ''}${list}</li>`;
      })
      .join('');
    // Keep the move shown in sight: the reviewed one, or the newest.
    const target = ol.querySelector(reviewed === null ? '.move.last' : '.move[aria-current]');
    if (target) {
      const top = target.offsetTop - ol.offsetTop;
      if (top < ol.scrollTop || top + target.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = Math.max(0, top - ol.clientHeight / 2);
    }
  }

  /** What happened on a move besides the move, in words: its irregularity and its notes. */
  function moveNotes(/** @type {any} */ m) {
    const out = [];
    if (m.irregular) out.push(`${m.text}: irregular, ${m.irregular.code} (FMJD ${m.irregular.article})`);
    if (Array.isArray(m.notes)) for (const n of m.notes) out.push(`${m.text}: ${n}`);
    return out;
  }

  function renderClocks() {
    const clock = view.clock;
    for (const side of ['white', 'black']) {
      const el = $(`clock-${side}`);
      if (!clock) {
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      let ms = clock[side];
      if (clock.running === side && !view.result) ms -= performance.now() - receivedAt;
      el.textContent = formatClock(ms);
      el.classList.toggle('running', clock.running === side);
      el.classList.toggle('low', ms < 30_000);
      el.setAttribute('aria-label', `${sideName(side)}'s clock: ${formatClock(ms)}${clock.running === side ? ', running' : ''}`);
    }
  }

  function renderNow() {
    $('turn').textContent = turnLine(view);

    const result = view.result;
    $('result-box').hidden = !result;
    $('result').textContent = result ? resultLine(result) : '';
    $('btn-new-game').hidden = !(control && result);

    const irr = irregularityPanel(view);
    const box = $('irregularity');
    box.hidden = !irr;
    box.className = `irregularity${irr ? ` ${irr.status}` : ''}`;
    $('irr-code').textContent = irr ? irr.code : '';
    $('irr-article').textContent = irr && irr.article ? `article ${irr.article}` : '';
    $('irr-message').textContent = irr ? irr.message : '';
    $('irr-required').hidden = !(irr && irr.required);
    $('irr-required').textContent = irr ? irr.required : '';
    $('irr-who').textContent = irr ? irr.who : '';
    const pending = Boolean(irr && irr.status === 'pending');
    $('irr-decide').hidden = !(control && pending);
    $('irr-choices').hidden = !(!control && pending);
    if (irr) {
      $('accept-label').textContent = irr.acceptLabel;
      $('accept-what').textContent = irr.accept;
      $('correct-label').textContent = irr.correctLabel;
      $('correct-what').textContent = irr.correct;
      $('accept-words').textContent = irr.accept;
      $('correct-words').textContent = irr.correct;
    }

    const obligation = ruleSentence(view.obligation);
    $('obligation').hidden = !obligation || Boolean(result) || (irr !== null && irr.required === view.obligation.message);
    $('obligation').textContent = obligation;
    const compulsory = ruleSentence(view.compulsory);
    $('compulsory').hidden = !compulsory || Boolean(result);
    $('compulsory').textContent = compulsory;

    const g = view.guidance;
    $('guidance').hidden = !g;
    $('guidance').className = `guidance${g ? ` ${g.kind}` : ''}`;
    $('guidance-message').textContent = g ? g.message : '';
  }

  function renderReview() {
    const count = view.moves.length;
    const reviewable = canReview(view);
    $('review-banner').hidden = review === null;
    $('review-tag').hidden = review === null;
    $('review-text').textContent = review === null ? '' : `Reviewing ${reviewWords()}: not the live game, which goes on.`;
    $('btn-first').disabled = !reviewable || count === 0 || review === 0;
    $('btn-prev').disabled = !reviewable || count === 0 || review === 0;
    $('btn-next').disabled = !reviewable || review === null;
    $('btn-last').disabled = !reviewable || review === null;
    document.body.dataset.review = review === null ? 'live' : String(review);
  }

  function renderHeader() {
    const line = headerLine(view.header);
    $('event').hidden = !line;
    $('event').textContent = line;
    const board = /Firmata/.test(view.link.firmware ?? '') ? 'Firmata board' : 'board';
    $('variant').textContent = `${view.variant} (${view.size}×${view.size})${view.simulated ? `, simulated ${board}` : board === 'board' ? '' : `, ${board}`}`;
    // Names as shownName gives them: no control, isolated when right to left (an override in a name turns nothing round).
    const white = shownName(view.players.white) || 'White';
    const black = shownName(view.players.black) || 'Black';
    $('name-white').textContent = white;
    $('name-black').textContent = black;
    document.title = shownName(view.players.white) || shownName(view.players.black) ? `${white} – ${black}: dambord` : 'dambord';
    const link = $('pdn-link');
    link.setAttribute('download', typeof view.pdnName === 'string' && view.pdnName ? view.pdnName : 'game.pdn');
  }

  /** A sheet guiding the game (dambord digitise --guide): what it asks for, in words (the LEDs light its squares), and the repairs made. */
  function renderGuide() {
    const g = view.guide;
    $('guide').hidden = !g;
    $('guide').className = `guide${g ? ` ${g.kind}` : ''}`;
    $('guide-message').textContent = g ? (g.kind === 'slip' ? `Slip at ${g.message}` : g.message) : '';
    $('guide-repairs').innerHTML = (g ? g.repairs : []).map((/** @type {string} */ r) => `<li>${escapeHtml(r)}</li>`).join('');
  }

  /** Draws the whole page from `view` and the page's own state (flipped, reviewing, hands). */
  function draw() {
    renderHeader();
    placePlayers();
    $('player-white').classList.toggle('to-move', !view.result && view.turn === 'white');
    $('player-black').classList.toggle('to-move', !view.result && view.turn === 'black');
    renderBoard();
    renderHand();
    renderMoves();
    renderClocks();
    renderNow();
    renderReview();

    $('hands-controls').hidden = !(control && view.simulated);
    $('sim-help').hidden = !(control && view.simulated);
    // A game recorded from its scoresheet (dambord digitise): nobody resigns or offers a draw; the
    // secretary takes moves back and gives the scoresheet's result.
    for (const id of GAME_BUTTONS) $(id).hidden = !control || Boolean(view.result) || view.recording;
    for (const id of ['btn-takeback', ...RESULT_BUTTONS]) $(id).hidden = !control || !view.recording || Boolean(view.result);
    renderGuide();
    // A draw offered by one side: the other side's button accepts it.
    $('btn-draw-white').textContent = view.drawOffer === 'black' ? 'White accepts the draw' : view.drawOffer === 'white' ? 'White offered a draw' : 'White offers a draw';
    $('btn-draw-black').textContent = view.drawOffer === 'white' ? 'Black accepts the draw' : view.drawOffer === 'black' ? 'Black offered a draw' : 'Black offers a draw';

    $('link-state').textContent = linkSummary(view.link);
    $('link-health').innerHTML = healthRows(view.link.health)
      .map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd>`)
      .join('');

    $('log').innerHTML = (Array.isArray(view.log) ? view.log : [])
      .slice(-50)
      .map((/** @type {string} */ line) => `<li>${escapeHtml(readableLog(line))}</li>`)
      .join('');
  }

  function render(/** @type {any} */ next) {
    const prev = view;
    view = next;
    receivedAt = performance.now();
    // A position no longer in the game (a new game, a move taken back) ends the review.
    if (review !== null && (review > view.moves.length || !canReview(view))) review = null;

    // Hands: keep the tray in step with what the board shows is off it.
    const n = piecesInHand(view.squares);
    if (hand.length > n) hand = hand.slice(hand.length - n);
    while (hand.length < n) hand.unshift({ piece: 'unknown', from: '?' });

    draw();
    const said = announcements(prev, view);
    for (const sentence of said.polite) announce(sentence);
    for (const sentence of said.assertive) announceNow(sentence);
    const kinds = soundsFor(prev, view);
    const sound = SOUND_ORDER.find((k) => kinds.includes(/** @type {any} */ (k)));
    if (sound) sounds.play(/** @type {any} */ (sound));
  }

  /** Says a sentence when the screen reader is free (moves, news). */
  const announce = liveRegion($('announce'));
  /** Says a sentence at once (irregularities, a flag fallen, the board lost). */
  const announceNow = liveRegion($('alert'));

  // -- review -------------------------------------------------------------------------------------

  /** Shows the position after `ply` moves (null: the live board), and keeps focus on a control that is still there. */
  function setReview(/** @type {number | null} */ ply) {
    if (!view || (ply !== null && !canReview(view))) return;
    const was = review;
    review = ply !== null && ply >= view.moves.length ? null : ply;
    if (review === was) return;
    draw();
    announce(review === null ? 'Back to the live game.' : `Reviewing ${reviewWords()}.`);
    const focused = document.activeElement;
    if (focused && (focused.disabled || focused.closest('[hidden]'))) {
      const next = ['btn-prev', 'btn-first', 'btn-flip'].map($).find((b) => !b.disabled);
      if (next) next.focus();
    }
  }

  document.addEventListener('keydown', (/** @type {any} */ e) => {
    if (!view || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
    // On the board the arrows move between the squares; Home and End still step.
    const on = t && typeof t.closest === 'function' ? t.closest('#board [data-square]') : null;
    const next = on ? squareKey(e.key, on.dataset.square, view.squares, view.size, flipped) : undefined;
    if (next !== undefined) {
      e.preventDefault();
      rove(next, true);
      return;
    }
    // Questions (the board as keyboard): answered in words in the polite region, and said aloud where the game speaks.
    const question = control ? questionKey(e.key, on ? on.dataset.square : null, e.key === 'm' && performance.now() - lastAsked.at < 4000 ? lastAsked.count : 0) : undefined;
    if (question) {
      e.preventDefault();
      if (question.what === 'last') lastAsked = { at: performance.now(), count: question.count ?? 1 };
      void ask(question);
      return;
    }
    const to = reviewKey(e.key, review, view.moves.length);
    if (to === undefined || !canReview(view)) return;
    e.preventDefault();
    setReview(to);
  });
  $('btn-first').addEventListener('click', () => setReview(0));
  $('btn-prev').addEventListener('click', () => view && setReview(reviewKey('ArrowLeft', review, view.moves.length) ?? null));
  $('btn-next').addEventListener('click', () => view && setReview(reviewKey('ArrowRight', review, view.moves.length) ?? null));
  $('btn-last').addEventListener('click', () => setReview(null));
  $('btn-live').addEventListener('click', () => setReview(null));
  $('moves').addEventListener('click', (/** @type {any} */ e) => {
    const b = e.target.closest('button[data-index]');
    if (b && view) setReview(Number(b.dataset.index));
  });

  // -- controls -----------------------------------------------------------------------------------

  const GAME_BUTTONS = ['btn-resign-white', 'btn-resign-black', 'btn-draw', 'btn-draw-white', 'btn-draw-black'];
  /** The scoresheet's result, for a game being recorded (the host writes it as the variant does: 2-0 or 1-0, ...). */
  const RESULT_BUTTONS = ['btn-result-white', 'btn-result-draw', 'btn-result-black'];

  /** Whether this page may control the game, and the words for a page that only watches. */
  async function askAccess() {
    try {
      const res = await fetch('/api/access', { headers: auth, cache: 'no-store' });
      const body = await res.json();
      if (body.control === true) return { control: true, why: '' };
      return { control: false, why: token ? 'The token in this address is not this game\'s: watching only.' : 'Watching only: the controls are on the page opened from the address with the token that dambord play printed.' };
    } catch (e) {
      return { control: false, why: `Watching only: could not ask the host who may play (${e instanceof Error ? e.message : String(e)}).` };
    }
  }

  /** Resign and draw end the game: the first press arms the button, a second within 4 s sends. */
  function confirming(/** @type {string} */ id, /** @type {string} */ question, /** @type {() => any} */ command) {
    const btn = $(id);
    const label = btn.textContent;
    let timer = 0;
    btn.addEventListener('click', () => {
      if (btn.dataset.armed === 'true') {
        clearTimeout(timer);
        btn.dataset.armed = 'false';
        btn.textContent = label;
        void send(command());
        return;
      }
      btn.dataset.armed = 'true';
      btn.textContent = question;
      announce(question);
      timer = setTimeout(() => {
        btn.dataset.armed = 'false';
        btn.textContent = label;
      }, 4000);
    });
  }

  confirming('btn-resign-white', 'White resigns: press again to confirm', () => ({ type: 'resign', color: 'white' }));
  confirming('btn-resign-black', 'Black resigns: press again to confirm', () => ({ type: 'resign', color: 'black' }));
  confirming('btn-draw', 'Draw agreed: press again to confirm', () => ({ type: 'draw' }));
  $('btn-draw-white').addEventListener('click', () => void send({ type: 'draw', color: 'white' }));
  $('btn-draw-black').addEventListener('click', () => void send({ type: 'draw', color: 'black' }));
  $('btn-takeback').addEventListener('click', () => void send({ type: 'takeback' }));
  confirming('btn-result-white', 'White won: press again to confirm', () => ({ type: 'result', result: '1-0' }));
  confirming('btn-result-draw', 'A draw: press again to confirm', () => ({ type: 'result', result: '1-1' }));
  confirming('btn-result-black', 'Black won: press again to confirm', () => ({ type: 'result', result: '0-1' }));
  $('btn-new-game').addEventListener('click', () => {
    review = null;
    void send({ type: 'new-game' });
  });
  for (const [id, button] of [
    ['btn-clock', 'clock'],
    ['btn-jadoube', 'jadoube'],
    ['btn-accept', 'accept'],
    ['btn-correct', 'correct'],
  ]) {
    $(id).addEventListener('click', () => void send({ type: 'press', button }));
  }
  $('btn-flip').addEventListener('click', () => {
    flipped = !flipped;
    $('btn-flip').setAttribute('aria-pressed', String(flipped));
    if (view) draw();
  });

  // Sounds: none before a user gesture; the toggle is remembered.
  const soundButton = $('btn-sound');
  const showSound = () => {
    soundButton.textContent = sounds.muted ? 'Sounds off' : 'Sounds on';
  };
  showSound();
  soundButton.addEventListener('click', () => {
    sounds.setMuted(!sounds.muted);
    showSound();
  });
  const unlock = () => sounds.unlock();
  document.addEventListener('pointerdown', unlock, { capture: true, once: true });
  document.addEventListener('keydown', unlock, { capture: true, once: true });

  // Theme: light, dark, or the system's (auto), remembered.
  const themeSelect = $('theme');
  const applyTheme = (/** @type {string} */ choice) => {
    if (choice === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = choice;
    const dark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.dataset.shown = shownTheme(choice, dark);
  };
  themeSelect.value = remembered(storage, THEME_KEY, THEMES);
  applyTheme(themeSelect.value);
  themeSelect.addEventListener('change', () => {
    remember(storage, THEME_KEY, themeSelect.value);
    applyTheme(themeSelect.value);
  });
  if (typeof window.matchMedia === 'function') window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(themeSelect.value));

  // The legend of the marks, each drawn as on the board.
  const samplePiece = { capture: 'wm', obligation: 'wm', remove: 'bm', clear: 'bm', flagged: 'wm', last: 'wm' };
  $('legend').innerHTML = Object.entries(MARKS)
    .map(([mark, m]) => {
      const piece = /** @type {any} */ (samplePiece)[mark] ?? null;
      const sq = { name: '', row: 0, col: 0, piece, sensed: piece !== null, led: 'off' };
      return `<li><span class="sample sq dark mark-${mark}" aria-hidden="true">${squareHtml(/** @type {any} */ (sq), mark)}</span> ${escapeHtml(m.legend)}</li>`;
    })
    .join('');

  boardEl.addEventListener('pointerdown', onPointerDown);
  boardEl.addEventListener('focusin', (/** @type {any} */ e) => {
    const sq = e.target.closest('[data-square]');
    if (sq) rove(sq.dataset.square);
  });
  document.addEventListener('pointermove', onPointerMove, { passive: false });
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', onPointerUp);

  setInterval(() => {
    if (view && view.clock && view.clock.running) renderClocks();
  }, 100);

  // -- the live view ------------------------------------------------------------------------------

  const status = $('connection');
  const access = await askAccess();
  control = access.control;
  document.body.dataset.control = String(control);
  $('watching').textContent = access.why;
  $('watching').hidden = control;
  if (!control) for (const id of [...GAME_BUTTONS, ...RESULT_BUTTONS]) $(id).hidden = true;
  const events = new EventSource('/api/events');
  events.addEventListener('view', (/** @type {any} */ e) => {
    status.textContent = 'live';
    status.className = 'connection live';
    try {
      render(JSON.parse(e.data));
    } catch (err) {
      showError(`Bad view from the host: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  events.addEventListener('open', () => {
    status.textContent = 'live';
    status.className = 'connection live';
  });
  events.addEventListener('error', () => {
    status.textContent = 'reconnecting…';
    status.className = 'connection down';
  });
  window.addEventListener('beforeunload', () => events.close());
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
  else void start();
}
