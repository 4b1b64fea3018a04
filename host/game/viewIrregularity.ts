// The irregularity as the page shows it: who decides (the opponent, FMJD 5.4), what each choice
// does, and what the rules required instead, in words, from the referee's state.

import { currentPosition, formatMove, legalMoves, opposite, squareName } from '../../rules/index.ts';
import type { Color, Move, Position } from '../../rules/index.ts';
import { listText, sideName, squaresText } from './referee/describe.ts';
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
    choices: settling.pending ? { accept: acceptText(settling.pending, f.side), correct: correctText(settling, f.side) } : null,
    required: requiredText(f.code, settling),
  };
}

/** What accepting does: the move or position that stands, and who moves next (5.4; the same by playing on, 5.7). */
function acceptText(p: Pending, side: Color): string {
  const target = p.target;
  if ('from' in p.accepted) return `${formatMove(target, p.accepted, legalMoves(target))} stands and ${sideName(opposite(target.turn))} moves next`;
  const next = p.accepted.turn;
  if (p.takeback) return `the move stays taken back and ${sideName(next)} plays again from the position before it`;
  const moved = irregularMove(target.variant, target, p.accepted, side);
  return `${moved.text === '--' ? 'the position on the board' : moved.text} stands and ${sideName(next)} moves next`;
}

/** What correcting does: the position before the irregularity put back wholly (5.8), and who plays then, with what. */
function correctText(c: Settling, side: Color): string {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    // The capture's jumps stood: only the removal is put right, and the capture stands.
    return `the captured pieces are put right so that ${formatMove(c.before, c.completes, legalMoves(c.before))} stands, and ${sideName(target.turn)} moves next`;
  }
  const who = target.turn === side ? `${sideName(side)} plays again` : `${sideName(target.turn)} moves`;
  const touched = c.obligation !== null ? `, with the piece on ${squareName(v, c.obligation)} (touched, ${v.articles.touchMove})` : '';
  return `the position before it is put back and ${who}${touched}`;
}

/** What the rules required instead, in words; null when nothing in particular. */
function requiredText(code: string, c: Settling): string | null {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    const captured = c.completes.captured;
    return `${sideName(c.before.turn)} must complete ${formatMove(c.before, c.completes, legalMoves(c.before))}: ${captured.length === 1 ? 'the piece jumped, on' : 'the pieces jumped, on'} ${squaresText(v, captured)}, ${captured.length === 1 ? 'is' : 'are'} taken off`;
  }
  if (c.obligation !== null) return `${sideName(target.turn)} must play the piece on ${squareName(v, c.obligation)} (touched, ${v.articles.touchMove})`;
  if (code === 'capture-missed' || code === 'not-maximum-capture' || code === 'capture-stopped') return capturesOf(target, legalMoves(target))?.message ?? null;
  return null;
}

/** `pos`'s compulsory captures (FMJD 4.2; 4.13 the choice among them), named: `White must capture: 28x17 or 28x19`; null when none. */
export function capturesOf(pos: Position, legal: readonly Move[]): PlayView['compulsory'] {
  const captures = legal.filter((m) => m.captured.length > 0);
  if (captures.length === 0) return null;
  const moves = [...new Set(captures.map((m) => formatMove(pos, m, legal)))];
  return { side: pos.turn, moves, article: pos.variant.articles.captureCompulsory, message: `${sideName(pos.turn)} must capture: ${listText(moves, 'or')}` };
}
