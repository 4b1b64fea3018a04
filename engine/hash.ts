import { mulberry32 } from '../rules/prng.ts';

/**
 * Zobrist keys: a 64-bit key of a position as two 32-bit halves, the XOR of one random number
 * per (square, piece code) and one for Black to move. Equal positions (same pieces, same side to
 * move: FMJD 6.1) have equal keys; a move changes the key by XOR-ing out and in the squares it
 * changes, so the search keeps it up to date without rehashing the board.
 */
export interface Zobrist {
  /** Low halves, at `square * 8 + piece code` (piece codes as rules/piece.ts: 1..7). */
  readonly lo: Int32Array;
  /** High halves, same layout. */
  readonly hi: Int32Array;
  /** The halves XOR-ed in when Black is to move. */
  readonly sideLo: number;
  readonly sideHi: number;
}

const cache = new Map<number, Zobrist>();

/** The keys of a board of `squares` squares (fixed seed: the same keys in every run and thread). */
export function zobrist(squares: number): Zobrist {
  let z = cache.get(squares);
  if (!z) {
    const rnd = mulberry32(0x5eed + squares);
    const word = () => (rnd() * 4294967296) | 0;
    const lo = new Int32Array(squares * 8);
    const hi = new Int32Array(squares * 8);
    for (let i = 0; i < lo.length; i++) {
      lo[i] = word();
      hi[i] = word();
    }
    z = { lo, hi, sideLo: word(), sideHi: word() };
    cache.set(squares, z);
  }
  return z;
}

/** The key of `board` with `black` to move, as [low, high]. */
export function keyOf(z: Zobrist, board: Uint8Array, black: boolean): [number, number] {
  let lo = black ? z.sideLo : 0;
  let hi = black ? z.sideHi : 0;
  for (let sq = 0; sq < board.length; sq++) {
    const p = board[sq];
    if (p === 0) continue;
    lo ^= z.lo[sq * 8 + p];
    hi ^= z.hi[sq * 8 + p];
  }
  return [lo, hi];
}
