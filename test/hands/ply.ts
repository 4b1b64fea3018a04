// The deterministic renderer of one ply: (position, legal move, choice, context) -> the action
// lines human hands produce, the behaviours shown and what the rules let a referee flag.

import { colorBit, opposite, squareName, type Move, type Position } from '../../rules/index.ts';
import { band, logTime, splitmix32, type PlyChoice } from './choice.ts';
import { captureRoutes, couldSlideOn, plainRoute, type Route } from './routes.ts';
import { flagOf, type Behaviour, type Flag } from './rulebook.ts';

/** How a game uses the clock: every ply (tournament), never (casual play), or a mix of both. */
export type ClockMode = 'always' | 'never' | 'mixed';

/** How a flagged irregularity is resolved (see HandPly in model.ts). */
export type Resolution = 'play-on' | 'accept' | 'correct' | 'finish';

/** What the renderer needs to know about the game around a ply. */
export interface PlyContext {
  /** 1-based ply of the game. */
  readonly ply: number;
  /** This is the game's last ply (nothing follows to end a king's move or to play on). */
  readonly last: boolean;
  readonly clockMode: ClockMode;
  /** Hands may do what the rules let a referee flag. */
  readonly irregular: boolean;
  /** The previous ply ended with the clock and nothing left to resolve (the first ply: true). */
  readonly settled: boolean;
  /**
   * The opponent has asked for multiple captures to be shown jump by jump (FMJD 4.9, Czech cl.
   * 4.9 "at the opponent's request"): only then is a sweep or a partly shown capture flaggable.
   */
  readonly showJumps?: boolean;
  /**
   * The square of a man the previous move crowned: lifting it and putting it back is how a crown
   * goes on (FMJD 3.6, Laws 13), so it is not the piece touched out of turn.
   */
  readonly crowned?: number;
}

/** One rendered ply. `settled`: the next ply may begin with the other player touching a piece. */
export interface RenderedPly {
  readonly lines: string[];
  readonly behaviours: Behaviour[];
  readonly flaggable: Flag[];
  readonly resolution: Resolution | null;
  readonly settled: boolean;
}

class Out {
  readonly lines: string[] = [];
  readonly shown = new Set<Behaviour>();
  constructor(private readonly pos: Position) {}
  act(verb: 'lift' | 'place', sq: number): void {
    this.lines.push(`${verb} ${squareName(this.pos.variant, sq)}`);
  }
  press(button: 'clock' | 'jadoube' | 'accept' | 'correct'): void {
    this.lines.push(`press ${button}`);
  }
  /** A pause; consecutive pauses are written as one. */
  wait(ms: number | null): void {
    if (ms === null) return;
    const last = this.lines.length - 1;
    if (this.lines[last]?.startsWith('wait ')) this.lines[last] = `wait ${Number(this.lines[last].slice(5)) + ms}`;
    else this.lines.push(`wait ${ms}`);
  }
}

/** Squares of one side's pieces. */
function piecesOf(pos: Position, side: 'white' | 'black'): number[] {
  const bit = colorBit(side);
  const out: number[] = [];
  pos.board.forEach((p, sq) => (p & bit ? out.push(sq) : undefined));
  return out;
}

/** A small deterministic hash of a code and a salt into [0, 1000). */
function mix(code: number, salt: number): number {
  return Math.floor(splitmix32(code * 7919 + salt)() * 1000);
}

/** The order of a permutation of `items` picked by `code`. */
function permutation<T>(items: readonly T[], code: number): T[] {
  const rnd = splitmix32(code);
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** How long a shown landing is held: the usual pace, a quick touch (40-150 ms) or 0.5-20 s (FMJD 4.9). */
function landingTime(code: number): number | null {
  if (code < 300) return null;
  if (code < 600) return Math.round(40 * Math.pow(150 / 40, (code - 300) / 299));
  return logTime(code, 600, 500, 20_000);
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The other player touches one of their pieces while the mover thinks (FMJD 3.14). */
function prelude(out: Out, pos: Position, move: Move, c: PlyChoice, ctx: PlyContext): Flag | null {
  const think = logTime(c.think, 450, 1000, 300_000);
  let flag: Flag | null = null;
  const theirs = piecesOf(pos, opposite(pos.turn)).filter((sq) => sq !== ctx.crowned);
  if (ctx.irregular && ctx.settled && c.touchOut >= 970 && theirs.length > 0) {
    const sq = theirs[c.touchPick % theirs.length];
    out.wait(think === null ? null : Math.round(think / 2));
    out.act('lift', sq);
    out.wait(logTime(c.touchHold, 0, 300, 15_000));
    out.act('place', sq);
    out.wait(think === null ? 1000 : think - Math.round(think / 2));
    out.shown.add('touch-out-of-turn');
    flag = flagOf(pos.variant, 'touch-out-of-turn');
  } else out.wait(think);
  if (think !== null) out.shown.add('think');

  // FMJD 3.13, Czech 3.13, Laws 18: announced, then own pieces put right on their squares.
  const mine = piecesOf(pos, pos.turn);
  const kind = band(c.jadoube, [930, 970, 990]);
  if (kind > 0) {
    const a = mine[c.jadoubePick % mine.length];
    const others = mine.filter((sq) => sq !== a);
    const b = others.length > 0 && kind > 1 ? others[(c.jadoubePick >> 8) % others.length] : -1;
    const pause = logTime(((c.jadoubeStyle >> 1) * 1000) >> 9, 500, 200, 5000);
    out.press('jadoube');
    out.act('lift', a);
    if (b < 0) out.act('place', a);
    else if (kind === 2) {
      out.act('place', a);
      out.act('lift', b);
      out.act('place', b);
    } else {
      if ((c.jadoubeStyle >> 1) % 2 === 1) out.wait(0); // both picked up at once
      out.act('lift', b);
      const [first, second] = c.jadoubeStyle % 2 === 0 ? [a, b] : [b, a];
      out.act('place', first);
      out.act('place', second);
    }
    out.wait(pause);
    out.shown.add('jadoube');
  }

  // FMJD 3.11, Czech 3.11, Laws 19: the piece touched is put back and later played.
  const cycles = band(c.rethink, [880, 960, 990]);
  for (let i = 0; i < cycles; i++) {
    out.act('lift', move.from);
    out.wait(logTime(mix(c.rethinkTime, i), 400, 300, 20_000));
    out.act('place', move.from);
    out.wait(logTime(mix(c.rethinkTime, 100 + i), 300, 500, 60_000));
    out.shown.add('rethink');
  }
  return flag;
}

/** The move itself, its removals and crowning; `allowFlag` false keeps to what the rules allow. */
interface Core {
  readonly flag: { readonly behaviour: Behaviour; readonly flag: Flag } | null;
  /** The clock was pressed before every captured piece was off (FMJD 4.12, Laws 11). */
  readonly clockEarly: boolean;
}

function core(out: Out, pos: Position, move: Move, route: Route, c: PlyChoice, ctx: PlyContext, allowFlag: boolean): Core {
  const v = pos.variant;
  let flag: Core['flag'] = null;
  /** May this behaviour be shown here? Regular ones always; one flaggable one per ply, if irregular hands are wanted. */
  const may = (b: Behaviour): boolean => {
    const f = (b === 'sweep' || b === 'partial-jumps') && !ctx.showJumps ? null : flagOf(v, b);
    if (!f) return true;
    if (!allowFlag || flag) return false;
    flag = { behaviour: b, flag: f };
    return true;
  };
  const captured = route.jumped;
  const capturedFirst = captured.length === 1 && c.capturedFirst >= 750 && may('captured-first');
  if (capturedFirst) {
    out.act('lift', captured[0]); // FMJD 4.16: a single capture may begin with the captured piece
    out.shown.add('captured-first');
  }
  // Which intermediate landings are shown (FMJD 4.9).
  const inner = route.landings.length - 1;
  // One intermediate landing: shown or not; more: all, none or some of them.
  let style = inner === 0 ? 0 : inner === 1 ? band(c.jumps, [700]) : band(c.jumps, [450, 650]);
  if (style > 0 && !may(style === 1 ? 'sweep' : 'partial-jumps')) style = 0;
  const full = (1 << inner) - 1;
  let mask = style === 0 ? full : style === 1 ? 0 : c.jumpMask & full;
  if (style === 2 && mask === 0) mask = 1;
  if (style === 2 && mask === full) mask = full >> 1;
  if (inner > 0) out.shown.add(style === 0 ? 'show-jumps' : style === 1 ? 'sweep' : 'partial-jumps');
  const shownCount = [...Array(inner).keys()].filter((i) => (mask >> i) & 1).length;
  const holdAt = shownCount > 0 ? c.landingPick % shownCount : -1;

  // Squares a flying king passes (FMJD 3.9, 4.3): some of them sensed on the way.
  const passedTotal = route.segments.reduce((n, s) => n + s.passed.length, 0);
  // A king sliding over the squares of a capture not shown when the opponent asked for it could
  // touch down where another route of the same capture lands, which a sensor reads as showing it.
  const sliding = passedTotal > 0 && c.slide >= 550 && !(style > 0 && ctx.showJumps);
  const pick = c.slideMask % passedTotal;
  const step = logTime(c.slideSpeed, 0, 20, 400);
  let k = 0;
  let slid = false;

  out.act('lift', move.from);
  out.wait(logTime(c.hold, 500, 1000, 90_000));
  if (c.hold >= 500) out.shown.add('hold');
  let shownIndex = 0;
  route.segments.forEach((seg, i) => {
    for (const sq of seg.passed) {
      if (sliding && (((c.slideMask >> (k % 16)) & 1) === 1 || k === pick)) {
        out.wait(step);
        out.act('place', sq);
        out.wait(step);
        out.act('lift', sq);
        slid = true;
      }
      k++;
    }
    if (i < inner && (mask >> i) & 1) {
      out.act('place', seg.to);
      out.wait(shownIndex++ === holdAt ? landingTime(c.landingHold) : null);
      out.act('lift', seg.to);
    }
  });
  out.act('place', move.to);
  if (slid) out.shown.add('slide');
  if (move.captured.length === 0 && !slid) out.shown.add('plain');

  // Removal (FMJD 4.5, 4.11; Czech 4.5, 4.11; Laws 8, 11: no order laid down).
  const rest = capturedFirst ? [] : [...captured];
  let order = rest;
  const want = band(c.removal, [400, 800]);
  if (rest.length >= 2) {
    const reverse = [...rest].reverse();
    order = want === 0 ? rest : want === 1 ? reverse : permutation(rest, c.removalPerm);
    const any = !same(order, rest) && !same(order, reverse);
    if (any && !may('any-order-removal')) order = rest;
    out.shown.add(same(order, rest) ? 'capture-order' : same(order, reverse) ? 'reverse-removal' : 'any-order-removal');
  }
  const slow = rest.length > 0 && c.slowRemoval >= 550;
  const gaps = splitmix32(c.slowRemoval);
  const early = rest.length > 0 && ctx.clockMode !== 'never' && c.clockEarly >= 880 && may('clock-before-removal');
  const earlyAfter = early ? c.clockEarlyAfter % rest.length : -1;
  order.forEach((sq, i) => {
    if (i === earlyAfter) {
      out.press('clock');
      out.shown.add('clock-before-removal');
    }
    if (slow) out.wait(Math.round(1000 * Math.pow(10, gaps())));
    out.act('lift', sq);
  });
  if (slow) out.shown.add('slow-removal');

  // Crowning (FMJD 3.6, Laws 13): the crown put on top shows nothing, or the piece is lifted and put back.
  if (move.promotes) {
    if (c.crown >= 500 && !early) {
      out.act('lift', move.to);
      out.act('place', move.to);
    }
    out.shown.add('crown');
  }
  return { flag, clockEarly: early };
}

/** Puts back the position before the ply after `press correct`: what is wrong lifted, what is missing placed. */
function restore(out: Out, pos: Position, move: Move, route: Route, c: PlyChoice): void {
  const captured = route.jumped;
  if (move.to !== move.from) out.act('lift', move.to);
  const back = move.to !== move.from ? [move.from] : [];
  for (const sq of c.restoreOrder === 0 ? [...back, ...captured] : [...captured, ...back]) out.act('place', sq);
}

/**
 * Renders one ply. Deterministic: the same arguments give the same lines.
 *
 * @example renderPly(pos, move, PLAIN_CHOICE, { ply: 1, last: false, clockMode: 'always', irregular: true, settled: true })
 *   // lines ['# ply 1', 'lift 32', 'place 28', 'press clock'], behaviours ['plain', 'clock']
 */
export function renderPly(pos: Position, move: Move, c: PlyChoice, ctx: PlyContext): RenderedPly {
  const out = new Out(pos);
  out.lines.push(`# ply ${ctx.ply}`);
  const capture = move.captured.length > 0;
  const routes = capture ? captureRoutes(pos, move) : [plainRoute(pos, move)];
  if (routes.length === 0) throw new Error(`ply ${ctx.ply}: no route jumps the captured pieces`);
  const route = routes[c.route % routes.length];
  const flaggable: Flag[] = [];
  const touch = prelude(out, pos, move, c, ctx);
  if (touch) flaggable.push(touch);

  const first = core(out, pos, move, route, c, ctx, ctx.irregular);
  let resolution: Resolution | null = null;
  if (first.flag) {
    flaggable.push(first.flag.flag);
    resolution = first.clockEarly ? 'finish' : (['play-on', 'accept', 'correct'] as const)[band(c.resolution, [334, 667])];
    if (resolution === 'play-on' && ctx.last) resolution = 'accept';
  }
  if (resolution === 'accept') out.press('accept');
  if (resolution === 'correct') {
    out.press('correct');
    restore(out, pos, move, route, c);
    core(out, pos, move, route, c, ctx, false);
  }

  // The end of the move: the clock, or for a king that could slide on, the next move (FMJD 3.10, 3.12).
  const open = routes.some((r) => couldSlideOn(pos, r));
  let clock = first.clockEarly;
  if (!clock) {
    if (ctx.clockMode === 'always' || (open && ctx.last)) clock = true;
    else if (ctx.clockMode === 'mixed') clock = open ? c.kingEnd < 500 : c.clock < 500;
    if (clock) {
      out.press('clock');
      out.shown.add('clock');
    }
  }
  if (open) out.shown.add(clock ? 'king-ended-by-clock' : 'king-ended-by-next');
  const settled = out.lines[out.lines.length - 1] === 'press clock' && resolution !== 'play-on';
  return { lines: out.lines, behaviours: [...out.shown], flaggable, resolution, settled };
}
