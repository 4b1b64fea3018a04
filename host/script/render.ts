import type { Move, Position, Variant } from '../../rules/index.ts';
import { KING, colorBit, play, squareName } from '../../rules/index.ts';
import { mulberry32 } from '../../rules/prng.ts';

export { mulberry32 };

/**
 * How the hand shows a capture:
 * - `jumps`: the capturing piece is put down on every landing square of `move.path` and
 *   lifted again, then put down on the last one (FMJD 4.9); the captured pieces follow;
 * - `sweep`: lifted from the start and put down on the end in one go; the captured pieces follow;
 * - `captured-first`: a single capture made by taking the captured piece off the board first,
 *   then jumping (FMJD 4.16). Only for a move that captures exactly one piece: a move that
 *   takes more is shown as `jumps` or `sweep` instead (the seed chooses), and so is the capture
 *   of a king the opponent has just moved and not yet ended (completion `next`): lifting it
 *   would read as that king going on.
 *
 * A king's move that ends on a landing (`captured-first` by a king) could still go on, and is
 * ended as {@link Completion} says.
 */
export type CaptureStyle = 'jumps' | 'sweep' | 'captured-first';

/** The order in which captured pieces leave the board after the landing (FMJD 4.5, 4.11). */
export type RemovalOrder = 'capture' | 'reverse';

/**
 * How a king's move that ends with the king put down is ended (a king's plain move, or its
 * single capture with the captured piece lifted first: it could still slide further): the
 * clock button (`press clock`), the position standing still (`wait 1500`, more than the
 * referee's settle time), or the opponent starting to move (their first action follows, after
 * at most a short pause). The last move of a game cannot end with `next`: it ends with the
 * clock instead. Plain man moves and captures need nothing: the referee announces them when
 * they are certain.
 */
export type Completion = 'clock' | 'wait' | 'next';

/**
 * The hand styles of {@link renderGame}. A style left out is chosen for each move by the seed;
 * a style given is used for every move it applies to. The booleans force a habit on (`true`:
 * at every move where it can be shown) or off (`false`: never).
 */
export interface HandStyles {
  readonly capture?: CaptureStyle;
  readonly removal?: RemovalOrder;
  readonly completion?: Completion;
  /** A king's plain move is shown sliding: put down and lifted on squares of its way (brief flickers). */
  readonly slide?: boolean;
  /** A man that promotes is crowned right after the move: a piece lifted and put back on its square (FMJD 3.5, 3.6). */
  readonly crown?: boolean;
  /**
   * Before the move, `press jadoube` and one or two own pieces lifted and put back on their
   * squares (FMJD 3.13); two pieces are held at once (`lift a`, `lift b`, `place b`, `place a`).
   */
  readonly jadoube?: boolean;
  /** Before the move, the piece that then moves is lifted and put back (a touch of the moved piece, 3.11: legal). */
  readonly feel?: boolean;
  /** Pauses of 300-900 ms between the actions of a move and between moves (below the 1000 ms settle time). */
  readonly gaps?: boolean;
}

/** The choices of every style, in the order a test would enumerate them. */
export const HAND_STYLES = {
  capture: ['jumps', 'sweep', 'captured-first'],
  removal: ['capture', 'reverse'],
  completion: ['clock', 'wait', 'next'],
  slide: [true, false],
  crown: [true, false],
  jadoube: [true, false],
  feel: [true, false],
  gaps: [true, false],
} as const satisfies { [K in keyof HandStyles]-?: readonly NonNullable<HandStyles[K]>[] };

/** Options of {@link renderGame}. */
export interface RenderOptions {
  /** Seed of the generator (an integer, taken modulo 2^32): the same seed gives the same script. */
  readonly seed: number;
  /** Styles forced for the whole game; the others are chosen per move by the seed. */
  readonly styles?: HandStyles;
  /** Write a comment line before each move (`# 3. white 28x19x10 (jumps, reverse order)`); default true. */
  readonly comments?: boolean;
}

/** Milliseconds of the `wait` that ends a move by the position standing still (above the settle time of 1000 ms). */
export const STILL_MS = 1500;


/** Chances of the habits the seed chooses when a style is not forced. */
const CHANCE = { slide: 0.6, crown: 0.7, jadoube: 0.06, twoPieces: 0.5, feel: 0.06, gaps: 0.3, gap: 0.35 };

/**
 * Renders a game as an action script (brief, "Action scripts"): what hands do on a sensor
 * board to play `moves` from `start`, one action per line, squares in the variant's own
 * notation. Every move is shown in a legitimate hand style (see {@link HandStyles}), chosen
 * per move by `opts.seed` unless forced by `opts.styles`; the referee must recognise every
 * one of them as the same move, with no irregularity.
 *
 * `moves` must be legal moves played in turn from `start` (e.g. the main line of a game read by
 * `readPdn`); they are trusted, not checked. Never reads `Math.random` or a clock.
 *
 * @example
 * renderGame(start, [m1], { seed: 1, styles: { capture: 'jumps' } })
 * // "# 1. white 32-28\nlift 32\nplace 28\n"
 */
export function renderGame(start: Position, moves: readonly Move[], opts: RenderOptions): string {
  const rnd = mulberry32(opts.seed);
  const styles = opts.styles ?? {};
  const comments = opts.comments ?? true;
  const v = start.variant;
  const name = (sq: number): string => squareName(v, sq);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const chance = (forced: boolean | undefined, p: number): boolean => forced ?? rnd() < p;
  const out: string[] = [];
  let pos = start;
  /** The previous move is still open and the opponent's first action ends it. */
  let openTo = -1;

  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    const next = i + 1 < moves.length ? moves[i + 1] : null;
    const king = (pos.board[m.from] & KING) !== 0;
    const gaps = chance(styles.gaps, CHANCE.gaps);
    const labels: string[] = [];
    const body: string[] = [];
    const act = (line: string): void => {
      if (gaps && body.length > 0 && rnd() < CHANCE.gap) body.push(`wait ${300 + Math.floor(rnd() * 601)}`);
      body.push(line);
    };

    // Between moves: a pause (short when the previous move is still open and is to be ended
    // by this one's first action, not by the position standing still).
    if (i > 0 && gaps && rnd() < 0.5) out.push(`wait ${openTo >= 0 ? 300 + Math.floor(rnd() * 601) : 300 + Math.floor(rnd() * 2700)}`);

    if (chance(styles.jadoube, CHANCE.jadoube)) {
      const mine = ownSquares(pos);
      const first = pick(mine);
      const second = mine.length > 1 && rnd() < CHANCE.twoPieces ? pick(mine.filter((s) => s !== first)) : -1;
      labels.push(second >= 0 ? `j'adoube ${name(first)} ${name(second)}` : `j'adoube ${name(first)}`);
      act('press jadoube');
      act(`lift ${name(first)}`);
      if (second >= 0) {
        // Two pieces in hand at once, the last lifted put back first: the referee ends the
        // j'adoube when the board is first back as it was (test/recognition.test.ts, known gaps).
        act(`lift ${name(second)}`);
        act(`place ${name(second)}`);
      }
      act(`place ${name(first)}`);
    }
    if (chance(styles.feel, CHANCE.feel)) {
      labels.push('feel');
      act(`lift ${name(m.from)}`);
      act(`place ${name(m.from)}`);
    }

    let open = false;
    if (m.captured.length === 0) {
      const way = between(v, m.from, m.to);
      const slide = way.length > 0 && chance(styles.slide, CHANCE.slide) ? way.filter(() => rnd() < 0.6) : [];
      if (slide.length === 0 && way.length > 0 && styles.slide === true) slide.push(way[0]);
      if (slide.length > 0) labels.push(`slide ${slide.map(name).join(' ')}`);
      act(`lift ${name(m.from)}`);
      for (const s of slide) {
        act(`place ${name(s)}`);
        act(`lift ${name(s)}`);
      }
      act(`place ${name(m.to)}`);
      open = king;
    } else {
      let style = styles.capture ?? pick(HAND_STYLES.capture);
      // Only FMJD 4.16 lets a single capture start by taking the captured piece off.
      const removalFirst = Boolean(v.articles['single-capture-removal-first']);
      if (style === 'captured-first' && (m.captured.length !== 1 || !removalFirst)) style = pick(['jumps', 'sweep'] as const);
      // The opponent's king still open on its square is not lifted first: that lift would read
      // as the king going on (test/recognition.test.ts, known gaps).
      if (style === 'captured-first' && m.captured[0] === openTo) style = 'sweep';
      const removal = styles.removal ?? pick(HAND_STYLES.removal);
      labels.push(style === 'captured-first' ? style : `${style}, ${removal} order`);
      if (style === 'captured-first') {
        act(`lift ${name(m.captured[0])}`);
        act(`lift ${name(m.from)}`);
        act(`place ${name(m.to)}`);
        open = king;
      } else {
        act(`lift ${name(m.from)}`);
        if (style === 'jumps') {
          for (const s of m.path.slice(0, -1)) {
            act(`place ${name(s)}`);
            act(`lift ${name(s)}`);
          }
        }
        act(`place ${name(m.to)}`);
        const order = removal === 'capture' ? m.captured : [...m.captured].reverse();
        for (const s of order) act(`lift ${name(s)}`);
      }
    }

    openTo = -1;
    if (open) {
      let how = styles.completion ?? pick(HAND_STYLES.completion);
      if (how === 'next' && next === null) how = 'clock';
      labels.push(`ended by ${how === 'next' ? 'the next move' : how}`);
      if (how === 'clock') act('press clock');
      else if (how === 'wait') body.push(`wait ${STILL_MS}`);
      else openTo = m.to;
    }
    if (m.promotes && chance(styles.crown, CHANCE.crown)) {
      labels.push('crowned');
      act(`lift ${name(m.to)}`);
      act(`place ${name(m.to)}`);
    }

    if (comments) out.push(`# ${i + 1}. ${pos.turn} ${moveName(v, m)}${labels.length > 0 ? ` (${labels.join('; ')})` : ''}`);
    out.push(...body);
    pos = play(pos, m);
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

/** The squares of the side to move. */
function ownSquares(pos: Position): number[] {
  const mine = colorBit(pos.turn);
  const squares: number[] = [];
  pos.board.forEach((p, s) => {
    if (p & mine) squares.push(s);
  });
  return squares;
}

/** The squares strictly between `from` and `to` on their diagonal (none when they are neighbours). */
function between(v: Variant, from: number, to: number): number[] {
  const g = v.geometry;
  const dr = g.row[to] > g.row[from] ? 2 : 0;
  const dc = g.col[to] > g.col[from] ? 1 : 0;
  const way: number[] = [];
  for (let s = g.neighbour[from * 4 + dr + dc]; s >= 0 && s !== to; s = g.neighbour[s * 4 + dr + dc]) way.push(s);
  return way;
}

/** A move with its whole path, for the comment lines (`32-28`, `28x19x10`). */
function moveName(v: Variant, m: Move): string {
  return m.captured.length === 0 ? `${squareName(v, m.from)}-${squareName(v, m.to)}` : [m.from, ...m.path].map((s) => squareName(v, s)).join('x');
}
