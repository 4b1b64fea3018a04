/* global document, window, setTimeout, clearTimeout */
// The play page's controls: resign, draw, take back and the scoresheet's result (those that end
// a game ask to be pressed twice), the board's buttons on the simulator, a new game, the board
// flipped, the sounds on or off and the theme (light, dark, or the system's), both remembered.

import { THEMES, THEME_KEY, remember, remembered, shownTheme } from './prefs.js';
import { $ } from './html.js';
import { draw } from './render.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayCommand} PlayCommand */

/**
 * Resign and draw end the game: the first press arms the button (and says `question`), a second
 * within 4 s sends the command.
 * @param {PlayPage} page @param {string} id @param {string} question @param {PlayCommand} command
 */
function confirming(page, id, question, command) {
  const btn = $(id);
  const label = btn.textContent;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  btn.addEventListener('click', () => {
    if (btn.dataset.armed === 'true') {
      clearTimeout(timer);
      btn.dataset.armed = 'false';
      btn.textContent = label;
      void page.send(command);
      return;
    }
    btn.dataset.armed = 'true';
    btn.textContent = question;
    page.announce(question);
    timer = setTimeout(() => {
      btn.dataset.armed = 'false';
      btn.textContent = label;
    }, 4000);
  });
}

/** The game's buttons: each sends its command. @param {PlayPage} page */
export function attachControls(page) {
  confirming(page, 'btn-resign-white', t('play.confirmResignWhite'), { type: 'resign', color: 'white' });
  confirming(page, 'btn-resign-black', t('play.confirmResignBlack'), { type: 'resign', color: 'black' });
  confirming(page, 'btn-draw', t('play.confirmDraw'), { type: 'draw' });
  confirming(page, 'btn-result-white', t('play.confirmResultWhite'), { type: 'result', result: '1-0' });
  confirming(page, 'btn-result-draw', t('play.confirmResultDraw'), { type: 'result', result: '1-1' });
  confirming(page, 'btn-result-black', t('play.confirmResultBlack'), { type: 'result', result: '0-1' });
  $('btn-draw-white').addEventListener('click', () => void page.send({ type: 'draw', color: 'white' }));
  $('btn-draw-black').addEventListener('click', () => void page.send({ type: 'draw', color: 'black' }));
  // The banner's buttons answer the offer standing: the side offered accepts (its own offer) or declines.
  const offered = () => (page.view && page.view.drawOffer ? (page.view.drawOffer === 'white' ? 'black' : 'white') : null);
  $('btn-draw-accept').addEventListener('click', () => {
    const to = offered();
    if (to) void page.send({ type: 'draw', color: to });
  });
  $('btn-draw-decline').addEventListener('click', () => {
    const to = offered();
    if (to) void page.send({ type: 'decline-draw', color: to });
  });
  $('btn-takeback').addEventListener('click', () => void page.send({ type: 'takeback' }));
  $('btn-new-game').addEventListener('click', () => {
    page.review = null;
    void page.send({ type: 'new-game' });
  });
  for (const [id, button] of /** @type {const} */ ([
    ['btn-clock', 'clock'],
    ['btn-jadoube', 'jadoube'],
    ['btn-accept', 'accept'],
    ['btn-correct', 'correct'],
  ])) {
    $(id).addEventListener('click', () => void page.send({ type: 'press', button }));
  }
  $('btn-flip').addEventListener('click', () => {
    page.flipped = !page.flipped;
    $('btn-flip').setAttribute('aria-pressed', String(page.flipped));
    draw(page);
  });
}

/**
 * The page's own choices: sounds (none before a user gesture; the toggle remembered) and the
 * theme (light, dark, or the system's: auto), remembered in `storage`.
 * @param {{muted: boolean, setMuted(m: boolean): void, unlock(): void}} sounds
 * @param {Storage | null} storage
 */
export function attachPrefs(sounds, storage) {
  const soundButton = $('btn-sound');
  const showSound = () => {
    soundButton.textContent = sounds.muted ? t('play.soundsOff') : t('play.soundsOn');
  };
  showSound();
  soundButton.addEventListener('click', () => {
    sounds.setMuted(!sounds.muted);
    showSound();
  });
  const unlock = () => sounds.unlock();
  document.addEventListener('pointerdown', unlock, { capture: true, once: true });
  document.addEventListener('keydown', unlock, { capture: true, once: true });

  const themeSelect = $('theme', 'select');
  const dark = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  const applyTheme = (/** @type {string} */ choice) => {
    if (choice === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = choice;
    document.documentElement.dataset.shown = shownTheme(choice, dark());
  };
  themeSelect.value = remembered(storage, THEME_KEY, THEMES);
  applyTheme(themeSelect.value);
  themeSelect.addEventListener('change', () => {
    remember(storage, THEME_KEY, themeSelect.value);
    applyTheme(themeSelect.value);
  });
  if (typeof window.matchMedia === 'function') window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(themeSelect.value));
}
