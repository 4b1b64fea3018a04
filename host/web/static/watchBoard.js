/* global document, performance */
// The viewers' page's one board (`?board=N`): the big board (its position in words for screen
// readers), the players and clocks, the move list in PDN pairs with irregular moves marked, the
// irregularity as the arbiter sees it, the result, and new moves said in the polite live region.
// The viewer may step back through the game (watchSteps.js): the board is then drawn at the ply
// looked at, the move list marks it, and the game's new moves still come into the list.

import { moveName } from './format.js';
import { $, escapeHtml } from './html.js';
import { announcements } from './notices.js';
import { boardSvg, setClock } from './watchDraw.js';
import { boardClock, boardOf, boardSquares, cardWords, irregularityWords, linkDown, moveRows, positionWords, roundTitle } from './watchModel.js';
import { t } from './words.js';

/** @typedef {import('./watchModel.js').BoardEvent} BoardEvent */
/** @typedef {import('./watchModel.js').RoundModel} RoundModel */

/** @typedef {ReturnType<typeof import('./watchSteps.js').createSteps>} Steps */

/** The state the board view last drew, for what to announce when the next comes; null: drawn for none (or another view). @type {BoardEvent | null} */
let shown = null;
/** What of the viewer's choices the board was drawn with: the ply looked at, turned round, the position known. */
let shownLook = '';
/** The layouts the board view was drawn with (a new round brings new ones). @type {unknown} */
let drawnLayouts = null;

/** Forgets what the board view drew: the next board is drawn whole and nothing is announced. */
export function forgetShown() {
  shown = null;
  shownLook = '';
}

/** The irregularity as the arbiter sees it: what, the article, who decides, what the rules required, the choices. @param {BoardEvent} state */
function drawIrregularity(state) {
  const irr = irregularityWords(state);
  const box = $('irregularity');
  box.hidden = !irr;
  box.className = `irregularity${irr ? ` ${irr.status}` : ''}`;
  if (!irr) return;
  $('irr-code').textContent = irr.code;
  $('irr-article').textContent = irr.article ? t('common.article', { article: irr.article }) : '';
  $('irr-message').textContent = irr.message;
  $('irr-status').textContent = irr.statusWords;
  $('irr-who').textContent = irr.who;
  $('irr-required').hidden = !irr.required;
  $('irr-required').textContent = irr.required ? t('watch.required', { required: irr.required }) : '';
  $('irr-choices').hidden = irr.status !== 'pending';
  $('accept-words').textContent = irr.accept;
  $('correct-words').textContent = irr.correct;
}

/**
 * The board's moves in PDN pairs, irregular ones noted, each a button that shows the position
 * after it; the one looked at (`at`, null: the last) marked and in view.
 * @param {BoardEvent} state @param {number | null} at
 */
function drawMoves(state, at) {
  const ol = $('moves');
  const rows = moveRows(state);
  if (rows.length === 0) {
    ol.innerHTML = `<li class="empty">${escapeHtml(t('common.noMoves'))}</li>`;
    return;
  }
  ol.innerHTML = rows
    .map((row) => {
      const cells = row.moves.map((m) => {
        const note = m.irregular ? ` <span class="irr-note">${escapeHtml(t('watch.irregularNote', { code: m.irregular.code, article: m.irregular.article }))}</span>` : '';
        const current = at === null ? m.last : m.ply === at;
        return `<button type="button" class="move${m.last ? ' last' : ''}${m.irregular ? ' irregular' : ''}" data-ply="${m.ply}" aria-label="${escapeHtml(m.name)}"${current ? ' aria-current="step"' : ''}>${escapeHtml(m.text)}</button>${note}`;
      });
      // A record that starts with the second move of a pair: `1. … 19-23`.
      const gap = row.late ? '<span class="move-none">…</span> ' : '';
      return `<li><span class="no">${row.number}.</span> ${gap}${cells.join(' ')}</li>`;
    })
    .join('');
  const current = /** @type {HTMLElement | null} */ (ol.querySelector('[aria-current]'));
  if (at === null || !current) ol.scrollTop = ol.scrollHeight;
  else ol.scrollTop = Math.max(0, current.offsetTop - ol.offsetTop - ol.clientHeight / 2);
}

/** Whose turn it is after ply `at` of the game: the side that did not make it (at the start: the side of the first move). @param {BoardEvent} state @param {number} at */
function lookedTurn(state, at) {
  const move = state.moves.find((m) => m.ply === at);
  const side = move ? (move.side === 'white' ? 'black' : 'white') : (state.moves[0]?.side ?? state.turn);
  return t('common.toMove', { side });
}

/** Black's strip above the board and White's below, or the other way round when `flipped`. @param {boolean} flipped */
function placePlayers(flipped) {
  const big = $('big-board');
  big.before($(flipped ? 'player-white' : 'player-black'));
  big.after($(flipped ? 'player-black' : 'player-white'));
}

/**
 * The step buttons as the ply looked at allows (none back at the start, none forward when live),
 * the live button and the line that says which position is shown while the viewer looks back.
 * @param {BoardEvent} state @param {number | null} at @param {Steps} steps
 */
function drawSteps(state, at, steps) {
  const first = state.moves.length > 0 ? state.moves[0].ply : 1;
  const atStart = state.moves.length === 0 || at === first - 1;
  /** @type {[string, boolean][]} */
  const buttons = [['step-first', atStart], ['step-back', atStart], ['step-forward', at === null], ['step-last', at === null]];
  for (const [id, off] of buttons) /** @type {HTMLButtonElement} */ ($(id)).disabled = off;
  $('step-live').hidden = at === null;
  $('flip').setAttribute('aria-pressed', String(steps.flipped));
  const viewing = $('viewing');
  viewing.hidden = at === null;
  if (at === null) return;
  const move = state.moves.find((m) => m.ply === at);
  viewing.textContent = move ? t('watch.viewing', { move: moveName(move, first) }) : t('watch.viewingStart');
}

/**
 * Board `n` of the round drawn, or the words that it is not in it; its new moves announced. The
 * board shows the ply `steps` looks at, turned round as it says; `redraw` is called when a
 * position asked of the relay comes.
 * @param {RoundModel} model @param {number} n @param {(text: string) => void} announce @param {Steps} steps @param {() => void} redraw
 */
export function drawBoard(model, n, announce, steps, redraw) {
  const state = boardOf(model, n);
  $('board-missing').hidden = state !== null || model.rounds === 0;
  $('board-missing').textContent = t('watch.noBoard', { board: n });
  $('board-body').hidden = state === null;
  $('board-pdn').setAttribute('href', `/feed/board/${n}.pdn`);
  $('board-pdn').setAttribute('download', `board-${n}.pdn`);
  if (!state) {
    $('board-heading').textContent = t('watch.board', { board: n });
    document.title = t('watch.boardDocTitle', { board: n, round: roundTitle(model) });
    shown = null;
    return;
  }
  // A ply looked at past the game's end (a takeback): live again.
  const lastPly = state.moves.length > 0 ? state.moves[state.moves.length - 1].ply : 0;
  let at = steps.at(n);
  if (at !== null && at >= lastPly) {
    steps.go(n, null);
    at = null;
  }
  const earlier = at === null ? null : steps.position(n, at, state.rev, redraw);
  const look = `${at}:${steps.flipped}:${earlier !== null}`;
  // Another board's change: this one's drawing stands, its clocks run on.
  if (state === shown && drawnLayouts === model.layouts && look === shownLook) return;
  shownLook = look;
  drawnLayouts = model.layouts;
  const w = cardWords(state);
  $('board-heading').textContent = t('watch.boardHeading', { board: n, players: w.players });
  document.title = t('watch.boardPlayersDocTitle', { board: n, players: w.players, round: roundTitle(model) });
  $('name-white').textContent = w.white;
  $('name-black').textContent = w.black;
  $('player-white').classList.toggle('to-move', !state.result && state.turn === 'white');
  $('player-black').classList.toggle('to-move', !state.result && state.turn === 'black');
  const looked = earlier ? { ...state, position: earlier.position, lastMove: { squares: earlier.squares, captured: earlier.captured } } : state;
  const squares = at !== null && !earlier ? null : boardSquares(looked, model.layouts);
  const big = $('big-board');
  big.innerHTML = boardSvg(squares, state.size, true, steps.flipped);
  placePlayers(steps.flipped);
  big.setAttribute('aria-label', t('watch.positionLabel', { board: n, turn: (at === null ? w.turn : lookedTurn(state, at)).toLowerCase(), position: positionWords(squares) }));
  $('turn').textContent = state.result ? t('common.gameOver') : w.lastMove ? `${w.turn} · ${t('watch.lastMove', { move: w.lastMove })}` : w.turn;
  $('link-lost').hidden = !linkDown(state.link);
  $('result').hidden = !state.result;
  $('result').textContent = w.result ? t('watch.result', { result: w.result }) : '';
  drawIrregularity(state);
  drawMoves(state, at);
  drawSteps(state, at, steps);
  tickBoard(model, n);
  if (shown && shown.board === state.board && shown !== state) {
    const said = announcements({ ...shown, link: { state: shown.link } }, { ...state, link: { state: state.link } });
    // A spectator decides nothing: all of it is polite.
    for (const sentence of [...said.assertive, ...said.polite]) announce(sentence);
  }
  shown = state;
}

/** Board `n`'s clocks, the running one counted down. @param {RoundModel} model @param {number} n */
export function tickBoard(model, n) {
  const state = boardOf(model, n);
  if (!state) return;
  const now = performance.now();
  const c = boardClock(state, model.received[state.board] ?? now, now);
  $('clock-white').hidden = !c;
  $('clock-black').hidden = !c;
  setClock($('clock-white'), 'white', c, true);
  setClock($('clock-black'), 'black', c, true);
}
