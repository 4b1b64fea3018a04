// A scoresheet as written: the main line's moves of a PDN game (or of a plain typed list of
// moves, which the PDN reader takes as a game without tags) and the variant they are read in.

import { parseFen } from '../fen.ts';
import { preferredFirst } from '../pdn/game.ts';
import type { PdnGame, ReadPdnOptions } from '../pdn/game.ts';
import type { SourcePos } from '../pdn/errors.ts';
import type { PdnGameSyntax } from '../pdn/syntax.ts';
import type { Position } from '../position.ts';
import type { Variant } from '../variant.ts';
import { variants } from '../variants/index.ts';
import { readWritten } from './read.ts';

/** The moves of a sheet as written, where each is in the text, and the start they are read from. */
export interface WrittenSheet {
  readonly variant: Variant;
  /** The variant was not named (no option, GameType or Variant tag) and is not the PDN default, international: it is the one in which the written moves read furthest. */
  readonly guessed: boolean;
  readonly start: Position;
  readonly written: readonly string[];
  readonly pos: readonly SourcePos[];
}

/** A word of the text, where it is. */
export interface Word {
  readonly text: string;
  readonly pos: SourcePos;
}

/**
 * The words of a sheet's movetext from `offset` to `end`, where the PDN reader stopped at a word
 * that is not a move (`5-1O` typed for 5-10): each word a written move, move numbers, results,
 * comments and variations left out, so that the sheet can be checked on past it.
 */
export function wordsAfter(text: string, offset: number, end: number, at: SourcePos): Word[] {
  const out: Word[] = [];
  const part = text.slice(offset, end).replace(/\{[^}]*\}|\([^()]*\)|;[^\n]*/g, (m) => ' '.repeat(m.length));
  for (const m of part.matchAll(/\S+/g)) {
    const word = m[0].replace(/^\d+\.+/, '');
    if (word === '' || /^(\.\.\.|\*|[012]-[012]|1\/2-1\/2|0-0)$/.test(word) || /^\[/.test(word)) continue;
    const before = text.slice(offset, offset + m.index);
    const lines = before.split('\n');
    const line = at.line + lines.length - 1;
    const column = lines.length === 1 ? at.column + m.index : lines[lines.length - 1].length + 1;
    out.push({ text: word, pos: { line, column, offset: offset + m.index } });
  }
  return out;
}

/**
 * The written main line of a game that its replay stopped in, ready to be checked, with `rest`:
 * the words after a word that is not a move ({@link wordsAfter}); null when the main line sets
 * up a position in its moves (`/FEN/`), which a sheet does not.
 */
export function writtenSheet(syntax: PdnGameSyntax, replayed: PdnGame, options: ReadPdnOptions = {}, rest: readonly Word[] = []): WrittenSheet | null {
  if (syntax.moves.some((n) => n.kind !== 'move')) return null;
  const moves = syntax.moves.flatMap((n) => (n.kind === 'move' ? [n] : []));
  const written = [...moves.map((n) => n.text), ...rest.map((w) => w.text)];
  const pos = [...moves.map((n) => n.pos), ...rest.map((w) => w.pos)];
  const named = options.variant !== undefined || replayed.variantSource === 'GameType' || replayed.variantSource === 'Variant';
  if (named) return { variant: replayed.variant, guessed: false, start: replayed.start, written, pos };
  // Numbers on 10x10 are international; on 8x8 English. a1-h8 is Russian, Brazilian or Czech.
  const algebraic = /^[a-h]/i.test(written[0] ?? '');
  // The file's variant first (options.prefer): it is taken where the others read no further.
  const choices = preferredFirst(algebraic ? [variants.russian, variants.brazilian, variants.czech] : [variants.international, variants.english], options.prefer);
  const fen = syntax.tags.find((t) => t.name.toLowerCase() === 'fen')?.value;
  let best: WrittenSheet | null = null;
  let far = -1;
  for (const v of choices) {
    const start = parseFen(v, fen ?? v.startFen);
    if (!start.ok) continue;
    const r = readWritten(start.position, written).stop;
    if (r > far) [far, best] = [r, { variant: v, guessed: v !== variants.international, start: start.position, written, pos }];
  }
  return best;
}
