import type { Variant } from '../../../rules/index.ts';
import { KING, squareName, writeFen } from '../../../rules/index.ts';
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

/** The same output as a line for people. */
export function outputText(v: Variant, o: RefereeOutput): string {
  const j = outputJson(v, o);
  switch (o.type) {
    case 'move':
      return `${o.ply}. ${o.side} ${o.text}`;
    case 'irregularity':
      return `irregularity ${o.code} (article ${o.article}, ${o.decision === 'decide' ? 'the opponent decides: accept or correct' : 'noted'}): ${o.message}`;
    case 'mismatch':
      return `mismatch: ${o.message}`;
    case 'result':
      return `result ${o.result}: ${o.reason} (article ${o.article})`;
    default:
      return `${o.type} ${JSON.stringify(j)}`;
  }
}
