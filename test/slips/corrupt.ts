// Slips made on purpose in real games' scoresheets, one per sheet, of the kinds people make
// writing moves down (issue 16): a swapped digit, a square one off or a row off, from and to
// swapped, the move written from the other side of the board, a move left out or written twice,
// a capture's route written wrong. The slips are made on the moves as the real files write them,
// with string edits only: nothing here asks the rules core or the checker what is legal.

export type SlipKind = 'digits-swapped' | 'one-off' | 'row-off' | 'from-to-swapped' | 'wrong-side' | 'left-out' | 'written-twice' | 'capture-route';

export const SLIP_KINDS: readonly SlipKind[] = ['digits-swapped', 'one-off', 'row-off', 'from-to-swapped', 'wrong-side', 'left-out', 'written-twice', 'capture-route'];

/** The slips of one written move that may happen to be another legal move. */
export const MOVE_SLIPS: readonly SlipKind[] = ['digits-swapped', 'one-off', 'row-off', 'from-to-swapped', 'wrong-side'];

/** A sheet with one slip: the written moves, the index the slip was made at, and what it was. */
export interface Corrupted {
  readonly written: string[];
  readonly at: number;
  readonly kind: SlipKind;
}

interface Board {
  /** 10 or 8. */
  readonly size: number;
  readonly algebraic: boolean;
}

const squaresOf = (b: Board) => (b.size * b.size) / 2;

/** The squares of a move as written: `32-28` → ['32', '28'], with the separators kept apart. */
function split(text: string): { squares: string[]; seps: string[] } {
  const squares = text.split(/[-x:]/);
  const seps = [...text.matchAll(/[-x:]/g)].map((m) => m[0]);
  return { squares, seps };
}

function join(squares: readonly string[], seps: readonly string[]): string {
  return squares.map((s, k) => (k === 0 ? s : seps[k - 1] + s)).join('');
}

/** Another square near `sq` (numbers ±step, or a1-h8 a file or rank off), or null when that is off the board. */
function shifted(b: Board, sq: string, step: number, along: 'file' | 'rank'): string | null {
  if (!b.algebraic) {
    const n = Number(sq) + step;
    return n >= 1 && n <= squaresOf(b) ? String(n) : null;
  }
  const file = sq.charCodeAt(0) - 97 + (along === 'file' ? step : 0);
  const rank = Number(sq.slice(1)) + (along === 'rank' ? step : 0);
  return file >= 0 && file < b.size && rank >= 1 && rank <= b.size ? String.fromCharCode(97 + file) + rank : null;
}

/** The square on the other side of the board: 51 - n on 10x10, 33 - n on 8x8, h8 for a1. */
function mirror(b: Board, sq: string): string {
  if (!b.algebraic) return String(squaresOf(b) + 1 - Number(sq));
  return String.fromCharCode(97 + b.size - 1 - (sq.charCodeAt(0) - 97)) + (b.size + 1 - Number(sq.slice(1)));
}

/** The move with one square changed by `change` (a random one of from or to), or null. */
function oneSquare(text: string, pick: number, change: (sq: string) => string | null): string | null {
  const { squares, seps } = split(text);
  const k = pick % 2 === 0 ? 0 : squares.length - 1;
  const to = change(squares[k]);
  if (to === null || to === squares[k]) return null;
  const out = squares.slice();
  out[k] = to;
  return join(out, seps);
}

/**
 * The written moves with a slip of `kind` at index `at`, or null when that kind cannot be made
 * there (a one-digit square has no digits to swap; a capture route needs a capture of two jumps
 * or more, written with its turning squares: `route` gives the landing squares of the true move).
 * `pick` chooses among the ways (which square, which direction).
 */
export function corrupt(b: Board, written: readonly string[], at: number, kind: SlipKind, pick: number, route?: readonly string[]): Corrupted | null {
  const text = written[at];
  const out = written.slice();
  const row = b.size / 2;
  let slip: string | null = null;
  switch (kind) {
    case 'digits-swapped':
      if (b.algebraic) {
        const { squares, seps } = split(text);
        if (squares.length !== 2) return null;
        const [f, t] = squares;
        slip = pick % 2 === 0 ? join([t[0] + f.slice(1), f[0] + t.slice(1)], seps) : join([f[0] + t.slice(1), t[0] + f.slice(1)], seps);
      } else slip = oneSquare(text, pick, (sq) => (sq.length === 2 && sq[0] !== sq[1] ? sq[1] + sq[0] : null));
      break;
    case 'one-off':
      slip = oneSquare(text, pick, (sq) => shifted(b, sq, pick & 2 ? 1 : -1, 'file'));
      break;
    case 'row-off': {
      const steps = b.algebraic ? [1, -1] : [row - 1, row, row + 1, -(row - 1), -row, -(row + 1)];
      slip = oneSquare(text, pick, (sq) => shifted(b, sq, steps[(pick >> 1) % steps.length], 'rank'));
      break;
    }
    case 'from-to-swapped': {
      const { squares, seps } = split(text);
      slip = join([squares[squares.length - 1], ...squares.slice(1, -1), squares[0]], seps);
      break;
    }
    case 'wrong-side': {
      const { squares, seps } = split(text);
      slip = join(squares.map((s) => mirror(b, s)), seps);
      break;
    }
    case 'left-out':
      out.splice(at, 1);
      return { written: out, at, kind };
    case 'written-twice':
      out.splice(at, 0, text);
      return { written: out, at: at + 1, kind };
    case 'capture-route': {
      if (!route || route.length < 3) return null;
      const turn = 1 + (pick % (route.length - 2));
      const wrong = shifted(b, route[turn], pick & 8 ? 1 : -1, 'file');
      if (wrong === null) return null;
      const r = route.slice();
      r[turn] = wrong;
      slip = r.join(b.algebraic ? ':' : 'x');
      break;
    }
  }
  if (slip === null || slip === text) return null;
  out[at] = slip;
  return { written: out, at, kind };
}
