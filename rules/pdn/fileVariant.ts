// The variant of a PDN file's games read without a GameType tag, taken together: the games of
// one file (a tournament's, a club's) are of one variant, so a game whose moves are legal in
// several 8x8 variants is read as the one every game of its file fits.

import type { Variant } from '../variant.ts';
import { readPdnGames } from './game.ts';
import type { PdnGame, ReadPdnOptions } from './game.ts';

/** The variant every game of a file fits, and whether it reads a game otherwise than that game's own guess. */
export interface FileVariant {
  readonly variant: Variant;
  /** A game guessed on its own was read as another variant: read the file again with `prefer`. */
  readonly overrules: boolean;
}

/**
 * Gathers the games of one file as they were read (without `prefer`), one at a time. A game
 * with no moves (and no FEN) fits any variant; a bad game counts only when its moves were found
 * legal in some variants (`legalIn`).
 *
 * @example const f = new FileVariantOf(); for (const g of games) f.add(g); f.result()?.variant
 */
export class FileVariantOf {
  private all: readonly Variant[] | null = null;
  private guessed = false;
  /** What the games `prefer` may read otherwise were read as: the guesses among several, the games with no moves. */
  private readonly readAs = new Set<Variant>();

  /** Takes the game `g` into account. */
  add(g: PdnGame): void {
    if (g.line.length === 0 && !g.error && g.variantSource === 'default' && !g.tags.some((t) => t.name.toLowerCase() === 'fen')) {
      this.readAs.add(g.variant);
      return;
    }
    const fits = g.legalIn ?? (g.error ? null : [g.variant]);
    if (!fits) return;
    if (g.legalIn) this.guessed = true;
    if (fits.length > 1) this.readAs.add(fits[0]);
    this.all = this.all ? this.all.filter((v) => fits.includes(v)) : fits;
  }

  /**
   * The variant every game fits, when some game was guessed from its moves (the first of them
   * in the order of guessing); none when no game was, or no one variant fits them all.
   */
  result(): FileVariant | undefined {
    const all = this.all;
    if (!this.guessed || !all || all.length === 0) return undefined;
    return { variant: all[0], overrules: [...this.readAs].some((v) => v !== all[0]) };
  }
}

/** A file's games as {@link readAsFile} read them: what the last reading gave, and the file's variant (none when `options.variant` names it). */
export interface FileReading<T> {
  readonly result: T;
  readonly file: FileVariant | undefined;
}

/**
 * Reads the games of one PDN file as dambord reads every file (pdn check and convert, compare,
 * digitise --guide, archive import): with `options.variant` when it is given; otherwise each
 * game by its tags or its moves, and, when the games guessed are all of one variant that some
 * game was not read as ({@link FileVariant.overrules}), all of them again preferring that
 * variant. `read` reads the file with the options it is given, telling `seen` each game it
 * replays; `seen` is absent on the reading that stands whatever it sees (the file's variant
 * given, or the second reading), so a reader that only looks for the variant may skip it.
 * `read` keeps nothing from one call to the next.
 *
 * @example
 * const errors = readAsFile({}, (o, seen) => {
 *   let n = 0;
 *   for (const item of readPdnGames(text, o)) if (item.kind === 'game') n += (seen?.(item.game), item.game.error ? 1 : 0);
 *   return n;
 * }).result;
 */
export function readAsFile<T>(options: ReadPdnOptions, read: (options: ReadPdnOptions, seen?: (g: PdnGame) => void) => T): FileReading<T> {
  if (options.variant) return { result: read(options), file: undefined };
  const of = new FileVariantOf();
  const first = read(options, (g) => of.add(g));
  const file = of.result();
  return { result: file?.overrules ? read({ ...options, prefer: file.variant }) : first, file };
}

/**
 * The options to read the games of the PDN `text` with, by {@link readAsFile}, for a reader that
 * reads the file once, or one game of it, after the file's variant is known: that variant is
 * preferred whenever it is known (the games read as {@link readAsFile} reads them; a sheet's
 * slips are read in it first, rules/slips/sheet.ts).
 *
 * @example for (const item of readPdnGames(text, fileOptions(text).result)) ...
 */
export function fileOptions(text: string, options: ReadPdnOptions = {}): FileReading<ReadPdnOptions> {
  const { file } = readAsFile(options, (o, seen) => {
    if (seen) for (const item of readPdnGames(text, o)) if (item.kind === 'game') seen(item.game);
  });
  return { result: file ? { ...options, prefer: file.variant } : options, file };
}
