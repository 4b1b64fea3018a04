// What the rulebooks say about hands, written from the rulebooks themselves (seeds 000/002 FMJD,
// 001 Czech, 004 Standard Laws of Checkers), independently of the product's referee and tables.

import type { Variant } from '../../rules/index.ts';

/**
 * One way hands handle pieces, each from a rulebook article (see {@link BEHAVIOURS} for the
 * article and per-variant legality).
 */
export type Behaviour =
  | 'plain'
  | 'hold'
  | 'think'
  | 'rethink'
  | 'jadoube'
  | 'show-jumps'
  | 'partial-jumps'
  | 'sweep'
  | 'slide'
  | 'slow-removal'
  | 'capture-order'
  | 'reverse-removal'
  | 'any-order-removal'
  | 'captured-first'
  | 'clock'
  | 'clock-before-removal'
  | 'king-ended-by-clock'
  | 'king-ended-by-next'
  | 'crown'
  | 'touch-out-of-turn';

/** The product's irregularity codes (FMJD 5.4 and neighbours), plus `jumps-not-shown` (FMJD 4.9, Czech cl. 4.9). */
export type IrregularityCode =
  | 'two-moves'
  | 'illegal-move'
  | 'touch-move'
  | 'takeback'
  | 'opponent-piece'
  | 'capture-missed'
  | 'removed-without-reason'
  | 'not-maximum-capture'
  | 'capture-stopped'
  | 'early-removal'
  | 'incomplete-removal'
  | 'removed-not-jumped'
  | 'removed-own'
  | 'removal-order'
  | 'touch-out-of-turn'
  | 'jumps-not-shown';

/** An irregularity the rules let a referee flag, with the article of the variant's rulebook. */
export interface Flag {
  readonly code: IrregularityCode;
  readonly article: string;
}

/**
 * Whose hand rules a variant follows: the FMJD rules (international; Brazilian and Russian
 * draughts follow them for handling pieces), the Czech rules, or the Standard Laws (english).
 */
export type Family = 'fmjd' | 'czech' | 'english';

/** The family of hand rules a variant follows. @example familyOf(variants.russian) // 'fmjd' */
export function familyOf(v: Variant): Family {
  return v.name === 'czech' ? 'czech' : v.name === 'english' ? 'english' : 'fmjd';
}

/** Every behaviour, in a fixed order (for counts and reports). */
export const BEHAVIOUR_LIST: readonly Behaviour[] = [
  'plain', 'hold', 'think', 'rethink', 'jadoube', 'show-jumps', 'partial-jumps', 'sweep', 'slide', 'slow-removal',
  'capture-order', 'reverse-removal', 'any-order-removal', 'captured-first', 'clock', 'clock-before-removal',
  'king-ended-by-clock', 'king-ended-by-next', 'crown', 'touch-out-of-turn',
];

/** What a behaviour is in one family's rules: where it is written, and what a referee may flag (null: regular). */
export interface RuleEntry {
  readonly article: string;
  readonly flag: Flag | null;
}

const regular = (article: string): RuleEntry => ({ article, flag: null });
const flagged = (article: string, code: IrregularityCode, flagArticle: string): RuleEntry => ({
  article,
  flag: { code, article: flagArticle },
});

/**
 * The behaviours by family: the article that describes each, and the flag when the rules call it
 * irregular. `null`: the family's pieces cannot show it (english kings do not fly).
 *
 * @example BEHAVIOURS['captured-first'].czech.flag // { code: 'early-removal', article: '5.4.10' }
 */
export const BEHAVIOURS: Readonly<Record<Behaviour, Readonly<Record<Family, RuleEntry | null>>>> = {
  // FMJD 3.10, Czech 3.10, Laws 8: lift the piece, put it on its square.
  plain: { fmjd: regular('3.10'), czech: regular('3.10'), english: regular('8') },
  // FMJD 3.12, Czech 3.12: until the piece is released it may be placed elsewhere; holding it is no move yet.
  hold: { fmjd: regular('3.12'), czech: regular('3.12'), english: regular('11') },
  // FMJD 3.3, Czech 3.3: players move in turn; thinking is the mover's time (Laws 24-25 limit it).
  think: { fmjd: regular('3.3'), czech: regular('3.3'), english: regular('24') },
  // FMJD 3.11, Czech 3.11, Laws 19: the first piece touched is the one played; it is.
  rethink: { fmjd: regular('3.11'), czech: regular('3.11'), english: regular('19') },
  // FMJD 3.13, Czech 3.13, Laws 18 ("on giving intimation").
  jadoube: { fmjd: regular('3.13'), czech: regular('3.13'), english: regular('18') },
  // FMJD 4.9, Czech 4.9; Laws 8 "on to the vacant square (or any further similar squares)".
  'show-jumps': { fmjd: regular('4.9'), czech: regular('4.9'), english: regular('8') },
  // FMJD 4.9 / Czech 4.9: a multiple capture not clearly shown; the Laws ask for no showing.
  'partial-jumps': {
    fmjd: flagged('4.9', 'jumps-not-shown', '4.9'),
    czech: flagged('4.9', 'jumps-not-shown', '4.9'),
    english: regular('8'),
  },
  sweep: {
    fmjd: flagged('4.9', 'jumps-not-shown', '4.9'),
    czech: flagged('4.9', 'jumps-not-shown', '4.9'),
    english: regular('11'),
  },
  // FMJD 3.9/4.3, Czech 3.9/4.3: a king moves along the diagonal over empty squares.
  slide: { fmjd: regular('3.9'), czech: regular('3.9'), english: null },
  // FMJD 4.11 "without stopping", Czech 4.12: a few seconds between pieces is how hands work.
  'slow-removal': { fmjd: regular('4.11'), czech: regular('4.11'), english: regular('11') },
  'capture-order': { fmjd: regular('4.11'), czech: regular('4.11'), english: regular('8') },
  'reverse-removal': { fmjd: regular('4.11'), czech: regular('4.11'), english: regular('8') },
  // FMJD 4.11, Czech 4.11: another order may be corrected on request; the Laws lay down no order.
  'any-order-removal': {
    fmjd: flagged('4.11', 'removal-order', '4.11'),
    czech: flagged('4.11', 'removal-order', '4.11'),
    english: regular('8'),
  },
  // FMJD 4.16 allows it for a single capture; Czech 4.4/4.11 and Laws 8 put the removal after the jump.
  'captured-first': {
    fmjd: regular('4.16'),
    czech: flagged('4.4', 'early-removal', '5.4.10'),
    english: flagged('8', 'early-removal', '8'),
  },
  clock: { fmjd: regular('4.10'), czech: regular('4.12'), english: regular('11') },
  // FMJD 4.12, Czech 4.12: removal evidently interrupted; Laws 11: the play was complete when the hand left.
  'clock-before-removal': {
    fmjd: flagged('4.12', 'incomplete-removal', '5.4.11'),
    // Czech 4.12: the removal is over when the move is ended during it: fewer removed than jumped (5.4.11).
    czech: flagged('4.12', 'incomplete-removal', '5.4.11'),
    english: regular('11'),
  },
  // FMJD 3.10/3.12, Czech 3.10/3.12: a flying king may go on until released; a sensor sees the release
  // only when the clock is pressed or the opponent's move begins.
  'king-ended-by-clock': { fmjd: regular('3.10'), czech: regular('3.10'), english: null },
  'king-ended-by-next': { fmjd: regular('3.10'), czech: regular('3.10'), english: null },
  // FMJD 3.6, Czech 3.6, Laws 13: a piece is put on top of the crowned man.
  crown: { fmjd: regular('3.6'), czech: regular('3.6'), english: regular('13') },
  // FMJD 3.14, Czech 3.14 (no consequence but unsporting), Laws 18 (touching without intimation).
  'touch-out-of-turn': {
    fmjd: flagged('3.14', 'touch-out-of-turn', '3.14'),
    czech: flagged('3.14', 'touch-out-of-turn', '3.14'),
    english: flagged('18', 'touch-out-of-turn', '18'),
  },
};

/** The flag a behaviour raises in a variant, or null when the variant's rules allow it. */
export function flagOf(v: Variant, b: Behaviour): Flag | null {
  return BEHAVIOURS[b][familyOf(v)]?.flag ?? null;
}
