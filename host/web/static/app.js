/* global document, window, location, URLSearchParams, EventSource, fetch, performance, setTimeout, clearTimeout, setInterval */
// The page of a dambord game: renders each PlayView the server sends (GET /api/events) and,
// on the simulated board, stands in for the hands (POST /api/command). Plain ES module, no
// build step. The pure helpers are exported so tests can run them in Node; the page itself
// starts only where there is a document.
//
// Control: the page opened from the address dambord play prints, `/?token=...`, sends the
// token with every command (Authorization: Bearer). The server says at start (GET
// /api/access) whether this page may control the game; one that may not (no token where the
// server needs one, or a wrong one) only watches: its buttons are hidden and the board does
// not answer clicks.

/** @typedef {{name: string, row: number, col: number, piece: 'wm'|'wk'|'bm'|'bk'|null, sensed: boolean, led: string}} SquareView */

const PIECE_NAMES = { wm: 'white man', wk: 'white king', bm: 'black man', bk: 'black king' };
const LED_NAMES = { on: 'LED on', slow: 'LED blinking slowly', fast: 'LED blinking fast', alternate: 'LED blinking (alternate)' };

/**
 * Formats milliseconds left on a clock: `1:02:03`, `4:05`, and `9.7` under ten seconds.
 * @param {number} ms
 */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return (Math.floor(t / 100) / 10).toFixed(1);
  const total = Math.ceil(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Groups moves into numbered PDN pairs. Ply 1 is the first move of the game (ply 0 is read the
 * same way); a game whose first recorded move has an even ply starts with `1. ...`.
 * @param {readonly {ply: number, side: string, text: string}[]} moves
 * @returns {{number: number, first: {ply: number, text: string} | null, second: {ply: number, text: string} | null}[]}
 */
export function pairMoves(moves) {
  if (moves.length === 0) return [];
  const shift = moves[0].ply === 0 ? 1 : 0;
  /** @type {Map<number, {number: number, first: any, second: any}>} */
  const rows = new Map();
  for (const m of moves) {
    const ply = m.ply + shift;
    const n = Math.floor((ply + 1) / 2);
    let row = rows.get(n);
    if (!row) {
      row = { number: n, first: null, second: null };
      rows.set(n, row);
    }
    row[ply % 2 === 1 ? 'first' : 'second'] = { ply: m.ply, text: m.text };
  }
  return [...rows.values()].sort((a, b) => a.number - b.number);
}

/**
 * What a square holds, as words for a screen reader.
 * @param {SquareView} sq
 * @param {{clear?: boolean, fill?: boolean}} [marks]
 */
export function squareLabel(sq, marks = {}) {
  let what;
  if (sq.piece && sq.sensed) what = PIECE_NAMES[sq.piece];
  else if (sq.piece) what = `${PIECE_NAMES[sq.piece]}, lifted`;
  else if (sq.sensed) what = 'a piece the game does not have here';
  else what = 'empty';
  const parts = [`${sq.name}: ${what}`];
  if (sq.led && sq.led !== 'off') parts.push(LED_NAMES[sq.led] ?? `LED ${sq.led}`);
  if (marks.clear) parts.push('to clear');
  if (marks.fill) parts.push('to fill');
  return parts.join(', ');
}

/**
 * How many pieces are off the board compared with the game: lifted pieces minus pieces put
 * down where the game has none. This is what the hands hold.
 * @param {readonly SquareView[]} squares
 */
export function piecesInHand(squares) {
  let lifted = 0;
  let extra = 0;
  for (const sq of squares) {
    if (sq.piece && !sq.sensed) lifted++;
    if (!sq.piece && sq.sensed) extra++;
  }
  return Math.max(0, lifted - extra);
}

/**
 * The sentences to announce when the view goes from `prev` to `next`.
 * @param {any} prev
 * @param {any} next
 * @returns {string[]}
 */
export function announcements(prev, next) {
  const out = [];
  const before = prev ? prev.moves.length : 0;
  if (next.moves.length > before) {
    for (const m of next.moves.slice(before)) out.push(`${m.side === 'white' ? 'White' : 'Black'}: ${m.text}`);
  }
  const irr = next.irregularity;
  const oldIrr = prev ? prev.irregularity : null;
  if (irr && (!oldIrr || oldIrr.code !== irr.code || oldIrr.message !== irr.message)) {
    out.push(`Irregularity, article ${irr.article}: ${irr.message}${irr.decision === 'decide' ? '. Accept or correct?' : ''}`);
  }
  const g = next.guidance;
  if (g && (!prev || !prev.guidance || prev.guidance.message !== g.message)) out.push(g.message);
  if (next.result && (!prev || !prev.result)) out.push(`Game over: ${next.result.result}, ${next.result.reason}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The page.

async function start() {
  const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
  const boardEl = $('board');
  const dragEl = $('drag-piece');

  /** @type {any} */
  let view = null;
  let receivedAt = 0;
  let flipped = false;
  let boardKey = '';
  /** @type {Map<string, any>} */
  const squareEls = new Map();
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
      if (!body.ok) showError(body.error ?? `HTTP ${res.status}`);
      return Boolean(body.ok);
    } catch (e) {
      showError(`Could not reach the board: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  }

  function showError(/** @type {string} */ message) {
    const el = $('error');
    el.textContent = message;
    el.hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      el.hidden = true;
    }, 6000);
  }

  // -- the hands (simulated board) ----------------------------------------------------------------

  function sqView(/** @type {string} */ name) {
    return view ? view.squares.find((/** @type {SquareView} */ s) => s.name === name) : undefined;
  }

  async function lift(/** @type {string} */ name) {
    const sq = sqView(name);
    const item = { piece: sq && sq.piece ? sq.piece : 'unknown', from: name };
    hand.push(item);
    renderHand();
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
    if (!control || !view || !view.simulated) return;
    const sq = sqView(name);
    if (!sq) return;
    if (sq.sensed) void lift(name);
    else void place(name);
  }

  /** Drag and drop with pointer events (mouse, pen and touch). */
  let drag = null;
  let suppressClick = false;

  function onPointerDown(/** @type {any} */ e) {
    if (!control || !view || !view.simulated || e.button !== 0) return;
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
        el.addEventListener('click', () => {
          if (!suppressClick) onSquareClick(sq.name);
        });
        boardEl.append(el);
        squareEls.set(sq.name, el);
      }
    }
  }

  function renderBoard() {
    const key = `${view.size}:${flipped}:${view.squares.map((/** @type {SquareView} */ s) => s.name).join(',')}`;
    if (key !== boardKey) {
      boardKey = key;
      buildBoard();
    }
    const clear = new Set(view.guidance ? view.guidance.clear : []);
    const fill = new Set(view.guidance ? view.guidance.fill : []);
    boardEl.classList.toggle('hands', control && view.simulated);
    for (const sq of /** @type {SquareView[]} */ (view.squares)) {
      const el = squareEls.get(sq.name);
      if (!el) continue;
      const marks = { clear: clear.has(sq.name), fill: fill.has(sq.name) };
      el.setAttribute('aria-label', squareLabel(sq, marks));
      if (!control || !view.simulated) el.setAttribute('aria-disabled', 'true');
      else el.removeAttribute('aria-disabled');
      el.classList.toggle('to-clear', marks.clear);
      el.classList.toggle('to-fill', marks.fill);
      el.dataset.piece = sq.piece ?? '';
      el.dataset.sensed = String(sq.sensed);
      el.dataset.led = sq.led;
      let piece = '';
      if (sq.piece) {
        const king = sq.piece === 'wk' || sq.piece === 'bk';
        piece = `<span class="piece ${sq.piece}${sq.sensed ? '' : ' ghost'}">${king ? '<span class="crown">♛</span>' : ''}</span>`;
      } else if (sq.sensed) {
        piece = '<span class="piece unknown"></span>';
      }
      const led = sq.led && sq.led !== 'off' ? `<span class="led led-${sq.led}"></span>` : '';
      el.innerHTML = `${led}${piece}<span class="num" aria-hidden="true">${escapeHtml(sq.name)}</span>`;
    }
  }

  function renderHand() {
    const el = $('hand');
    const show = Boolean(view && view.simulated && hand.length > 0);
    el.hidden = !show;
    $('hand-pieces').innerHTML = hand
      .map((h) => `<span class="piece mini ${h.piece}" title="from ${escapeHtml(h.from)}"></span>`)
      .join('');
    el.setAttribute('aria-label', `In hand: ${hand.length} piece${hand.length === 1 ? '' : 's'}`);
  }

  function renderMoves() {
    const ol = $('moves');
    const last = view.moves.length ? view.moves[view.moves.length - 1].ply : -1;
    const cell = (/** @type {any} */ m) =>
      m ? `<span class="move${m.ply === last ? ' last' : ''}" data-ply="${m.ply}">${escapeHtml(m.text)}</span>` : '<span class="move">…</span>';
    ol.innerHTML = pairMoves(view.moves)
      .map((row) => `<li><span class="no">${row.number}.</span> ${cell(row.first)}${row.second ? ` ${cell(row.second)}` : ''}</li>`)
      .join('');
    ol.scrollTop = ol.scrollHeight;
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
      el.setAttribute('aria-label', `${side === 'white' ? 'White' : 'Black'}'s clock: ${formatClock(ms)}${clock.running === side ? ', running' : ''}`);
    }
  }

  function render(/** @type {any} */ next) {
    const prev = view;
    view = next;
    receivedAt = performance.now();
    const board = /Firmata/.test(view.link.firmware ?? '') ? 'Firmata board' : 'board';
    $('variant').textContent = `${view.variant} (${view.size}×${view.size})${view.simulated ? `, simulated ${board}` : board === 'board' ? '' : `, ${board}`}`;
    $('name-white').textContent = view.players.white || 'White';
    $('name-black').textContent = view.players.black || 'Black';
    $('player-white').classList.toggle('to-move', !view.result && view.turn === 'white');
    $('player-black').classList.toggle('to-move', !view.result && view.turn === 'black');
    $('turn').textContent = view.result ? 'Game over' : `${view.turn === 'white' ? 'White' : 'Black'} to move`;

    // Hands: keep the tray in step with what the board shows is off it.
    const n = piecesInHand(view.squares);
    if (hand.length > n) hand = hand.slice(hand.length - n);
    while (hand.length < n) hand.unshift({ piece: 'unknown', from: '?' });

    renderBoard();
    renderHand();
    renderMoves();
    renderClocks();

    const res = $('result');
    res.hidden = !view.result;
    res.textContent = view.result ? `${view.result.result}: ${view.result.reason}${view.result.article ? ` (article ${view.result.article})` : ''}` : '';

    const irr = view.irregularity;
    $('irregularity').hidden = !irr;
    $('irregularity').classList.toggle('decide', Boolean(irr && irr.decision === 'decide'));
    $('irr-code').textContent = irr ? irr.code : '';
    $('irr-article').textContent = irr ? `article ${irr.article}` : '';
    $('irr-message').textContent = irr ? irr.message : '';
    $('irr-decide').hidden = !(control && irr && irr.decision === 'decide');

    const g = view.guidance;
    $('guidance').hidden = !g;
    $('guidance').className = `guidance${g ? ` ${g.kind}` : ''}`;
    $('guidance-message').textContent = g ? g.message : '';
    $('guidance-clear').textContent = g && g.clear.length ? `Clear: ${g.clear.join(', ')}` : '';
    $('guidance-fill').textContent = g && g.fill.length ? `Fill: ${g.fill.join(', ')}` : '';

    $('hands-controls').hidden = !(control && view.simulated);
    $('sim-help').hidden = !(control && view.simulated);
    for (const id of GAME_BUTTONS) {
      $(id).hidden = !control;
      $(id).disabled = !control || Boolean(view.result);
    }
    // A draw offered by one side: the other side's button accepts it.
    $('btn-draw-white').textContent = view.drawOffer === 'black' ? 'White accepts the draw' : view.drawOffer === 'white' ? 'White offered a draw' : 'White offers a draw';
    $('btn-draw-black').textContent = view.drawOffer === 'white' ? 'Black accepts the draw' : view.drawOffer === 'black' ? 'Black offered a draw' : 'Black offers a draw';

    $('link-state').textContent = linkSummary(view.link);
    $('link-health').innerHTML = healthRows(view.link.health);

    $('log').innerHTML = view.log
      .slice(-50)
      .map((/** @type {string} */ line) => `<li>${escapeHtml(line)}</li>`)
      .join('');

    for (const sentence of announcements(prev, view)) announce(sentence);
  }

  const pending = [];
  function announce(/** @type {string} */ text) {
    pending.push(text);
    const el = $('announce');
    el.textContent = '';
    // A fresh text node after a tick makes screen readers read it even when it repeats.
    setTimeout(() => {
      if (pending.length === 0) return;
      el.textContent = pending.splice(0).join('. ');
    }, 50);
  }

  // -- controls -----------------------------------------------------------------------------------

  const GAME_BUTTONS = ['btn-resign-white', 'btn-resign-black', 'btn-draw', 'btn-draw-white', 'btn-draw-black'];

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
    if (view) render(view);
  });

  boardEl.addEventListener('pointerdown', onPointerDown);
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
  if (!control) for (const id of GAME_BUTTONS) $(id).hidden = true;
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

/** @param {string} s */
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The link in a few words: its state, the board's firmware and, when the board reports its health, faults seen. */
export function linkSummary(/** @type {any} */ link) {
  const h = link.health;
  if (!h) return link.state;
  const faults = ['crcErrors', 'syntaxErrors', 'longLines', 'gaps', 'mismatches', 'invalidEvents', 'heartbeatLosses', 'timeouts', 'commandFailures']
    .map((k) => (typeof h[k] === 'number' ? h[k] : 0))
    .reduce((a, b) => a + b, 0);
  const fw = link.firmware ? ` (${/Firmata/.test(link.firmware) ? link.firmware : `dambord ${link.firmware}`})` : '';
  return `${link.state}${fw}, ${h.linesOk ?? 0} ${/Firmata/.test(link.firmware ?? '') ? 'messages' : 'lines'}, ${faults === 0 ? 'no faults' : `${faults} fault${faults === 1 ? '' : 's'}`}`;
}

/** The link's health as definition-list rows: the state, lines, and every fault counter above 0. */
function healthRows(/** @type {any} */ health) {
  if (!health) return '<dt>health</dt><dd>not reported</dd>';
  const rows = [];
  for (const [k, v] of Object.entries(health)) {
    if (k === 'state') continue;
    if (k === 'linesOk' || k === 'msSinceLastLine' || (typeof v === 'number' && v > 0)) {
      rows.push(`<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v === null ? '–' : String(v))}</dd>`);
    }
  }
  return rows.join('');
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
  else void start();
}
