import type { Position, Variant } from '../../../rules/index.ts';
import { normaliseResult, parseFen, writeFen, writePdnGame } from '../../../rules/index.ts';
import type { WritableNode } from '../../../rules/pdn/write.ts';
import type { RefereeOutput } from './types.ts';

/** What the scoresheet holds: moves, accepted irregularities (as setups) and the result. */
export interface Scoresheet {
  readonly variant: Variant;
  readonly start: Position;
  readonly tags: readonly { name: string; value: string }[];
  readonly items: readonly ScoresheetItem[];
  readonly result: string;
}

export type ScoresheetItem =
  | { readonly kind: 'move'; readonly text: string; readonly side: 'white' | 'black'; readonly comments: string[] }
  | { readonly kind: 'setup'; readonly position: Position; readonly comment: string }
  /**
   * A noted irregularity between moves (touching out of turn, 3.14): a comment after the last
   * move; the same one again before the next move counts `times` instead of repeating.
   */
  | { readonly kind: 'note'; readonly comment: string; readonly times?: number };

/** An empty scoresheet for a game from `start`. */
export function newScoresheet(start: Position, tags: readonly { name: string; value: string }[] = []): Scoresheet {
  return { variant: start.variant, start, tags, items: [], result: '*' };
}

/**
 * Adds the referee's outputs to the scoresheet: each move; an accepted irregularity that
 * changed the position as a `/FEN "..."/` setup with a comment naming the irregularity and
 * its article; noted irregularities as comments on the move they concern (a touch out of turn,
 * which concerns no move, after the last move played); takebacks accepted remove the move; the
 * result.
 */
export function record(sheet: Scoresheet, outputs: readonly RefereeOutput[]): Scoresheet {
  if (outputs.length === 0) return sheet;
  let items = [...sheet.items];
  let result = sheet.result;
  /** Noted irregularities for the next move, each once with how many times it was noted. */
  let notes = new Map<string, number>();
  for (const o of outputs) {
    switch (o.type) {
      case 'move':
        items.push({ kind: 'move', text: o.text, side: o.side, comments: [...notes].map(([text, n]) => times(text, n)) });
        notes = new Map();
        break;
      case 'irregularity': {
        if (o.decision !== 'note') break;
        const comment = `${o.message} Article ${o.article}.`;
        if (o.code !== 'touch-out-of-turn') {
          notes.set(comment, (notes.get(comment) ?? 0) + 1);
          break;
        }
        // The same touch again since the last move is counted, so that a hand touching a piece
        // over and over does not grow the scoresheet (and every view of it) without bound.
        let at = items.length - 1;
        for (; at >= 0; at--) {
          const item = items[at];
          if (item.kind === 'move' || (item.kind === 'note' && item.comment === comment)) break;
        }
        const same = items[at];
        if (same?.kind === 'note') items[at] = { ...same, times: (same.times ?? 1) + 1 };
        else items.push({ kind: 'note', comment });
        break;
      }
      case 'accepted':
        if (o.code === 'takeback') {
          const at = items.map((x) => x.kind).lastIndexOf('move');
          if (at >= 0) items = items.slice(0, at);
        } else if (!['touch-move', 'removal-order', 'early-removal'].includes(o.code)) {
          items.push({ kind: 'setup', position: o.position, comment: `irregularity accepted: ${o.code} (${o.article})` });
        }
        break;
      case 'result':
        result = o.result;
        break;
      default:
        break;
    }
  }
  return { ...sheet, items, result };
}

/** A comment noted `n` times. */
const times = (comment: string, n: number): string => (n > 1 ? `${comment} (${n} times)` : comment);

/** The scoresheet as strict PDN 3.0. */
export function scoresheetPdn(sheet: Scoresheet): string {
  const v = sheet.variant;
  const result = normaliseResult(sheet.result, v);
  const roster = ['Event', 'Site', 'Date', 'Round', 'White', 'Black'];
  const tags = roster.map((name) => ({ name, value: sheet.tags.find((t) => t.name === name)?.value ?? '?' }));
  tags.push({ name: 'Result', value: result }, { name: 'GameType', value: String(v.gameType) });
  const standard = parseFen(v, v.startFen);
  if (!standard.ok || writeFen(standard.position) !== writeFen(sheet.start)) tags.push({ name: 'FEN', value: writeFen(sheet.start) });
  for (const t of sheet.tags) if (!roster.includes(t.name) && !['Result', 'GameType', 'FEN'].includes(t.name)) tags.push(t);
  const moves: WritableNode[] = [];
  // The comment of a setup or a note goes on the last move before it, or before the movetext
  // when no move precedes it (an irregularity on the first turn).
  const preComments: string[] = [];
  let number = 1;
  let needNumber = true;
  let last: string[] | null = null; // the comments of the last move written
  for (const item of sheet.items) {
    if (item.kind === 'setup' || item.kind === 'note') {
      const comment = item.kind === 'note' ? times(item.comment, item.times ?? 1) : item.comment;
      (last ?? preComments).push(comment);
      if (item.kind === 'setup') moves.push({ kind: 'setup', fen: writeFen(item.position) });
      needNumber = true;
      continue;
    }
    const first = item.side === v.firstToMove;
    last = [...item.comments];
    const node: WritableNode = { kind: 'move', text: item.text, comments: last };
    if (first) node.number = number;
    else if (needNumber) Object.assign(node, { number, blackFirst: true });
    moves.push(node);
    if (!first) number++;
    needNumber = item.comments.length > 0;
  }
  return writePdnGame({ tags, moves, result, preComments });
}

