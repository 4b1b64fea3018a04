// The words for the slips people make writing moves down. The rules name each slip by its kind;
// the words come from a table handed in, English (`pdn check --suggest`) unless the caller gives
// its own (the host's catalogues, in the game's language).

/** How a square's name was miswritten for another. */
export type SquareSlip = 'lookalike' | 'digits-swapped' | 'one-off' | 'row-off' | 'two-rows-off' | 'file-off' | 'rank-off' | 'diagonal-off' | 'misread' | 'dropped-added';

/** How a whole move was miswritten. */
export type MoveSlip = 'from-to-swapped' | 'other-side' | 'files-swapped' | 'ranks-swapped' | 'capture-route' | 'plain-route';

/** How a sheet has a move too few or too many. */
export type SheetSlip = 'left-out' | 'written-twice' | 'too-many';

/**
 * The words for each slip in one language.
 *
 * @example ENGLISH_SLIPS.square('23', '32', 'digits-swapped') // '23 for 32, digits swapped'
 */
export interface SlipWords {
  /** `written` for the square `name`, and how (null: no slip that explains it). */
  square(written: string, name: string, slip: SquareSlip | null): string;
  move(slip: MoveSlip): string;
  sheet(slip: SheetSlip): string;
  /** Two or more slips of one move said together. */
  join(whys: readonly string[]): string;
}

const SQUARE: Readonly<Record<SquareSlip, string>> = {
  lookalike: 'a letter typed for a digit',
  'digits-swapped': 'digits swapped',
  'one-off': 'one off',
  'row-off': 'a row off',
  'two-rows-off': 'two rows off',
  'file-off': 'a file off',
  'rank-off': 'a rank off',
  'diagonal-off': 'a diagonal off',
  misread: 'a character misread',
  'dropped-added': 'a character dropped or added',
};

const MOVE: Readonly<Record<MoveSlip, string>> = {
  'from-to-swapped': 'from and to swapped',
  'other-side': 'written from the other side of the board',
  'files-swapped': 'the files of from and to swapped',
  'ranks-swapped': 'the ranks of from and to swapped',
  'capture-route': 'another capture route',
  'plain-route': 'a route written for a plain move',
};

const SHEET: Readonly<Record<SheetSlip, string>> = {
  'left-out': "a move left out: the moves after it are the other side's",
  'written-twice': 'written twice',
  'too-many': "a move too many: the moves after it are the other side's",
};

/** The slips in English. */
export const ENGLISH_SLIPS: SlipWords = {
  square: (written, name, slip) => `${written} for ${name}${slip ? `, ${SQUARE[slip]}` : ''}`,
  move: (slip) => MOVE[slip],
  sheet: (slip) => SHEET[slip],
  join: (whys) => whys.join('; '),
};
