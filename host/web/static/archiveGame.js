// The archive page's words and positions (archive.js draws them): a game's board after any
// move, a result in full, a game's facts in a line, the step a key takes. Pure functions, no
// document: the tests run them in Node.

import { moveName } from './format.js';
import { pieceOf } from './pieces.js';
import { t } from './words.js';

/** A game of a search's list (host/web/archiveRoutes.ts ArchiveListed). @typedef {import('../archiveRoutes.ts').ArchiveListed} Listed */
/** A game to step through (host/web/archiveRoutes.ts ArchiveGameView). @typedef {import('../archiveRoutes.ts').ArchiveGameView} GameView */

/**
 * The squares of `game`'s board after `ply` moves (0: the start) as watchDraw.js boardSvg draws
 * them: each piece where it stands, the squares of the move that led to it `last`, those of the
 * pieces it took `captured`. null for a ply the game does not have.
 * @param {GameView} game
 * @param {number} ply
 */
export function squaresAt(game, ply) {
  if (!Number.isInteger(ply) || ply < 0 || ply > game.moves.length) return null;
  const move = ply === 0 ? null : game.moves[ply - 1];
  const board = move ? move.board : game.startBoard;
  const last = new Set(move ? move.squares : []);
  const captured = new Set(move ? move.captured : []);
  return game.squares.map((sq, i) => ({ ...sq, piece: pieceOf(board[i]) ?? null, last: last.has(sq.name), captured: captured.has(sq.name) }));
}

/**
 * The position after `ply` moves in words: `the start position`, `the position after 3. 28x19`.
 * @param {GameView} game
 * @param {number} ply
 */
export function positionWords(game, ply) {
  return ply === 0 ? t('play.reviewStart') : t('play.reviewAfter', { move: moveName(game.moves[ply - 1]) });
}

/**
 * A result in full: `2-0: White wins`, `1-1: a draw`, `*: not finished`.
 * @param {string} result the PDN result in the variant's scoring
 */
export function resultWords(result) {
  const score = /^(\d+(?:\/\d+)?)-(\d+(?:\/\d+)?)$/.exec(result);
  if (!score) return t('archive.unfinished', { result });
  const value = (/** @type {string} */ s) => (s.includes('/') ? Number(s.split('/')[0]) / Number(s.split('/')[1]) : Number(s));
  const [w, b] = [value(score[1]), value(score[2])];
  return t('archive.result', { result, winner: t('common.winner', { winner: w > b ? 'white' : b > w ? 'black' : 'draw' }) });
}

/**
 * Where a game was played, in a line: the event, round, board, site and date that are known
 * (`nk, round 3, board 2, Amsterdam, 2009.04.08`).
 * @param {Listed & {site?: string}} g
 */
export function factsLine(g) {
  const known = (/** @type {string | undefined} */ s) => (s && !/^[?.\s-]*$/.test(s) ? s : '');
  const parts = [known(g.event), known(g.round) && t('common.round', { round: g.round }), g.board === null ? '' : t('archive.board', { board: g.board }), known(g.site), known(g.date.replace(/\.\?\?/g, ''))];
  return parts.filter(Boolean).join(', ');
}

/**
 * The ply a key takes a game of `count` moves to from `at`: Home the start, End the last move,
 * ArrowLeft one back, ArrowRight one on (staying within the game); undefined for another key.
 * @param {string} key
 * @param {number} at
 * @param {number} count
 */
export function stepKey(key, at, count) {
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count;
    case 'ArrowLeft':
      return Math.max(0, at - 1);
    case 'ArrowRight':
      return Math.min(count, at + 1);
    default:
      return undefined;
  }
}
