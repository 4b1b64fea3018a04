/* global fetch, setTimeout, clearTimeout */
// The play page's connection to its host: commands (POST /api/command, in the order the hands
// made them, with the page's token as Authorization: Bearer), questions whose answers are
// announced, whether this page may control the game (GET /api/access), and the errors shown
// under the board for 8 s. The views come by the stream app.js opens (GET /api/events).

import { $ } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayCommand} PlayCommand */

/** @type {ReturnType<typeof setTimeout> | undefined} */
let errorTimer;

/** Shows `message` under the board for 8 s. @param {string} message */
export function showError(message) {
  const el = $('error');
  el.textContent = message;
  el.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    el.hidden = true;
  }, 8000);
}

/**
 * Posts one command or question; the host's answer, or `{ok: false}` when refused or not
 * reached (the error is shown).
 * @param {Record<string, string>} auth the Authorization header, or none
 * @param {unknown} command
 * @returns {Promise<{ok: boolean, text?: unknown}>}
 */
async function post(auth, command) {
  try {
    const res = await fetch('/api/command', { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify(command) });
    const body = await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }));
    if (!body.ok) showError(t('play.refusedHttp', { error: body.error ?? t('play.refused'), status: String(res.status) }));
    return body.ok ? body : { ok: false };
  } catch (e) {
    showError(t('play.unreachable', { error: e instanceof Error ? e.message : String(e) }));
    return { ok: false };
  }
}

/**
 * The page's ways to send, with `auth` on each: `send` posts commands one after another, in the
 * order the hands made them (true when the host took it); `ask` posts a question and gives its
 * answer to `announce`.
 * @param {Record<string, string>} auth
 * @param {(text: string) => void} announce
 */
export function commands(auth, announce) {
  let chain = Promise.resolve();
  /** @type {(command: PlayCommand) => Promise<boolean>} */
  const send = (command) => {
    const result = chain.then(() => post(auth, command)).then((body) => body.ok);
    chain = result.then(() => undefined);
    return result;
  };
  /** @type {(question: {type: 'query', what: string, square?: string, count?: number}) => Promise<void>} */
  const ask = async (question) => {
    const body = await post(auth, question);
    if (body.ok && typeof body.text === 'string') announce(body.text);
    else if (body.ok) showError(t('play.refusedHttp', { error: t('play.refused'), status: '200' }));
  };
  return { send, ask };
}

/**
 * Whether this page may control the game, and the words for a page that only watches.
 * @param {Record<string, string>} auth
 * @param {string | null} token the token in the page's address
 */
export async function askAccess(auth, token) {
  try {
    const res = await fetch('/api/access', { headers: auth, cache: 'no-store' });
    const body = await res.json();
    if (body.control === true) return { control: true, why: '' };
    return { control: false, why: token ? t('play.watchWrongToken') : t('play.watchOnly') };
  } catch (e) {
    return { control: false, why: t('play.watchUnasked', { error: e instanceof Error ? e.message : String(e) }) };
  }
}
