// The play page's game settings: the players' names, Event, Site, Round, time control, policy and
// language, set before the first move (the game is set up again under them) and, once a move is
// made, for the next game (view.settings, POST /api/command {type: 'settings'}). The host checks
// every value as it checks the options; the fields only bound their length.

import { $, escapeHtml } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayView} PlayView */
/** @typedef {import('../../game/settings.ts').Settings} Settings */

/** The text fields, by setting, and their labels. @type {readonly (readonly [keyof Settings, import('./words.js').WordId])[]} */
const TEXTS = [
  ['white', 'common.white'],
  ['black', 'common.black'],
  ['event', 'play.setup.event'],
  ['site', 'play.setup.site'],
  ['round', 'play.setup.round'],
  ['time-control', 'play.setup.timeControl'],
];

/** The policies the page offers, with their labels. @type {readonly (readonly [string, import('./words.js').WordId])[]} */
const POLICIES = [
  ['tournament', 'play.setup.policyTournament'],
  ['casual', 'play.setup.policyCasual'],
  ['blind', 'play.setup.policyBlind'],
];

/** The languages of speech and the log (host/words/catalogue.ts LANGUAGES), each named in itself. */
const LANGUAGES = ['en', 'nl', 'fr', 'ru', 'pt', 'pl', 'hr', 'bs', 'cs', 'lv', 'it'];

/** A language's name in that language (`nl`: Nederlands), or its code where the browser has no name. @param {string} code */
function endonym(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** The id of the field of `key`. @param {string} key */
const fieldId = (key) => `setup-${key}`;

/** The form, built into #setup: its labels from the page's words. */
function build() {
  const texts = TEXTS.map(([key, label]) => `<label for="${fieldId(key)}">${escapeHtml(t(label))}</label><input id="${fieldId(key)}" name="${key}" data-testid="${fieldId(key)}" maxlength="100" autocomplete="off"${key === 'time-control' ? ' placeholder="5400+30"' : ''}>`);
  const policy = POLICIES.map(([value, label]) => `<option value="${value}">${escapeHtml(t(label))}</option>`).join('');
  const langs = LANGUAGES.map((code) => `<option value="${code}" lang="${code}">${escapeHtml(endonym(code))}</option>`).join('');
  $('setup').innerHTML = `<summary data-testid="setup-title">${escapeHtml(t('play.setup.title'))}</summary>
<form id="setup-form" class="setup-form">
<p id="setup-state" class="help" data-testid="setup-state" role="status"></p>
<div class="setup-fields">${texts.join('')}
<label for="setup-policy">${escapeHtml(t('play.setup.policy'))}</label><select id="setup-policy" name="policy" data-testid="setup-policy">${policy}</select>
<label for="setup-lang">${escapeHtml(t('play.setup.lang'))}</label><select id="setup-lang" name="lang" data-testid="setup-lang">${langs}</select></div>
<button type="submit" id="setup-apply" data-testid="setup-apply"></button>
</form>`;
}

/** The settings the form holds (empty fields left out: not set). @returns {Settings} */
function formSettings() {
  /** @type {Record<string, string>} */
  const s = {};
  for (const [key] of TEXTS) {
    const value = $(fieldId(key), 'input').value.trim();
    if (value) s[key] = value;
  }
  s.policy = $('setup-policy', 'select').value;
  s.lang = $('setup-lang', 'select').value;
  return s;
}

/** Fills the form with `s`. @param {Settings} s */
function fill(s) {
  for (const [key] of TEXTS) $(fieldId(key), 'input').value = s[key] ?? '';
  $('setup-policy', 'select').value = s.policy ?? 'tournament';
  $('setup-lang', 'select').value = s.lang ?? 'en';
}

/**
 * The settings panel: built once, and drawn again with each view by the function returned (the
 * fields filled from the view unless the player is editing them).
 * @param {PlayPage} page
 * @returns {(view: PlayView) => void}
 */
export function attachSetup(page) {
  build();
  let editing = false;
  /** The settings last filled in, as JSON: a view that changes them fills the form again. */
  let shown = '';
  /** Whether a view has been drawn: the panel opens at the first one while this game may still be set. */
  let first = true;
  const form = $('setup-form');
  form.addEventListener('input', () => (editing = true));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void page.send({ type: 'settings', settings: formSettings() }).then((ok) => {
      if (!ok) return;
      editing = false;
      shown = '';
      page.announce(t('play.setup.taken'));
    });
  });
  return (view) => {
    const s = view.settings;
    $('setup').hidden = !(s && page.control);
    if (!s) return;
    if (first) $('setup', 'details').open = !s.fixed;
    first = false;
    const want = s.next ?? s.current;
    const json = JSON.stringify(want);
    if (!editing && json !== shown) {
      fill(want);
      shown = json;
    }
    $('setup-state').textContent = s.fixed ? t(s.next ? 'play.setup.fixedNextSet' : 'play.setup.fixed') : t('play.setup.open');
    $('setup-apply').textContent = s.fixed ? t('play.setup.applyNext') : t('play.setup.applyNow');
  };
}
