import { BLACK, EMPTY, KING, WHITE } from './piece.ts';
import type { Move } from './move.ts';
import { captureMove, plainMove } from './move.ts';
import type { Variant } from './variant.ts';

/**
 * Legal moves of the side `turnBit` (WHITE or BLACK) on `board`, appended to `out`.
 * Captures are compulsory (FMJD 4.2-4.3; Czech 4.1; Laws 9); among them the variant's
 * `captureChoice` decides (FMJD 4.13; Czech 4.14). A capture continues while it can
 * (FMJD 4.5-4.6) and a piece is never jumped twice while the captured pieces stay on the
 * board until the capture is over (FMJD 4.8, 4.11).
 *
 * `board` is modified during the search and restored before returning.
 */
export function generateMoves(v: Variant, board: Uint8Array, turnBit: number, out: Move[]): Move[] {
  const start = out.length;
  generateCaptures(v, board, turnBit, out);
  if (out.length === start) generatePlain(v, board, turnBit, out);
  return out;
}

/** Whether a man of `turnBit` on `sq` lies on its promotion row (FMJD 3.5). */
function isPromotionRow(v: Variant, sq: number, turnBit: number): boolean {
  return v.geometry.row[sq] === (turnBit === WHITE ? 0 : v.geometry.size - 1);
}

function generatePlain(v: Variant, board: Uint8Array, turnBit: number, out: Move[]): void {
  const nb = v.geometry.neighbour;
  const n = v.geometry.squares;
  const fwd0 = turnBit === WHITE ? 0 : 2;
  for (let sq = 0; sq < n; sq++) {
    const p = board[sq];
    if ((p & turnBit) === 0) continue;
    if (p & KING) {
      for (let d = 0; d < 4; d++) {
        let t = nb[sq * 4 + d];
        while (t >= 0 && board[t] === EMPTY) {
          out.push(plainMove(sq, t, false));
          if (!v.flyingKings) break;
          t = nb[t * 4 + d];
        }
      }
    } else {
      for (let d = fwd0; d < fwd0 + 2; d++) {
        const t = nb[sq * 4 + d];
        if (t >= 0 && board[t] === EMPTY) out.push(plainMove(sq, t, isPromotionRow(v, t, turnBit)));
      }
    }
  }
}

/** Search state for one capture generation (module-level to avoid allocation). */
const path: number[] = [];
const taken: number[] = [];
const marked = new Uint8Array(64);

function generateCaptures(v: Variant, board: Uint8Array, turnBit: number, out: Move[]): void {
  const start = out.length;
  const n = v.geometry.squares;
  const opp = turnBit === WHITE ? BLACK : WHITE;
  const kingFirst = v.captureChoice === 'king-first';
  // Czech 4.14: kings are searched first; a king's capture excludes any capture by a man.
  for (let pass = kingFirst ? 0 : 1; pass < 2; pass++) {
    for (let sq = 0; sq < n; sq++) {
      const p = board[sq];
      if ((p & turnBit) === 0) continue;
      if (kingFirst && (pass === 0) !== ((p & KING) !== 0)) continue;
      board[sq] = EMPTY; // the capturing piece leaves its square and may cross it again (4.8)
      search(v, board, turnBit, opp, sq, sq, (p & KING) !== 0, false, out, start);
      board[sq] = p;
    }
    if (kingFirst && pass === 0 && out.length > start) return;
  }
}

/**
 * Extends the capture that has reached `sq`. Returns whether any further capture was found;
 * the caller emits the capture ending at `sq` when none was.
 */
function search(
  v: Variant,
  board: Uint8Array,
  turnBit: number,
  opp: number,
  from: number,
  sq: number,
  king: boolean,
  crowned: boolean,
  out: Move[],
  start: number,
): boolean {
  const nb = v.geometry.neighbour;
  let found = false;
  for (let d = 0; d < 4; d++) {
    if (!king && !v.menCaptureBackwards && (turnBit === WHITE ? d > 1 : d < 2)) continue;
    let t = nb[sq * 4 + d];
    if (king && v.flyingKings) while (t >= 0 && board[t] === EMPTY) t = nb[t * 4 + d];
    if (t < 0 || (board[t] & opp) === 0 || marked[t]) continue;
    let l = nb[t * 4 + d];
    if (l < 0 || board[l] !== EMPTY) continue;
    found = true;
    marked[t] = 1;
    taken.push(t);
    if (king && v.flyingKings) {
      // A flying king may land on any free square behind the piece (4.3), but must land
      // where the capture goes on if it can go on from any of them (4.6).
      const first = l;
      let continued = false;
      for (; l >= 0 && board[l] === EMPTY; l = nb[l * 4 + d]) {
        path.push(l);
        if (search(v, board, turnBit, opp, from, l, true, crowned, out, start)) continued = true;
        path.pop();
      }
      if (!continued) {
        for (l = first; l >= 0 && board[l] === EMPTY; l = nb[l * 4 + d]) {
          path.push(l);
          emit(v, from, crowned, out, start);
          path.pop();
        }
      }
    } else {
      path.push(l);
      const promotes = !king && isPromotionRow(v, l, turnBit);
      if (promotes && v.promotionInCapture === 'stop') {
        emit(v, from, true, out, start); // Laws 13: crowning completes the move
      } else if (promotes && v.promotionInCapture === 'continue-as-king') {
        if (!search(v, board, turnBit, opp, from, l, true, true, out, start)) emit(v, from, true, out, start);
      } else if (!search(v, board, turnBit, opp, from, l, king, crowned, out, start)) {
        emit(v, from, promotes || crowned, out, start); // 4.15: crowned only if the capture ends here
      }
      path.pop();
    }
    taken.pop();
    marked[t] = 0;
  }
  return found;
}

function emit(v: Variant, from: number, promotes: boolean, out: Move[], start: number): void {
  const count = taken.length;
  if (v.captureChoice === 'maximum' && out.length > start) {
    const best = out[start].captured.length;
    if (count < best) return; // 4.13: the most pieces must be taken
    if (count > best) out.length = start;
  }
  const to = path[path.length - 1];
  // One move per (from, to, captured set): other routes are the same move to a sensor board.
  for (let i = start; i < out.length; i++) {
    const m = out[i];
    if (m.from === from && m.to === to && m.captured.length === count && sameSet(m.captured, taken)) return;
  }
  out.push(captureMove(from, path.slice(), taken.slice(), promotes));
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  for (const x of b) if (!a.includes(x)) return false;
  return true;
}
