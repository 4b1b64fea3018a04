// The play page drawn whole from the view and the page's own state (flipped, reviewed, hands),
// and a new view taken in: the review ended where its position is gone, the tray of hands kept
// in step with the board, what changed announced and sounded.

import { canReview, piecesInHand } from './board.js';
import { renderBoard } from './boardView.js';
import { renderMoves, renderReview } from './moveList.js';
import { announcements, soundsFor } from './notices.js';
import { placePlayers, renderButtons, renderClocks, renderDrawOffer, renderGuide, renderHand, renderHeader, renderLink, renderNow } from './panels.js';
import { computerNews, renderComputer } from './computer.js';
import { $ } from './html.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayView} PlayView */

/** The sound played for a change, the most important when several come at once. */
const SOUND_ORDER = /** @type {const} */ (['result', 'irregularity', 'capture', 'move']);

/** Draws the whole page (nothing before the first view). @param {PlayPage} page */
export function draw(page) {
  const view = page.view;
  if (!view) return;
  renderHeader(view);
  placePlayers(page.flipped);
  $('player-white').classList.toggle('to-move', !view.result && view.turn === 'white');
  $('player-black').classList.toggle('to-move', !view.result && view.turn === 'black');
  renderBoard(page, view);
  renderHand(page);
  renderMoves(view, page.review);
  renderClocks(view, page.receivedAt);
  renderNow(view, page.control);
  renderDrawOffer(view, page.control);
  renderReview(view, page.review);
  renderButtons(view, page.control);
  renderGuide(view);
  renderComputer(view, page.control);
  renderLink(view);
}

/**
 * Takes in a view the server sent (received at `now`, performance.now() ms) and draws it; says
 * what changed in the live regions and plays the most important sound.
 * @param {PlayPage} page
 * @param {PlayView} next
 * @param {number} now
 * @param {{play(sound: typeof SOUND_ORDER[number]): void}} sounds
 */
export function receive(page, next, now, sounds) {
  const prev = page.view;
  const view = next;
  page.view = view;
  page.receivedAt = now;
  // A position no longer in the game (a new game, a move taken back) ends the review.
  if (page.review !== null && (page.review > view.moves.length || !canReview(view))) page.review = null;
  // Hands: keep the tray in step with what the board shows is off it.
  const n = piecesInHand(view.squares);
  if (page.hand.length > n) page.hand = page.hand.slice(page.hand.length - n);
  while (page.hand.length < n) page.hand.unshift({ piece: 'unknown', from: '?' });
  draw(page);
  const said = announcements(prev, view);
  for (const sentence of said.polite) page.announce(sentence);
  const computer = computerNews(prev, view);
  if (computer) page.announce(computer);
  for (const sentence of said.assertive) page.announceNow(sentence);
  const kinds = soundsFor(prev, view);
  const sound = SOUND_ORDER.find((k) => kinds.includes(k));
  if (sound) sounds.play(sound);
}
