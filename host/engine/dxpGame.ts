import type { Move, Position, Variant } from '../../rules/index.ts';
import { BLACK, KING, WHITE, legalMoves, parseFen } from '../../rules/index.ts';
import type { EngineLimits } from './engine.ts';
import type { DxpMove, DxpPosition } from './dxpCodec.ts';

/**
 * What dambord's games are to DXP, and DXP's moves to dambord's. Pure.
 *
 * DXP carries a 10x10 board of 50 fields (egamereq.htm: "position: 50 bytes") and no rules:
 * both programs play the rules they know, which for DXP programs are the FMJD's. So DXP carries
 * a variant only when it is played on 50 squares with white first and the FMJD's moves and
 * captures (men capture backwards, flying kings, the maximum capture, a man crowned only where
 * its capture ends): of dambord's variants, international. The others (8x8 boards, other
 * capture rules) are refused.
 */
export function dxpCarries(v: Variant): boolean {
  return (
    v.geometry.squares === 50 &&
    v.firstToMove === 'white' &&
    v.menCaptureBackwards &&
    v.flyingKings &&
    v.captureChoice === 'maximum' &&
    v.promotionInCapture === 'pass-through'
  );
}

/** Why DXP cannot carry a game of `v` (a sentence naming it), or null when it can. */
export function dxpVariantRefusal(v: Variant): string | null {
  return dxpCarries(v) ? null : `DXP carries the 10x10 board with the FMJD's rules only (international draughts), not ${v.name}`;
}

const LETTER: Record<number, string> = { 0: 'e', [WHITE]: 'w', [BLACK]: 'z', [WHITE | KING]: 'W', [BLACK | KING]: 'Z' };

/**
 * The position as GAMEREQ writes it, or null when it is the variant's starting position with
 * white to move (GAMEREQ 'A': "the normal starting position (with white to move first)").
 */
export function dxpPosition(pos: Position): DxpPosition | null {
  const fields = Array.from(pos.board, (p) => LETTER[p]).join('');
  const start = parseFen(pos.variant, pos.variant.startFen);
  if (start.ok && pos.turn === start.position.turn && fields === Array.from(start.position.board, (p) => LETTER[p]).join('')) return null;
  return { turn: pos.turn, fields };
}

/** A move as MOVE writes it (fields 1-50), `seconds` the time it took. */
export function dxpMove(move: Move, seconds: number): DxpMove {
  return { type: 'move', seconds, from: move.from + 1, to: move.to + 1, captured: move.captured.map((s) => s + 1) };
}

/** What a MOVE names in a position: the one legal move, or why not. */
export type DxpMoveMatch =
  | { readonly ok: true; readonly move: Move }
  | { readonly ok: false; readonly kind: 'illegal-move' | 'ambiguous-move'; readonly reason: string };

/**
 * The legal move a MOVE names (emove.htm: from, to and the captured fields, "the order in which
 * the fields are specified is not important"): the legal move with that start, end and set of
 * captured pieces, the route found by the rules core. A capture sent without its captured fields
 * (emove.htm's Dutch page: some programs need them, others do not) is taken when only one
 * capture goes from that start to that end; when several do, the move is ambiguous.
 */
export function matchDxpMove(pos: Position, m: DxpMove): DxpMoveMatch {
  const legal = legalMoves(pos);
  const from = m.from - 1;
  const to = m.to - 1;
  const ends = legal.filter((l) => l.from === from && l.to === to);
  const wanted = new Set(m.captured.map((s) => s - 1));
  const exact = ends.filter((l) => l.captured.length === wanted.size && l.captured.every((s) => wanted.has(s)));
  if (exact.length === 1) return { ok: true, move: exact[0] };
  const named = `${m.from}-${m.to}${m.captured.length ? ` taking ${m.captured.join(', ')}` : ''}`;
  if (m.captured.length === 0 && ends.length === 1) return { ok: true, move: ends[0] };
  if (m.captured.length === 0 && ends.length > 1) {
    return { ok: false, kind: 'ambiguous-move', reason: `its move ${named} names ${ends.length} legal captures; it must name the captured pieces` };
  }
  return { ok: false, kind: 'illegal-move', reason: `its move ${named} is not legal in the position` };
}

/** The time a move may take, in ms, when the limits name none: a move by depth or nodes alone. */
export const DXP_UNTIMED_MOVE_MS = 60_000;

/** The moves GAMEREQ's time is spread over when the limits give a time per move. */
const MOVES_PER_GAME = 75;

/**
 * The thinking time and number of moves GAMEREQ gives for `limits` ("the time in minutes for
 * each player for the whole game" and "the total number of moves for the whole game"). A game
 * clock gives its own time, rounded up to minutes, and its moves to go ('000', "no limit", when
 * none). A time per move t gives the minutes of 75 such moves, rounded up, and then the moves
 * that share those minutes at no more than t each, so that an engine that spreads its time
 * evenly stays within t. Depth or nodes alone are given the time of {@link DXP_UNTIMED_MOVE_MS}.
 */
export function dxpGameTime(limits: EngineLimits): { readonly minutes: number; readonly moves: number } {
  if (limits.clock) return { minutes: Math.min(999, Math.max(1, Math.ceil(limits.clock.ownMs / 60_000))), moves: Math.min(999, limits.clock.movesToGo ?? 0) };
  const perMove = limits.moveTimeMs ?? DXP_UNTIMED_MOVE_MS;
  const minutes = Math.min(999, Math.max(1, Math.ceil((perMove * MOVES_PER_GAME) / 60_000)));
  return { minutes, moves: Math.min(999, Math.ceil((minutes * 60_000) / perMove)) };
}

/** The time in ms a move may take under `limits` before it is late: its time plus 10%. */
export function dxpMoveAllowance(limits: EngineLimits): number {
  const time = limits.moveTimeMs ?? limits.clock?.ownMs ?? DXP_UNTIMED_MOVE_MS;
  return Math.ceil(time * 1.1);
}
