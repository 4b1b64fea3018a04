// The irregularity as the page shows it: who decides (the opponent, FMJD 5.4), what each choice
// does, and what the rules required instead, in words, from the referee's state: each sentence
// made as words (host/words/said.ts), said in the game's language and kept beside it for the page.

import { currentPosition, formatMove, legalMoves, opposite, squareName } from '../../rules/index.ts';
import type { Color, Move, Position } from '../../rules/index.ts';
import { squaresList } from './referee/describe.ts';
import type { Language } from '../words/catalogue.ts';
import { sayWords } from '../words/said.ts';
import type { Said } from '../words/said.ts';
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
  const message = f.said;
  const base = { code: f.code, article: f.article, message: f.message, decision: f.decision };
  if (f.decision === 'note') return { ...base, status: 'noted', decides: null, choices: null, required: null, said: { message, required: null, choices: null } };
  const settling: Settling | null =
    mode?.kind === 'decide'
      ? { before, target: mode.pending.target, obligation: mode.pending.obligation, completes: mode.pending.completes, pending: mode.pending }
      : mode?.kind === 'correcting'
        ? { before, target: mode.target, obligation: mode.obligation, completes: mode.completes, pending: null }
        : null;
  const decides = opposite(f.side);
  if (!settling) return { ...base, status: 'noted', decides, choices: null, required: null, said: { message, required: null, choices: null } };
  const choices = settling.pending ? { accept: acceptWords(settling.pending, f.side), correct: correctWords(settling, f.side) } : null;
  const required = requiredWords(f.code, settling);
  return {
    ...base,
    status: settling.pending ? 'pending' : 'correcting',
    decides,
    choices: choices && { accept: sayWords(lang, choices.accept), correct: sayWords(lang, choices.correct) },
    required: required && sayWords(lang, required),
    said: { message, required, choices },
  };
}

/** What accepting does: the move or position that stands, and who moves next (5.4; the same by playing on, 5.7). */
function acceptWords(p: Pending, side: Color): Said {
  const target = p.target;
  if ('from' in p.accepted) return { id: 'view.accept.move', values: { move: formatMove(target, p.accepted, legalMoves(target)), next: opposite(target.turn) } };
  const next = p.accepted.turn;
  if (p.takeback) return { id: 'view.accept.takeback', values: { next } };
  const moved = irregularMove(target.variant, target, p.accepted, side);
  return moved.text === '--' ? { id: 'view.accept.changed', values: { next } } : { id: 'view.accept.move', values: { move: moved.text, next } };
}

/** What correcting does: the position before the irregularity put back wholly (5.8), and who plays then, with what. */
function correctWords(c: Settling, side: Color): Said {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    // The capture's jumps stood: only the removal is put right, and the capture stands.
    return { id: 'view.correct.completes', values: { move: formatMove(c.before, c.completes, legalMoves(c.before)), next: target.turn } };
  }
  const square = c.obligation !== null ? squareName(v, c.obligation) : 'none';
  return { id: 'view.correct', values: { again: target.turn === side ? 'yes' : 'no', next: target.turn, square, article: v.articles.touchMove } };
}

/** What the rules required instead, in words; null when nothing in particular. */
function requiredWords(code: string, c: Settling): Said | null {
  const target = c.target;
  const v = target.variant;
  if (c.completes) {
    const captured = c.completes.captured;
    return { id: 'view.required.complete', values: { side: c.before.turn, move: formatMove(c.before, c.completes, legalMoves(c.before)), count: captured.length, squares: squaresList(v, captured) } };
  }
  if (c.obligation !== null) return { id: 'view.touched', values: { side: target.turn, square: squareName(v, c.obligation), article: v.articles.touchMove } };
  if (code === 'capture-missed' || code === 'not-maximum-capture' || code === 'capture-stopped') return capturesOf(target, legalMoves(target))?.said ?? null;
  return null;
}

/** `pos`'s compulsory captures (FMJD 4.2; 4.13 the choice among them), named: `White must capture: 28x17 or 28x19`; null when none. */
export function capturesOf(pos: Position, legal: readonly Move[], lang: Language = 'en'): PlayView['compulsory'] {
  const captures = legal.filter((m) => m.captured.length > 0);
  if (captures.length === 0) return null;
  const moves = [...new Set(captures.map((m) => formatMove(pos, m, legal)))];
  const said: Said = { id: 'view.captures', values: { side: pos.turn, moves: { list: moves, join: 'or' } } };
  return { side: pos.turn, moves, article: pos.variant.articles.captureCompulsory, message: sayWords(lang, said), said };
}
