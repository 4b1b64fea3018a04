import type { Color, CommonIrregularity, IrregularityCode, Move, Position, Variant } from '../../../rules/index.ts';
import { KING, SquareSet, colorBit, createPosition, generateRoutes, legalMoves, opposite, sameMove, squaresBetween } from '../../../rules/index.ts';
import { keyOf, occupancyAfter, occupancyOf } from './occupancy.ts';

/** An irregularity with the article of the variant's rules that the referee cites for it. */
export interface Cited {
  readonly code: IrregularityCode;
  readonly article: string;
}

/** An irregularity every rulebook has, with the variant's article for it. */
export function cite(v: Variant, code: CommonIrregularity): Cited {
  return { code, article: v.irregularities[code] };
}

/** One lift or place of the turn, with the piece it concerned. */
export interface LogEntry {
  readonly kind: 'lift' | 'place';
  readonly square: number;
  readonly piece: number;
  readonly t: number;
}

/**
 * How the board came to differ from the position: an irregularity with the squares
 * involved and the position that stands if the opponent accepts it (FMJD 5.4), or nothing
 * the rules describe (a mismatch).
 */
export type Finding =
  | {
      kind: 'irregular';
      code: CommonIrregularity;
      /** The article of the variant's rules for it (FMJD 5.4.9 or 5.4.13 for a stopped capture). */
      article: string;
      squares: number[];
      accepted: Position;
      /** The legal capture that a correction finishes (the jumps stand; only the removal is put right). */
      completes?: Move;
      /**
       * Who did it, where that is not the side to move: the capturer, for pieces taken off after
       * its capture (5.4.12, 5.4.14). A piece taken off without reason (5.4.7) names no one: the
       * board cannot tell whose hand took it, and its sentence names no player.
       */
      actor?: Color;
    }
  | { kind: 'mismatch' };

/**
 * Explains a board that matches no legal move once play goes on (the clock, a decision asked
 * for, the opponent acting). `sensed` holds the piece codes now on the board. `lastMove` is the
 * move just played while its player's hands may still be at work on the board (before the clock
 * is pressed on it): pieces then taken off after a capture are that player's (5.4.12, 5.4.14).
 */
export function classify(pos: Position, previous: Position | null, legal: readonly Move[], sensed: Uint8Array, lastMove: Move | null = null): Finding {
  const v = pos.variant;
  const me = colorBit(pos.turn);
  const them = colorBit(opposite(pos.turn));
  const before = occupancyOf(pos.board);
  const now = occupancyOf(sensed);
  const vacated = before.diff(now).toArray();
  const filled = now.diff(before).toArray();
  const mineGone = vacated.filter((s) => pos.board[s] & me);
  const theirsGone = vacated.filter((s) => pos.board[s] & them);
  const passTurn = (board: Uint8Array): Position => createPosition(v, crownMover(pos, board, filled), opposite(pos.turn));
  const stay = (board: Uint8Array): Position => createPosition(v, board.slice(), pos.turn);
  const irregular = (code: CommonIrregularity) => ({ kind: 'irregular' as const, code, article: v.irregularities[code] });

  if (previous && keyOf(now) === keyOf(occupancyOf(previous.board))) {
    return { ...irregular('takeback'), squares: [...vacated, ...filled], accepted: previous };
  }
  if (filled.length === 0 && vacated.length > 0) {
    // Right after a capture the capturer is still taking pieces off (FMJD 4.12): an own piece
    // is 5.4.14 ("after the capture, one or more own pieces"), one of the side captured from
    // that was not jumped 5.4.12, both the capturer's.
    if (lastMove && lastMove.captured.length > 0) {
      const capturer = opposite(pos.turn);
      if (theirsGone.length > 0) return { ...irregular('removed-own'), squares: theirsGone, accepted: stay(sensed), actor: capturer };
      return { ...irregular('removed-not-jumped'), squares: vacated, accepted: stay(sensed), actor: capturer };
    }
    // Any other piece taken off is 5.4.7 ("own or the opponent's"), by a hand the board cannot name.
    return { ...irregular('removed-without-reason'), squares: vacated, accepted: stay(sensed) };
  }
  if (filled.length !== 1) return { kind: 'mismatch' };
  const to = filled[0];

  if (mineGone.length === 0 && theirsGone.length === 1) {
    // An opponent's piece moved: the opponent moving twice (5.4.1), or the player moving it (5.4.5).
    const from = theirsGone[0];
    const flipped = createPosition(v, pos.board, opposite(pos.turn));
    const theirs = legalMoves(flipped).find((m) => m.from === from && m.to === to && m.captured.length === 0);
    if (theirs && previous) return { ...irregular('two-moves'), squares: [from, to], accepted: stay(sensed) };
    return { ...irregular('opponent-piece'), squares: [from, to], accepted: passTurn(sensed) };
  }
  if (mineGone.length === 0) return { kind: 'mismatch' };

  // The mover is the own piece whose square emptied (or, for a capture ending where it
  // started, none did); other own pieces gone were removed (5.4.14).
  // A capture the rules allow as a route but not as a choice (FMJD 4.13; Czech 4.14), or one they allow.
  const allRoutes = allCaptureRoutes(pos);
  const reaches = (s: number): boolean => allRoutes.some((r) => r.from === s && r.to === to) || isPlainStep(pos, s, to);
  const reaching = mineGone.filter(reaches);
  const candidates = mineGone.length === 1 ? mineGone : reaching.length > 0 ? reaching : mineGone.filter((s) => legal.some((m) => m.from === s));
  const from = candidates[0] ?? mineGone[0];
  const ownRemoved = mineGone.filter((s) => s !== from);
  const taken = SquareSet.from(theirsGone);
  const accepted = passTurn(sensed);
  const routes = generateRoutes(v, pos.board.slice(), me);
  const routesFrom = routes.filter((r) => r.from === from);
  /** Whether the move from `from` to `to` is a capture: only then are pieces taken off "after the capture" (5.4.11, 5.4.12, 5.4.14). */
  const capturing = !taken.isEmpty() && allRoutes.some((r) => r.from === from && r.to === to && r.captured.length > 0);

  const sameEnds = legal.filter((m) => m.from === from && m.to === to && m.captured.length > 0);
  if (ownRemoved.length > 0) {
    if (!capturing) return { ...irregular('removed-without-reason'), squares: [...ownRemoved, ...theirsGone], accepted };
    return { ...irregular('removed-own'), squares: ownRemoved, accepted, completes: sameEnds.find((m) => m.capturedSet.equals(taken)) };
  }
  if (allRoutes.some((r) => r.from === from && r.to === to && r.capturedSet.equals(taken)) && !legal.some((m) => m.from === from && m.to === to && m.capturedSet.equals(taken))) {
    return { ...irregular('not-maximum-capture'), squares: [from, to, ...theirsGone], accepted };
  }
  const superset = sameEnds.find((m) => taken.diff(m.capturedSet).isEmpty());
  if (superset) {
    const left = superset.capturedSet.diff(taken).toArray();
    // Fewer taken off than jumped when play goes on (FMJD and Czech 4.12: the removal is then over).
    return { ...irregular('incomplete-removal'), squares: left, accepted, completes: superset };
  }
  // Stopped on a landing square of a longer capture (5.4.9 / 5.4.13).
  for (const r of routesFrom) {
    const stop = r.path.indexOf(to);
    if (stop < 0 || stop === r.path.length - 1) continue;
    const jumped = SquareSet.from(r.captured.slice(0, stop + 1));
    if (!taken.diff(jumped).isEmpty()) continue;
    // Pieces jumped and removed: stopped where the capture could go on (5.4.13); not removed:
    // the capturing piece was let go in the middle of the capture (5.4.9, 4.10).
    const article = v.irregularities[taken.equals(jumped) ? 'capture-stopped-continuable' : 'capture-stopped'];
    return { ...irregular('capture-stopped'), article, squares: [from, to], accepted };
  }
  if (sameEnds.length > 0 && !taken.isEmpty()) {
    const notJumped = taken.diff(sameEnds[0].capturedSet).toArray();
    return { ...irregular('removed-not-jumped'), squares: notJumped, accepted, completes: sameEnds[0] };
  }
  if (taken.isEmpty() && legal.length > 0 && legal[0].captured.length > 0 && isPlainStep(pos, from, to)) {
    return { ...irregular('capture-missed'), squares: [...new Set([from, to, ...legal.map((m) => m.from)])], accepted };
  }
  if (!taken.isEmpty()) {
    // Pieces taken off beside a move that jumps none: 5.4.7, by a hand the board cannot name.
    return { ...irregular(capturing ? 'removed-not-jumped' : 'removed-without-reason'), squares: theirsGone, accepted };
  }
  return { ...irregular('illegal-move'), squares: [from, to], accepted };
}

/** Whether from-to is a plain move of the piece, were no capture compulsory. */
function isPlainStep(pos: Position, from: number, to: number): boolean {
  const board = pos.board.slice();
  const me = colorBit(pos.turn);
  for (let s = 0; s < board.length; s++) if (board[s] && !(board[s] & me)) board[s] = 0;
  for (const s of [from]) board[s] = pos.board[s];
  // With every opponent piece gone no capture exists: what remains are the plain moves.
  const alone = createPosition(pos.variant, board, pos.turn);
  return legalMoves(alone).some((m) => m.from === from && m.to === to) && !blocked(pos, from, to);
}

function blocked(pos: Position, from: number, to: number): boolean {
  return squaresBetween(pos.variant.geometry, from, to).some((s) => pos.board[s] !== 0) || pos.board[to] !== 0;
}

/** Every capture route, whatever the variant's rule of choice (FMJD 4.13) would keep. */
function allCaptureRoutes(pos: Position): Move[] {
  const free = { ...pos.variant, captureChoice: 'free' as const };
  return generateRoutes(free, pos.board.slice(), colorBit(pos.turn));
}

/** A man of the mover that ends on its promotion row is crowned (FMJD 3.5). */
function crownMover(pos: Position, board: Uint8Array, filled: readonly number[]): Uint8Array {
  const out = board.slice();
  const row = pos.turn === 'white' ? 0 : pos.variant.geometry.size - 1;
  for (const s of filled) if (out[s] & colorBit(pos.turn) && pos.variant.geometry.row[s] === row) out[s] |= KING;
  return out;
}

/**
 * The rules of how a capture was made with `log` (the variant's {@link CaptureHands}): captured
 * pieces lifted before the capturing piece's last landing (FMJD 5.4.10; a single capture may lift
 * the captured piece first where FMJD 4.16 allows it), an order of removal that is neither the
 * order of capture nor its reverse (4.11), and, once the opponent has asked for it
 * (`showJumps`), a multiple capture not shown jump by jump (4.9).
 */
export function captureOrder(pos: Position, m: Move, log: readonly LogEntry[], showJumps = false): Cited[] {
  if (m.captured.length === 0) return [];
  const hands = pos.variant.captureHands;
  const found: Cited[] = [];
  let landing = -1;
  log.forEach((e, i) => {
    if (e.kind === 'place' && e.square === m.to) landing = i;
  });
  const removals: number[] = [];
  let early = false;
  log.forEach((e, i) => {
    if (e.kind !== 'lift' || !m.capturedSet.has(e.square)) return;
    if (i < landing && (m.captured.length > 1 || !hands.capturedFirst)) early = true;
    const at = removals.indexOf(e.square);
    if (at >= 0) removals.splice(at, 1);
    removals.push(e.square);
  });
  if (early) found.push(cite(pos.variant, 'early-removal'));
  // The routes of the same capture, found only when an order or a showing is to be checked.
  let routes: Move[] | null = null;
  const routesOf = (): Move[] => (routes ??= generateRoutes(pos.variant, pos.board.slice(), colorBit(pos.turn)).filter((r) => sameMove(r, m)));
  const order = hands.removalOrder;
  if (m.captured.length > 2 && order) {
    const same = (a: readonly number[]): boolean => a.length === removals.length && a.every((s, i) => s === removals[i]);
    if (!routesOf().some((r) => same(r.captured) || same([...r.captured].reverse()))) found.push({ code: 'removal-order', article: order.article });
  }
  const jumps = hands.jumpsOnRequest;
  if (showJumps && jumps && m.captured.length > 1) {
    // Shown: the capturing piece was put down on every landing square of a route, in order.
    const mine = colorBit(pos.turn);
    const put = log.slice(0, landing).filter((e) => e.kind === 'place' && e.piece & mine).map((e) => e.square);
    const shown = (r: Move): boolean => {
      let k = 0;
      for (const sq of put) if (k < r.path.length - 1 && sq === r.path[k]) k++;
      return k === r.path.length - 1;
    };
    if (!routesOf().some(shown)) found.push({ code: 'jumps-not-shown', article: jumps.article });
  }
  return found;
}

/** Occupancy after a move, for callers that compare boards. */
export { occupancyAfter };
