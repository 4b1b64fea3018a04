import type { Variant } from '../../../rules/index.ts';
import { KING, opposite, squareName, writeFen } from '../../../rules/index.ts';
import { sayWords } from '../../words/said.ts';
import { say } from '../../words/catalogue.ts';
import type { Language } from '../../words/catalogue.ts';
import { describe, resultReason, squaresText } from './describe.ts';
import type { Foresight } from './foresee.ts';
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
 * words, never raw data, in `lang` (the catalogues' `log.*`).
 *
 * @example outputText(v, move)        // 'White played 32-28.'
 * @example outputText(v, irregularity) // 'Irregularity, article 5.4.3 (touch-move): White touched the piece on 31 and moved the piece on 32 instead: the touched piece must be played. Black decides: accept or correct.'
 */
export function outputText(v: Variant, o: RefereeOutput, lang: Language = 'en'): string {
  switch (o.type) {
    case 'move':
      return say(lang, 'log.move', { side: o.side, move: o.text });
    case 'irregularity': {
      const values = { article: o.article, code: o.code, said: describe.said(v, o.code, o.squares, o.side, lang), decider: opposite(o.side) };
      return say(lang, o.decision === 'decide' ? 'log.irregularity' : 'log.noted', values);
    }
    case 'correction':
      return describe.steps(v, 'correction', o.clear, o.fill, lang);
    case 'corrected':
      return say(lang, 'log.corrected', { side: o.position.turn });
    case 'accepted':
      if (o.silent || o.asked) return say(lang, 'log.taken-back', { side: o.position.turn });
      return say(lang, o.code === 'takeback' ? 'log.takeback' : 'log.accepted', { code: o.code, article: o.article, side: o.position.turn });
    case 'mismatch':
      return describe.steps(v, 'mismatch', o.clear, o.fill, lang);
    case 'matched':
      return say(lang, 'matched');
    case 'crowned':
      return say(lang, 'log.crowned', { square: squareName(v, o.square) });
    case 'adjusted':
      return say(lang, 'log.adjusted', { count: o.squares.length, squares: squaresText(v, o.squares, lang), article: v.handling.adjust });
    case 'result':
      return say(lang, 'log.result', { result: o.result, reason: resultReason(o.reason, lang), article: o.article });
  }
}

/**
 * The JSON line of something still waiting when an action script ends (`replay --json` never
 * ends silently): an irregularity with code, article, the side that made it, who `decides` (or
 * `decision` `note`) and `fen`, the position if it stands; or the board to put right (`code`
 * `mismatch`, or `correction` for a correction not finished).
 *
 * @example pendingJson(v, f) // {type:'pending', code:'capture-missed', article:'5.4.6', squares:[33,29], side:'white', decision:'decide', decides:'black', fen:'B:W28,29,...', message:'...'}
 */
export function pendingJson(v: Variant, f: Foresight): Record<string, unknown> {
  if (f.kind === 'mismatch') return { type: 'pending', code: f.code, clear: f.clear.map((s) => sq(v, s)), fill: f.fill.map((x) => fill(v, x)), message: f.message };
  const decides = f.decision === 'decide' ? { decides: opposite(f.side) } : {};
  return { type: 'pending', code: f.code, article: f.article, squares: f.squares.map((s) => sq(v, s)), side: f.side, decision: f.decision, ...decides, fen: writeFen(f.stands), message: f.message };
}

/** The same for people: `Pending, article 5.4.6 (capture-missed): White played 33-29 although ... Black decides once White presses the clock or Black moves.` */
export function pendingText(f: Foresight, lang: Language = 'en'): string {
  const text = sayWords(lang, f.said);
  if (f.kind === 'mismatch') return say(lang, 'log.pending.board', { text });
  return say(lang, 'log.pending', { article: f.article, code: f.code, text });
}
