// Positions and moves as the Hub protocol writes them (protocol.txt, "1) position"):
//   "The position format is one character for the side to move ('W' or 'B') + one character per
//    square in standard order, so 51 in total.  For each square:
//    'w': white man / 'b': black man / 'W': white king / 'B': black king / 'e': empty"
//   "The move format is the same as standard notation for quiet moves, for example "32-28".  For
//    captures, all the captured pieces (but not the pivots) are included in any order like this:
//    from x to x captured x captured ... without any spaces.  For example "28x19x23"."
// The protocol is written for the 10x10 board; on the 8x8 boards the same format holds with
// their 32 squares in their standard order (1..32, Laws 5; the numbers behind a1..h8).

import type { Move, Position } from '../../rules/index.ts';
import { BLACK, KING, WHITE, legalMoves, parseSquare, squareNumber } from '../../rules/index.ts';

/** The position in Hub's format: `W` or `B`, then `w b W B e` for each square in order. */
export function hubPosition(pos: Position): string {
  let s = pos.turn === 'white' ? 'W' : 'B';
  for (const piece of pos.board) {
    const c = piece & WHITE ? 'w' : piece & BLACK ? 'b' : 'e';
    s += piece & KING ? c.toUpperCase() : c;
  }
  return s;
}

/** A legal move in Hub's notation: `32-28`, or `28x19x23` (from, to, then every piece taken). */
export function hubMove(move: Move): string {
  if (move.captured.length === 0) return `${squareNumber(move.from)}-${squareNumber(move.to)}`;
  return [move.from, move.to, ...move.captured].map(squareNumber).join('x');
}

/** How a move an engine wrote was read: the legal move, or why not. */
export type HubMoveResult =
  | { readonly ok: true; readonly move: Move }
  | { readonly ok: false; readonly error: 'malformed' | 'illegal' | 'ambiguous'; readonly reason: string };

/**
 * The legal move of `pos` an engine's text names. The captured squares may come in any order
 * (and an engine that leaves them out is understood when only one capture goes from its start
 * to its end); `malformed` when the text is not a move of this board, `illegal` when no legal
 * move matches, `ambiguous` when two do.
 */
export function readHubMove(pos: Position, text: string, legal: readonly Move[] = legalMoves(pos)): HubMoveResult {
  const quiet = /^(\d{1,2})-(\d{1,2})$/.exec(text);
  const capture = /^\d{1,2}(?:x\d{1,2})+$/.test(text) ? text.split('x') : null;
  const parts = quiet ? [quiet[1], quiet[2]] : capture;
  if (!parts) return { ok: false, error: 'malformed', reason: `"${text}" is not a move in Hub's notation (32-28, 28x19x23)` };
  const squares = parts.map((p) => parseSquare(pos.variant, p));
  if (squares.some((s) => s < 0)) return { ok: false, error: 'malformed', reason: `"${text}" names a square that is not on the ${pos.variant.name} board` };
  const [from, to, ...taken] = squares;
  if (new Set(taken).size !== taken.length) return { ok: false, error: 'malformed', reason: `"${text}" names a captured piece twice` };
  const found = legal.filter(
    (m) =>
      m.from === from &&
      m.to === to &&
      (quiet ? m.captured.length === 0 : m.captured.length > 0) &&
      taken.every((s) => m.capturedSet.has(s)) &&
      (taken.length === 0 || taken.length === m.captured.length),
  );
  if (found.length === 1) return { ok: true, move: found[0] };
  if (found.length > 1) return { ok: false, error: 'ambiguous', reason: `"${text}" names ${found.length} legal moves: ${found.map(hubMove).join(', ')}` };
  const legalText = legal.map(hubMove).join(', ');
  return { ok: false, error: 'illegal', reason: `"${text}" is not a legal move for ${pos.turn}${legalText ? ` (legal: ${legalText})` : ''}` };
}
