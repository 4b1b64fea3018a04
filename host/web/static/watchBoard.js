/* global document, performance */
// The viewers' page's one board (`?board=N`): the big board (its position in words for screen
// readers), the players and clocks, the move list in PDN pairs with irregular moves marked, the
// irregularity as the arbiter sees it, the result, and new moves said in the polite live region.

import { $, escapeHtml } from './html.js';
import { announcements } from './notices.js';
import { boardSvg, setClock } from './watchDraw.js';
import { boardClock, boardOf, boardSquares, cardWords, irregularityWords, linkDown, moveRows, positionWords, roundTitle } from './watchModel.js';
import { t } from './words.js';

/** @typedef {import('./watchModel.js').BoardEvent} BoardEvent */
/** @typedef {import('./watchModel.js').RoundModel} RoundModel */

/** The state the board view last drew, for what to announce when the next comes; null: drawn for none (or another view). @type {BoardEvent | null} */
let shown = null;
/** The layouts the board view was drawn with (a new round brings new ones). @type {unknown} */
let drawnLayouts = null;

/** Forgets what the board view drew: the next board is drawn whole and nothing is announced. */
export function forgetShown() {
  shown = null;
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

/** The board's moves in PDN pairs, irregular ones noted, the list scrolled to the newest. @param {BoardEvent} state */
function drawMoves(state) {
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
        return `<span class="move${m.last ? ' last' : ''}${m.irregular ? ' irregular' : ''}" data-ply="${m.ply}">${escapeHtml(m.text)}</span>${note}`;
      });
      // A record that starts with the second move of a pair: `1. … 19-23`.
      const gap = row.late ? '<span class="move-none">…</span> ' : '';
      return `<li><span class="no">${row.number}.</span> ${gap}${cells.join(' ')}</li>`;
    })
    .join('');
  ol.scrollTop = ol.scrollHeight;
}

/** Board `n` of the round drawn, or the words that it is not in it; its new moves announced. @param {RoundModel} model @param {number} n @param {(text: string) => void} announce */
export function drawBoard(model, n, announce) {
  const state = boardOf(model, n);
  $('board-missing').hidden = state !== null || model.rounds === 0;
  $('board-missing').textContent = t('watch.noBoard', { board: n });
  $('board-body').hidden = state === null;
  $('board-pdn').setAttribute('href', `/feed/board/${n}.pdn`);
  if (!state) {
    $('board-heading').textContent = t('watch.board', { board: n });
    document.title = t('watch.boardDocTitle', { board: n, round: roundTitle(model) });
    shown = null;
    return;
  }
  // Another board's change: this one's drawing stands, its clocks run on.
  if (state === shown && drawnLayouts === model.layouts) return;
  drawnLayouts = model.layouts;
  const w = cardWords(state);
  $('board-heading').textContent = t('watch.boardHeading', { board: n, players: w.players });
  document.title = t('watch.boardPlayersDocTitle', { board: n, players: w.players, round: roundTitle(model) });
  $('name-white').textContent = w.white;
  $('name-black').textContent = w.black;
  $('player-white').classList.toggle('to-move', !state.result && state.turn === 'white');
  $('player-black').classList.toggle('to-move', !state.result && state.turn === 'black');
  const squares = boardSquares(state, model.layouts);
  const big = $('big-board');
  big.innerHTML = boardSvg(squares, state.size, true);
  big.setAttribute('aria-label', t('watch.positionLabel', { board: n, turn: w.turn.toLowerCase(), position: positionWords(squares) }));
  $('turn').textContent = state.result ? t('common.gameOver') : w.lastMove ? `${w.turn} · ${t('watch.lastMove', { move: w.lastMove })}` : w.turn;
  $('link-lost').hidden = !linkDown(state.link);
  $('result').hidden = !state.result;
  $('result').textContent = w.result ? t('watch.result', { result: w.result }) : '';
  drawIrregularity(state);
  drawMoves(state);
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
