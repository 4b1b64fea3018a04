import type { Variant } from '../../../rules/index.ts';
import { KING, opposite, squareName, writeFen } from '../../../rules/index.ts';
import { RESULT_REASONS, describe, sideName, squaresText } from './describe.ts';
import type { Fill, RefereeOutput } from './types.ts';

/** A square as JSON: a number in numbered notation, a string (`"c3"`) in algebraic. */
function sq(v: Variant, s: number): number | string {
  const name = squareName(v, s);
  return v.notation === 'numeric' ? Number(name) : name;
}

function fill(v: Variant, f: Fill): { square: number | string; piece: string } {
  return { square: sq(v, f.square), piece: `${f.piece & 1 ? 'white' : 'black'} ${f.piece & KING ? 'king' : 'man'}` };
}

/**
 * The JSON line of an output (the `dambord replay --json` contract of the brief): moves with
 * their PDN text and the FEN after them, irregularities with code, article and squares in the
 * variant's notation, results.
 */
export function outputJson(v: Variant, o: RefereeOutput): Record<string, unknown> {
  switch (o.type) {
    case 'move':
      return { type: 'move', ply: o.ply, move: o.text, side: o.side, fen: writeFen(o.after) };
    case 'irregularity':
      return { type: 'irregularity', code: o.code, article: o.article, squares: o.squares.map((s) => sq(v, s)), decision: o.decision, message: o.message };
    case 'correction':
      return { type: 'correction', clear: o.clear.map((s) => sq(v, s)), fill: o.fill.map((f) => fill(v, f)), fen: writeFen(o.target) };
    case 'corrected':
      return { type: 'corrected', fen: writeFen(o.position) };
    case 'accepted':
      return { type: 'accepted', code: o.code, article: o.article, fen: writeFen(o.position) };
    case 'mismatch':
      return { type: 'mismatch', clear: o.clear.map((s) => sq(v, s)), fill: o.fill.map((f) => fill(v, f)), message: o.message };
    case 'matched':
      return { type: 'matched' };
    case 'crowned':
      return { type: 'crowned', square: sq(v, o.square) };
    case 'adjusted':
      return { type: 'adjusted', squares: o.squares.map((s) => sq(v, s)) };
    case 'result':
      return { type: 'result', result: o.result, winner: o.winner, reason: o.reason, article: o.article };
  }
}

/**
 * The same output as a sentence for people (the log of `dambord play` and its page), squares in
 * words, never raw data.
 *
 * @example outputText(v, move)        // 'White played 32-28.'
 * @example outputText(v, irregularity) // 'Irregularity, article 5.4.3 (touch-move): White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played. Black decides: accept or correct.'
 */
export function outputText(v: Variant, o: RefereeOutput): string {
  switch (o.type) {
    case 'move':
      return `${sideName(o.side)} played ${o.text}.`;
    case 'irregularity': {
      const said = describe.said(v, o.code, o.squares, o.side);
      return o.decision === 'decide'
        ? `Irregularity, article ${o.article} (${o.code}): ${said} ${sideName(opposite(o.side))} decides: accept or correct.`
        : `Noted, article ${o.article} (${o.code}): ${said} Play goes on.`;
    }
    case 'correction':
      return describe.steps(v, 'Put the position back', o.clear, o.fill);
    case 'corrected':
      return `The position is put back; ${sideName(o.position.turn)} to move.`;
    case 'accepted':
      if (o.silent) return `The last move is taken back; ${sideName(o.position.turn)} to move.`;
      return o.code === 'takeback' ? `The move taken back stays off the board (${o.code}, article ${o.article}); ${sideName(o.position.turn)} to move.` : `The irregularity stands (${o.code}, article ${o.article}).`;
    case 'mismatch':
      return describe.steps(v, 'The board does not show the game', o.clear, o.fill);
    case 'matched':
      return 'The board shows the game again.';
    case 'crowned':
      return `The man on ${squareName(v, o.square)} is crowned.`;
    case 'adjusted':
      return `${o.squares.length === 1 ? 'The piece' : 'The pieces'} on ${squaresText(v, o.squares)} adjusted (j'adoube, article ${v.handling.adjust}).`;
    case 'result':
      return `The game is over, ${o.result}: ${RESULT_REASONS[o.reason] ?? o.reason} (article ${o.article}).`;
  }
}
