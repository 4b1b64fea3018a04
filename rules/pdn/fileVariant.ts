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

/** The variant every game of the PDN `text` fits, read with `options` (see {@link FileVariantOf}). */
export function readFileVariant(text: string, options: ReadPdnOptions = {}): FileVariant | undefined {
  const of = new FileVariantOf();
  for (const item of readPdnGames(text, options)) if (item.kind === 'game') of.add(item.game);
  return of.result();
}
