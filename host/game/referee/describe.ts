import type { Color, Variant } from '../../../rules/index.ts';
import { KING, squareName } from '../../../rules/index.ts';
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

/** Sentences for people, squares in the variant's notation. */
export const describe = {
  irregularity(v: Variant, code: IrregularityCode, squares: readonly number[], turn: Color, actor?: Color): string {
    const other = code === 'two-moves' || code === 'touch-out-of-turn' || code === 'takeback';
    const side = actor ?? (other === (turn === 'white') ? 'black' : 'white');
    const who = side === 'white' ? 'White' : 'Black';
    const at = squares.length > 0 ? ` (${squares.map((s) => squareName(v, s)).join(', ')})` : '';
    return `${who} ${code === 'not-maximum-capture' ? NOT_MAXIMUM[v.captureChoice] : TEXT[code]}${at}.`;
  },
  mismatch(v: Variant, clear: readonly number[], fill: readonly Fill[]): string {
    const parts: string[] = [];
    if (clear.length > 0) parts.push(`clear ${clear.map((s) => squareName(v, s)).join(', ')}`);
    if (fill.length > 0) parts.push(`put back ${fill.map((f) => `${f.piece & 1 ? 'a white' : 'a black'} ${f.piece & KING ? 'king' : 'man'} on ${squareName(v, f.square)}`).join(', ')}`);
    return `The board does not show the game: ${parts.join('; ')}.`;
  },
};
