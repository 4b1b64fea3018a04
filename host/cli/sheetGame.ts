// A game of a PDN file (or of a plain typed list of moves, which the PDN reader takes as a game
// without tags) read as a scoresheet: its moves as written, the start they are read from, and
// its tags; for `dambord pdn compare` and `dambord digitise --guide`.

import { fileOptions, pdnTextItems, replayGame } from '../../rules/index.ts';
import type { PdnErrorCode, PdnGame, PdnTag, ReadPdnOptions } from '../../rules/index.ts';
import { writtenSquares } from '../../rules/slips/read.ts';
import { wordsAfter, writtenSheet } from '../../rules/slips/sheet.ts';
import type { WrittenSheet } from '../../rules/slips/sheet.ts';
import { noGameNumbered } from './pdnLabels.ts';

/** The replay errors of a sheet that is read as written and checked for slips: a move that is not one legal move. */
export const SLIP_CODES: readonly PdnErrorCode[] = ['illegal-move', 'ambiguous-move', 'unreadable-move', 'variant-ambiguous'];

/** A game of a file read as a scoresheet, or why it cannot be. */
export type SheetGame =
  | { readonly ok: true; readonly sheet: WrittenSheet; readonly game: PdnGame; readonly tags: readonly PdnTag[] }
  | { readonly ok: false; readonly error: string };

/**
 * Game `wanted` (from 1) of `text`, the file `name`, read as its scoresheet was written (its
 * variant `options.variant`, its tags', or guessed from the moves and the file's other games; a
 * word that is not a move read as a written move, as `pdn check --suggest` reads it); or why
 * not: there is no such game, or it sets up a position inside its moves, which a scoresheet does
 * not.
 */
export function sheetGame(text: string, name: string, wanted: number, options: ReadPdnOptions = {}): SheetGame {
  let n = 0;
  const items = [...pdnTextItems(text)];
  // The games of one file are of one variant, where one fits them all (as pdn check reads them).
  const read = fileOptions(text, options).result;
  for (const [k, item] of items.entries()) {
    if (item.kind !== 'game' || ++n !== wanted) continue;
    const game = replayGame(item.game, read);
    // A word that is not a move ends the game for the PDN reader: the words after it are read as written moves.
    const end = items.slice(k + 1).find((i) => i.kind === 'game')?.game.pos.offset ?? text.length;
    const rest = game.error?.code === 'not-a-move' ? wordsAfter(text, game.error.pos.offset, end, game.error.pos) : [];
    const sheet = writtenSheet(item.game, game, read, rest);
    if (!sheet) return { ok: false, error: `${name}, game ${wanted}: the game sets up a position inside its moves, which a scoresheet does not` };
    return { ok: true, sheet, game, tags: item.game.tags };
  }
  return { ok: false, error: noGameNumbered(name, n, wanted) };
}

/**
 * Game `wanted` of `text` as a sheet to play through on the board (`dambord digitise --guide`):
 * as {@link sheetGame}, and besides refused when it is not PDN (text the reader cannot read,
 * words of which not even half are moves) or has no moves. Its slips (moves that cannot be
 * played as written, words typed wrong) are the guide's to show.
 */
export function guideSheet(text: string, name: string, wanted: number, options: ReadPdnOptions = {}): SheetGame {
  const r = sheetGame(text, name, wanted, options);
  if (!r.ok) return r;
  const error = r.game.error;
  const { start, written } = r.sheet;
  if (error && error.code !== 'not-a-move' && !SLIP_CODES.includes(error.code)) return { ok: false, error: `${name}, game ${wanted}, cannot be read as a scoresheet: ${error.reason}` };
  if (written.length === 0) return { ok: false, error: `${name}, game ${wanted}, has no moves: nothing to play through` };
  const moves = written.filter((w) => writtenSquares(start, w) !== null).length;
  if (moves * 2 < written.length) return { ok: false, error: `${name}, game ${wanted}, is not a scoresheet: ${moves} of its ${written.length} words are moves (${written.slice(0, 3).join(' ')}...)` };
  return r;
}
