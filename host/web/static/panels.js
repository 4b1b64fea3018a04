/* global document, performance */
// The play page around the board, drawn from the view: the header (event, variant, players),
// the players' bars and clocks, the pieces in the hands, what stands now (whose turn, the result,
// the irregularity and who decides it, the rules' requirements, the board's guidance), the sheet
// guiding a replay, which game buttons show, the board link and the log.

import { formatClock, headerLine, healthRows, linkSummary, readableLog, resultLine, shownName, sideName } from './format.js';
import { $, escapeHtml } from './html.js';
import { irregularityPanel, ruleSentence, turnLine } from './notices.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayView} PlayView */

/** The buttons that end a game being played. */
export const GAME_BUTTONS = ['btn-resign-white', 'btn-resign-black', 'btn-draw', 'btn-draw-white', 'btn-draw-black'];
/** The scoresheet's result, for a game being recorded (the host writes it as the variant does: 2-0 or 1-0, ...). */
export const RESULT_BUTTONS = ['btn-result-white', 'btn-result-draw', 'btn-result-black'];

/** The players' bars on the sides of the board: Black above unless the board is flipped. @param {boolean} flipped */
export function placePlayers(flipped) {
  const area = $('board-area');
  const top = $(flipped ? 'player-white' : 'player-black');
  const bottom = $(flipped ? 'player-black' : 'player-white');
  const wrap = $('board-wrap');
  if (area.firstElementChild !== top) area.insertBefore(top, area.firstElementChild);
  if (wrap.nextElementSibling !== bottom) area.insertBefore(bottom, wrap.nextElementSibling);
}

/** The tray of pieces the page's hands hold (a simulated board). @param {PlayPage} page */
export function renderHand(page) {
  const hand = page.hand;
  $('hand').hidden = !(page.view && page.view.simulated && hand.length > 0);
  $('hand-pieces').innerHTML = hand.map((h) => `<span class="piece mini ${h.piece}" title="${escapeHtml(t('play.handFrom', { square: h.from }))}"></span>`).join('');
  $('hand-label').textContent = t('play.inHand', { count: hand.length });
}

/** Both clocks, the running one counted down from when the view came (`receivedAt`, performance.now() ms). @param {PlayView} view @param {number} receivedAt */
export function renderClocks(view, receivedAt) {
  const clock = view.clock;
  for (const side of /** @type {const} */ (['white', 'black'])) {
    const el = $(`clock-${side}`);
    el.hidden = !clock;
    if (!clock) continue;
    let ms = clock[side];
    if (clock.running === side && !view.result) ms -= performance.now() - receivedAt;
    // Time called in the English laws' time per move (laws 24, 25): the minute left is marked.
    const called = clock.called === side;
    el.textContent = called ? `${t('play.timeCalled')} ${formatClock(ms)}` : formatClock(ms);
    el.classList.toggle('running', clock.running === side);
    el.classList.toggle('low', ms < 30_000 || called);
    el.setAttribute('aria-label', `${t('common.clockLabel', { side, time: formatClock(ms), running: clock.running === side ? 'yes' : 'no' })}${called ? `, ${t('play.timeCalled')}` : ''}`);
  }
}

/** The irregularity as the page shows it (FMJD 5.4): who decides, and the choices for a page that may decide. @param {PlayView} view @param {boolean} control */
function renderIrregularity(view, control) {
  const irr = irregularityPanel(view);
  const box = $('irregularity');
  box.hidden = !irr;
  box.className = `irregularity${irr ? ` ${irr.status}` : ''}`;
  // What play going on will judge is not yet an irregularity flagged: said so in its heading.
  $('irr-head').textContent = t(irr && irr.status === 'foreseen' ? 'common.foreseen' : 'common.irregularity');
  $('irr-code').textContent = irr ? irr.code : '';
  $('irr-article').textContent = irr && irr.article ? t('common.article', { article: irr.article }) : '';
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
  return irr;
}

/** What stands now: whose turn, the result, the irregularity, the rules' requirements, the board's guidance. @param {PlayView} view @param {boolean} control */
export function renderNow(view, control) {
  $('turn').textContent = turnLine(view);
  const result = view.result;
  $('result-box').hidden = !result;
  $('result').textContent = result ? resultLine(result) : '';
  $('btn-new-game').hidden = !(control && result);
  const irr = renderIrregularity(view, control);
  const obligation = ruleSentence(view.obligation);
  $('obligation').hidden = !obligation || Boolean(result) || (irr !== null && view.obligation !== null && irr.required === view.obligation.message);
  $('obligation').textContent = obligation;
  const compulsory = ruleSentence(view.compulsory);
  $('compulsory').hidden = !compulsory || Boolean(result);
  $('compulsory').textContent = compulsory;
  const g = view.guidance;
  $('guidance').hidden = !g;
  $('guidance').className = `guidance${g ? ` ${g.kind}` : ''}`;
  $('guidance-message').textContent = g ? g.message : '';
}

/** The header: the event, the variant and its board, the players' names, the page's title and the PDN's file name. @param {PlayView} view */
export function renderHeader(view) {
  const line = headerLine(view.header);
  $('event').hidden = !line;
  $('event').textContent = line;
  const firmata = /Firmata/.test(view.link.firmware ?? '');
  $('variant').textContent = t('play.variant', { variant: t('common.variant', { variant: view.variant }), size: String(view.size), board: view.simulated ? (firmata ? 'simulatedFirmata' : 'simulated') : firmata ? 'firmata' : 'dambord' });
  // Names as shownName gives them: no control, isolated when right to left (an override in a name turns nothing round).
  const white = shownName(view.players.white) || sideName('white');
  const black = shownName(view.players.black) || sideName('black');
  $('name-white').textContent = white;
  $('name-black').textContent = black;
  document.title = shownName(view.players.white) || shownName(view.players.black) ? t('play.pageTitle', { white, black }) : 'dambord';
  $('pdn-link').setAttribute('download', typeof view.pdnName === 'string' && view.pdnName ? view.pdnName : 'game.pdn');
}

/** A sheet guiding the game (dambord digitise --guide): what it asks for, in words (the LEDs light its squares), and the repairs made. @param {PlayView} view */
export function renderGuide(view) {
  const g = view.guide;
  $('guide').hidden = !g;
  $('guide').className = `guide${g ? ` ${g.kind}` : ''}`;
  $('guide-message').textContent = g ? (g.kind === 'slip' ? t('play.slipAt', { where: g.message }) : g.message) : '';
  $('guide-repairs').innerHTML = (g ? g.repairs : []).map((r) => `<li>${escapeHtml(r)}</li>`).join('');
}

/**
 * Which buttons show: the hands' on a simulated board, the game's while it is played, the
 * secretary's for a game recorded from its scoresheet (dambord digitise: nobody resigns or
 * offers a draw; the secretary takes moves back and gives the scoresheet's result); a draw
 * offered by one side is accepted with the other side's button.
 * @param {PlayView} view @param {boolean} control
 */
export function renderButtons(view, control) {
  // The hands, the board's clock and j'adoube buttons have nothing to do once the game is over.
  $('hands-controls').hidden = !(control && view.simulated && !view.result);
  $('sim-help').hidden = !(control && view.simulated && !view.result);
  for (const id of GAME_BUTTONS) $(id).hidden = !control || Boolean(view.result) || view.recording;
  // Against the computer it resigns and offers draws for itself; the player's draw offer is the player's button.
  const computer = view.engine ? view.engine.side : null;
  if (computer) for (const id of [`btn-resign-${computer}`, `btn-draw-${computer}`, 'btn-draw']) $(id).hidden = true;
  for (const id of ['btn-takeback', ...RESULT_BUTTONS]) $(id).hidden = !control || !view.recording || Boolean(view.result);
  $('btn-draw-white').textContent = view.drawOffer === 'black' ? t('play.drawAcceptWhite') : view.drawOffer === 'white' ? t('play.drawOfferedWhite') : t('play.drawWhite');
  $('btn-draw-black').textContent = view.drawOffer === 'white' ? t('play.drawAcceptBlack') : view.drawOffer === 'black' ? t('play.drawOfferedBlack') : t('play.drawBlack');
}

/**
 * A draw offered and not yet answered (FMJD 7.3.1, a draw by agreement): a banner saying who
 * offers it, with the buttons of the side offered, which accepts or declines it (its next move
 * declines it too). Gone once answered, and with the result.
 * @param {PlayView} view @param {boolean} control
 */
export function renderDrawOffer(view, control) {
  const by = view.drawOffer;
  const open = Boolean(by) && !view.result && !view.recording;
  $('draw-offer').hidden = !open;
  if (!open) return;
  $('draw-offer-text').textContent = t('play.drawBanner', { side: String(by) });
  const to = by === 'white' ? 'black' : 'white';
  $('btn-draw-accept').hidden = !control;
  $('btn-draw-decline').hidden = !control;
  $('btn-draw-accept').textContent = t(to === 'white' ? 'play.drawAcceptWhite' : 'play.drawAcceptBlack');
  $('btn-draw-decline').textContent = t(to === 'white' ? 'play.drawDeclineWhite' : 'play.drawDeclineBlack');
}

/** The board link's state and health, and the last 50 lines of the log. @param {PlayView} view */
export function renderLink(view) {
  $('link-state').textContent = linkSummary(view.link);
  $('link-health').innerHTML = healthRows(view.link.health)
    .map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd>`)
    .join('');
  $('log').innerHTML = (Array.isArray(view.log) ? view.log : [])
    .slice(-50)
    .map((line) => `<li>${escapeHtml(readableLog(line))}</li>`)
    .join('');
}
