// The slips people make writing moves down, by kind. The rules name each slip by its kind; the
// words come from a table the caller hands in (the host's catalogues, host/game/slipWords.ts, in
// the language of whoever reads them).

/** How a square's name was miswritten for another. */
export type SquareSlip = 'lookalike' | 'digits-swapped' | 'one-off' | 'row-off' | 'two-rows-off' | 'file-off' | 'rank-off' | 'diagonal-off' | 'misread' | 'dropped-added';

/** How a whole move was miswritten. */
export type MoveSlip = 'from-to-swapped' | 'other-side' | 'files-swapped' | 'ranks-swapped' | 'capture-route' | 'plain-route';

/** How a sheet has a move too few or too many. */
export type SheetSlip = 'left-out' | 'written-twice' | 'too-many';

/**
 * The words for each slip in one language.
 *
 * @example SLIP_CODES.square('23', '32', 'digits-swapped') // '23 for 32 digits-swapped'
 */
export interface SlipWords {
  /** `written` for the square `name`, and how (null: no slip that explains it). */
  square(written: string, name: string, slip: SquareSlip | null): string;
  move(slip: MoveSlip): string;
  sheet(slip: SheetSlip): string;
  /** Two or more slips of one move said together. */
  join(whys: readonly string[]): string;
}

/**
 * The slips by their codes, for callers that show no words (a file's variant is guessed from how
 * well its sheets read, not from what is said of them): `23 for 32 digits-swapped`. The words
 * people read are the catalogues' (host/game/slipWords.ts), in their language.
 */
export const SLIP_CODES: SlipWords = {
  square: (written, name, slip) => `${written} for ${name}${slip ? ` ${slip}` : ''}`,
  move: (slip) => slip,
  sheet: (slip) => slip,
  join: (whys) => whys.join('; '),
};
