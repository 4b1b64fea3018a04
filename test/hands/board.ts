// A tiny physical board for the hand model's self-test: which dark squares hold a piece (all a
// reed switch can tell; a crowned king looks like a man), the buttons pressed, and the time.

import { parseSquare, type Position, type Variant } from '../../rules/index.ts';

/** A button of the board. */
export type Button = 'clock' | 'jadoube' | 'accept' | 'correct';

/** One line of an action script, read as the contract says; null for a comment or blank line. */
export type Action =
  | { readonly kind: 'lift' | 'place'; readonly square: number }
  | { readonly kind: 'press'; readonly button: Button }
  | { readonly kind: 'wait'; readonly ms: number };

const BUTTONS: readonly string[] = ['clock', 'jadoube', 'accept', 'correct'];

/**
 * Reads one action line strictly: `lift SQ`, `place SQ` (SQ in the variant's notation),
 * `press clock|jadoube|accept|correct`, `wait MS` (a whole number of ms), `# comment` or blank.
 * Throws on anything else.
 *
 * @example parseAction(variants.czech, 'lift e3') // { kind: 'lift', square: 10 }
 */
export function parseAction(v: Variant, line: string): Action | null {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return null;
  const m = /^(lift|place|press|wait) (\S+)$/.exec(text);
  if (!m) throw new Error(`not an action: "${line}"`);
  const [, verb, arg] = m;
  if (verb === 'wait') {
    if (!/^\d+$/.test(arg)) throw new Error(`bad wait: "${line}"`);
    return { kind: 'wait', ms: Number(arg) };
  }
  if (verb === 'press') {
    if (!BUTTONS.includes(arg)) throw new Error(`unknown button: "${line}"`);
    return { kind: 'press', button: arg as Button };
  }
  const square = parseSquare(v, arg);
  if (square < 0) throw new Error(`not a square of ${v.name}: "${line}"`);
  return { kind: verb as 'lift' | 'place', square };
}

/** The gap between consecutive actions when no `wait` says otherwise (ms). */
export const DEFAULT_GAP_MS = 200;

/**
 * Occupancy and buttons of a real board. `apply` throws on what hands cannot do: lifting from
 * an empty square, placing on a full one.
 *
 * @example const b = PhysicalBoard.of(pos); b.apply('lift 32'); b.apply('place 28');
 */
export class PhysicalBoard {
  private readonly full: Uint8Array;
  /** Buttons pressed, in order. */
  readonly presses: Button[] = [];
  /** Time of the last action, ms from the first (consecutive actions 200 ms apart unless a wait says otherwise). */
  time = 0;
  private gap: number | null = null;
  private started = false;

  constructor(
    readonly variant: Variant,
    occupied: Iterable<number>,
  ) {
    this.full = new Uint8Array(variant.geometry.squares);
    for (const sq of occupied) this.full[sq] = 1;
  }

  /** The board of a position (its occupied squares). */
  static of(pos: Position): PhysicalBoard {
    return new PhysicalBoard(pos.variant, occupancy(pos));
  }

  /** Applies one action line (comments and blank lines do nothing). */
  apply(line: string): Action | null {
    const a = parseAction(this.variant, line);
    if (!a) return null;
    if (a.kind === 'wait') {
      this.gap = (this.gap ?? 0) + a.ms;
      return a;
    }
    this.time += this.gap ?? (this.started ? DEFAULT_GAP_MS : 0);
    this.started = true;
    this.gap = null;
    if (a.kind === 'press') this.presses.push(a.button);
    else if (a.kind === 'lift') {
      if (!this.full[a.square]) throw new Error(`${line}: the square is empty`);
      this.full[a.square] = 0;
    } else {
      if (this.full[a.square]) throw new Error(`${line}: the square is full`);
      this.full[a.square] = 1;
    }
    return a;
  }

  /** The occupied squares, ascending. */
  occupied(): number[] {
    const out: number[] = [];
    this.full.forEach((f, sq) => (f ? out.push(sq) : undefined));
    return out;
  }
}

/** The occupied squares of a position, ascending: what the sensors see of it. */
export function occupancy(pos: Position): number[] {
  const out: number[] = [];
  pos.board.forEach((p, sq) => (p ? out.push(sq) : undefined));
  return out;
}
