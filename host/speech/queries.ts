// The answers to a blind player's questions, in words (pure: the game and the language in, a
// sentence out). Asked with the board as keyboard (keyboard.ts) or from the page. Nothing here
// touches the game.

import { UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT, colorOf, currentPosition, legalMoves, opposite, ray } from '../../rules/index.ts';
import { moveNumber, parseSquare } from '../../rules/index.ts';
import type { Position, Variant } from '../../rules/index.ts';
import type { QueryName } from '../game/queries.ts';
import { faceTime } from '../game/clock/clock.ts';
import type { GameState } from '../game/game.ts';
import type { SheetMove } from '../game/referee/record.ts';
import { pieceKey, routeWords, squareWords, squaresWords, timeWords } from './words.ts';
import { listWords, say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

/**
 * A question:
 * - `turn`: whose turn it is and the move number;
 * - `last`: the last `count` moves that stand;
 * - `clocks`: both clocks;
 * - `rows`: the whole position, row by row from the top (Black's side);
 * - `diagonals`: the pieces on the two diagonals through `square`;
 * - `kinds`: the pieces by kind (white men, white kings, black men, black kings) and their squares;
 * - `square`: what stands on `square` and where it may go;
 * - `computer`: the computer's level and the colour it plays (`Level 3. The computer plays Black.`).
 */
export type Query =
  | { readonly what: 'turn' | 'clocks' | 'rows' | 'kinds' | 'computer' }
  | { readonly what: 'last'; readonly count: number }
  | { readonly what: 'diagonals' | 'square'; readonly square: number };

/** A question as the page sends it (squares in the variant's notation), as a Query; an error for a square that is not one. */
export function queryOf(v: Variant, what: QueryName, square?: string, count?: number): Query | string {
  if (what === 'square' || what === 'diagonals') {
    const sq = square === undefined ? -1 : parseSquare(v, square);
    return sq < 0 ? `"${what}" needs a "square" of the ${v.name} board${square === undefined ? '' : `, not "${square}"`}` : { what, square: sq };
  }
  if (what === 'last') return { what, count: count ?? 1 };
  return { what };
}

/** The answer to `q` about the game `s` at board time `now`, each sentence begun with a capital. */
export function answer(lang: Language, s: GameState, q: Query, now: number): string {
  return sentences(lang, answerWords(lang, s, q, now));
}

/** `text` with the first letter of each sentence a capital (a piece's name opens some answers). */
function sentences(lang: Language, text: string): string {
  return text.replace(/(^|[.!?] )(\p{Ll})/gu, (_m, lead: string, letter: string) => lead + letter.toLocaleUpperCase(lang));
}

function answerWords(lang: Language, s: GameState, q: Query, now: number): string {
  const pos = s.referee ? currentPosition(s.referee.game) : s.config.start;
  const at = (square: number) => say(lang, 'query.at', { piece: say(lang, 'piece', { piece: pieceKey(pos.board[square]) }), square: squareWords(lang, pos, square) });
  switch (q.what) {
    case 'turn':
      if (s.result) return say(lang, 'query.over');
      return say(lang, 'query.turn', { side: pos.turn, number: moveNumberNow(s) });
    case 'last': {
      const moves = s.sheet.items.filter((x): x is SheetMove => x.kind === 'move').slice(-Math.max(1, q.count));
      const items = moves.map((m) => say(lang, 'played', { side: m.side, route: m.squares.length > 0 ? routeWords(lang, pos, m.squares, m.captured.length > 0) : '' }));
      return say(lang, 'query.last', { count: items.length, moves: listWords(lang, items) });
    }
    case 'clocks': {
      const c = s.clock;
      if (!c) return say(lang, 'clock.none');
      const t = c.since === null ? now : Math.max(now, c.since);
      // As the clocks' faces show them: in the English laws' time per move, the time to the call.
      return say(lang, 'clocks', { white: timeWords(lang, faceTime(c, 'white', t), 'up'), black: timeWords(lang, faceTime(c, 'black', t), 'up') });
    }
    case 'rows': {
      const g = pos.variant.geometry;
      const rows: string[] = [];
      for (let r = 0; r < g.size; r++) {
        const squares = [...g.row.keys()].filter((sq) => g.row[sq] === r && pos.board[sq] !== 0);
        // Rows as players name them: from the top in numbered notation, by rank in algebraic.
        const row = pos.variant.notation === 'algebraic' ? g.size - r : r + 1;
        rows.push(say(lang, 'query.row', { row, count: squares.length, pieces: listWords(lang, squares.map(at)) }));
      }
      return rows.join(' ');
    }
    case 'diagonals':
      return diagonals(pos, q.square)
        .map((line) => {
          const pieces = line.filter((sq) => pos.board[sq] !== 0);
          return say(lang, 'query.diagonal', { from: squareWords(lang, pos, line[0]), to: squareWords(lang, pos, line[line.length - 1]), count: pieces.length, pieces: listWords(lang, pieces.map(at)) });
        })
        .join(' ');
    case 'kinds':
      return (['wm', 'wk', 'bm', 'bk'] as const)
        .map((kind) => {
          const squares = [...pos.board.keys()].filter((sq) => pos.board[sq] !== 0 && pieceKey(pos.board[sq]) === kind);
          return say(lang, 'query.kind', { pieces: say(lang, 'pieces', { piece: kind }), count: squares.length, squares: squaresWords(lang, pos, squares) });
        })
        .join(' ');
    case 'computer': {
      const c = s.config.computer;
      if (!c) return say(lang, 'computer.none');
      return c.level !== null ? say(lang, 'computer.chosen', { level: c.level, side: c.side }) : say(lang, 'computer.chosen-engine', { name: c.name, side: c.side });
    }
    case 'square': {
      const piece = pos.board[q.square];
      if (!piece) return say(lang, 'query.empty', { square: squareWords(lang, pos, q.square) });
      // Where it may go as its side would play now (a capture compulsory for that side, 4.2).
      const mover = colorOf(piece);
      const asMover: Position = mover === pos.turn ? pos : { ...pos, turn: opposite(pos.turn) };
      const moves = s.result ? [] : legalMoves(asMover).filter((m) => m.from === q.square);
      const targets = [...new Set(moves.map((m) => m.to))].map((sq) => squareWords(lang, pos, sq));
      return say(lang, 'query.piece', { piece: say(lang, 'piece', { piece: pieceKey(piece) }), square: squareWords(lang, pos, q.square), count: targets.length, targets: listWords(lang, targets, 'disjunction') });
    }
  }
}

/** The move number the side to move is at: that of the ply after the scoresheet's moves that stand (rules/moveCount.ts). */
function moveNumberNow(s: GameState): number {
  const plies = s.sheet.items.filter((x) => x.kind === 'move').length;
  return moveNumber(plies + 1, s.config.start.turn !== s.config.start.variant.firstToMove);
}

/** The two diagonals through `square`, each from its top end (Black's side) to its bottom end. */
export function diagonals(pos: Position, square: number): number[][] {
  const g = pos.variant.geometry;
  return [
    [...ray(g, square, UP_LEFT).reverse(), square, ...ray(g, square, DOWN_RIGHT)],
    [...ray(g, square, UP_RIGHT).reverse(), square, ...ray(g, square, DOWN_LEFT)],
  ].filter((line) => line.length > 1);
}
