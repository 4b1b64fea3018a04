/* global document, window, EventSource */
// The game's analysis on the play page (issue 31 item 7): asked for with a button once the game
// is over (or for the game so far, except under the tournament policy while it is played), it
// comes move by move from the server (GET /api/analysis, server-sent events), each move with its
// score before and after it for the mover, mistakes `?` and blunders `??` marked and the better
// move; once done, the scoresheet with the analysis can be downloaded (/analysis.pdn). A new game
// clears it; the page going stops it (its stream closed, the server stops the engine).

import { $, escapeHtml } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayView} PlayView */
/** @typedef {number | {win: number} | {loss: number} | null} Score */
/** @typedef {{ply: number, color: 'white' | 'black', move: string, before: Score, after: Score, mark: '?' | '??' | null, better: string | null}} Ply */

/** Whether the page may offer the analysis of `view`'s game: after the result, or while it is played except under the tournament policy. @param {PlayView} view */
export function mayAnalyse(view) {
  return view.result !== null || (view.settings?.current.policy ?? 'tournament') !== 'tournament';
}

/** Men as a signed number: `+0.35`, `−1.20`, `0.00`. @param {number} men */
export function signedMen(men) {
  return `${men > 0 ? '+' : men < 0 ? '−' : ''}${Math.abs(men).toFixed(2)}`;
}

/** A score in words: `+0.35`, `−1.20`, `win in 5`, `loss in 4`, `?`. @param {Score} s */
export function scoreWords(s) {
  if (s === null) return '?';
  if (typeof s === 'number') return signedMen(s);
  return 'win' in s ? t('play.analysis.win', { plies: s.win }) : t('play.analysis.loss', { plies: s.loss });
}

/** One analysed move as a list item's HTML: number, move, mark (named for screen readers), scores, the better move. @param {Ply} p */
export function plyHtml(p) {
  const number = `${Math.ceil(p.ply / 2)}${p.ply % 2 === 0 ? '…' : '.'}`;
  const mark = p.mark ? ` <span class="mark" aria-hidden="true">${p.mark}</span><span class="visually-hidden"> (${escapeHtml(t(p.mark === '??' ? 'play.analysis.blunder' : 'play.analysis.mistake'))})</span>` : '';
  const better = p.better ? ` <span class="better">${escapeHtml(t('play.analysis.better', { move: p.better }))}</span>` : '';
  return `<span class="no">${number}</span> <span class="move">${escapeHtml(p.move)}</span>${mark} <span class="scores">${escapeHtml(scoreWords(p.before))} → ${escapeHtml(scoreWords(p.after))}</span>${better}`;
}

/**
 * The analysis panel's list, progress and download link (the elements `analysis-moves`,
 * `analysis-progress`, `analysis-pdn` of the play page and the archive's): `start` follows the
 * analysis at `events` (server-sent events), the link then offering `pdn`; `clear` stops it and
 * empties the panel.
 */
export function analysisPanel() {
  /** @type {{events: EventSource | null, moves: number, total: number, engine: string, ended: boolean}} */
  const run = { events: null, moves: 0, total: 0, engine: '', ended: false };
  const progress = $('analysis-progress');
  const list = $('analysis-moves');
  const download = /** @type {HTMLAnchorElement} */ ($('analysis-pdn', 'a'));
  const stop = () => {
    run.events?.close();
    run.events = null;
  };
  const clear = () => {
    stop();
    list.replaceChildren();
    progress.textContent = '';
    download.hidden = true;
    run.moves = 0;
  };
  const end = (/** @type {string} */ words) => {
    run.ended = true;
    progress.textContent = words;
    stop();
  };
  /** @param {string} url @param {string} pdn */
  const start = (url, pdn) => {
    clear();
    run.ended = false;
    download.href = pdn;
    const events = (run.events = new EventSource(url));
    events.addEventListener('start', (e) => {
      const d = JSON.parse(e.data);
      Object.assign(run, { total: d.total, engine: d.engine });
      progress.textContent = t('play.analysis.progress', { done: 0, total: d.total, engine: d.engine });
    });
    events.addEventListener('ply', (e) => {
      const li = document.createElement('li');
      li.innerHTML = plyHtml(JSON.parse(e.data));
      list.append(li);
      run.moves++;
      progress.textContent = t('play.analysis.progress', { done: run.moves, total: run.total, engine: run.engine });
    });
    events.addEventListener('done', () => {
      end(t('play.analysis.done', { total: run.total, engine: run.engine }));
      download.hidden = false;
    });
    events.addEventListener('failed', (e) => end(t('play.analysis.failed', { error: JSON.parse(e.data).error })));
    events.addEventListener('cancelled', () => end(t('play.analysis.cancelled')));
    events.addEventListener('error', () => {
      if (!run.ended) end(t('play.analysis.unavailable'));
    });
  };
  window.addEventListener('beforeunload', stop);
  return { start, clear, analysed: () => run.moves };
}

/**
 * The play page's analysis panel: its button asks for the analysis of the game (/api/analysis).
 * Returns the function that takes each view (hides the panel where it may not be shown, clears
 * it when the game it was of is gone).
 * @returns {(view: PlayView) => void}
 */
export function attachAnalysis() {
  const panel = analysisPanel();
  $('btn-analyse').addEventListener('click', () => panel.start('/api/analysis', '/analysis.pdn'));
  /** @type {PlayView | null} */
  let last = null;
  return (view) => {
    // A new game, or moves taken back past those analysed: the analysis was of another game.
    if (last && (view.moves.length < panel.analysed() || view.startBoard !== last.startBoard)) panel.clear();
    last = view;
    const may = mayAnalyse(view);
    if (!may) panel.clear();
    $('analysis').hidden = !may;
  };
}
