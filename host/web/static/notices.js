// What the page tells people about the game now: the irregularity and who decides it (FMJD
// 5.4), what each choice does, the capture or the touched piece the rules require (4.2, 4.13,
// 3.11), what a screen reader hears when the view changes and in which live region (polite for
// moves and news, assertive for irregularities, a flag fallen and the board lost), and which
// sound plays. Pure functions, no document: the tests run them in Node.

import { joinSentences } from './format.js';
import { t } from './words.js';

/**
 * An irregularity as the page shows it: where it stands, who decides, what the rules required
 * and what each choice does. A view without these fields (a host before they were added) is
 * read as well as it can be: a decision waiting while no correction is under way is pending,
 * and the side that decides is not named. With no irregularity said, what the referee will
 * judge once play goes on (the view's `foresight`: a complete irregular move, a board no move
 * explains) is shown at once, `foreseen`, its sentence saying who decides and when.
 * @param {any} view
 * @returns {null | {code: string, article: string, message: string, status: 'pending'|'correcting'|'noted'|'foreseen', decides: 'white'|'black'|null, required: string, accept: string, correct: string, acceptLabel: string, correctLabel: string, who: string}}
 */
export function irregularityPanel(view) {
  const irr = view && view.irregularity;
  if (!irr) return foreseenPanel(view);
  const decide = irr.decision === 'decide';
  /** @type {'pending'|'correcting'|'noted'} */
  const status = irr.status === 'pending' || irr.status === 'correcting' || irr.status === 'noted'
    ? irr.status
    : !decide ? 'noted' : view.guidance && view.guidance.kind === 'correction' ? 'correcting' : 'pending';
  const decides = irr.decides === 'white' || irr.decides === 'black' ? irr.decides : null;
  const who = decides ?? 'opponent';
  const choices = irr.choices && typeof irr.choices === 'object' ? irr.choices : null;
  let line;
  if (status === 'pending') line = t('common.irrDecides', { who });
  else if (status === 'correcting') line = t('common.irrCorrecting', { who });
  else line = decide ? t('common.irrDecided') : t('common.irrNoted');
  return {
    code: String(irr.code ?? ''),
    article: String(irr.article ?? ''),
    message: String(irr.message ?? ''),
    status,
    decides,
    who: line,
    required: typeof irr.required === 'string' ? irr.required : '',
    accept: choices && typeof choices.accept === 'string' ? choices.accept : t('common.irrAcceptWhat'),
    correct: choices && typeof choices.correct === 'string' ? choices.correct : t('common.irrCorrectWhat'),
    acceptLabel: decides ? t('play.irrAccepts', { side: decides }) : t('common.accept'),
    correctLabel: decides ? t('play.irrHasCorrected', { side: decides }) : t('common.correct'),
  };
}

/**
 * What the referee will judge once play goes on, as the irregularity panel shows it: the first
 * thing foreseen named, every sentence said; null when nothing is.
 * @param {any} view
 */
function foreseenPanel(view) {
  const all = view && Array.isArray(view.foresight) ? view.foresight : [];
  if (all.length === 0) return null;
  const first = all[0];
  const decides = first.decides === 'white' || first.decides === 'black' ? first.decides : null;
  const message = joinSentences(all.map((/** @type {any} */ f) => String(f.message ?? '')));
  return { code: String(first.code ?? ''), article: String(first.article ?? ''), message, status: /** @type {const} */ ('foreseen'), decides, who: '', required: '', accept: '', correct: '', acceptLabel: '', correctLabel: '' };
}

/**
 * A requirement of the rules as one sentence with its article: the view's message, with
 * `(FMJD <article>)` added when the message does not cite it.
 * @param {{message?: string, article?: string} | null | undefined} x
 */
export function ruleSentence(x) {
  if (!x || typeof x.message !== 'string' || x.message === '') return '';
  const article = typeof x.article === 'string' ? x.article : '';
  if (!article || x.message.includes(article)) return x.message;
  const m = x.message.replace(/[.\s]+$/, '');
  return t('common.ruleCited', { rule: m, article });
}

/** The states of the board link in which the board is not seen. */
const LINK_DOWN = ['lost', 'incompatible', 'closed'];

/**
 * The sentences to announce when the view goes from `prev` to `next`, each for the live region
 * it belongs in. Polite (read when the screen reader is free): new moves, the guidance to set
 * up or put a position back, captured pieces to take off, a compulsory capture or a touch-move
 * obligation that comes into force (FMJD 4.2, 3.11), a draw offered, the board back, the
 * result. Assertive (read at once): an irregularity and who decides it (5.4), also when the
 * same one is made again after a correction; a board that does not show the game; a flag
 * fallen (time lost); the board disconnected.
 * @param {any} prev
 * @param {any} next
 * @returns {{polite: string[], assertive: string[]}}
 */
export function announcements(prev, next) {
  /** @type {string[]} */
  const polite = [];
  /** @type {string[]} */
  const assertive = [];
  const before = prev ? prev.moves.length : 0;
  for (const m of next.moves.slice(before)) polite.push(m.irregular ? t('common.saidMoveIrregular', { side: m.side, move: m.text, article: m.irregular.article }) : t('common.saidMove', { side: m.side, move: m.text }));

  const irr = next.irregularity;
  const panel = irregularityPanel(next);
  const was = prev ? irregularityPanel(prev) : null;
  if (irr && panel && (!was || was.code !== panel.code || was.message !== panel.message || (panel.status === 'pending' && was.status !== 'pending'))) {
    const ask = panel.status !== 'pending' ? 'none' : panel.decides ?? 'opponent';
    assertive.push(t('common.saidIrregularity', { article: irr.article, message: joinSentences([irr.message]), ask }));
  }

  // What play going on will judge, told once as it appears (the irregularity itself is said when flagged).
  const foreseen = !irr && panel ? panel.message : '';
  if (foreseen && foreseen !== (was && was.status === 'foreseen' ? was.message : '')) polite.push(foreseen);

  const g = next.guidance;
  if (g && (!prev || !prev.guidance || prev.guidance.message !== g.message)) (g.kind === 'mismatch' ? assertive : polite).push(g.message);
  // A guided replay (dambord digitise --guide): what the sheet asks for next, or its slip.
  const sheet = next.guide;
  if (sheet && !next.result && (!prev || !prev.guide || prev.guide.message !== sheet.message)) polite.push(t('play.saidSheet', { message: sheet.message }));
  const remove = capturedToRemove(prev, next);
  if (remove.length > 0) polite.push(t('common.saidCaptured', { count: remove.length, squares: listWords(remove) }));
  for (const key of ['compulsory', 'obligation']) {
    const now = next[key];
    if (now && typeof now.message === 'string' && (!prev || !prev[key] || prev[key].message !== now.message)) polite.push(ruleSentence(now));
  }
  if (next.drawOffer && (!prev || prev.drawOffer !== next.drawOffer) && !next.result) {
    polite.push(t('common.saidDrawOffer', { side: next.drawOffer }));
  }

  const link = next.link && typeof next.link.state === 'string' ? next.link.state : '';
  const oldLink = prev && prev.link ? prev.link.state : '';
  if (link !== oldLink && LINK_DOWN.includes(link)) assertive.push(t('common.saidLinkDown', { state: link }));
  else if (link === 'connected' && LINK_DOWN.includes(oldLink)) polite.push(t('common.saidLinkBack'));

  if (next.result && (!prev || !prev.result)) {
    const reason = String(next.result.reason ?? '');
    (/time/i.test(reason) ? assertive : polite).push(t('common.saidGameOver', { result: next.result.result, reason }));
  }
  return { polite, assertive };
}

/** The squares newly marked as holding a captured piece still on the board (mark `remove`), in number order. */
function capturedToRemove(/** @type {any} */ prev, /** @type {any} */ next) {
  const marked = (/** @type {any} */ v) => new Set(v && Array.isArray(v.squares) ? v.squares.filter((/** @type {any} */ s) => s.mark === 'remove').map((/** @type {any} */ s) => s.name) : []);
  const old = marked(prev);
  return [...marked(next)].filter((name) => !old.has(name));
}

/** Names as a list in words: `23`, `23 and 19`, `23, 19 and 14`. */
export function listWords(/** @type {string[]} */ names) {
  return names.length < 2 ? names.join('') : t('common.listAnd', { head: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/**
 * The sounds of a change of the view: a move or a capture (the newest move), an irregularity
 * waiting for a decision, the result. Nothing for the first view the page receives.
 * @param {any} prev
 * @param {any} next
 * @returns {('move'|'capture'|'irregularity'|'result')[]}
 */
export function soundsFor(prev, next) {
  if (!prev) return [];
  /** @type {('move'|'capture'|'irregularity'|'result')[]} */
  const out = [];
  if (next.moves.length > prev.moves.length) {
    const m = next.moves[next.moves.length - 1];
    const captured = Array.isArray(m.captured) ? m.captured.length > 0 : /x/.test(m.text);
    out.push(captured ? 'capture' : 'move');
  }
  const was = irregularityPanel(prev);
  const now = irregularityPanel(next);
  if (now && now.status === 'pending' && (!was || was.status !== 'pending' || was.message !== now.message)) out.push('irregularity');
  if (next.result && !prev.result) out.push('result');
  return out;
}

/**
 * Whose turn it is, in words, for the line above the board.
 * @param {any} view
 */
export function turnLine(view) {
  if (view.result) return t('common.gameOver');
  return t('common.toMove', { side: view.turn });
}
