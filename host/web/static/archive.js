/* global document, location, fetch, URLSearchParams, HTMLElement */
// The club's archive on the page (host/web/archiveRoutes.ts), read-only: a search by player,
// event and date, its games listed newest first, and one game opened (`?game=ID`, the search
// kept beside it so that the way back returns to the list) to step through on the board with the
// buttons, the arrow keys, Home and End, or by clicking a move; its PDN to download and its
// scoresheet to print, and its analysis by the engine (analysis.js). The search is the page's address (the form's GET), so Back and a link
// sent to someone show the same. Words from words.js, the board drawn by watchDraw.js, the
// positions and words by archiveGame.js (pure, tested in Node).

import { analysisPanel } from './analysis.js';
import { factsLine, positionWords, resultWords, squaresAt, stepKey } from './archiveGame.js';
import { pairMoves } from './format.js';
import { $, escapeHtml } from './html.js';
import { boardSvg } from './watchDraw.js';
import { LANG, t } from './words.js';

/** @typedef {import('./archiveGame.js').Listed} Listed */
/** @typedef {import('./archiveGame.js').GameView} GameView */

const query = new URLSearchParams(location.search);
const SEARCH = ['player', 'event', 'from', 'to'];

/** The address of the page with the search of now, and `game` opened when given. @param {string} [game] */
function pageUrl(game) {
  const q = new URLSearchParams();
  for (const k of SEARCH) if (query.get(k)) q.set(k, /** @type {string} */ (query.get(k)));
  if (game) q.set('game', game);
  const text = q.toString();
  return `${location.pathname}${text ? `?${text}` : ''}`;
}

/** The API's answer to `path` as JSON: `{ok: true, ...}`, or `{ok: false, error}` for a refusal or a network failure. @param {string} path */
async function api(path) {
  try {
    const res = await fetch(path);
    return await res.json();
  } catch (e) {
    return { ok: false, error: String(e) };
  }
}

/** Lists the games the search of the address finds. */
async function showList() {
  const q = new URLSearchParams();
  for (const k of SEARCH) {
    const value = query.get(k) ?? '';
    // A date field holds YYYY-MM-DD; an address may say 2009.04.08, as the command line does.
    /** @type {HTMLInputElement} */ ($(`q-${k}`, 'input')).value = k === 'from' || k === 'to' ? value.replace(/\./g, '-') : value;
    if (value) q.set(k, value);
  }
  const answer = await api(`/api/archive?${q}`);
  const count = $('count');
  const list = $('results');
  if (!answer.ok) {
    // The API's words (archiveRoutes.ts): no archive kept, one not made yet, or why it cannot be read.
    const e = answer.error;
    count.textContent = e === 'this server keeps no archive' ? t('archive.noArchive') : e === 'the folder holds no archive yet' ? t('archive.notYet') : t('archive.failed', { error: e });
    list.textContent = '';
    return;
  }
  /** @type {Listed[]} */
  const games = answer.games;
  count.textContent = games.length === 0 ? t('archive.none') : games.length < answer.total ? t('archive.foundSome', { shown: games.length, count: answer.total }) : t('archive.found', { count: games.length });
  list.innerHTML = games
    .map(
      (g) => `<li class="result-item"><a class="game-link" href="${escapeHtml(pageUrl(g.id))}" data-id="${escapeHtml(g.id)}">` +
        `<span class="players">${escapeHtml(g.white)} – ${escapeHtml(g.black)}</span>` +
        `<span class="where">${escapeHtml(factsLine(g))}</span>` +
        `<span class="outcome">${escapeHtml(resultWords(g.result))}</span></a></li>`,
    )
    .join('');
}

/** Opens game `id`: its facts, the board at its last move, its moves, its downloads. @param {string} id */
async function showGame(id) {
  $('search-view').hidden = true;
  $('game-view').hidden = false;
  /** @type {HTMLAnchorElement} */ ($('back', 'a')).href = pageUrl();
  const answer = await api(`/api/archive/${encodeURIComponent(id)}`);
  const heading = $('game-heading');
  if (!answer.ok) {
    heading.textContent = t('archive.failed', { error: answer.error });
    $('game-view').querySelector('.board-body')?.setAttribute('hidden', '');
    heading.focus();
    return;
  }
  /** @type {GameView} */
  const game = answer.game;
  const players = `${game.white} – ${game.black}`;
  heading.textContent = players;
  document.title = t('archive.gameTitle', { players });
  $('game-facts').textContent = factsLine(game);
  $('game-result').textContent = resultWords(game.result);
  const pdn = /** @type {HTMLAnchorElement} */ ($('pdn-link', 'a'));
  pdn.href = `/api/archive/${game.id}.pdn`;
  pdn.download = game.pdnName;
  /** @type {HTMLAnchorElement} */ ($('sheet-link', 'a')).href = `/api/archive/${game.id}/sheet.html?lang=${encodeURIComponent(LANG)}`;
  attachGameAnalysis(game);
  drawMoves(game);
  let at = game.moves.length;
  const go = (/** @type {number} */ ply) => {
    at = ply;
    drawAt(game, at);
  };
  $('step-first').addEventListener('click', () => go(0));
  $('step-back').addEventListener('click', () => go(Math.max(0, at - 1)));
  $('step-forward').addEventListener('click', () => go(Math.min(game.moves.length, at + 1)));
  $('step-last').addEventListener('click', () => go(game.moves.length));
  $('moves').addEventListener('click', (e) => {
    const button = e.target instanceof HTMLElement ? e.target.closest('button[data-ply]') : null;
    if (button instanceof HTMLElement) go(Number(button.dataset.ply));
  });
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target instanceof HTMLElement && e.target.closest('input, select, textarea'))) return;
    const ply = stepKey(e.key, at, game.moves.length);
    if (ply === undefined) return;
    e.preventDefault();
    go(ply);
  });
  go(at);
  heading.focus();
}

/** The game's analysis, asked for with the panel's button; its PDN named as the game's, ` analysed`. @param {GameView} game */
function attachGameAnalysis(game) {
  const panel = analysisPanel();
  /** @type {HTMLAnchorElement} */ ($('analysis-pdn', 'a')).download = game.pdnName.replace(/\.pdn$/, ' analysed.pdn');
  $('btn-analyse').addEventListener('click', () => panel.start(`/api/archive/${game.id}/analysis`, `/api/archive/${game.id}/analysis.pdn`));
}

/** The move list: a button for each move, numbered in pairs. @param {GameView} game */
function drawMoves(game) {
  const rows = pairMoves(game.moves);
  const button = (/** @type {{ply: number, text: string} | null} */ m) => (m ? `<button type="button" class="move" data-ply="${m.ply}">${escapeHtml(m.text)}</button>` : '<span class="move">…</span>');
  $('moves').innerHTML = rows.length === 0 ? `<li>${escapeHtml(t('common.noMoves'))}</li>` : rows.map((r) => `<li><span class="no">${r.number}.</span> ${button(r.first)} ${r.second ? button(r.second) : ''}</li>`).join('');
}

/** Draws the board after `ply` moves, names it and marks its move in the list. @param {GameView} game @param {number} ply */
function drawAt(game, ply) {
  const words = positionWords(game, ply);
  const board = $('board');
  board.innerHTML = boardSvg(squaresAt(game, ply), game.size, true);
  board.setAttribute('aria-label', words);
  $('position').textContent = words;
  for (const el of $('moves').querySelectorAll('button[data-ply]')) {
    if (!(el instanceof HTMLElement)) continue;
    const current = Number(el.dataset.ply) === ply;
    el.classList.toggle('last', current);
    if (current) el.setAttribute('aria-current', 'step');
    else el.removeAttribute('aria-current');
  }
  /** @type {HTMLElement | null} */ ($('moves').querySelector('[aria-current]'))?.scrollIntoView({ block: 'nearest' });
  $('step-first').toggleAttribute('disabled', ply === 0);
  $('step-back').toggleAttribute('disabled', ply === 0);
  $('step-forward').toggleAttribute('disabled', ply === game.moves.length);
  $('step-last').toggleAttribute('disabled', ply === game.moves.length);
}

// The link back to the play page where the play page's server serves the archive (at /archive.html).
$('to-play').hidden = location.pathname !== '/archive.html';
const game = query.get('game');
if (game) void showGame(game);
else void showList();
