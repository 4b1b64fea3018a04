import type { Move } from './move.ts';
import { captureMove, plainMove } from './move.ts';
import { MoveList } from './moveList.ts';
import { BLACK, EMPTY, KING, WHITE } from './piece.ts';
import type { Variant } from './variant.ts';

/**
 * What of a variant the move generator reads: its board and the rules of moving and capturing.
 * Plain data (typed arrays, strings, booleans), so it can be sent to a worker thread.
 */
export type MoveRules = Pick<Variant, 'geometry' | 'menCaptureBackwards' | 'flyingKings' | 'captureChoice' | 'promotionInCapture'>;

/** The {@link MoveRules} of a variant, as plain data. */
export function moveRules(v: MoveRules): MoveRules {
  const { size, squares, row, col, neighbour } = v.geometry;
  return { geometry: { size, squares, row, col, neighbour }, menCaptureBackwards: v.menCaptureBackwards, flyingKings: v.flyingKings, captureChoice: v.captureChoice, promotionInCapture: v.promotionInCapture };
}

/**
 * Legal moves of the side `turnBit` (WHITE or BLACK) on `board`, appended to `out`.
 * Captures are compulsory (FMJD 4.2-4.3; Czech 4.1; Laws 9); among them the variant's
 * `captureChoice` decides (FMJD 4.13; Czech 4.14). A capture continues while it can
 * (FMJD 4.5-4.6) and a piece is never jumped twice while the captured pieces stay on the
 * board until the capture is over (FMJD 4.8, 4.11). One move per (from, to, captured set).
 */
export function generateMoves(v: MoveRules, board: Uint8Array, turnBit: number, out: Move[]): Move[] {
  const list = shared;
  generate(v, board, turnBit, list);
  for (let i = 0; i < list.length; i++) out.push(moveAt(list, i));
  return out;
}

/** Move `i` of a list as a {@link Move} object. */
export function moveAt(list: MoveList, i: number): Move {
  const n = list.jumps[i];
  if (n === 0) return plainMove(list.from[i], list.to[i], list.promotes[i] === 1);
  const s = list.start[i];
  const route = Array.from(list.route.subarray(s, s + 2 * n));
  return captureMove(list.from[i], route.slice(0, n), route.slice(n), list.promotes[i] === 1);
}

/**
 * The one legal move from `from` to `to`, or null when there is none or more than one
 * (a fast path for reading move text: no object for the other legal moves).
 */
export function uniqueMoveBetween(v: MoveRules, board: Uint8Array, turnBit: number, from: number, to: number): Move | null {
  const list = shared;
  generate(v, board, turnBit, list);
  let found = -1;
  for (let i = 0; i < list.length; i++) {
    if (list.from[i] !== from || list.to[i] !== to) continue;
    if (found >= 0) return null;
    found = i;
  }
  return found >= 0 ? moveAt(list, found) : null;
}

/**
 * Every capture route of the side to move, one entry per route: two routes with the same
 * start, end and captured set, which {@link generateMoves} merges into one move, are both
 * here (to check a written route such as `a1xf6xh8` against the board).
 */
export function generateRoutes(v: MoveRules, board: Uint8Array, turnBit: number): Move[] {
  keepRoutes = true;
  try {
    return generateMoves(v, board, turnBit, []);
  } finally {
    keepRoutes = false;
  }
}

/**
 * Like {@link generateMoves}, into a reusable {@link MoveList} (cleared first). One pass lists
 * the plain moves while it looks for a first jump; only a position with a capture is searched
 * in full (captures are compulsory, so its plain moves are dropped).
 */
export function generate(v: MoveRules, b: Uint8Array, turnBit: number, list: MoveList): void {
  list.clear();
  if (plainUnlessCapture(v, b, turnBit, list) < 0) fullCaptures(v, b, turnBit, list);
}

/**
 * The number of legal moves, without listing plain moves (perft's bulk counting): one pass
 * counts plain moves while looking for a first jump, and only a position with a capture is
 * searched in full.
 */
export function countMoves(v: MoveRules, b: Uint8Array, turnBit: number, list: MoveList): number {
  const plain = plainUnlessCapture(v, b, turnBit, null);
  if (plain >= 0) return plain;
  fullCaptures(v, b, turnBit, list);
  return list.length;
}

/** Every capture of the side `turnBit` into `list` (cleared first). */
function fullCaptures(v: MoveRules, b: Uint8Array, turnBit: number, list: MoveList): void {
  setUp(v, b, turnBit, list);
  generateCaptures();
  board = EMPTY_BOARD; // drop the reference
}

/**
 * The plain moves of the side `turnBit` (FMJD 3.5-3.9: a man one square forward, a king any
 * number of free squares along a diagonal, or one where kings do not fly), appended to `list`
 * unless it is null, and their number; or -1 as soon as a piece is found that can capture
 * (FMJD 4.1-4.3: a piece of the opponent next to it, or at the end of a king's free run, with a
 * free square behind; men backwards only where they capture backwards). Everything it reads is
 * a local: this is the hot loop of perft.
 */
function plainUnlessCapture(v: MoveRules, b: Uint8Array, turnBit: number, list: MoveList | null): number {
  const g = v.geometry;
  const n = g.squares;
  const nb = g.neighbour;
  const rows = g.row;
  const opp = turnBit ^ (WHITE | BLACK);
  const fwd = turnBit === WHITE ? 0 : 2; // the two forward directions: fwd, fwd + 1
  const back = 2 - fwd;
  const lastRow = turnBit === WHITE ? 0 : g.size - 1;
  const menBack = v.menCaptureBackwards;
  const flying = v.flyingKings;
  let count = 0;
  for (let sq = 0; sq < n; sq++) {
    const p = b[sq];
    if ((p & turnBit) === 0) continue;
    const base = sq << 2;
    if ((p & KING) === 0) {
      for (let d = fwd; d < fwd + 2; d++) {
        const t = nb[base + d];
        if (t < 0) continue;
        const q = b[t];
        if (q === EMPTY) {
          count++;
          if (list !== null) list.push(sq, t, rows[t] === lastRow);
        } else if ((q & opp) !== 0) {
          const l = nb[(t << 2) + d];
          if (l >= 0 && b[l] === EMPTY) return -1;
        }
      }
      if (menBack) {
        for (let d = back; d < back + 2; d++) {
          const t = nb[base + d];
          if (t < 0 || (b[t] & opp) === 0) continue;
          const l = nb[(t << 2) + d];
          if (l >= 0 && b[l] === EMPTY) return -1;
        }
      }
    } else {
      for (let d = 0; d < 4; d++) {
        let t = nb[base + d];
        while (t >= 0 && b[t] === EMPTY) {
          count++;
          if (list !== null) list.push(sq, t, false);
          t = flying ? nb[(t << 2) + d] : -1;
        }
        if (t >= 0 && (b[t] & opp) !== 0) {
          const l = nb[(t << 2) + d];
          if (l >= 0 && b[l] === EMPTY) return -1;
        }
      }
    }
  }
  return count;
}

function setUp(v: MoveRules, b: Uint8Array, turnBit: number, list: MoveList): void {
  list.clear();
  variant = v;
  board = b;
  nb = v.geometry.neighbour;
  turn = turnBit;
  opp = turnBit ^ (WHITE | BLACK);
  promotionRow = turnBit === WHITE ? 0 : v.geometry.size - 1;
  row = v.geometry.row;
  flyingKings = v.flyingKings;
  menBackwards = v.menCaptureBackwards;
  maximum = v.captureChoice === 'maximum';
  out = list;
}

/** The list `generateMoves` fills before turning it into objects (never nested: no reentry). */
const shared = new MoveList();

// Generator state, set by `generate` (module-level: the hot path allocates nothing).
const EMPTY_BOARD = new Uint8Array(0);
let variant: MoveRules;
let board: Uint8Array = EMPTY_BOARD;
let nb: Int8Array = new Int8Array(0);
let turn = WHITE;
let opp = BLACK;
let promotionRow = 0;
let row: Int8Array = new Int8Array(0);
let flyingKings = true;
let menBackwards = true;
let maximum = true;
let out: MoveList = new MoveList();
const path: number[] = [];
const taken: number[] = [];
let takenLo = 0;
let takenHi = 0;
let captureFrom = 0;
let keepRoutes = false;

function generateCaptures(): void {
  const n = variant.geometry.squares;
  const kingFirst = variant.captureChoice === 'king-first';
  // Czech 4.14: kings are searched first; a king's capture excludes any capture by a man.
  for (let pass = kingFirst ? 0 : 1; pass < 2; pass++) {
    for (let sq = 0; sq < n; sq++) {
      const p = board[sq];
      if ((p & turn) === 0) continue;
      if (kingFirst && (pass === 0) !== ((p & KING) !== 0)) continue;
      if (!canCapture(sq, (p & KING) !== 0)) continue;
      board[sq] = EMPTY; // the capturing piece leaves its square and may cross it again (4.8)
      captureFrom = sq;
      search(sq, (p & KING) !== 0, false);
      board[sq] = p;
    }
    if (kingFirst && pass === 0 && out.length > 0) return;
  }
}

/** Whether the piece on `sq` has a first jump (a quick test before the full search). */
function canCapture(sq: number, king: boolean): boolean {
  const base = sq * 4;
  for (let d = 0; d < 4; d++) {
    if (!king && !menBackwards && (turn === WHITE ? d > 1 : d < 2)) continue;
    let t = nb[base + d];
    if (king && flyingKings) while (t >= 0 && board[t] === EMPTY) t = nb[t * 4 + d];
    if (t < 0 || (board[t] & opp) === 0) continue;
    const l = nb[t * 4 + d];
    if (l >= 0 && board[l] === EMPTY) return true;
  }
  return false;
}

/**
 * Extends the capture that has reached `sq`. Returns whether any further capture was found;
 * the caller emits the capture ending at `sq` when none was.
 */
function search(sq: number, king: boolean, crowned: boolean): boolean {
  const flying = king && flyingKings;
  let found = false;
  for (let d = 0; d < 4; d++) {
    if (!king && !menBackwards && (turn === WHITE ? d > 1 : d < 2)) continue;
    let t = nb[sq * 4 + d];
    if (flying) while (t >= 0 && board[t] === EMPTY) t = nb[t * 4 + d];
    if (t < 0 || (board[t] & opp) === 0 || isTaken(t)) continue;
    let l = nb[t * 4 + d];
    if (l < 0 || board[l] !== EMPTY) continue;
    found = true;
    take(t);
    if (flying) {
      // A flying king may land on any free square behind the piece (4.3), but must land
      // where the capture goes on if it can go on from any of them (4.6).
      const first = l;
      let continued = false;
      for (; l >= 0 && board[l] === EMPTY; l = nb[l * 4 + d]) {
        path.push(l);
        if (search(l, true, crowned)) continued = true;
        path.pop();
      }
      if (!continued) {
        for (l = first; l >= 0 && board[l] === EMPTY; l = nb[l * 4 + d]) {
          path.push(l);
          emit(crowned);
          path.pop();
        }
      }
    } else {
      path.push(l);
      const promotes = !king && row[l] === promotionRow;
      if (promotes && variant.promotionInCapture === 'stop') {
        emit(true); // Laws 13, Czech 3.5: crowning completes the move
      } else if (promotes && variant.promotionInCapture === 'continue-as-king') {
        if (!search(l, true, true)) emit(true);
      } else if (!search(l, king, crowned)) {
        emit(promotes || crowned); // FMJD 4.15: crowned only if the capture ends here
      }
      path.pop();
    }
    untake(t);
  }
  return found;
}

function isTaken(sq: number): boolean {
  return sq < 32 ? (takenLo & (1 << sq)) !== 0 : (takenHi & (1 << (sq - 32))) !== 0;
}

function take(sq: number): void {
  taken.push(sq);
  if (sq < 32) takenLo |= 1 << sq;
  else takenHi |= 1 << (sq - 32);
}

function untake(sq: number): void {
  taken.pop();
  if (sq < 32) takenLo &= ~(1 << sq);
  else takenHi &= ~(1 << (sq - 32));
}

function emit(promotes: boolean): void {
  const count = taken.length;
  if (maximum && out.length > 0) {
    const best = out.jumps[0];
    if (count < best) return; // 4.13: the most pieces must be taken
    if (count > best) out.clear();
  }
  const to = path[count - 1];
  // One move per (from, to, captured set): other routes are the same move to a sensor board.
  for (let i = 0; i < out.length && !keepRoutes; i++) {
    if (out.to[i] === to && out.from[i] === captureFrom && out.capLo[i] === takenLo && out.capHi[i] === takenHi) return;
  }
  out.pushCapture(captureFrom, path, taken, count, takenLo, takenHi, promotes);
}
