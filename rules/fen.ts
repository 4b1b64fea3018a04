import { parseSquare, squareName } from './notation.ts';
import { BLACK, KING, WHITE } from './piece.ts';
import type { Position } from './position.ts';
import { createPosition, emptyBoard } from './position.ts';
import type { Color, Variant } from './variant.ts';

/** Why a FEN could not be read. */
export interface FenError {
  /** Character offset (0-based) in the FEN text where the problem is. */
  readonly offset: number;
  readonly reason: string;
}

/**
 * Something a FEN said that was read anyway: no side to move (`?`), the variant's first player
 * assumed; or a field that is not a list of pieces (a move counter), left out.
 */
export interface FenWarning {
  readonly code: 'turn-assumed' | 'field-ignored';
  readonly reason: string;
}

/** `warnings` are the reasons of `notes`, in the same order, for printing. */
export type FenResult = { ok: true; position: Position; warnings: string[]; notes: FenWarning[] } | { ok: false; error: FenError };

/**
 * Reads a PDN FEN (`W:W31-50,K45:B1-20`), liberally: spaces anywhere, lower-case colours,
 * ranges, numeric or algebraic squares, a trailing `.`, fields in either order, an unknown
 * side to move `?` (the variant's first player, with a warning), and extra fields such as
 * move counters (ignored, with a warning). Never throws.
 *
 * @example parseFen(international, 'W:W31-50:B1-20')
 */
export function parseFen(v: Variant, text: string): FenResult {
  const notes: FenWarning[] = [];
  // trimEnd, not /\s+$/: a regular expression tries that from every space of a run, quadratic in the run.
  const src = text.trimEnd().replace(/\.$/, '');
  const fields = splitFields(src);
  if (fields.length === 0 || fields[0].text.trim() === '') return fail(0, 'the FEN is empty');
  const turnText = fields[0].text.trim().toUpperCase();
  let turn: Color;
  if (turnText === 'W') turn = 'white';
  else if (turnText === 'B') turn = 'black';
  else if (turnText === '?' || turnText === '') {
    turn = v.firstToMove;
    notes.push({ code: 'turn-assumed', reason: `the side to move is not given; ${turn} is assumed` });
  } else return fail(fields[0].offset, `the FEN must start with the side to move, W or B, not "${fields[0].text.trim()}"`);
  const board = emptyBoard(v);
  const seen = new Set<Color>();
  for (const f of fields.slice(1)) {
    const body = f.text.trim();
    if (body === '') continue;
    const lead = body[0].toUpperCase();
    if (lead !== 'W' && lead !== 'B') {
      notes.push({ code: 'field-ignored', reason: `field "${body}" is not a list of pieces and was ignored` });
      continue;
    }
    const color: Color = lead === 'W' ? 'white' : 'black';
    if (seen.has(color)) return fail(f.offset, `the ${color} pieces are listed twice`);
    seen.add(color);
    const err = readPieces(v, body.slice(1), f.offset + f.text.indexOf(body) + 1, color === 'white' ? WHITE : BLACK, board);
    if (err) return { ok: false, error: err };
  }
  return { ok: true, position: createPosition(v, board, turn), warnings: notes.map((n) => n.reason), notes };
}

function readPieces(v: Variant, list: string, offset: number, bit: number, board: Uint8Array): FenError | null {
  let at = offset;
  for (const raw of list.split(',')) {
    const item = raw.trim();
    const here = at + raw.indexOf(item);
    at += raw.length + 1;
    if (item === '') continue;
    const king = item[0] === 'K' || item[0] === 'k';
    const body = king ? item.slice(1).trim() : item;
    const range = /^(\w+)\s*-\s*(\w+)$/.exec(body);
    const squares: number[] = [];
    if (range) {
      const a = parseSquare(v, range[1]);
      const b = parseSquare(v, range[2]);
      if (a < 0 || b < 0 || a > b || !/^\d+$/.test(range[1]) || !/^\d+$/.test(range[2]))
        return { offset: here, reason: `"${item}" is not a range of squares from 1 to ${v.geometry.squares}` };
      for (let s = a; s <= b; s++) squares.push(s);
    } else {
      const s = parseSquare(v, body);
      if (s < 0) return { offset: here, reason: `"${item}" is not a square of the ${v.name} board` };
      squares.push(s);
    }
    for (const s of squares) {
      if (board[s] !== 0) return { offset: here, reason: `square ${squareName(v, s)} is given twice` };
      board[s] = king ? bit | KING : bit;
    }
  }
  return null;
}

function splitFields(src: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  for (let i = 0; i <= src.length; i++) {
    if (i === src.length || src[i] === ':') {
      out.push({ text: src.slice(start, i), offset: start });
      start = i + 1;
    }
  }
  return out;
}

function fail(offset: number, reason: string): FenResult {
  return { ok: false, error: { offset, reason } };
}

/**
 * Writes a PDN FEN, squares in the variant's notation, ascending, kings marked `K`, ranges
 * for runs of three or more men in numeric notation (`W:W31-50:B1-20`).
 */
export function writeFen(pos: Position): string {
  const v = pos.variant;
  const side = (bit: number): string => {
    const items: string[] = [];
    const n = v.geometry.squares;
    for (let s = 0; s < n; s++) {
      const p = pos.board[s];
      if (!(p & bit)) continue;
      if (p & KING) {
        items.push('K' + squareName(v, s));
        continue;
      }
      let e = s;
      while (v.notation === 'numeric' && e + 1 < n && pos.board[e + 1] === bit) e++;
      if (e - s >= 2) {
        items.push(`${s + 1}-${e + 1}`);
        s = e;
      } else items.push(squareName(v, s));
    }
    return items.join(',');
  };
  return `${pos.turn === 'white' ? 'W' : 'B'}:W${side(WHITE)}:B${side(BLACK)}`;
}
