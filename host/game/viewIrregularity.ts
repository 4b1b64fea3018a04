// The irregularity as the page shows it: who decides (the opponent, FMJD 5.4), what each choice
// does, and what the rules required instead, in words, from the referee's state.

import { currentPosition, formatMove, legalMoves, opposite, squareName } from '../../rules/index.ts';
import type { Color, Move, Position } from '../../rules/index.ts';
import { listText, squaresText } from './referee/describe.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { irregularMove } from './referee/record.ts';
import type { Pending } from './referee/state.ts';
import type { GameState } from './game.ts';
import type { IrregularityView, PlayView } from './types.ts';

/** What decides an irregularity and what it comes back to: the pending decision, or the correction under way. */
interface Settling {
  /** The game's position, before the irregularity. */
  readonly before: Position;
  /** The position a correction comes back to. */
  readonly target: Position;
  readonly obligation: number | null;
  readonly completes?: Move;
  readonly pending: Pending | null;
}

/** The irregularity said last, with its status, who decides, the choices and what was required. */
export function irregularityView(s: GameState): IrregularityView | null {
  const f = s.irregularity;
  if (!f) return null;
  const lang = s.config.lang ?? 'en';
  const mode = s.referee?.mode;
  const before = s.referee ? currentPosition(s.referee.game) : s.config.start;
  const base = { code: f.code, article: f.article, message: f.message, decision: f.decision };
  if (f.decision === 'note') return { ...base, status: 'noted', decides: null, choices: null, required: null };
  const settling: Settling | null =
    mode?.kind === 'decide'
      ? { before, target: mode.pending.target, obligation: mode.pending.obligation, completes: mode.pending.completes, pending: mode.pending }
      : mode?.kind === 'correcting'
        ? { before, target: mode.target, obligation: mode.obligation, completes: mode.completes, pending: null }
        : null;
  const decides = opposite(f.side);
  if (!settling) return { ...base, status: 'noted', decides, choices: null, required: null };
  return {
    ...base,
    status: settling.pending ? 'pending' : 'correcting',
    decides,
    choices: settling.pending ? { accept: acceptText(settling.pending, f.side, lang), correct: correctText(settling, f.side, lang) } : null,
    required: requiredText(f.code, settling, lang),
  };
}

/** What accepting does: the move or position that stands, and who moves next (5.4; the same by playing on, 5.7). */
function acceptText(p: Pending, side: Color, lang: Language): string {
  const target = p.target;
  if ('from' in p.accepted) return say(lang, 'view.accept.move', { move: formatMove(target, p.accepted, legalMoves(target)), next: opposite(target.turn) });
  const next = p.accepted.turn;
  if (p.takeback) return say(lang, 'view.accept.takeback', { next });
  const moved = irregularMove(target.variant, target, p.accepted, side);
  return moved.text === '--' ? say(lang, 'view.accept.changed', { next }) : say(lang, 'view.accept.move', { move: moved.text, next });
}

/** What correcting does: the position before the irregularity put back wholly (5.8), and who plays then, with what. */
function correctText(c: Settling, side: Color, lang: Language): string {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    // The capture's jumps stood: only the removal is put right, and the capture stands.
    return say(lang, 'view.correct.completes', { move: formatMove(c.before, c.completes, legalMoves(c.before)), next: target.turn });
  }
  const square = c.obligation !== null ? squareName(v, c.obligation) : 'none';
  return say(lang, 'view.correct', { again: target.turn === side ? 'yes' : 'no', next: target.turn, square, article: v.articles.touchMove });
}

/** What the rules required instead, in words; null when nothing in particular. */
function requiredText(code: string, c: Settling, lang: Language): string | null {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    const captured = c.completes.captured;
    return say(lang, 'view.required.complete', { side: c.before.turn, move: formatMove(c.before, c.completes, legalMoves(c.before)), count: captured.length, squares: squaresText(v, captured, lang) });
  }
  if (c.obligation !== null) return say(lang, 'view.touched', { side: target.turn, square: squareName(v, c.obligation), article: v.articles.touchMove });
  if (code === 'capture-missed' || code === 'not-maximum-capture' || code === 'capture-stopped') return capturesOf(target, legalMoves(target), lang)?.message ?? null;
  return null;
}

/** `pos`'s compulsory captures (FMJD 4.2; 4.13 the choice among them), named: `White must capture: 28x17 or 28x19`; null when none. */
export function capturesOf(pos: Position, legal: readonly Move[], lang: Language = 'en'): PlayView['compulsory'] {
  const captures = legal.filter((m) => m.captured.length > 0);
  if (captures.length === 0) return null;
  const moves = [...new Set(captures.map((m) => formatMove(pos, m, legal)))];
  return { side: pos.turn, moves, article: pos.variant.articles.captureCompulsory, message: say(lang, 'view.captures', { side: pos.turn, moves: listText(moves, 'or', lang) }) };
}
