import type { MoveRules } from './movegen.ts';
import { countMoves, generate } from './movegen.ts';
import { MoveList } from './moveList.ts';
import { BLACK, EMPTY, KING, WHITE } from './piece.ts';

/**
 * The memory of a table of positions already counted (see PerftTable), in shared buffers that
 * every thread of a perft counts with: a position counted by one thread is not counted again
 * by another. Made by {@link sharedPerftTable}; plain data, sent to worker threads as it is.
 */
export interface SharedPerftTable {
  readonly squares: number;
  readonly bits: number;
  readonly keys: SharedArrayBuffer;
  readonly depths: SharedArrayBuffer;
  readonly sums: SharedArrayBuffer;
  /** One lock word per slot, taken while an entry is read or written (never waited for: a slot in use is passed by). */
  readonly locks: SharedArrayBuffer;
}

/** Remaining depths a table keeps: 2 to 4 (the last ply is counted, not walked; higher ones are few). */
const DEEPEST = 4;

/** Words of a key on a board of `squares`: 10 squares of 3 bits each per word, the side to move in the last. */
function keyWords(squares: number): number {
  return Math.ceil(squares / 10);
}

/** How many positions the table holds for a walk of `depth` (as a power of two). */
export function tableBits(depth: number): number {
  return depth < 4 ? 0 : Math.min(20, 2 * depth);
}

/** A table for a perft of `depth` on a board of `squares`, in shared memory (null when the depth needs none). */
export function sharedPerftTable(squares: number, depth: number): SharedPerftTable | null {
  const bits = tableBits(depth);
  if (bits === 0) return null;
  const slots = 1 << bits;
  return {
    squares,
    bits,
    keys: new SharedArrayBuffer(slots * keyWords(squares) * 4),
    depths: new SharedArrayBuffer(slots),
    sums: new SharedArrayBuffer(slots * DEEPEST * 8),
    locks: new SharedArrayBuffer(slots * 4),
  };
}

/**
 * Positions already counted, with the counts below them: a position met again through another
 * order of the same moves (32-28 then 33-29, or 33-29 then 32-28) is counted once per depth.
 * Each entry holds the whole position (every square and the side to move, packed into words),
 * so a position is only ever taken for itself: the counts stay exact. One entry per slot, the
 * newest kept. A shared table's slots are read and written under their lock word (Atomics), so
 * no thread reads an entry another is writing; a slot whose lock is taken is a miss.
 */
class PerftTable {
  /** Slots - 1 (slots are a power of two). */
  readonly mask: number;
  readonly words: number;
  readonly keys: Int32Array;
  /** The remaining depth of the slot's entry, 0 when empty. */
  readonly depths: Uint8Array;
  /** The entry's counts 1 to DEEPEST plies below it. */
  readonly sums: Float64Array;
  readonly locks: Int32Array | null;

  constructor(squares: number, bits: number, shared: SharedPerftTable | null) {
    const slots = 1 << bits;
    this.mask = slots - 1;
    this.words = keyWords(squares);
    this.keys = new Int32Array(shared?.keys ?? new ArrayBuffer(slots * this.words * 4));
    this.depths = new Uint8Array(shared?.depths ?? new ArrayBuffer(slots));
    this.sums = new Float64Array(shared?.sums ?? new ArrayBuffer(slots * DEEPEST * 8));
    this.locks = shared ? new Int32Array(shared.locks) : null;
  }

  /** Takes the slot's lock (a table of one thread has none); false when another thread holds it. */
  lock(slot: number): boolean {
    return this.locks === null || Atomics.compareExchange(this.locks, slot, 0, 1) === 0;
  }

  unlock(slot: number): void {
    if (this.locks !== null) Atomics.store(this.locks, slot, 0);
  }
}

/** Options of a {@link PerftWalker}. */
export interface PerftWalkerOptions {
  /**
   * Slots of the table of positions already counted, as a power of two; 0 for no table. Default:
   * none below depth 4, then 2 x depth up to 20 (a million slots, about 50 MB on 10x10, from
   * depth 10).
   */
  readonly tableBits?: number;
  /** Count with this table, shared with other threads (sharedPerftTable), instead of one of its own. */
  readonly shared?: SharedPerftTable;
}

/**
 * Counts the move tree below a position at every depth in one walk: the nodes 1, 2, ..., depth
 * plies below it (perft 1 to perft depth), one move per (from, to, captured set) as the
 * published tables count them. The last ply is counted, not played (bulk counting); a position
 * met again with the same depth to go is counted once (see PerftTable). Reusable for many
 * positions of the same variant: a worker thread walks position after position with one walker.
 *
 * @example new PerftWalker(variants.international).count(start.board.slice(), WHITE, 5) // [9, 81, 658, 4265, 27117]
 */
export class PerftWalker {
  readonly #rules: MoveRules;
  readonly #tableBits: number | undefined;
  #table: PerftTable | null;
  #lists: MoveList[] = [];
  #undo: Uint8Array[] = [];
  /** Per ply: the key of the position, and the counts below it before it was walked. */
  #keys = new Int32Array(0);
  #before = new Float64Array(0);
  /** Nodes `k` plies below the root of the walk under way, at `k`. */
  #counts = new Float64Array(1);

  constructor(rules: MoveRules, options: PerftWalkerOptions = {}) {
    this.#rules = rules;
    this.#tableBits = options.tableBits;
    this.#table = options.shared ? new PerftTable(options.shared.squares, options.shared.bits, options.shared) : null;
  }

  /**
   * The nodes 1 to `depth` plies below the position of `board` (not changed: every move is
   * taken back) with `turnBit` (WHITE or BLACK) to move: `[perft 1, ..., perft depth]`.
   */
  count(board: Uint8Array, turnBit: number, depth: number): number[] {
    if (depth <= 0) return [];
    const bits = this.#tableBits ?? tableBits(depth);
    if (bits > 0 && (this.#table === null || (this.#table.locks === null && this.#table.mask < (1 << bits) - 1))) {
      this.#table = new PerftTable(this.#rules.geometry.squares, bits, null);
      this.#lists = []; // the keys kept per ply depend on the table
    }
    if (this.#lists.length <= depth) {
      this.#lists = Array.from({ length: depth + 1 }, () => new MoveList());
      this.#undo = Array.from({ length: depth + 1 }, () => new Uint8Array(64));
      const words = this.#table?.words ?? 0;
      this.#keys = new Int32Array((depth + 1) * words);
      this.#before = new Float64Array((depth + 1) * DEEPEST);
    }
    this.#counts = new Float64Array(depth + 1);
    this.#walk(board, turnBit, depth, 0);
    return Array.from(this.#counts.subarray(1));
  }

  #walk(board: Uint8Array, turn: number, remaining: number, ply: number): void {
    const counts = this.#counts;
    const list = this.#lists[remaining];
    if (remaining === 1) {
      counts[ply + 1] += countMoves(this.#rules, board, turn, list);
      return;
    }
    const table = this.#table;
    const cached = table !== null && remaining <= DEEPEST;
    let slot = -1;
    if (cached) {
      slot = this.#probe(table, board, turn, remaining, ply);
      if (slot < 0) return;
      for (let k = 1; k <= remaining; k++) this.#before[ply * DEEPEST + k - 1] = counts[ply + k];
    }
    generate(this.#rules, board, turn, list);
    counts[ply + 1] += list.length;
    const undo = this.#undo[remaining];
    const next = turn ^ (WHITE | BLACK);
    for (let i = 0; i < list.length; i++) {
      const from = list.from[i];
      const to = list.to[i];
      const piece = board[from];
      const n = list.jumps[i];
      if (n > 0) {
        const s = list.start[i] + n;
        for (let k = 0; k < n; k++) {
          const sq = list.route[s + k];
          undo[k] = board[sq];
          board[sq] = EMPTY;
        }
      }
      board[from] = EMPTY;
      board[to] = list.promotes[i] ? piece | KING : piece;
      this.#walk(board, next, remaining - 1, ply + 1);
      board[to] = EMPTY;
      board[from] = piece;
      if (n > 0) {
        const s = list.start[i] + n;
        for (let k = 0; k < n; k++) board[list.route[s + k]] = undo[k];
      }
    }
    if (cached) this.#store(table, slot, remaining, ply);
  }

  /**
   * Looks the position up: when it is there with `remaining` to go, adds its counts and returns
   * -1; otherwise keeps its key for {@link #store} and returns its slot.
   */
  #probe(table: PerftTable, board: Uint8Array, turn: number, remaining: number, ply: number): number {
    const words = table.words;
    const keys = this.#keys;
    const at = ply * words;
    const n = this.#rules.geometry.squares;
    let h = remaining;
    for (let w = 0; w < words; w++) {
      let key = 0;
      const end = Math.min(n, w * 10 + 10);
      for (let sq = w * 10; sq < end; sq++) key = (key << 3) | board[sq];
      if (w === words - 1) key |= turn << 30;
      keys[at + w] = key;
      h = Math.imul(h ^ key, 0x9e3779b1) ^ (h >>> 15);
    }
    const slot = (h ^ (h >>> 13)) & table.mask;
    if (!table.lock(slot)) return slot;
    let found = table.depths[slot] === remaining;
    const stored = slot * words;
    for (let w = 0; w < words && found; w++) found = table.keys[stored + w] === keys[at + w];
    if (found) {
      const counts = this.#counts;
      const sums = slot * DEEPEST;
      for (let k = 1; k <= remaining; k++) counts[ply + k] += table.sums[sums + k - 1];
    }
    table.unlock(slot);
    return found ? -1 : slot;
  }

  /** Keeps the counts of the position just walked (what it added to the counts below it) in `slot`. */
  #store(table: PerftTable, slot: number, remaining: number, ply: number): void {
    if (!table.lock(slot)) return; // another thread is at it: this entry is not kept
    const words = table.words;
    for (let w = 0; w < words; w++) table.keys[slot * words + w] = this.#keys[ply * words + w];
    table.depths[slot] = remaining;
    const sums = slot * DEEPEST;
    for (let k = 1; k <= remaining; k++) table.sums[sums + k - 1] = this.#counts[ply + k] - this.#before[ply * DEEPEST + k - 1];
    table.unlock(slot);
  }
}
