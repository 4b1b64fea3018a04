import type { Game, Variant } from '../rules/index.ts';
import { BLACK, KING, WHITE, colorBit, currentPosition } from '../rules/index.ts';
import { generate } from '../rules/movegen.ts';
import { MoveList } from '../rules/moveList.ts';
import { DrawTracker, MAX_PLY } from './draws.ts';
import type { Evaluator } from './evaluate.ts';
import type { Zobrist } from './hash.ts';
import { keyOf, zobrist } from './hash.ts';
import { Ordering } from './order.ts';
import { canCapture } from './threat.ts';
import type { Table } from './table.ts';
import { EXACT, LOWER, UPPER, capturedCode, moveCode } from './table.ts';

/** Scores in hundredths of a man; a proven win is MATE less the plies to it. */
export const INFINITE = 32000;
export const MATE = 30000;
/** Scores beyond this are proven results. */
export const MATE_BOUND = MATE - MAX_PLY;
/** Plies a quiet position may be searched further because the opponent threatens a capture. */
const THREAT_PLIES = 2;
/** Moves tried in full before the later quiet ones are reduced. */
const LATE = 3;

/**
 * The tree walk of one search: alpha-beta with principal variation search on one mutable board,
 * made and unmade move by move from the rules core's generator (one MoveList per ply, allocated
 * once; the Zobrist key and piece counts kept up to date). Leaves are resolved by quiescence:
 * a position with a capture searches its captures (capturing is compulsory, FMJD 4.2, so there
 * is no standing pat), and a quiet one where the opponent threatens to capture searches its
 * replies for a few more plies, so that a shot just past the horizon is seen.
 */
export class Tree {
  readonly board: Uint8Array;
  /** Pieces on the board by piece code. */
  readonly count = new Int32Array(8);
  turn: number;
  lo: number;
  hi: number;
  nodes = 0;
  /** Set once `poll` says stop or the node limit is reached: every node then returns at once. */
  aborted = false;
  nodeLimit = Infinity;
  /** Root moves (the list of ply 0), their scores in the last iteration that searched them, and their order. */
  readonly root: MoveList;
  readonly rootScores: Int32Array;
  readonly rootOrder: Int32Array;
  /** Root moves completed in the current iteration. */
  rootDone = 0;
  /** The principal variation from the root: move codes (see table.ts) in two arrays. */
  readonly pvA = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvB = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLength = new Int32Array(MAX_PLY + 1);

  private readonly v: Variant;
  private readonly z: Zobrist;
  private readonly lists: MoveList[];
  private readonly scores: Int32Array[];
  private readonly indices: Int32Array[];
  private readonly undo = new Uint8Array(MAX_PLY * 32);
  private readonly order = new Ordering();
  readonly draws: DrawTracker;

  constructor(
    game: Game,
    private readonly table: Table,
    private readonly evaluate: Evaluator,
    private readonly poll: () => boolean,
  ) {
    const pos = currentPosition(game);
    this.v = pos.variant;
    this.board = pos.board.slice();
    this.turn = colorBit(pos.turn);
    this.z = zobrist(this.board.length);
    [this.lo, this.hi] = keyOf(this.z, this.board, this.turn === BLACK);
    for (const p of this.board) this.count[p]++;
    this.lists = Array.from({ length: MAX_PLY + 1 }, () => new MoveList());
    this.scores = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(256));
    this.indices = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(256));
    this.draws = new DrawTracker(game);
    this.root = this.lists[0];
    generate(this.v, this.board, this.turn, this.root);
    this.rootScores = new Int32Array(this.root.length);
    this.rootOrder = Int32Array.from({ length: this.root.length }, (_, i) => i);
    this.draws.key(0, this.lo, this.hi);
  }

  /** The static evaluation of the board for the side to move. */
  staticScore(): number {
    return this.evaluate(this.board, this.turn);
  }

  /**
   * One iteration at the root to `depth` plies: the root moves in `rootOrder`, each one's score
   * into `rootScores`, then `rootOrder` sorted best first. With `exact`, every root move gets a
   * full window (exact scores, for the levels' choices); otherwise null windows after the first.
   * Returns the best score; when aborted, `rootDone` tells how many moves were completed (their
   * scores are valid, the first of `rootOrder` the best of them).
   */
  searchRoot(depth: number, exact: boolean): number {
    const list = this.root;
    let alpha = -INFINITE;
    this.rootDone = 0;
    this.pvLength[0] = 0;
    for (let k = 0; k < list.length; k++) {
      const i = this.rootOrder[k];
      this.make(list, i, 0);
      const next = list.length === 1 ? depth : depth - 1;
      let score: number;
      if (k === 0 || exact) score = -this.node(next, -INFINITE, exact ? INFINITE : -alpha, 1, 0);
      else {
        score = -this.node(next, -alpha - 1, -alpha, 1, 0);
        if (score > alpha && !this.aborted) score = -this.node(next, -INFINITE, -alpha, 1, 0);
      }
      this.unmake(list, i, 0);
      if (this.aborted) break;
      this.rootScores[i] = k === 0 || exact || score > alpha ? score : alpha - 1;
      this.rootDone = k + 1;
      if (score > alpha || k === 0) {
        alpha = Math.max(alpha, score);
        this.savePv(0, list, i);
        // Best so far moves to the front: an aborted iteration still leads with its best.
        for (let j = k; j > 0; j--) this.rootOrder[j] = this.rootOrder[j - 1];
        this.rootOrder[0] = i;
      }
    }
    if (!this.aborted) {
      // The rest by score, for the next iteration (the best stays first).
      const rest = Array.from(this.rootOrder.subarray(1)).sort((a, b) => this.rootScores[b] - this.rootScores[a]);
      this.rootOrder.set(rest, 1);
      const best = this.rootOrder[0];
      this.table.store(this.lo, this.hi, depth, EXACT, alpha, moveCode(list.from[best], list.to[best], list.jumps[best]), capturedCode(list.capLo[best], list.capHi[best]));
    }
    return alpha;
  }

  /** Negamax alpha-beta of the node at `ply` with `depth` plies left; `threat` threat plies used on the path. */
  private node(depth: number, alpha: number, beta: number, ply: number, threat: number): number {
    this.pvLength[ply] = ply;
    if ((++this.nodes & 255) === 0 && this.poll()) this.aborted = true; // the clock and `stopped`, every 256 nodes
    if (this.nodes >= this.nodeLimit) this.aborted = true;
    if (this.aborted) return 0;
    this.draws.key(ply, this.lo, this.hi);
    const list = this.lists[ply];
    generate(this.v, this.board, this.turn, list);
    const n = list.length;
    if (n === 0) return -MATE + ply; // no piece or no move: lost (FMJD 7.2.2, 7.2.3; Laws 23)
    if (this.draws.isDraw(ply)) return 0;
    if (ply >= MAX_PLY - 1) return this.staticScore();
    const capture = list.jumps[0] > 0;
    if (depth <= 0 && !capture) {
      // A quiet leaf: its static score, unless the opponent threatens to capture.
      if (threat >= THREAT_PLIES || !this.threatened()) return this.staticScore();
      depth = 1;
      threat++;
    }
    if (depth < 0) depth = 0;

    const slot = this.table.probe(this.lo, this.hi);
    let ttA = 0;
    let ttB = 0;
    if (slot >= 0) {
      ttA = this.table.move(slot);
      ttB = this.table.moveCaptured(slot);
      if (this.table.depth(slot) >= depth && beta - alpha === 1) {
        const s = fromTable(this.table.score(slot), ply);
        const b = this.table.bound(slot);
        if (b === EXACT || (b === LOWER && s >= beta) || (b === UPPER && s <= alpha)) return s;
      }
    }

    this.scoreMoves(list, ply, ttA, ttB);
    const scores = this.scores[ply];
    const idx = this.indices[ply];
    const alpha0 = alpha;
    let best = -INFINITE;
    let bestI = -1;
    for (let k = 0; k < n; k++) {
      const i = pickNext(scores, idx, n, k);
      this.make(list, i, ply);
      const next = n === 1 ? depth : depth - 1; // a forced move costs no depth
      // Late quiet moves, ordered after the table's move, killers and the best of history, are
      // searched a ply shallower first, and again in full if they reach alpha.
      const reduce = k >= LATE && depth >= 3 && !capture && scores[i] < 1 << 21 ? 1 : 0;
      let score: number;
      if (k === 0) score = -this.node(next, -beta, -alpha, ply + 1, threat);
      else {
        score = -this.node(next - reduce, -alpha - 1, -alpha, ply + 1, threat);
        if (reduce > 0 && score > alpha && !this.aborted) score = -this.node(next, -alpha - 1, -alpha, ply + 1, threat);
        if (score > alpha && score < beta && !this.aborted) score = -this.node(next, -beta, -alpha, ply + 1, threat);
      }
      this.unmake(list, i, ply);
      if (this.aborted) return 0;
      if (score <= best) continue;
      best = score;
      bestI = i;
      if (score <= alpha) continue;
      alpha = score;
      this.savePv(ply, list, i);
      if (alpha >= beta) {
        if (list.jumps[i] === 0) this.order.cutoff(ply, moveCode(list.from[i], list.to[i], 0), this.turn, list.from[i], list.to[i], depth);
        break;
      }
    }
    const bound = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    this.table.store(this.lo, this.hi, depth, bound, toTable(best, ply), moveCode(list.from[bestI], list.to[bestI], list.jumps[bestI]), capturedCode(list.capLo[bestI], list.capHi[bestI]));
    return best;
  }

  /** Whether the opponent of the side to move could capture if it were its turn (a shot in the air). */
  private threatened(): boolean {
    return canCapture(this.v, this.board, this.turn ^ (WHITE | BLACK));
  }

  /** Order keys of the ply's moves: the table's move, captures by pieces taken, crownings, killers, history. */
  private scoreMoves(list: MoveList, ply: number, ttA: number, ttB: number): void {
    let scores = this.scores[ply];
    let idx = this.indices[ply];
    if (scores.length < list.length) {
      scores = this.scores[ply] = new Int32Array(list.length * 2);
      idx = this.indices[ply] = new Int32Array(list.length * 2);
    }
    for (let i = 0; i < list.length; i++) {
      const code = moveCode(list.from[i], list.to[i], list.jumps[i]);
      let s: number;
      if (code === ttA && capturedCode(list.capLo[i], list.capHi[i]) === ttB) s = 1 << 30;
      else if (list.jumps[i] > 0) s = (1 << 25) + list.jumps[i] * 1024;
      else {
        const killer = this.order.killer(ply, code);
        s = killer > 0 ? (1 << 22) + killer : this.order.historyOf(this.turn, list.from[i], list.to[i]);
      }
      if (list.promotes[i]) s += 1 << 21;
      scores[i] = s;
      idx[i] = i;
    }
  }

  /** Copies the child's principal variation after move `i` of `list` at `ply`. */
  private savePv(ply: number, list: MoveList, i: number): void {
    const at = ply * MAX_PLY;
    this.pvA[at + ply] = moveCode(list.from[i], list.to[i], list.jumps[i]);
    this.pvB[at + ply] = capturedCode(list.capLo[i], list.capHi[i]);
    const end = ply + 1 < MAX_PLY ? this.pvLength[ply + 1] : ply + 1;
    for (let j = ply + 1; j < end; j++) {
      this.pvA[at + j] = this.pvA[at + MAX_PLY + j];
      this.pvB[at + j] = this.pvB[at + MAX_PLY + j];
    }
    this.pvLength[ply] = Math.max(end, ply + 1);
  }

  /** Plays move `i` of `list` (the list of `ply`) on the board. */
  private make(list: MoveList, i: number, ply: number): void {
    const b = this.board;
    const zl = this.z.lo;
    const zh = this.z.hi;
    const from = list.from[i];
    const to = list.to[i];
    const piece = b[from];
    const n = list.jumps[i];
    const s = list.start[i] + n;
    let lo = this.lo ^ this.z.sideLo;
    let hi = this.hi ^ this.z.sideHi;
    for (let k = 0; k < n; k++) {
      const sq = list.route[s + k];
      const c = b[sq];
      this.undo[ply * 32 + k] = c;
      b[sq] = 0;
      this.count[c]--;
      lo ^= zl[sq * 8 + c];
      hi ^= zh[sq * 8 + c];
    }
    b[from] = 0;
    lo ^= zl[from * 8 + piece];
    hi ^= zh[from * 8 + piece];
    const placed = list.promotes[i] ? piece | KING : piece;
    b[to] = placed;
    lo ^= zl[to * 8 + placed];
    hi ^= zh[to * 8 + placed];
    this.count[piece]--;
    this.count[placed]++;
    this.lo = lo;
    this.hi = hi;
    this.turn ^= WHITE | BLACK;
    const king = (piece & KING) !== 0;
    this.draws.enter(ply, king && n === 0, !king || n > 0, b, this.count);
  }

  /** Takes back move `i` of `list` played with {@link make}. */
  private unmake(list: MoveList, i: number, ply: number): void {
    const b = this.board;
    const zl = this.z.lo;
    const zh = this.z.hi;
    const from = list.from[i];
    const to = list.to[i];
    const placed = b[to];
    const piece = list.promotes[i] ? placed & ~KING : placed;
    const n = list.jumps[i];
    const s = list.start[i] + n;
    let lo = this.lo ^ this.z.sideLo ^ zl[to * 8 + placed] ^ zl[from * 8 + piece];
    let hi = this.hi ^ this.z.sideHi ^ zh[to * 8 + placed] ^ zh[from * 8 + piece];
    b[to] = 0;
    b[from] = piece;
    this.count[placed]--;
    this.count[piece]++;
    for (let k = 0; k < n; k++) {
      const sq = list.route[s + k];
      const c = this.undo[ply * 32 + k];
      b[sq] = c;
      this.count[c]++;
      lo ^= zl[sq * 8 + c];
      hi ^= zh[sq * 8 + c];
    }
    this.lo = lo;
    this.hi = hi;
    this.turn ^= WHITE | BLACK;
  }
}

/**
 * The index of the move to try `k`-th: the highest key among `scores[idx[k..n)]`, swapped to
 * `idx[k]` (a selection sort done lazily: a cut-off leaves the rest unsorted).
 */
function pickNext(scores: Int32Array, idx: Int32Array, n: number, k: number): number {
  let best = k;
  for (let j = k + 1; j < n; j++) if (scores[idx[j]] > scores[idx[best]]) best = j;
  const i = idx[best];
  idx[best] = idx[k];
  idx[k] = i;
  return i;
}

/** A score as the table keeps it: a proven result counted from the node, not the root. */
function toTable(score: number, ply: number): number {
  return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}

function fromTable(score: number, ply: number): number {
  return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}
