import type { Move, Position, Variant } from '../../rules/index.ts';
import { KING, colorBit, play, squareName, squaresBetween } from '../../rules/index.ts';
import { mulberry32 } from '../../rules/prng.ts';

export { mulberry32 };

/**
 * How the hand shows a capture:
 * - `jumps`: the capturing piece is put down on every landing square of `move.path` and
 *   lifted again, then put down on the last one (FMJD 4.9); the captured pieces follow;
 * - `partial`: put down on some of the landing squares only;
 * - `sweep`: lifted from the start and put down on the end in one go; the captured pieces follow;
 * - `captured-first`: a single capture made by taking the captured piece off the board first,
 *   then jumping. FMJD 4.16 allows it; the Czech rules (cl. 4.4, 4.11) and the Laws (8) do not,
 *   and the referee flags it there as an early removal, resolved as {@link Resolution} says.
 *   Only for a move that captures exactly one piece: a move that takes more is shown as `jumps`
 *   or `sweep` instead (the seed chooses), and so is the capture of a king the opponent has just
 *   moved and not yet ended (completion `next`): lifting it would read as that king going on.
 */
export type CaptureStyle = 'jumps' | 'partial' | 'sweep' | 'captured-first';

/** The order in which captured pieces leave the board after the landing (FMJD 4.5, 4.11). */
export type RemovalOrder = 'capture' | 'reverse';

/**
 * How a king's move that could slide further is ended: the clock button (`press clock`), or
 * the opponent starting to move (their first action follows, after any pause). Nothing is ended
 * by time: a king may stand on its square for minutes before play goes on. The last move of a
 * game cannot end with `next`: it ends with the clock instead.
 */
export type Completion = 'clock' | 'next';

/**
 * What the opponent does about a move made in a style the variant's rules flag (FMJD 5.4):
 * play on, which accepts it (5.7; the last move of a game is accepted with the button instead);
 * press accept; or press correct, after which the hands put the position before the move back
 * and make the move again as the rules describe (5.8).
 */
export type Resolution = 'play-on' | 'accept' | 'correct';

/**
 * The hand styles of {@link renderGame}. A style left out is chosen for each move by the seed;
 * a style given is used for every move it applies to. The booleans force a habit on (`true`:
 * at every move where it can be shown) or off (`false`: never).
 */
export interface HandStyles {
  readonly capture?: CaptureStyle;
  readonly removal?: RemovalOrder;
  readonly completion?: Completion;
  readonly resolution?: Resolution;
  /** A king's plain move is shown sliding: put down and lifted on squares of its way (brief flickers). */
  readonly slide?: boolean;
  /** A man that promotes is crowned right after the move: a piece lifted and put back on its square (FMJD 3.5, 3.6). */
  readonly crown?: boolean;
  /**
   * Before the move, `press jadoube` and one or two own pieces lifted and put back on their
   * squares (FMJD 3.13); two pieces are held at once (`lift a`, `lift b`, `place b`, `place a`).
   */
  readonly jadoube?: boolean;
  /** Before the move, the piece that then moves is lifted, held a while and put back (3.11: it is the piece played, so this is legal). */
  readonly feel?: boolean;
  /** Short pauses of 300-900 ms between the actions of a move and between moves. */
  readonly gaps?: boolean;
  /** The piece in the hand held in the air for 2 s to a minute before it is put down, and a capturing piece held on a landing square. */
  readonly hold?: boolean;
  /** Long thinking before the move: 5 s to 3 minutes with nothing happening. */
  readonly think?: boolean;
  /** The captured pieces taken off one by one, 1-8 s apart (FMJD 4.11, 4.12: still one removal). */
  readonly slowRemoval?: boolean;
  /** The clock pressed after every move (tournament play); without it, play goes on by the next move alone. */
  readonly clock?: boolean;
  /**
   * After a capture's landing, the clock pressed before the captured pieces are all off, the
   * rest taken off after. Legal under Laws 11; an interrupted removal under FMJD 4.12 and Czech
   * cl. 4.12, which the referee flags and the hands then finish.
   */
  readonly clockBeforeRemoval?: boolean;
}

/** The choices of every style, in the order a test would enumerate them. */
export const HAND_STYLES = {
  capture: ['jumps', 'partial', 'sweep', 'captured-first'],
  removal: ['capture', 'reverse'],
  completion: ['clock', 'next'],
  resolution: ['play-on', 'accept', 'correct'],
  slide: [true, false],
  crown: [true, false],
  jadoube: [true, false],
  feel: [true, false],
  gaps: [true, false],
  hold: [true, false],
  think: [true, false],
  slowRemoval: [true, false],
  clock: [true, false],
  clockBeforeRemoval: [true, false],
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

/** Chances of the habits the seed chooses when a style is not forced. */
const CHANCE = {
  slide: 0.6,
  crown: 0.7,
  jadoube: 0.06,
  twoPieces: 0.5,
  feel: 0.06,
  gaps: 0.3,
  gap: 0.35,
  hold: 0.25,
  think: 0.2,
  slowRemoval: 0.3,
  clock: 0.5,
  clockBeforeRemoval: 0.1,
};

/** Word of the comment line for a flagged style that is resolved. */
const RESOLVED: Record<Resolution, string> = { 'play-on': 'accepted by playing on', accept: 'accepted', correct: 'corrected' };

/**
 * Renders a game as an action script (brief, "Action scripts"): what hands do on a sensor
 * board to play `moves` from `start`, one action per line, squares in the variant's own
 * notation. Every move is shown in a hand style the rules describe (see {@link HandStyles}),
 * chosen per move by `opts.seed` unless forced by `opts.styles`. The referee must recognise the
 * same moves. Where the variant's rules call a style irregular, the comment line says `flagged`
 * with the code the referee reports, and how the opponent resolves it; nothing else is flagged.
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
  /** Milliseconds from `lo` to `hi`, spread evenly over their logarithms (many short, some long). */
  const span = (lo: number, hi: number): number => Math.round(lo * Math.pow(hi / lo, rnd()));
  const out: string[] = [];
  let pos = start;
  /** The previous move is still open and the opponent's first action ends it. */
  let openTo = -1;

  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    const last = i === moves.length - 1;
    const king = (pos.board[m.from] & KING) !== 0;
    const gaps = chance(styles.gaps, CHANCE.gaps);
    const hold = chance(styles.hold, CHANCE.hold);
    const clock = chance(styles.clock, CHANCE.clock);
    const labels: string[] = [];
    const body: string[] = [];
    const act = (line: string): void => {
      if (gaps && body.length > 0 && rnd() < CHANCE.gap) body.push(`wait ${300 + Math.floor(rnd() * 601)}`);
      body.push(line);
    };
    const held = (): void => {
      if (hold) body.push(`wait ${span(2000, 60_000)}`);
    };

    // Between moves: a pause, and now and then long thinking.
    if (i > 0 && gaps && rnd() < 0.5) out.push(`wait ${300 + Math.floor(rnd() * 2700)}`);
    if (i > 0 && chance(styles.think, CHANCE.think)) {
      labels.push('think');
      out.push(`wait ${span(5000, 180_000)}`);
    }

    if (chance(styles.jadoube, CHANCE.jadoube)) {
      const mine = ownSquares(pos);
      const first = pick(mine);
      const second = mine.length > 1 && rnd() < CHANCE.twoPieces ? pick(mine.filter((s) => s !== first)) : -1;
      labels.push(second >= 0 ? `j'adoube ${name(first)} ${name(second)}` : `j'adoube ${name(first)}`);
      act('press jadoube');
      act(`lift ${name(first)}`);
      if (second >= 0) {
        act(`lift ${name(second)}`);
        act(`place ${name(second)}`);
      }
      act(`place ${name(first)}`);
    }
    if (chance(styles.feel, CHANCE.feel)) {
      labels.push('feel');
      act(`lift ${name(m.from)}`);
      held();
      act(`place ${name(m.from)}`);
    }
    if (hold) labels.push('hold');

    let open = false;
    let flagged: string | null = null;
    let clockPressed = false;
    if (m.captured.length === 0) {
      const way = squaresBetween(v.geometry, m.from, m.to);
      const slide = way.length > 0 && chance(styles.slide, CHANCE.slide) ? way.filter(() => rnd() < 0.6) : [];
      if (slide.length === 0 && way.length > 0 && styles.slide === true) slide.push(way[0]);
      if (slide.length > 0) labels.push(`slide ${slide.map(name).join(' ')}`);
      act(`lift ${name(m.from)}`);
      held();
      for (const s of slide) {
        act(`place ${name(s)}`);
        act(`lift ${name(s)}`);
      }
      act(`place ${name(m.to)}`);
      open = king;
    } else {
      let style = styles.capture ?? pick(HAND_STYLES.capture);
      if (style === 'captured-first' && m.captured.length !== 1) style = pick(['jumps', 'sweep'] as const);
      // The opponent's king still open on its square is not lifted first: that lift would read
      // as the king going on.
      if (style === 'captured-first' && m.captured[0] === openTo) style = 'sweep';
      if (style === 'partial' && m.captured.length < 2) style = 'jumps';
      const removal = styles.removal ?? pick(HAND_STYLES.removal);
      const slow = chance(styles.slowRemoval, CHANCE.slowRemoval);
      labels.push(style === 'captured-first' ? style : `${style}, ${removal} order${slow ? ', slowly' : ''}`);
      if (style === 'captured-first') {
        if (!v.captureHands.capturedFirst) flagged = 'early-removal';
        act(`lift ${name(m.captured[0])}`);
        act(`lift ${name(m.from)}`);
        held();
        act(`place ${name(m.to)}`);
        open = king && v.flyingKings;
      } else {
        act(`lift ${name(m.from)}`);
        held();
        const landings = m.path.slice(0, -1).filter(() => style === 'jumps' || (style === 'partial' && rnd() < 0.5));
        for (const s of landings) {
          act(`place ${name(s)}`);
          if (hold && rnd() < 0.5) body.push(`wait ${span(1000, 20_000)}`);
          act(`lift ${name(s)}`);
        }
        act(`place ${name(m.to)}`);
        const order = removal === 'capture' ? m.captured : [...m.captured].reverse();
        // The clock pressed part way through the removal: after `early` pieces are off.
        const early = chance(styles.clockBeforeRemoval, CHANCE.clockBeforeRemoval) ? Math.floor(rnd() * order.length) : -1;
        order.forEach((s, k) => {
          if (k === early) {
            labels.push(`clock after ${k} of ${order.length} removed`);
            act('press clock');
            clockPressed = true;
          }
          if (k > 0 && slow) body.push(`wait ${span(1000, 8000)}`);
          act(`lift ${name(s)}`);
        });
        // FMJD 4.12, Czech cl. 4.12: the clock interrupted the removal; the hands finish it.
        if (early >= 0 && v.captureHands.complete === 'removal') labels.push('flagged incomplete-removal, finished');
      }
    }

    openTo = -1;
    const resolution = flagged ? (styles.resolution ?? pick(HAND_STYLES.resolution)) : null;
    const settled = resolution === 'play-on' && last ? 'accept' : resolution;
    if (open || (clock && !clockPressed)) {
      let how: Completion = clock ? 'clock' : (styles.completion ?? pick(HAND_STYLES.completion));
      if (how === 'next' && (last || settled === 'accept' || settled === 'correct')) how = 'clock';
      if (open) labels.push(`ended by ${how === 'next' ? 'the next move' : how}`);
      if (how === 'clock') act('press clock');
      else openTo = m.to;
    }
    if (flagged && settled) {
      labels.push(`flagged ${flagged}, ${RESOLVED[settled]}`);
      if (settled === 'accept') act('press accept');
      if (settled === 'correct') {
        // 5.8: the position before the move wholly back, then the move as the rules describe it.
        act('press correct');
        act(`lift ${name(m.to)}`);
        act(`place ${name(m.from)}`);
        for (const s of m.captured) act(`place ${name(s)}`);
        act(`lift ${name(m.from)}`);
        act(`place ${name(m.to)}`);
        for (const s of m.captured) act(`lift ${name(s)}`);
      }
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

/** A move with its whole path, for the comment lines (`32-28`, `28x19x10`). */
function moveName(v: Variant, m: Move): string {
  return m.captured.length === 0 ? `${squareName(v, m.from)}-${squareName(v, m.to)}` : [m.from, ...m.path].map((s) => squareName(v, s)).join('x');
}
