// Guided replay of a scoresheet on the board (`dambord digitise --guide`): which move the sheet
// asks for next, and what becomes of the sheet as the secretary plays each move. Where the sheet
// breaks, the candidates of `pdn check --suggest` at that ply are shown, the secretary plays the
// move that was actually made, and the repair is kept to be written as a comment. Pure: the
// session feeds it the moves the referee recognises.

import type { Move, Position } from '../../rules/index.ts';
import { formatMove, play, sameMove } from '../../rules/index.ts';
import type { Repair } from '../../rules/slips/check.ts';
import { checkSheet } from '../../rules/slips/check.ts';
import { readWritten } from '../../rules/slips/read.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { slipWords } from './slipWords.ts';

/** A move played otherwise than the sheet has it, to be noted in the PDN on that move. */
export interface GuideRepair {
  /** The ply of the move played (from 1). */
  readonly ply: number;
  /** What the sheet has there, or null (a forced capture it leaves out, a move after its end). */
  readonly written: string | null;
  readonly played: string;
  /** Why it was played so, in the guide's language. */
  readonly why: string;
}

/** Where a guided replay stands. */
export interface Guide {
  readonly written: readonly string[];
  /** Index of the next written move to be played. */
  readonly next: number;
  /** The position on the board now. */
  readonly position: Position;
  /** Moves played so far. */
  readonly plies: number;
  readonly repairs: readonly GuideRepair[];
  /** The guide before the last move, for a takeback. */
  readonly previous: Guide | null;
  /** The language of its words (the candidates' and the repairs' reasons). */
  readonly lang: Language;
}

/** What the sheet asks for now. */
export type Expected =
  /** The next move (`written` null: a forced capture the sheet leaves out). */
  | { readonly kind: 'move'; readonly ply: number; readonly move: Move; readonly text: string; readonly written: string | null }
  /** The written move cannot be played: the candidates at this ply, best first. */
  | { readonly kind: 'slip'; readonly ply: number; readonly written: string; readonly candidates: readonly Repair[] }
  /** Every written move has been played. */
  | { readonly kind: 'end' };

/** A guided replay of `written` from `start`, its words in `lang`. */
export function createGuide(start: Position, written: readonly string[], lang: Language = 'en'): Guide {
  return { written, next: 0, position: start, plies: 0, repairs: [], previous: null, lang };
}

/** `g` with its words in `lang` (the game's language; English when it has none), before its first move. */
export function guideIn(g: Guide, lang: Language = 'en'): Guide {
  return g.lang === lang ? g : { ...g, lang };
}

/** Why a move was played otherwise than the sheet has it, where no slip of the sheet says it. */
type GuideWhy = 'past-end' | 'forced' | 'instead' | 'none-of-the-candidates';

/** A {@link GuideWhy} in `lang`. */
export const guideWhy = (why: GuideWhy, lang: Language): string => say(lang, 'guide.why', { why: why.replace(/-/g, '_') });

/** The move the sheet asks for now, or the slip and its candidates where it cannot be played. */
export function expected(g: Guide): Expected {
  if (g.next >= g.written.length) return { kind: 'end' };
  const read = readWritten(g.position, g.written, g.next);
  const ply = g.plies + 1;
  if (read.plies.length > 0) {
    const first = read.plies[0];
    return { kind: 'move', ply, move: first.move, text: formatMove(g.position, first.move), written: first.written < 0 ? null : g.written[first.written] };
  }
  // The candidates at this ply: the moves before it are on the board already.
  const check = checkSheet(g.position, g.written.slice(g.next), { lookBack: 0, words: slipWords(g.lang) });
  const candidates = (check.slip?.candidates ?? []).map((r) => ({ ...r, ply: r.ply + g.plies, written: r.written + g.next }));
  return { kind: 'slip', ply, written: g.written[g.next], candidates };
}

/** The guide once `move` (a legal move in `g.position`, recognised on the board) has been played. */
export function guideMove(g: Guide, move: Move): Guide {
  const e = expected(g);
  const text = formatMove(g.position, move);
  const ply = g.plies + 1;
  const after = (next: number, repair: Omit<GuideRepair, 'ply' | 'played'> | null): Guide => ({
    written: g.written,
    next,
    position: play(g.position, move),
    plies: ply,
    repairs: repair ? [...g.repairs, { ply, played: text, ...repair }] : g.repairs,
    previous: g,
    lang: g.lang,
  });
  const why = (w: GuideWhy): string => guideWhy(w, g.lang);
  if (e.kind === 'end') return after(g.next, { written: null, why: why('past-end') });
  if (e.kind === 'move') {
    if (sameMove(e.move, move)) return after(e.written === null ? g.next : g.next + 1, e.written === null ? { written: null, why: why('forced') } : null);
    return after(g.next + 1, { written: g.written[g.next], why: why('instead') });
  }
  // The likeliest candidate the move fits: a move put in its place or before it, or the written move left out (the move is then the one after it).
  const skipped = readWritten(g.position, g.written, g.next + 1).plies[0];
  for (const r of e.candidates) {
    if (r.kind === 'replace' && sameMove(r.move, move)) return after(g.next + 1, { written: e.written, why: r.why });
    if (r.kind === 'insert' && sameMove(r.move, move)) return after(g.next, { written: null, why: r.why });
    if (r.kind === 'delete' && skipped && sameMove(skipped.move, move)) {
      const removed: GuideRepair = { ply, written: e.written, played: '', why: r.why };
      return { ...after(skipped.written < 0 ? g.next + 1 : g.next + 2, null), repairs: [...g.repairs, removed] };
    }
  }
  return after(g.next + 1, { written: e.written, why: why('none-of-the-candidates') });
}

/** The guide before its last move (the move taken back on the board), or `g` when there is none. */
export function guideTakeback(g: Guide): Guide {
  return g.previous ?? g;
}

/** A repair as the PDN comment on the move it concerns, in `lang`. */
export function repairComment(r: GuideRepair, lang: Language = 'en'): string {
  const kind = r.played === '' ? 'left_out' : r.written === null ? 'extra' : 'played';
  return `dambord: ${say(lang, 'guide.repair', { kind, written: r.written ?? '', played: r.played, why: r.why })}`;
}
