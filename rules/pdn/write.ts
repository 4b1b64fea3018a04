// The strict PDN writer of the syntax layer: it writes only what the PDN 3.0 grammar
// (wiegerw/pdn, doc/grammar.rst, "PDN 3.0 Grammar" and "PDN 3.0 Restrictions") allows, so that
// any PDN reader, and parsePdnText here, reads back the same tags, moves, comments and result.

import { collapseWhitespace } from './lexer.ts';

/** A tag pair to write; the value may hold any text (quotes and backslashes are escaped). */
export interface WritableTag {
  name: string;
  value: string;
}

/**
 * A move to write.
 *
 * Move numbers are the caller's: the writer prints `number` before a move that has one and
 * nothing before a move that has none. Set `number` on every white move, and on a black move
 * that opens the movetext (a game from a position with black to move) together with
 * `blackFirst: true`, which prints `12...` instead of `12.`.
 *
 * `nags`: move strengths (`!`, `?`, `!!`, `??`, `!?`, `?!`) and NAGs (`$3`). The first strength
 * is glued to the move (`32-28!?`); later strengths and `*` (forced move) are written as their
 * NAG (`$1`..`$7`), as the standard's restrictions ask.
 *
 * @example { kind: 'move', text: '19-23', number: 1, blackFirst: true, comments: ['the usual reply'] }
 * // writes: 1... 19-23 {the usual reply}
 */
export interface WritableMove {
  kind: 'move';
  /** The move: squares (1-99 without leading zeros, or a letter and a number) joined by `-` (two squares) or by `x`/`:` (a capture). */
  text: string;
  number?: number;
  blackFirst?: boolean;
  comments?: string[];
  nags?: string[];
  /** Comments written before the move (a variation's opening comment). */
  preComments?: string[];
  /** Alternatives to this move, each written in parentheses after it. */
  variations?: WritableNode[][];
}

/** A position set up inside the movetext, written `/FEN "..."/`. */
export interface WritableSetup {
  kind: 'setup';
  fen: string;
}

/** One element of the movetext to write. */
export type WritableNode = WritableMove | WritableSetup;

/** A game to write: tags, movetext and the result that ends it. */
export interface WritableGame {
  tags: WritableTag[];
  moves: WritableNode[];
  /** One of `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`. */
  result: string;
  /** Comments before the first move. */
  preComments?: string[];
}

/** Options of {@link writePdnGame}. */
export interface WriteOptions {
  /** Movetext lines are wrapped to at most this many characters where possible (default 80). Tag lines are never wrapped. */
  lineWidth?: number;
}

const STRENGTH_NAG = new Map([
  ['!', '$1'],
  ['?', '$2'],
  ['!!', '$3'],
  ['??', '$4'],
  ['!?', '$5'],
  ['?!', '$6'],
  ['*', '$7'],
]);
const RESULTS = new Set(['2-0', '0-2', '1-1', '1-0', '0-1', '1/2-1/2', '0-0', '*']);
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const SQUARE = '(?:[1-9][0-9]?|[a-z][1-9][0-9]?)';
const MOVE = new RegExp(`^${SQUARE}(?:-${SQUARE}|(?:x${SQUARE})+|(?::${SQUARE})+)$`);
const NAG = /^\$[0-9]+$/;

/**
 * Writes one game as strict PDN 3.0: tag lines, a blank line, the movetext wrapped at
 * `lineWidth`, the result, and a blank line, so games can be concatenated into one file.
 * Tag values are escaped (`"` as `\"`, `\` as `\\`; line breaks and tabs become spaces).
 * Comments are written in braces with `{` and `}` removed and whitespace collapsed.
 *
 * Throws a RangeError for input that strict PDN cannot express: a tag name that is not an
 * identifier, a move text that is not a move, an unknown NAG, an unknown result, a FEN holding
 * `/` or `"`. These are programmer errors: the caller controls what it writes.
 *
 * @example
 * writePdnGame({ tags: [{ name: 'Result', value: '2-0' }],
 *   moves: [{ kind: 'move', text: '32-28', number: 1 }, { kind: 'move', text: '19-23' }], result: '2-0' });
 * // '[Result "2-0"]\n\n1. 32-28 19-23 2-0\n\n'
 */
export function writePdnGame(game: WritableGame, opts?: WriteOptions): string {
  const width = opts?.lineWidth ?? 80;
  let out = '';
  for (const tag of game.tags) {
    if (!TAG_NAME.test(tag.name)) throw new RangeError(`PDN tag name ${JSON.stringify(tag.name)} is not an identifier such as Event`);
    const value = tag.value.replace(/[\\"]/g, '\\$&').replace(/[\r\n\t]/g, ' ');
    out += `[${tag.name} "${value}"]\n`;
  }
  if (out) out += '\n';

  const atoms: string[] = [];
  pushComments(atoms, game.preComments);
  pushMoves(atoms, game.moves);
  if (!RESULTS.has(game.result)) throw new RangeError(`PDN result ${JSON.stringify(game.result)} is not one of ${[...RESULTS].join(' ')}`);
  atoms.push(game.result);

  let line = '';
  for (const atom of atoms) {
    if (line && line.length + 1 + atom.length > width) {
      out += `${line}\n`;
      line = atom;
    } else {
      line = line ? `${line} ${atom}` : atom;
    }
  }
  return `${out}${line}\n\n`;
}

/**
 * The atoms of a movetext, variations in parentheses after their move. Walked with a stack of
 * the lines being written, not by recursion, so variations may nest as deep as memory allows.
 */
function pushMoves(atoms: string[], moves: readonly WritableNode[]): void {
  // The lines being written: the movetext and the variations open inside it, each with the next
  // of its moves to write and the index of its first atom.
  const stack: { moves: readonly WritableNode[]; next: number; variation: boolean; start: number }[] = [{ moves, next: 0, variation: false, start: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === 0) top.start = atoms.length;
    if (top.next === top.moves.length) {
      stack.pop();
      // A variation in parentheses, unless it wrote nothing.
      if (top.variation && atoms.length > top.start) {
        atoms[top.start] = `(${atoms[top.start]}`;
        atoms[atoms.length - 1] += ')';
      }
      continue;
    }
    const node = top.moves[top.next++];
    if (node.kind === 'setup') {
      if (/[/"\r\n]/.test(node.fen)) throw new RangeError(`FEN ${JSON.stringify(node.fen)} cannot be written in a PDN setup: it holds '/', '"' or a line break`);
      atoms.push(`/FEN "${node.fen}"/`);
      continue;
    }
    pushComments(atoms, node.preComments);
    atoms.push(moveAtom(node));
    for (const nag of laterNags(node)) atoms.push(nag);
    pushComments(atoms, node.comments);
    // Its variations come next, the first one first: it is pushed last.
    const lines = node.variations ?? [];
    for (let k = lines.length - 1; k >= 0; k--) stack.push({ moves: lines[k], next: 0, variation: true, start: 0 });
  }
}

function pushComments(atoms: string[], comments: readonly string[] | undefined): void {
  for (const comment of comments ?? []) {
    const words = collapseWhitespace(comment.replace(/[{}]/g, '')).split(' ');
    words[0] = `{${words[0]}`;
    words[words.length - 1] += '}';
    for (const word of words) atoms.push(word);
  }
}

function moveAtom(move: WritableMove): string {
  if (!MOVE.test(move.text) || move.text === '1-1') throw new RangeError(`PDN move ${JSON.stringify(move.text)} is not a move such as 32-28, 32x23x14 or c3:e5`);
  const strength = move.nags?.find(isGluable) ?? '';
  const text = move.text + strength;
  if (move.number === undefined) return text;
  if (!Number.isSafeInteger(move.number) || move.number < 0) throw new RangeError(`PDN move number ${move.number} is not a whole number`);
  return `${move.number}${move.blackFirst ? '...' : '.'} ${text}`;
}

/** The NAGs written after the move: all but the glued strength, strengths as their NAG. */
function laterNags(move: WritableMove): string[] {
  const out: string[] = [];
  let glued = false;
  for (const nag of move.nags ?? []) {
    const asNag = STRENGTH_NAG.get(nag);
    if (!glued && isGluable(nag)) {
      glued = true;
    } else if (asNag) {
      out.push(asNag);
    } else if (NAG.test(nag)) {
      out.push(nag);
    } else {
      throw new RangeError(`PDN annotation ${JSON.stringify(nag)} is not a move strength such as !? or a NAG such as $3`);
    }
  }
  return out;
}

function isGluable(nag: string): boolean {
  return nag !== '*' && STRENGTH_NAG.has(nag);
}
