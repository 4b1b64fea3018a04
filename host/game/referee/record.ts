// The scoresheet: every move that stands, and in words every irregularity, decision, correction
// and draw offer, as a club secretary keeps it and as PDN writes it.
//
// Written for lidraughts' importer too (RoepStoep/lidraughts, commit c7feaf1,
// modules/draughts/src/main/format/pdn/Parser.scala and Reader.scala, read for this):
// - a comment is `{...}` holding no `}` (`blockCommentary`); comments after a move belong to it,
//   those between a move number and its move are dropped (`strMove`);
// - a setup `/FEN "..."/` is read as a comment (`fenCommentary`) and only when its FEN is
//   `[\w:,]*`: no ranges such as `31-50` (the comment would not parse, nor the game). A move
//   whose comments hold such a FEN (`Metas.fenComment`, `^[WB](:[WB][\w,]*){2}$`) is checked
//   against the position, then the game goes on from the FEN (Reader.makeReplay: "restart at each
//   fen comment"); before the first move it is the start position (`InitialPosition`). So an
//   accepted irregularity that leaves a position no legal move reaches is written after the last
//   move as a comment naming the move in words and the setup with every square listed: the
//   moves after it replay there, and the FEN tag stays the game's start (a setup after the last
//   move stays a comment there: lidraughts' game ends at that move);
// - a move is two or more squares joined by `-`, `x` or `:` (`moveRegex`): `--` is no move, so an
//   irregular move is never written as one unless it is a legal move.
// Test: record.lidraughts.test.ts checks every kind of comment against that grammar, written
// again in host/game/testing/lidraughts.ts.

import type { Color, Position, Variant } from '../../../rules/index.ts';
import { colorOf, normaliseResult, opposite, parseFen, rosterValue, squareName, writeFen, writePdnGame } from '../../../rules/index.ts';
import type { WritableNode } from '../../../rules/pdn/write.ts';
import { describe } from './describe.ts';
import type { IrregularityCode, RefereeOutput } from './types.ts';
import { say } from '../../words/catalogue.ts';
import type { Language } from '../../words/catalogue.ts';

/** What the scoresheet holds: the moves that stand, notes between them, and the result. */
export interface Scoresheet {
  readonly variant: Variant;
  readonly start: Position;
  readonly tags: readonly { name: string; value: string }[];
  readonly items: readonly ScoresheetItem[];
  readonly result: string;
  /** The irregularity said last and not yet settled: what the sheet writes of it once it is. */
  readonly open: OpenIrregularity | null;
  /** The language of the sheet's comments of irregularities; absent: English. */
  readonly lang?: Language;
}

/** An irregularity the referee flagged, in words, until it is accepted, corrected or noted on a move. */
export interface OpenIrregularity {
  readonly code: IrregularityCode;
  readonly article: string;
  /** The side that made it (the opponent decides, FMJD 5.4). */
  readonly side: Color;
  readonly decision: 'decide' | 'note';
  /** `describe.said` with the code and article: what the scoresheet writes of it. */
  readonly text: string;
  /** The opponent asked for the correction (the Correct button). */
  readonly correctionAsked: boolean;
  /** Accepted as a legal move, which the referee says next: that move is the irregular one. */
  readonly accepted: boolean;
}

/** A move that stands. */
export interface SheetMove {
  readonly kind: 'move';
  /** PDN text; for an irregular move that is no legal move, from-to of the piece that moved, or `--`. */
  readonly text: string;
  readonly side: Color;
  /** PDN comments after the move, in order: words, and the clock's `[%clock ...]`. */
  readonly comments: string[];
  /** The position after it. */
  readonly after: Position;
  /** From, every landing square, to (internal indices). */
  readonly squares: readonly number[];
  /** The pieces it captured (or, for an irregular move, the pieces that left the board). */
  readonly captured: readonly number[];
  /** Accepted by the opponent or by playing on (FMJD 5.4, 5.7): its code and article; null for a regular move. */
  readonly irregular: { readonly code: IrregularityCode; readonly article: string } | null;
  /** No legal move: PDN writes it in words after the last move and sets up `after` (see the file's comment). */
  readonly setup: boolean;
}

export type ScoresheetItem =
  | SheetMove
  /**
   * Something between moves, in words: a noted irregularity (touching out of turn, 3.14), one
   * corrected, a draw offer. A comment after the last move; the same one again before the next
   * move counts `times` instead of repeating.
   */
  | {
      readonly kind: 'note';
      readonly comment: string;
      readonly times?: number;
      /** A note of moves taken back at the player's request against the computer: the moves (PDN text), oldest first. */
      readonly takenBack?: readonly string[];
    };

/** An empty scoresheet for a game from `start`. */
export function newScoresheet(start: Position, tags: readonly { name: string; value: string }[] = [], lang: Language = 'en'): Scoresheet {
  return { variant: start.variant, start, tags, items: [], result: '*', open: null, ...(lang !== 'en' ? { lang } : {}) };
}

/** The scoresheet's last move that stands: its index among the items (-1: none) and the move. */
export function lastMove(sheet: Scoresheet): { readonly at: number; readonly move: SheetMove | null } {
  const at = sheet.items.map((x) => x.kind).lastIndexOf('move');
  return { at, move: at >= 0 ? (sheet.items[at] as SheetMove) : null };
}

/** The position the scoresheet stands at: after its last move, or the start. */
export function sheetPosition(sheet: Scoresheet): Position {
  return lastMove(sheet).move?.after ?? sheet.start;
}

/**
 * `text` as a note between moves. The same note again right after it is counted, not repeated;
 * with `sinceMove`, the same note anywhere since the last move.
 */
export function addNote(sheet: Scoresheet, text: string, sinceMove = false): Scoresheet {
  const items = [...sheet.items];
  let at = items.length - 1;
  for (; at >= 0 && sinceMove; at--) {
    const item = items[at];
    if (item.kind === 'move' || (item.kind === 'note' && item.comment === text)) break;
  }
  const same = items[at];
  // The same touch again since the last move is counted, so that a hand touching a piece over
  // and over does not grow the scoresheet (and every view of it) without bound.
  if (same?.kind === 'note' && same.comment === text) items[at] = { ...same, times: (same.times ?? 1) + 1 };
  else items.push({ kind: 'note', comment: text });
  return { ...sheet, items };
}

/**
 * Adds the referee's outputs to the scoresheet: each move; an irregularity once it is settled
 * (accepted: the move that stands is marked with it, and one that is no legal move is a move
 * item written as a setup; corrected: a note that says so and by whose request, and the
 * obligation carried over; noted: a comment on the move it concerns, or a note); takebacks
 * accepted remove the move; the result.
 */
export function record(sheet: Scoresheet, outputs: readonly RefereeOutput[]): Scoresheet {
  if (outputs.length === 0) return sheet;
  const v = sheet.variant;
  let s = sheet;
  /** Noted irregularities for the next move, each once with how many times it was noted. */
  let notes = new Map<string, number>();
  for (const o of outputs) {
    switch (o.type) {
      case 'move': {
        const open = s.open;
        const irregular = open?.accepted ? { code: open.code, article: open.article } : null;
        const comments = irregular && open ? [`${open.text}. ${decided(open)}`] : [];
        comments.push(...[...notes].map(([text, n]) => times(text, n, s.lang)));
        notes = new Map();
        const item: SheetMove = { kind: 'move', text: o.text, side: o.side, comments, after: o.after, squares: [o.move.from, ...o.move.path], captured: [...o.move.captured], irregular, setup: false };
        s = { ...s, items: [...s.items, item], open: null };
        break;
      }
      case 'irregularity': {
        const text = say(s.lang ?? 'en', 'sheet.irregularity', { said: describe.said(v, o.code, o.squares, o.side, s.lang).replace(/\.$/, ''), code: o.code, article: o.article });
        if (o.decision === 'decide') {
          // Two flagged on one move (a touch-move and an early removal): the decision is on the
          // first (the referee's pending one), the scoresheet names both.
          const open = s.open;
          s = { ...s, open: open && open.decision === 'decide' && !open.accepted ? { ...open, text: `${open.text}; ${text}` } : { code: o.code, article: o.article, side: o.side, decision: o.decision, text, correctionAsked: false, accepted: false } };
          break;
        }
        // Noted (play goes on): a comment on the move it concerns, or between moves for a
        // touch out of turn, which concerns no move.
        const noted = `${text}. ${say(s.lang ?? 'en', 'sheet.decided', { decision: 'note', side: o.side })}`;
        if (o.code === 'touch-out-of-turn') s = addNote(s, noted, true);
        else notes.set(noted, (notes.get(noted) ?? 0) + 1);
        break;
      }
      case 'accepted':
        s = accepted(s, o);
        break;
      case 'correction':
        if (s.open && !s.open.correctionAsked) s = { ...s, open: { ...s.open, correctionAsked: true } };
        break;
      case 'corrected': {
        const open = s.open;
        if (!open) break;
        const lang = s.lang ?? 'en';
        s = addNote({ ...s, open: null }, say(lang, 'sheet.corrected', { text: open.text, asked: open.correctionAsked ? 'yes' : 'no', side: decider(open) }));
        if (o.obligation !== null) s = addNote(s, say(lang, 'sheet.must-still', { side: o.position.turn, square: squareName(v, o.obligation), article: v.articles.touchMove }));
        break;
      }
      case 'result':
        if (s.open) s = addNote({ ...s, open: null }, say(s.lang ?? 'en', 'sheet.undecided', { text: s.open.text }));
        s = { ...s, result: o.result };
        break;
      default:
        break;
    }
  }
  return s;
}

/** The side that decides on `open`: the opponent of the side that made it (FMJD 5.4). */
const decider = (open: OpenIrregularity): Color => opposite(open.side);

/** The decision in words, as the scoresheet writes it after the irregularity. */
function decided(open: OpenIrregularity, lang: Language = 'en'): string {
  return say(lang, 'sheet.decided', { decision: open.decision, side: decider(open) });
}

/** The note of `move` taken back at the player's request, with the moves the notes `after` it (dropped with it) named as taken back before. */
function takenBackNote(sheet: Scoresheet, move: SheetMove | null, after: readonly ScoresheetItem[]): ScoresheetItem {
  const before = after.flatMap((item) => (item.kind === 'note' ? (item.takenBack ?? []) : []));
  const takenBack = [...(move ? [move.text] : []), ...before];
  return { kind: 'note', comment: say(sheet.lang ?? 'en', 'computer.takeback.sheet', { moves: takenBack.join(' ') }), takenBack };
}

/** An irregularity accepted (FMJD 5.4; by playing on, 5.7). */
function accepted(sheet: Scoresheet, o: Extract<RefereeOutput, { type: 'accepted' }>): Scoresheet {
  const v = sheet.variant;
  const open = sheet.open ?? { code: o.code, article: o.article, side: opposite(o.position.turn), decision: 'decide', text: say(sheet.lang ?? 'en', 'sheet.code', { code: o.code, article: o.article }), correctionAsked: false, accepted: false };
  const before = sheetPosition(sheet);
  if (o.code === 'takeback') {
    // 5.4.4: the move taken back is off the scoresheet.
    const { at, move } = lastMove(sheet);
    const items = at >= 0 ? sheet.items.slice(0, at) : sheet.items;
    // A game being recorded: the secretary's takeback is no event of the game.
    if (o.silent) return { ...sheet, items, open: null };
    // Against the computer, at the player's request: one note names every move taken back in a row.
    if (o.asked) return { ...sheet, items: [...items, takenBackNote(sheet, move, at >= 0 ? sheet.items.slice(at + 1) : [])], open: null };
    const gone = move?.text ?? '';
    return addNote({ ...sheet, items, open: null }, `${open.text}${gone ? `: ${gone}` : ''}. ${decided(open, sheet.lang)}`);
  }
  // A legal move made irregularly (touch-move, the order of removal...): the move follows.
  if (writeFen(o.position) === writeFen(before)) return { ...sheet, open: { ...open, accepted: true } };
  const moved = irregularMove(v, before, o.position, open.side);
  const item: SheetMove = { kind: 'move', ...moved, side: open.side, comments: [`${open.text}. ${decided(open, sheet.lang)}`], after: o.position, irregular: { code: o.code, article: o.article }, setup: true };
  return { ...sheet, items: [...sheet.items, item], open: null };
}

/**
 * What moved between two positions, as the move list shows an irregular move: from-to of the one
 * piece that moved (`32-22`; `27x38` when pieces left the board), or `--` when no single piece
 * moved; its squares and the pieces that left the board.
 */
export function irregularMove(v: Variant, before: Position, after: Position, side: Color): { text: string; squares: number[]; captured: number[] } {
  const gone: number[] = [];
  const came: number[] = [];
  for (let sq = 0; sq < before.board.length; sq++) {
    if (before.board[sq] !== 0 && after.board[sq] === 0) gone.push(sq);
    if (before.board[sq] === 0 && after.board[sq] !== 0) came.push(sq);
  }
  if (came.length !== 1) return { text: '--', squares: [], captured: gone };
  const to = came[0];
  const colour = colorOf(after.board[to]);
  const from = gone.filter((sq) => colorOf(before.board[sq]) === colour);
  // The mover's own piece if it could be either side's (a piece of each colour left).
  const pick = from.length === 1 ? from[0] : from.find((sq) => colorOf(before.board[sq]) === side);
  if (pick === undefined) return { text: '--', squares: [to], captured: gone };
  const captured = gone.filter((sq) => sq !== pick);
  return { text: `${squareName(v, pick)}${captured.length > 0 ? 'x' : '-'}${squareName(v, to)}`, squares: [pick, to], captured };
}

/** A comment noted `n` times. */
export const times = (comment: string, n: number, lang: Language = 'en'): string => (n > 1 ? say(lang, 'sheet.times', { comment, count: String(n) }) : comment);

/** A FEN with every square listed (`W:W31,32,33:B1,2`), as lidraughts reads a setup in the movetext (see the file's comment). */
export function listedFen(pos: Position): string {
  return writeFen(pos).replace(/(\d+)-(\d+)/g, (_, a: string, b: string) => Array.from({ length: Number(b) - Number(a) + 1 }, (_x, i) => Number(a) + i).join(','));
}

/** The scoresheet as strict PDN 3.0. */
export function scoresheetPdn(sheet: Scoresheet): string {
  const v = sheet.variant;
  const result = normaliseResult(sheet.result, v);
  const roster = ['Event', 'Site', 'Date', 'Round', 'White', 'Black'];
  const tags = roster.map((name) => ({ name, value: rosterValue(name, sheet.tags.find((t) => t.name === name)?.value) }));
  tags.push({ name: 'Result', value: result }, { name: 'GameType', value: String(v.gameType) });
  const standard = parseFen(v, v.startFen);
  if (!standard.ok || writeFen(standard.position) !== writeFen(sheet.start)) tags.push({ name: 'FEN', value: writeFen(sheet.start) });
  for (const t of sheet.tags) if (!roster.includes(t.name) && !['Result', 'GameType', 'FEN'].includes(t.name)) tags.push(t);
  const moves: WritableNode[] = [];
  // What happened between moves (notes, irregular moves set up) is written after the last move
  // before it, or before the movetext when no move precedes it (an irregularity on the first turn).
  const preComments: string[] = [];
  // Move numbers: the first player's move opens a new number once the second player has moved
  // (a move or an irregular one set up) since the last; a move after a comment is numbered.
  let number = 1;
  let started = false;
  let secondSince = false;
  const numbered = (side: Color): void => {
    if (side === v.firstToMove) {
      if (started && secondSince) number++;
      secondSince = false;
    } else secondSince = true;
    started = true;
  };
  let needNumber = true;
  let last: string[] | null = null; // the comments of the last move written
  for (const item of sheet.items) {
    if (item.kind === 'note' || item.setup) {
      const into = last ?? preComments;
      if (item.kind === 'note') into.push(times(item.comment, item.times ?? 1, sheet.lang));
      else {
        numbered(item.side);
        // The move in words (it is no legal move), what it was and the decision, in one comment; the clock's after it.
        const words = item.comments.filter((c) => !c.startsWith('[%'));
        const what = say(sheet.lang ?? 'en', 'sheet.irregular', { side: item.side, move: item.text === '--' ? 'none' : item.text });
        // A piece taken off with no move (5.4.7) names no player: the board cannot tell whose hand took it.
        const unnamed = item.text === '--' && item.irregular?.code === 'removed-without-reason';
        into.push([...(unnamed ? [] : [what]), ...words].join(' '), ...item.comments.filter((c) => c.startsWith('[%')));
        moves.push({ kind: 'setup', fen: listedFen(item.after) });
      }
      needNumber = true;
      continue;
    }
    numbered(item.side);
    const first = item.side === v.firstToMove;
    last = [...item.comments];
    const node: WritableNode = { kind: 'move', text: item.text, comments: last };
    if (first) node.number = number;
    else if (needNumber) Object.assign(node, { number, blackFirst: true });
    moves.push(node);
    needNumber = item.comments.length > 0;
  }
  return writePdnGame({ tags, moves, result, preComments });
}
