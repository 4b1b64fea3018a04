// What the hand model's self-test checks on a hand game: the script contract, the physics of
// the board, and what the rulebooks say about each ply. Each check returns the problems found.

import { indexAt, parseSquare, squareName, type Move, type Position, type Variant } from '../../rules/index.ts';
import { PhysicalBoard, occupancy } from './board.ts';
import type { HandGame, HandPly } from './model.ts';
import type { OracleGame } from './oracleGames.ts';
import { flagOf, type Behaviour } from './rulebook.ts';

/**
 * The action-script contract, read independently of board.ts and of the product's parser:
 * comments, blank lines, `lift SQ`, `place SQ`, `press clock|jadoube|accept|correct`, `wait MS`.
 */
const CONTRACT = /^(?:\s*|#.*|(lift|place) (\S+)|press (?:clock|jadoube|accept|correct)|wait (\d+))$/;

/** Is `sq` a playing square of the variant in its own notation (1..N, or a dark a1..h8 square)? */
function isSquare(v: Variant, sq: string): boolean {
  if (v.notation === 'numeric') return /^[1-9]\d*$/.test(sq) && Number(sq) <= v.geometry.squares;
  const m = /^([a-h])([1-8])$/.exec(sq);
  return m !== null && (m[1].charCodeAt(0) - 97 + Number(m[2])) % 2 === 1; // a1 is dark (Czech 2.4)
}

/**
 * Lines of a script that break the contract, the `wait` values, and the gaps between
 * consecutive actions (ms: 200 unless waits say otherwise; the waits before the first action
 * are not a gap).
 */
export function contractErrors(v: Variant, script: string): { errors: string[]; waits: number[]; gaps: number[] } {
  const errors: string[] = [];
  const waits: number[] = [];
  const gaps: number[] = [];
  let gap: number | null = null;
  let started = false;
  script.split('\n').forEach((line, i) => {
    const m = CONTRACT.exec(line);
    if (!m) errors.push(`line ${i + 1}: "${line}"`);
    else if (m[2] !== undefined && !isSquare(v, m[2])) errors.push(`line ${i + 1}: no square "${m[2]}"`);
    else if (m[3] !== undefined) {
      waits.push(Number(m[3]));
      gap = (gap ?? 0) + Number(m[3]);
    } else if (line.trim() !== '' && !line.startsWith('#')) {
      if (started) gaps.push(gap ?? 200);
      started = true;
      gap = null;
    }
  });
  return { errors, waits, gaps };
}

/** Applies every ply on a physical board: nothing impossible, and the game's occupancy after each ply. */
export function physicsErrors(game: OracleGame, hand: HandGame): string[] {
  const board = PhysicalBoard.of(game.start);
  const errors: string[] = [];
  hand.plies.forEach((p, i) => {
    try {
      for (const line of p.lines) board.apply(line);
    } catch (e) {
      errors.push(`${game.name} ply ${p.ply}: ${(e as Error).message}\n${p.lines.join('\n')}`);
      return;
    }
    const want = occupancy(game.after[i]).join();
    if (board.occupied().join() !== want) errors.push(`${game.name} ply ${p.ply}: occupancy differs\n${p.lines.join('\n')}`);
  });
  return errors;
}

/** The actions of some lines: the verb and its square or button. */
function actions(lines: readonly string[]): { verb: string; sq: string }[] {
  return lines.flatMap((l) => {
    const m = /^(lift|place|press) (\S+)$/.exec(l);
    return m ? [{ verb: m[1], sq: m[2] }] : [];
  });
}

/** Plies whose lines are only lift-from, shown landings and removals (FMJD 4.9 shown in full). */
const BARE: readonly Behaviour[] = ['show-jumps', 'think', 'hold', 'capture-order', 'reverse-removal', 'any-order-removal', 'slow-removal', 'clock'];

/**
 * The landings shown in a ply made only of lift-from, landings and removals: each a real jump
 * over exactly one captured piece along a diagonal, every captured piece jumped once (FMJD
 * 4.5-4.9), checked square by square on the board before the ply (jumped pieces stay on it).
 */
export function shownRouteError(before: Position, move: Move, p: HandPly): string | null {
  if (!p.behaviours.includes('show-jumps') || p.behaviours.some((b) => !BARE.includes(b)) || p.resolution === 'correct') return null;
  const v = before.variant;
  const g = v.geometry;
  const landings = actions(p.lines).flatMap((a) => (a.verb === 'place' ? [parseSquare(v, a.sq)] : []));
  const jumped = new Set<number>();
  let at = move.from;
  for (const to of landings) {
    const dr = Math.sign(g.row[to] - g.row[at]);
    const dc = Math.sign(g.col[to] - g.col[at]);
    if (dr === 0 || Math.abs(g.row[to] - g.row[at]) !== Math.abs(g.col[to] - g.col[at])) return `no diagonal to ${to + 1}`;
    const onWay: number[] = [];
    for (let r = g.row[at] + dr, c = g.col[at] + dc; r !== g.row[to]; r += dr, c += dc) {
      const sq = indexAt(g, r, c);
      if (sq !== move.from && before.board[sq] !== 0) onWay.push(sq);
    }
    if (onWay.length !== 1 || !move.capturedSet.has(onWay[0]) || jumped.has(onWay[0])) return `not one captured piece before ${to + 1}`;
    jumped.add(onWay[0]);
    at = to;
  }
  return at === move.to && jumped.size === move.captured.length ? null : 'not every captured piece jumped';
}

/**
 * What the rulebooks say about each ply: the flags, their resolution, and where pieces may go.
 * `showJumps`: the opponent asked for captures to be shown jump by jump (FMJD 4.9), so a sweep is flaggable.
 */
export function ruleErrors(game: OracleGame, hand: HandGame, showJumps = false): string[] {
  const errors: string[] = [];
  const v = game.start.variant;
  hand.plies.forEach((p, i) => {
    const move = game.moves[i];
    const say = (what: string): void => void errors.push(`${game.name} ply ${p.ply}: ${what}\n${p.lines.join('\n')}`);
    const asked = (b: Behaviour): boolean => showJumps || (b !== 'sweep' && b !== 'partial-jumps');
    const expected = new Set(p.behaviours.flatMap((b) => (flagOf(v, b) && asked(b) ? [JSON.stringify(flagOf(v, b))] : [])));
    const got = new Set(p.flaggable.map((f) => JSON.stringify({ code: f.code, article: f.article })));
    if ([...expected].sort().join() !== [...got].sort().join()) say(`flags ${[...got]} but behaviours call for ${[...expected]}`);
    const resolvable = p.flaggable.filter((f) => f.code !== 'touch-out-of-turn');
    if ((resolvable.length > 0) !== (p.resolution !== null)) say(`resolution ${p.resolution} for ${resolvable.length} flags`);
    if (p.resolution === 'finish' && resolvable[0]?.code !== 'incomplete-removal') say('finish without an incomplete removal');
    if (p.resolution === 'play-on' && i === hand.plies.length - 1) say('play on at the end of the game');
    if (p.lines.includes('press accept') !== (p.resolution === 'accept')) say('press accept without accept');
    if (p.lines.includes('press correct') !== (p.resolution === 'correct')) say('press correct without correct');
    if (p.behaviours.includes('captured-first') && move.captured.length !== 1) say('captured piece first in a multiple capture');
    if (i === hand.plies.length - 1 && p.behaviours.includes('king-ended-by-next')) say('the last king move ends with nothing');
    // Only landing squares and empty squares on the way: never where a captured piece stands.
    const capturedNames = new Set(move.captured.map((sq) => squareName(v, sq)));
    const end = p.lines.indexOf('press correct');
    const attempt = end < 0 ? p.lines : p.lines.slice(0, end);
    const acts = actions(attempt).filter((a) => a.verb !== 'press');
    const putBack = (k: number): boolean => k > 0 && acts[k - 1].verb === 'lift' && acts[k - 1].sq === acts[k].sq;
    if (acts.some((a, k) => a.verb === 'place' && capturedNames.has(a.sq) && !putBack(k))) say('a piece put on a captured piece\'s square');
    // FMJD 5.4 / Czech 5.4: a correction puts back the position before the ply.
    if (end >= 0) {
      const sim = PhysicalBoard.of(game.before[i]);
      const wanted = occupancy(game.before[i]).join();
      let restored = false;
      p.lines.forEach((l, k) => {
        sim.apply(l);
        if (k > end && sim.occupied().join() === wanted) restored = true;
      });
      if (!restored) say('the position before the ply was never put back');
    }
    const routeError = move.captured.length > 1 ? shownRouteError(game.before[i], move, p) : null;
    if (routeError) say(`shown route: ${routeError}`);
  });
  return errors;
}
