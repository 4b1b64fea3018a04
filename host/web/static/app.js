/* global document, window, location, URLSearchParams, EventSource, performance, setInterval, localStorage, AudioContext */
// The page of a dambord game: renders each PlayView the server sends (GET /api/events) and,
// on the simulated board, stands in for the hands (POST /api/command). Plain ES modules, no
// build step, checked by the compiler (tsconfig.json: JSDoc types, PlayView the server's). This
// module starts the page and opens the stream of views; the others each do one thing:
// - the pure helpers, which the tests run in Node (exported here too): format.js (words and
//   numbers), board.js (squares, marks, the positions to step through), notices.js (the
//   irregularity, the rules' requirements, announcements, sounds), prefs.js (sounds and theme),
//   live.js (the live regions), pieces.js and html.js (shared with the viewers' page);
// - the page: playState.js (its state), connection.js (commands, questions, access, errors),
//   hands.js (the hands on the simulator), review.js (stepping through the moves, the keys),
//   controls.js (the game's buttons, sounds, theme), setup.js (the game's settings), analysis.js
//   (the game's analysis by the engine), computer.js (the computer at the board: its move, the
//   evaluation, its level and colour), and the rendering: render.js (the whole page from a
//   view), boardView.js (the board), moveList.js (the moves, the review bar), panels.js
//   (everything around the board).
// The page itself starts only where there is a document.
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

import { attachHands } from './hands.js';
import { attachReview } from './review.js';
import { attachSetup } from './setup.js';
import { attachAnalysis } from './analysis.js';
import { attachControls, attachPrefs } from './controls.js';
import { attachComputer } from './computer.js';
import { renderLegend } from './boardView.js';
import { renderClocks, GAME_BUTTONS, RESULT_BUTTONS } from './panels.js';
import { draw, receive } from './render.js';
import { askAccess, commands, showError } from './connection.js';
import { $ } from './html.js';
import { createSounds } from './prefs.js';
import { liveRegion } from './live.js';
import { inPageLanguage, t } from './words.js';

export { formatClock, formatMs, headerLine, healthRows, joinSentences, known, linkSummary, moveName, pairMoves, readableLog, resultLine, shownName } from './format.js';
export { MARKS, canReview, liftWords, piecesInHand, positionAt, questionKey, reviewKey, squareKey, squareLabel } from './board.js';
export { announcements, irregularityPanel, ruleSentence, soundsFor, turnLine } from './notices.js';
export { TONES, createSounds, remembered, shownTheme } from './prefs.js';
export { LIVE_DELAY_MS, liveRegion } from './live.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */

/** The browser's storage, or null where it may not be used (private browsing, storage off). */
function localStore() {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** Follows the host's views (GET /api/events): each is drawn; the connection's state is shown. @param {(view: any) => void} take */
function follow(take) {
  const status = $('connection');
  const live = () => {
    status.textContent = t('common.live');
    status.className = 'connection live';
  };
  const events = new EventSource('/api/events');
  events.addEventListener('view', (e) => {
    live();
    try {
      take(inPageLanguage(JSON.parse(e.data)));
    } catch (err) {
      showError(t('play.badView', { error: err instanceof Error ? err.message : String(err) }));
    }
  });
  events.addEventListener('open', live);
  events.addEventListener('error', () => {
    status.textContent = t('common.reconnecting');
    status.className = 'connection down';
  });
  window.addEventListener('beforeunload', () => events.close());
}

async function start() {
  const storage = localStore();
  const token = new URLSearchParams(location.search).get('token');
  /** @type {Record<string, string>} */
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  const announce = liveRegion($('announce'));
  const { send, ask } = commands(auth, announce);
  /** @type {PlayPage} */
  const page = { view: null, receivedAt: 0, flipped: false, review: null, hand: [], control: false, announce, announceNow: liveRegion($('alert')), send, ask };
  const sounds = createSounds({ storage, AudioContext: typeof AudioContext === 'undefined' ? undefined : AudioContext });

  attachControls(page);
  attachPrefs(sounds, storage);
  attachComputer(page, storage, () => draw(page));
  attachReview(page);
  attachHands(page);
  renderLegend();
  setInterval(() => {
    if (page.view && page.view.clock && page.view.clock.running) renderClocks(page.view, page.receivedAt);
  }, 100);

  const access = await askAccess(auth, token);
  page.control = access.control;
  document.body.dataset.control = String(page.control);
  $('watching').textContent = access.why;
  $('watching').hidden = page.control;
  if (!page.control) for (const id of [...GAME_BUTTONS, ...RESULT_BUTTONS]) $(id).hidden = true;
  const drawSetup = attachSetup(page);
  const drawAnalysis = attachAnalysis();
  follow((view) => {
    receive(page, view, performance.now(), sounds);
    drawSetup(view);
    drawAnalysis(view);
  });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
  else void start();
}
