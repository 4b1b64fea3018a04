// What the page tells people about the game now: the irregularity and who decides it (FMJD
// 5.4), what each choice does, the capture or the touched piece the rules require (4.2, 4.13,
// 3.11), what a screen reader hears and which sound plays when the view changes. Pure
// functions, no document: the tests run them in Node.

import { joinSentences, sideName } from './format.js';

/**
 * An irregularity as the page shows it: where it stands, who decides, what the rules required
 * and what each choice does. A view without these fields (a host before they were added) is
 * read as well as it can be: a decision waiting while no correction is under way is pending,
 * and the side that decides is not named.
 * @param {any} view
 * @returns {null | {code: string, article: string, message: string, status: 'pending'|'correcting'|'noted', decides: 'white'|'black'|null, required: string, accept: string, correct: string, acceptLabel: string, correctLabel: string, who: string}}
 */
export function irregularityPanel(view) {
  const irr = view && view.irregularity;
  if (!irr) return null;
  const decide = irr.decision === 'decide';
  /** @type {'pending'|'correcting'|'noted'} */
  const status = irr.status === 'pending' || irr.status === 'correcting' || irr.status === 'noted'
    ? irr.status
    : !decide ? 'noted' : view.guidance && view.guidance.kind === 'correction' ? 'correcting' : 'pending';
  const decides = irr.decides === 'white' || irr.decides === 'black' ? irr.decides : null;
  const who = decides ? sideName(decides) : 'The opponent';
  const choices = irr.choices && typeof irr.choices === 'object' ? irr.choices : null;
  let line;
  if (status === 'pending') line = `${who} decides (FMJD 5.4): accept the move or have it corrected.`;
  else if (status === 'correcting') line = `${who} had it corrected: the position before the move is being put back (FMJD 5.8).`;
  else line = decide ? 'Decided.' : 'Noted on the scoresheet; play goes on.';
  return {
    code: String(irr.code ?? ''),
    article: String(irr.article ?? ''),
    message: String(irr.message ?? ''),
    status,
    decides,
    who: line,
    required: typeof irr.required === 'string' ? irr.required : '',
    accept: choices && typeof choices.accept === 'string' ? choices.accept : 'the move stands as played',
    correct: choices && typeof choices.correct === 'string' ? choices.correct : 'the position before the move is put back',
    acceptLabel: decides ? `${sideName(decides)} accepts` : 'Accept',
    correctLabel: decides ? `${sideName(decides)} has it corrected` : 'Correct',
  };
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
  return `${m} (FMJD ${article}).`;
}

/**
 * The sentences to announce when the view goes from `prev` to `next`: new moves, a new
 * irregularity and who decides it, guidance, a compulsory capture or a touch-move obligation
 * that comes into force, the result.
 * @param {any} prev
 * @param {any} next
 * @returns {string[]}
 */
export function announcements(prev, next) {
  const out = [];
  const before = prev ? prev.moves.length : 0;
  if (next.moves.length > before) {
    for (const m of next.moves.slice(before)) out.push(`${sideName(m.side)}: ${m.text}${m.irregular ? ` (irregular, article ${m.irregular.article})` : ''}`);
  }
  const irr = next.irregularity;
  const oldIrr = prev ? prev.irregularity : null;
  if (irr && (!oldIrr || oldIrr.code !== irr.code || oldIrr.message !== irr.message)) {
    const panel = irregularityPanel(next);
    const ask = !panel || panel.status !== 'pending' ? '' : panel.decides ? ` ${sideName(panel.decides)} decides: accept or correct.` : ' Accept or correct?';
    out.push(`Irregularity, article ${irr.article}: ${joinSentences([irr.message])}${ask}`);
  }
  const g = next.guidance;
  if (g && (!prev || !prev.guidance || prev.guidance.message !== g.message)) out.push(g.message);
  for (const key of ['compulsory', 'obligation']) {
    const now = next[key];
    if (now && typeof now.message === 'string' && (!prev || !prev[key] || prev[key].message !== now.message)) out.push(ruleSentence(now));
  }
  if (next.result && (!prev || !prev.result)) out.push(`Game over: ${next.result.result}, ${next.result.reason}`);
  return out;
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
  if (view.result) return 'Game over';
  return `${sideName(view.turn)} to move`;
}
