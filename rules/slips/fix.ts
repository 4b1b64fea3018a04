// Repairing a scoresheet: each slip whose best repair is clearly ahead of the next is made,
// one after the other from the first, until the sheet reads to its end or a slip has no clear
// best repair; then the moves the reading put in or read otherwise (forced captures left out,
// a capture route the later moves decide) are written out, so that the repaired sheet replays
// as PDN. The rules' notation (Latvian rules 8.2.1: "the number of the starting square and of
// the square reached, separated by a hyphen (-)"; 8.2.2: "in a capture, the two squares are
// separated by a cross (x)") is how the moves made are written.

import { formatMove } from '../moveText.ts';
import type { Position } from '../position.ts';
import type { CheckOptions, Repair, Slip } from './check.ts';
import { checkSheet } from './check.ts';
import { movesNamed, readWritten } from './read.ts';

/**
 * How far ahead of the second a best repair must be to be made: on the ranking's own measure,
 * it reads further past the break, or as far at a cost lower by at least this much. A quarter
 * of the likeliest slip of a square (a digit swapped costs 1): less is a tie, as between the
 * same slip read two plies apart (0.1 a ply).
 */
export const CLEAR_MARGIN = 0.25;

/**
 * The repair to make of a slip's ranked candidates: the first, when it is the only one, reads
 * further past the break than the second, or as far and at a cost lower by {@link CLEAR_MARGIN}
 * or more; null when there is none or the first two are too close to choose between.
 *
 * @example clearBest([{ reads: 11, cost: 1, ... }, { reads: 3, cost: 0.5, ... }]) // the first
 */
export function clearBest(candidates: readonly Repair[]): Repair | null {
  const [a, b] = candidates;
  if (!a) return null;
  if (!b || a.reads > b.reads || b.cost - a.cost >= CLEAR_MARGIN - 1e-9) return a;
  return null;
}

/** The candidates a slip's best repair is too close to: the first, and those that read as far at a cost within {@link CLEAR_MARGIN}. */
export function tiedWith(candidates: readonly Repair[]): Repair[] {
  const [a] = candidates;
  return a ? candidates.filter((c) => c.reads === a.reads && c.cost - a.cost < CLEAR_MARGIN - 1e-9) : [];
}

/**
 * A change the repaired sheet makes to the written moves. `at` is the index of the written move
 * (as the sheet has it) it is made at; an `insert` goes before that move. `ply` counts the plies
 * of the repaired game from 1.
 */
export type Change =
  | { readonly kind: 'replace'; readonly at: number; readonly ply: number; readonly written: string; readonly made: string; readonly why: SheetWhy }
  | { readonly kind: 'insert'; readonly at: number; readonly ply: number; readonly made: string; readonly why: SheetWhy }
  | { readonly kind: 'delete'; readonly at: number; readonly ply: number; readonly written: string; readonly why: SheetWhy };

/** Why a change was made: a slip's words (from the checker's {@link CheckOptions.words}), a forced capture left out, or a capture route written out in full. */
export type SheetWhy = { readonly kind: 'slip'; readonly text: string } | { readonly kind: 'forced' } | { readonly kind: 'route' };

/** A slip left as written: where it is (index of the written move, ply of the repaired game) and the repairs too close to choose between (none: nothing lets the game go on). */
export interface LeftSlip {
  readonly at: number;
  readonly ply: number;
  readonly written: string;
  readonly tied: readonly Tied[];
}

/** One of the repairs too close to choose between: a move for the one written, a move put in before it, or the written move left out. */
export interface Tied {
  readonly kind: 'replace' | 'insert' | 'delete';
  /** The move made (for a delete, the move left out). */
  readonly move: string;
  /** The written move it is made at. */
  readonly written: string;
}

/** A sheet repaired: the changes in the order of the written moves, and the slip left as written, if any. */
export interface SheetFix {
  readonly changes: readonly Change[];
  readonly left: LeftSlip | null;
}

/** At most this many slips are repaired in one sheet: past that, it is another game's sheet, not slips. */
const MAX_REPAIRS = 40;

/** A move of the sheet being repaired: its text, its index in the written moves (-1: put in), and the change that made it, if any. */
interface Entry {
  readonly text: string;
  readonly origin: number;
  readonly change?: { readonly kind: 'replace'; readonly written: string; readonly why: SheetWhy } | { readonly kind: 'insert'; readonly why: SheetWhy };
}

/** A written move left out, and the move that followed it (null: it was the last). */
interface Deleted {
  readonly origin: number;
  readonly written: string;
  readonly why: SheetWhy;
  readonly next: Entry | null;
}

/**
 * Repairs the written moves from `start`: each slip's clear best repair ({@link clearBest}),
 * the first slip first, then the forced captures left out put in and the ambiguous captures
 * written with their route, up to the end or the slip left. Pure; `options` go to
 * {@link checkSheet} (its words say the slips).
 *
 * @example fixSheet(start, ['32-28', '19-23', '82-19']).changes // [{ kind: 'replace', at: 2, ply: 3, written: '82-19', made: '28x19', ... }]
 */
export function fixSheet(start: Position, written: readonly string[], options: CheckOptions = {}): SheetFix {
  let entries: Entry[] = written.map((text, origin) => ({ text, origin }));
  const deleted: Deleted[] = [];
  let left: LeftSlip | null = null;
  for (let n = 0; n <= MAX_REPAIRS; n++) {
    const texts = entries.map((e) => e.text);
    const slip = checkSheet(start, texts, options).slip;
    if (!slip) break;
    const candidates = distinct(slip, texts);
    const best = n < MAX_REPAIRS ? clearBest(candidates) : null;
    if (!best) {
      left = { at: entries[slip.written].origin, ply: slip.ply, written: slip.text, tied: tiedWith(candidates).map((r) => ({ kind: r.kind, move: r.kind === 'delete' ? texts[r.written] : r.text, written: texts[r.written] })) };
      break;
    }
    const k = best.written;
    const why: SheetWhy = { kind: 'slip', text: best.why };
    const was = entries[k];
    if (best.kind === 'replace') entries[k] = { text: best.text, origin: was.origin, change: was.change?.kind === 'insert' ? was.change : { kind: 'replace', written: was.change?.written ?? was.text, why } };
    else if (best.kind === 'insert') entries = [...entries.slice(0, k), { text: best.text, origin: -1, change: { kind: 'insert', why } }, ...entries.slice(k)];
    else {
      if (was.origin >= 0) deleted.push({ origin: was.origin, written: was.change?.kind === 'replace' ? was.change.written : was.text, why, next: entries[k + 1] ?? null });
      entries = [...entries.slice(0, k), ...entries.slice(k + 1)];
    }
  }
  return { changes: changesOf(start, entries, deleted, written.length), left };
}

/** A slip's candidates with those that make the same sheet as one before them left out (deleting either of two equal moves). */
function distinct(slip: Slip, moves: readonly string[]): Repair[] {
  const seen = new Set<string>();
  return slip.candidates.filter((r) => {
    const k = r.written;
    const sheet = r.kind === 'replace' ? [...moves.slice(0, k), r.text, ...moves.slice(k + 1)] : r.kind === 'insert' ? [...moves.slice(0, k), r.text, ...moves.slice(k)] : [...moves.slice(0, k), ...moves.slice(k + 1)];
    const key = sheet.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The changes of the repaired sheet, each at its ply of the repaired game as read: the repairs,
 * and the moves the reading took otherwise than a PDN replay would, a forced capture left out
 * (put in before the next written move) and a capture whose written squares name several
 * routes (written with its route).
 */
function changesOf(start: Position, entries: readonly Entry[], deleted: readonly Deleted[], count: number): Change[] {
  const out: Change[] = [];
  const plies = readWritten(start, entries.map((e) => e.text)).plies;
  // The written move an insert goes before: the next one kept, or past the last.
  const before = (k: number) => entries.slice(k).find((e) => e.origin >= 0)?.origin ?? count;
  const plyOf = new Map<Entry, number>();
  plies.forEach((p, i) => {
    if (p.written < 0) {
      const next = plies.slice(i).find((q) => q.written >= 0)?.written ?? entries.length;
      out.push({ kind: 'insert', at: before(next), ply: i + 1, made: formatMove(p.before, p.move), why: { kind: 'forced' } });
      return;
    }
    const e = entries[p.written];
    plyOf.set(e, i + 1);
    const route = movesNamed(p.before, e.text).length > 1;
    const made = route ? formatMove(p.before, p.move) : e.text;
    if (e.change?.kind === 'insert') out.push({ kind: 'insert', at: before(p.written), ply: i + 1, made, why: e.change.why });
    else if (e.change) out.push({ kind: 'replace', at: e.origin, ply: i + 1, written: e.change.written, made, why: e.change.why });
    else if (route) out.push({ kind: 'replace', at: e.origin, ply: i + 1, written: e.text, made, why: { kind: 'route' } });
  });
  for (const d of deleted) out.push({ kind: 'delete', at: d.origin, ply: (d.next && plyOf.get(d.next)) ?? plies.length + 1, written: d.written, why: d.why });
  return out.sort((a, b) => a.at - b.at || a.ply - b.ply);
}
