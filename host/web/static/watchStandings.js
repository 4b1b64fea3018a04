// The event's standings as the viewers' page knows them: the round's finished games scored as
// their variant scores them (the result as the feed carries it, rules normaliseResult: 2-0, 1-1
// and 0-2 in international draughts, FMJD; 1-0, 1/2-1/2 and 0-1 in English draughts), a row a
// player with points and games, sorted by points. The relay serves one round: the table says so.

import { escapeHtml } from './html.js';
import { shownName } from './format.js';
import { t } from './words.js';

/** @typedef {import('./watchModel.js').BoardEvent} BoardEvent */
/** @typedef {{name: string, points: number, games: number, rank: number}} StandingRow */

/** A side's score as written (`2`, `1`, `0`, `1/2`, `½`), or null when it is not a number. @param {string} s */
function scoreValue(s) {
  if (s === '½') return 0.5;
  const m = /^(\d+)(?:\/(\d+))?$/.exec(s);
  if (!m) return null;
  return m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1]);
}

/**
 * The points of each side in a result as the feed writes it: `2-0` → [2, 0], `1/2-1/2` →
 * [0.5, 0.5]; null for an unfinished game (`*`) or a result that is no score.
 * @param {string} result
 * @returns {[number, number] | null}
 */
export function resultPoints(result) {
  const m = /^\s*(\d+(?:\/\d+)?|½)\s*-\s*(\d+(?:\/\d+)?|½)\s*$/.exec(result);
  if (!m) return null;
  const w = scoreValue(m[1]);
  const b = scoreValue(m[2]);
  return w === null || b === null ? null : [w, b];
}

/**
 * The standings of the round's boards: every player of a board (a player the pairing does not
 * name is called by side and board: `White on board 4`) with the points of their finished games
 * and how many; sorted by points, then by fewer games, then by name; players level share a rank.
 * @param {readonly BoardEvent[]} boards
 * @returns {StandingRow[]}
 */
export function standings(boards) {
  /** @type {Map<string, {name: string, points: number, games: number}>} */
  const rows = new Map();
  for (const b of boards) {
    const points = b.result ? resultPoints(b.result.result) : null;
    for (const [i, side] of /** @type {const} */ ([[0, 'white'], [1, 'black']])) {
      const name = shownName(b.players && b.players[side]) || t('watch.unnamedPlayer', { side, board: b.board });
      const row = rows.get(name) ?? { name, points: 0, games: 0 };
      if (points) {
        row.points += points[i];
        row.games += 1;
      }
      rows.set(name, row);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || a.games - b.games || a.name.localeCompare(b.name));
  return sorted.map((row, i) => {
    let rank = i + 1;
    for (let j = i - 1; j >= 0 && sorted[j].points === row.points && sorted[j].games === row.games; j--) rank = j + 1;
    return { ...row, rank };
  });
}

/** Points as people write them: `1½`, `½`, `2`. @param {number} p */
export function pointsText(p) {
  const whole = Math.floor(p);
  const half = p - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}

/** The standings table's body in `tbody`, and whether there is any row (the section is hidden without). @param {readonly BoardEvent[]} boards @param {HTMLElement} tbody */
export function drawStandings(boards, tbody) {
  const rows = standings(boards);
  const html = rows
    .map((r) => `<tr><td>${r.rank}</td><th scope="row">${escapeHtml(r.name)}</th><td>${escapeHtml(pointsText(r.points))}</td><td>${r.games}</td></tr>`)
    .join('');
  if (tbody.innerHTML !== html) tbody.innerHTML = html;
  return rows.length > 0;
}
