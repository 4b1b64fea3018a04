// Checking a scoresheet: where its written moves stop making a legal game, and what the writer
// most likely meant there or a few moves before, best first.

import type { Move } from '../move.ts';
import { sameMove } from '../move.ts';
import { formatMove } from '../moveText.ts';
import type { Position } from '../position.ts';
import { legalMoves, play } from '../position.ts';
import type { ReadPly } from './read.ts';
import { movesNamed, reach, readWritten } from './read.ts';
import { likeness } from './typo.ts';
import { SLIP_CODES } from './words.ts';
import type { SlipWords } from './words.ts';

/** A change to the written moves that would let the game go on: one move for another, a move left out, or a move written once too often. */
export type Repair = {
  /** The ply (half-move of the game, from 1) it changes. */
  readonly ply: number;
  /** Index of the written move it is made at. */
  readonly written: number;
  readonly why: string;
  /** How unlikely the slip is (lower: likelier), and how many written moves after the break read on with it. */
  readonly cost: number;
  readonly reads: number;
} & (
  | { readonly kind: 'replace'; readonly move: Move; readonly text: string; readonly before: Position }
  | { readonly kind: 'insert'; readonly move: Move; readonly text: string; readonly before: Position }
  | { readonly kind: 'delete' }
);

/** Where a sheet breaks: the written move that cannot be played and the repairs ranked best first. */
export interface Slip {
  /** The ply the written move would have been (from 1). */
  readonly ply: number;
  /** Index of the written move. */
  readonly written: number;
  readonly text: string;
  readonly candidates: readonly Repair[];
}

/** A sheet read: its plies as far as they go, the forced captures put in, and the first slip, if any. */
export interface SheetCheck {
  readonly plies: readonly ReadPly[];
  readonly end: Position;
  readonly slip: Slip | null;
}

export interface CheckOptions {
  /** How many written moves before the break a slip is looked for (a slip that was a legal move). Default 12. */
  readonly lookBack?: number;
  /** How many written moves past the break a repair is read on to be ranked. Default 10. */
  readonly horizon?: number;
  /** At most this many candidates. Default 10. */
  readonly limit?: number;
  /** The words for the slips (default: their codes, for a caller that shows none). */
  readonly words?: SlipWords;
}

/** What a ply further back adds to a repair's cost: a slip that was legal and read on is less likely than one that is not. */
const PER_PLY_BACK = 0.1;
/** A move left out, or written twice. */
const LEFT_OUT = 1.6;
const EXTRA = 1.6;
const WRITTEN_TWICE = 0.6;

/**
 * Reads the written moves from `start` and, where one cannot be played, ranks what the writer
 * most likely meant: each legal move in its place, a move left out before it, or it deleted, at
 * the break and at each written move up to `lookBack` before it. A repair must let the sheet
 * read past the break; those that read furthest (up to `horizon` moves, or the end) come first,
 * then the likeliest slips ({@link likeness}), nearer the break first.
 */
export function checkSheet(start: Position, written: readonly string[], options: CheckOptions = {}): SheetCheck {
  const { lookBack = 40, horizon = 10, limit = 10, words = SLIP_CODES } = options;
  const read = readWritten(start, written);
  if (read.stop >= written.length) return { plies: read.plies, end: read.end, slip: null };
  const f = read.stop;
  // The position before each written move (after any forced captures put in before it), and its ply.
  const at: { pos: Position; ply: number }[] = [];
  read.plies.forEach((p, k) => {
    if (p.written >= 0) at[p.written] = { pos: p.before, ply: k + 1 };
  });
  at[f] = { pos: read.end, ply: read.plies.length + 1 };
  const stop = Math.min(written.length, f + horizon + 1);
  const past = (r: number) => (r >= written.length ? horizon + 1 : r - f);
  const out: Repair[] = [];
  for (let k = Math.max(0, f - lookBack); k <= f; k++) {
    const here = at[k];
    if (!here) continue;
    const back = (f - k) * PER_PLY_BACK;
    const legal = legalMoves(here.pos);
    const asWritten = k < f ? movesNamed(here.pos, written[k], legal) : [];
    for (const m of legal) {
      const after = play(here.pos, m);
      if (!asWritten.some((w) => sameMove(w, m))) {
        const reads = past(reach(after, written, k + 1, stop));
        if (reads > 0) {
          const l = likeness(start.variant, written[k], m, words);
          out.push({ kind: 'replace', ply: here.ply, written: k, move: m, text: formatMove(here.pos, m, legal), before: here.pos, why: l.why, cost: l.cost + back, reads });
        }
      }
      const reads = past(reach(after, written, k, stop));
      if (reads > 0) out.push({ kind: 'insert', ply: here.ply, written: k, move: m, text: formatMove(here.pos, m, legal), before: here.pos, why: words.sheet('left-out'), cost: LEFT_OUT + back, reads });
    }
    const reads = past(reach(here.pos, written, k + 1, stop));
    if (reads > 0) {
      const twice = k > 0 && written[k] === written[k - 1];
      out.push({ kind: 'delete', ply: here.ply, written: k, why: words.sheet(twice ? 'written-twice' : 'too-many'), cost: (twice ? WRITTEN_TWICE : EXTRA) + back, reads });
    }
  }
  out.sort((a, b) => b.reads - a.reads || a.cost - b.cost || b.written - a.written);
  return { plies: read.plies, end: read.end, slip: { ply: at[f].ply, written: f, text: written[f], candidates: out.slice(0, limit) } };
}
