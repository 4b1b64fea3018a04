import type { Color, Variant } from '../../../rules/index.ts';
import { KING, WHITE, opposite, squareName } from '../../../rules/index.ts';
import type { Fill, IrregularityCode } from './types.ts';

const TEXT: Record<IrregularityCode, string> = {
  'two-moves': 'played two moves in a row',
  'illegal-move': 'moved a piece in a way the rules do not allow',
  'touch-move': 'touched one piece and moved another: the touched piece must be played',
  takeback: 'took back a move already played',
  'opponent-piece': "moved the opponent's piece",
  'capture-missed': 'made an ordinary move although a capture was compulsory',
  'removed-without-reason': 'removed a piece from the board without reason',
  'not-maximum-capture': 'did not take the pieces the rules require',
  'capture-stopped': 'stopped in the middle of a capture',
  'early-removal': 'removed a captured piece before the capture was finished',
  'incomplete-removal': 'left captured pieces on the board',
  'removed-not-jumped': 'removed a piece that was not jumped',
  'removed-own': 'removed an own piece during a capture',
  'removal-order': 'removed the captured pieces neither in the order of capture nor in its reverse',
  'touch-out-of-turn': 'touched a piece while not on move',
  'jumps-not-shown': 'did not show the multiple capture jump by jump',
};

/** What a capture that the variant's rule of choice forbids broke (FMJD 4.13; Czech cl. 4.14). */
const NOT_MAXIMUM: Record<Variant['captureChoice'], string> = {
  maximum: 'did not capture the greatest number of pieces',
  'king-first': 'captured with a man although a king could capture',
  free: TEXT['not-maximum-capture'],
};

/** Irregularities made by the side that is not to move: the one that just moved (5.4.1, 5.4.4) or the one waiting (3.14). */
const BY_THE_OTHER: ReadonlySet<IrregularityCode> = new Set(['two-moves', 'touch-out-of-turn', 'takeback']);

/** Why a game ended, in words, by the reason the rules core gives. */
export const RESULT_REASONS: Readonly<Record<string, string>> = {
  'no-pieces': 'no pieces left',
  'no-moves': 'no move left',
  repetition: 'the same position a third time',
  'king-moves': 'only kings moved, no capture, for the moves the rules allow',
  endgame: 'the endgame was not won in the moves the rules allow',
  'forty-moves': 'no win within 40 moves after notice',
  resignation: 'resignation',
  agreement: 'draw agreed',
};

/** `White` or `Black`. */
export const sideName = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** Squares in the variant's notation, in words: `31`, `22 and 23`, `1-20` for a run of four or more in numbered notation. */
export function squaresText(v: Variant, squares: readonly number[]): string {
  const sorted = [...new Set(squares)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (v.notation === 'numeric' && j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 3) {
      parts.push(`${squareName(v, sorted[i])}-${squareName(v, sorted[j])}`);
      i = j;
    } else parts.push(squareName(v, sorted[i]));
  }
  return listText(parts);
}

/** `a`, `a and b`, `a, b and c` (`or` instead of `and` when asked). */
export function listText(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** `the piece on 31`, `the pieces on 22 and 23`. */
function pieces(v: Variant, squares: readonly number[]): string {
  return `the ${new Set(squares).size === 1 ? 'piece' : 'pieces'} on ${squaresText(v, squares)}`;
}

/** `a white man`, `a black king` for a piece code. */
export function pieceText(piece: number): string {
  return `a ${piece & WHITE ? 'white' : 'black'} ${piece & KING ? 'king' : 'man'}`;
}

/** Sentences for people, squares in the variant's notation. */
export const describe = {
  /** The side that made an irregularity flagged while `turn` is to move. */
  actor(code: IrregularityCode, turn: Color): Color {
    return BY_THE_OTHER.has(code) ? opposite(turn) : turn;
  },
  /**
   * The referee's sentence, as journaled with the irregularity (its squares listed in brackets);
   * the journal checks it word for word on a resume, so it stays as it is. People read
   * {@link describe.said}.
   */
  irregularity(v: Variant, code: IrregularityCode, squares: readonly number[], turn: Color, actor?: Color): string {
    const side = actor ?? describe.actor(code, turn);
    const at = squares.length > 0 ? ` (${squares.map((s) => squareName(v, s)).join(', ')})` : '';
    return `${sideName(side)} ${code === 'not-maximum-capture' ? NOT_MAXIMUM[v.captureChoice] : TEXT[code]}${at}.`;
  },
  /**
   * An irregularity in one sentence for people, its squares in words, from what the referee
   * said of it: `side` made it, `squares` as the referee gives them for `code`.
   *
   * @example describe.said(v, 'touch-move', [30, 31], 'white') // 'White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played.'
   */
  said(v: Variant, code: IrregularityCode, squares: readonly number[], side: Color): string {
    const who = sideName(side);
    const n = (i: number): string => (squares[i] === undefined ? '?' : squareName(v, squares[i]));
    const rest = squares.slice(2);
    switch (code) {
      case 'touch-move':
        return `${who} touched the piece on ${n(0)} and moved the piece on ${n(1)} instead: the touched piece must be played.`;
      case 'two-moves':
        return `${who} played two moves in a row, the second ${n(0)}-${n(1)}.`;
      case 'illegal-move':
        return `${who} moved the piece on ${n(0)} to ${n(1)}, which the rules do not allow.`;
      case 'takeback':
        return `${who} took back the move already played.`;
      case 'opponent-piece':
        return `${who} moved ${sideName(opposite(side))}'s piece from ${n(0)} to ${n(1)}.`;
      case 'capture-missed':
        return `${who} played ${n(0)}-${n(1)} although a capture was compulsory.`;
      case 'removed-without-reason':
        return `${who} took ${pieces(v, squares)} off the board without reason.`;
      case 'not-maximum-capture':
        return `${who} captured from ${n(0)} to ${n(1)}${rest.length > 0 ? `, taking ${pieces(v, rest)},` : ''} but ${NOT_MAXIMUM[v.captureChoice]}.`;
      case 'capture-stopped':
        return `${who} stopped on ${n(1)} in the middle of the capture from ${n(0)}.`;
      case 'early-removal':
        return `${who} took a captured piece off before the capture from ${n(0)} was finished.`;
      case 'incomplete-removal':
        return `${who} left the captured ${new Set(squares).size === 1 ? 'piece' : 'pieces'} on ${squaresText(v, squares)} on the board.`;
      case 'removed-not-jumped':
        return `${who} took off ${pieces(v, squares)}, which ${new Set(squares).size === 1 ? 'was' : 'were'} not jumped.`;
      case 'removed-own':
        return `${who} took off ${new Set(squares).size === 1 ? 'an own piece' : 'own pieces'} on ${squaresText(v, squares)} during the capture.`;
      case 'removal-order':
        return `${who} took the pieces captured from ${n(0)} off neither in the order of the capture nor in its reverse.`;
      case 'touch-out-of-turn':
        return `${who} touched the piece on ${n(0)} while not on move.`;
      case 'jumps-not-shown':
        return `${who} did not show the multiple capture from ${n(0)} jump by jump.`;
    }
  },
  mismatch(v: Variant, clear: readonly number[], fill: readonly Fill[]): string {
    const parts: string[] = [];
    if (clear.length > 0) parts.push(`clear ${clear.map((s) => squareName(v, s)).join(', ')}`);
    if (fill.length > 0) parts.push(`put back ${fill.map((f) => `${pieceText(f.piece)} on ${squareName(v, f.square)}`).join(', ')}`);
    return `The board does not show the game: ${parts.join('; ')}.`;
  },
  /**
   * What the hands must do to bring the board to a position, in one sentence after `lead`:
   * `Put the position back: take the pieces off 28 and 30, put a white man on 32.` Pieces to put
   * down are grouped by kind (`put white men on 31-50`).
   */
  steps(v: Variant, lead: string, clear: readonly number[], fill: readonly Fill[]): string {
    const parts: string[] = [];
    if (clear.length > 0) parts.push(`take ${clear.length === 1 ? 'the piece' : 'the pieces'} off ${squaresText(v, clear)}`);
    const kinds = new Map<number, number[]>();
    for (const f of fill) kinds.set(f.piece, [...(kinds.get(f.piece) ?? []), f.square]);
    for (const [piece, squares] of [...kinds].sort((a, b) => a[1][0] - b[1][0])) {
      const kind = pieceText(piece);
      parts.push(`put ${squares.length === 1 ? kind : `${kind.slice(2).replace(/man$/, 'men').replace(/king$/, 'kings')}`} on ${squaresText(v, squares)}`);
    }
    return `${lead}: ${parts.length > 0 ? listText(parts) : 'nothing to do'}.`;
  },
};
