import type { Move } from './move.ts';
import { sameMove } from './move.ts';
import { generateRoutes, uniqueMoveBetween } from './movegen.ts';
import { colorBit } from './piece.ts';
import { parseSquare, squareName } from './notation.ts';
import type { Position } from './position.ts';
import { legalMoves } from './position.ts';

/** Why a move's text does not name exactly one legal move. */
export type MoveTextError =
  | { kind: 'syntax'; reason: string }
  | { kind: 'illegal'; reason: string }
  | { kind: 'ambiguous'; reason: string; candidates: Move[] };

export type MoveTextResult = { ok: true; move: Move } | { ok: false; error: MoveTextError };

/**
 * Finds the legal move a PDN move names (FMJD 8.2; PDN 3.0 move notation), liberally: squares
 * numeric or algebraic, separated by `-`, `x` or `:`, with or without the turning squares of a
 * capture (`47x36` or `47x38x24x13x36`); a capture written with `-` is accepted; two algebraic
 * squares may be glued without a separator (`a3b4`, the ALPHAMOVE of the PDN 3.0 grammar).
 *
 * @example parseMoveText(pos, '32x23')
 */
export function parseMoveText(pos: Position, text: string, given?: readonly Move[]): MoveTextResult {
  const v = pos.variant;
  const glued = /^([a-j]\d{1,2})([a-j]\d{1,2})$/i.exec(text.trim());
  const parts = glued ? [glued[1], glued[2]] : text.trim().split(/\s*[-x:X]\s*/);
  if (parts.length < 2) return syntax(`"${text}" is not a move: write it as from-to or fromxto`);
  const squares: number[] = [];
  for (const p of parts) {
    const sq = parseSquare(v, p);
    if (sq < 0) return syntax(`"${p}" in "${text}" is not a square of the ${v.name} board`);
    squares.push(sq);
  }
  const from = squares[0];
  const to = squares[squares.length - 1];
  const via = squares.slice(1, -1);
  if (!given && via.length === 0) {
    const only = uniqueMoveBetween(v, pos.board, colorBit(pos.turn), from, to); // restores the board
    if (only) return { ok: true, move: only };
  }
  const legal = given ?? legalMoves(pos);
  let found = legal.filter((m) => m.from === from && m.to === to && passesThrough(m, via));
  if (found.length === 0 && via.length > 0) {
    // The route written may be another route of the same move than the one kept in `legal`.
    const routes = generateRoutes(v, pos.board.slice(), colorBit(pos.turn)).filter((r) => r.from === from && r.to === to && passesThrough(r, via));
    found = legal.filter((m) => routes.some((r) => sameMove(r, m)));
  }
  if (found.length > 1 && via.length > 0) {
    // Every landing square written (as formatMove writes twins): the move with exactly that route.
    const exact = found.filter((m) => m.path.length === via.length + 1 && via.every((s, k) => m.path[k] === s));
    if (exact.length === 1) found = exact;
  }
  if (found.length === 1) return { ok: true, move: found[0] };
  if (found.length > 1) {
    const names = found.map((m) => formatFullPath(pos, m)).join(', ');
    return { ok: false, error: { kind: 'ambiguous', reason: `"${text}" could be any of ${names}: give the turning squares`, candidates: found } };
  }
  const who = pos.turn;
  if (legal.length === 0) return { ok: false, error: { kind: 'illegal', reason: `${who} has no legal move, so "${text}" cannot be played` } };
  const fromMoves = legal.filter((m) => m.from === from);
  const hint =
    fromMoves.length === 0
      ? `no ${who} piece on ${squareName(v, from)} can move`
      : `from ${squareName(v, from)} ${who} can play ${fromMoves.map((m) => formatMove(pos, m, legal)).join(', ')}`;
  const must = legal[0].captured.length > 0 ? ` (a capture is compulsory: ${legal.map((m) => formatMove(pos, m, legal)).join(', ')})` : '';
  return { ok: false, error: { kind: 'illegal', reason: `"${text}" is not a legal move for ${who}: ${hint}${must}` } };
}

/** Whether `via` lists squares of the move's route, in order. */
function passesThrough(m: Move, via: readonly number[]): boolean {
  let k = 0;
  for (let i = 0; i < m.path.length - 1 && k < via.length; i++) if (m.path[i] === via[k]) k++;
  return k === via.length;
}

/**
 * The shortest text that names `move` among the legal moves (PDN 3.0): `from-to` or
 * `fromxto`, and where two captures share their start and end, the capture in full with
 * every square it lands on, as the PDN 3.0 standard writes them (`47x38x24x13x36`).
 */
export function formatMove(pos: Position, move: Move, legal: readonly Move[] = legalMoves(pos)): string {
  const v = pos.variant;
  const sep = move.captured.length > 0 ? 'x' : '-';
  const twins = legal.filter((m) => m.from === move.from && m.to === move.to && !sameMove(m, move));
  if (twins.length === 0) return squareName(v, move.from) + sep + squareName(v, move.to);
  return formatFullPath(pos, move);
}

/** A move with every landing square: `47x38x24x13x36`. */
export function formatFullPath(pos: Position, move: Move): string {
  const sep = move.captured.length > 0 ? 'x' : '-';
  return [move.from, ...move.path].map((s) => squareName(pos.variant, s)).join(sep);
}

function syntax(reason: string): MoveTextResult {
  return { ok: false, error: { kind: 'syntax', reason } };
}
