// The computer at the board on the play page (`dambord play --engine`, the view's `engine`): who
// it is, what it is doing (thinking: a quiet busy line; showing: its move, its route and the
// pieces it takes, and the words asking the hands to make it; the board marks the same squares
// as the LEDs), the evaluation bar and the best line where analysis is shown (never under the
// tournament policy; a switch hides them, remembered), the buttons taking back a move pair and
// asking for a hint, and, before the first move, the level and the colour it plays (the
// `computer` command).

import { mayAnalyse, signedMen } from './analysis.js';
import { ANALYSIS_KEY, remember, remembered } from './prefs.js';
import { $ } from './html.js';
import { t } from './words.js';

/** @typedef {import('./playState.js').PlayPage} PlayPage */
/** @typedef {import('./playState.js').PlayView} PlayView */
/** @typedef {NonNullable<PlayView['engine']>} EngineView */

/** The men ahead at which the evaluation bar is full: a bigger lead is drawn as this one. */
export const BAR_MEN = 5;

/**
 * The engine's score for White (the view gives it for the side to move, the computer's own side
 * while its move is shown): men ahead (negative: behind), or the side that wins and in how many
 * plies; null without a score.
 * @param {EngineView} e
 * @returns {{men: number} | {winner: 'white' | 'black', plies: number} | null}
 */
export function scoreForWhite(e) {
  const s = e.score;
  if (!s) return null;
  if (s.kind === 'men') return { men: e.side === 'white' ? s.value : -s.value };
  const other = e.side === 'white' ? 'black' : 'white';
  return { winner: s.kind === 'win' ? e.side : other, plies: s.plies };
}

/**
 * How much of the evaluation bar is White's, in percent: half for an even game, the lead in men
 * clamped at {@link BAR_MEN}, all or nothing for a win.
 * @param {NonNullable<ReturnType<typeof scoreForWhite>>} s
 */
export function barPercent(s) {
  if ('winner' in s) return s.winner === 'white' ? 100 : 0;
  const men = Math.max(-BAR_MEN, Math.min(BAR_MEN, s.men));
  return 50 + (men / BAR_MEN) * 50;
}

/** The score for White in words: `+0.50 men for White`, `Black wins in 5 plies`. @param {NonNullable<ReturnType<typeof scoreForWhite>>} s */
export function scoreText(s) {
  if ('winner' in s) return t('play.computer.wins', { side: s.winner, plies: s.plies });
  return t('play.computer.men', { score: signedMen(s.men) });
}

/**
 * What the screen reader is told of the computer (polite): who it is when its level or colour
 * changed, its move when it is first shown, with the words asking the hands to make it; null
 * when nothing new.
 * @param {PlayView | null} prev @param {PlayView} view
 */
export function computerNews(prev, view) {
  const e = view.engine;
  const was = prev?.engine;
  // A new level or colour (chosen on the page or at the board): who the computer is now.
  if (e && was && (e.name !== was.name || e.side !== was.side)) return t('play.computer.who', { name: e.name, side: e.side });
  const m = e?.move;
  if (!m) return null;
  const before = prev?.engine?.move;
  if (before && before.text === m.text && prev?.moves.length === view.moves.length) return null;
  return `${t('play.computer.plays', { move: m.text })} ${t('play.computer.makeIt')}`;
}

/** The score and line last shown, kept through the player's turn: the view has them only while the computer's move is shown. */
let kept = /** @type {{moves: number, score: ReturnType<typeof scoreForWhite>, pv: readonly string[] | null} | null} */ (null);

/** Whether the analysis is shown: the switch on, and the game not under the tournament policy. */
let analysisOn = true;

/** Draws the computer's panel from the view (hidden when people play both sides). @param {PlayView} view @param {boolean} control */
export function renderComputer(view, control) {
  const e = view.engine ?? null;
  $('computer').hidden = !e;
  if (!e) return;
  $('computer-who').textContent = t('play.computer.who', { name: e.name, side: e.side });
  $('computer-thinking').hidden = e.state !== 'thinking';
  const m = e.state === 'showing' ? e.move : null;
  $('computer-move').hidden = !m;
  if (m) {
    $('computer-plays').textContent = t('play.computer.plays', { move: m.text });
    $('computer-route').textContent = t('play.computer.route', { route: m.route.join(' → ') });
    $('computer-takeoff').hidden = m.captured.length === 0;
    $('computer-takeoff').textContent = t('play.computer.takeOff', { squares: m.captured.join(', ') });
  }
  if (kept && kept.moves > view.moves.length) kept = null;
  if (e.score || e.pv) kept = { moves: view.moves.length, score: scoreForWhite(e), pv: e.pv };
  // No analysis while a game under the tournament policy is played.
  const offered = mayAnalyse(view);
  $('analysis-switch-label').hidden = !offered;
  const shown = offered && analysisOn && kept !== null && (kept.score !== null || (kept.pv ?? []).length > 0);
  $('computer-analysis').hidden = !shown;
  if (shown && kept) {
    const s = kept.score;
    $('eval-bar').hidden = !s;
    $('eval-white').style.width = s ? `${barPercent(s)}%` : '50%';
    $('eval-text').textContent = s ? `${t('play.computer.evaluation')}: ${scoreText(s)}` : '';
    $('computer-pv').textContent = kept.pv && kept.pv.length > 0 ? t('play.computer.bestLine', { pv: kept.pv.join(' ') }) : '';
  }
  $('computer-controls').hidden = !control || Boolean(view.result);
  $('btn-computer-takeback').hidden = view.moves.length === 0;
  // No hints under the tournament policy (a hint asked for is refused there): the button is not offered.
  $('btn-hint').hidden = !offered;
  // As the game's settings: only where the page may set the game (dambord play), while they are not fixed.
  const choosing = control && !view.result && view.moves.length === 0 && Boolean(view.settings) && !view.settings?.fixed;
  $('computer-choose').hidden = !choosing;
  const level = $('computer-level', 'select');
  $('computer-level-label').hidden = e.level === null;
  if (e.level !== null) level.value = String(e.level);
  $('computer-side', 'select').value = e.side;
}

/**
 * Wires the panel's controls: the analysis switch (remembered in `storage`), take back and hint
 * (the `take-back` and `hint` commands), the level and the colour (the `computer` command); a
 * refusal is shown as any command's.
 * @param {PlayPage} page @param {any} storage @param {() => void} redraw
 */
export function attachComputer(page, storage, redraw) {
  const box = $('analysis-switch', 'input');
  analysisOn = remembered(storage, ANALYSIS_KEY, ['on', 'off']) === 'on';
  box.checked = analysisOn;
  box.addEventListener('change', () => {
    analysisOn = box.checked;
    remember(storage, ANALYSIS_KEY, analysisOn ? 'on' : 'off');
    redraw();
  });
  const level = $('computer-level', 'select');
  level.innerHTML = Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
  level.addEventListener('change', () => void page.send({ type: 'computer', level: Number(level.value) }));
  $('btn-computer-takeback').addEventListener('click', () => void page.send({ type: 'take-back' }));
  $('btn-hint').addEventListener('click', () => void page.send({ type: 'hint' }));
  const side = $('computer-side', 'select');
  side.addEventListener('change', () => void page.send({ type: 'computer', side: side.value === 'white' ? 'white' : 'black' }));
}
