// Whether the game a board's folder holds is the board's game (issue 26, "one event, one
// folder"): before a board goes on with the journal in its folder, the journal's header is
// compared with what the pairings say of the board. Pure: headers in, a sentence out.

import type { JournalHeader } from '../game/journal/record.ts';

/** What a board's journal header must say to be the board's game: the tags and the variant the board's own new journal would have. */
export interface ExpectedGame {
  /** The tags the board's journal is written with (Event, Round, Board, White, Black ...); only those of {@link COMPARED} are compared. */
  readonly tags: readonly { readonly name: string; readonly value: string }[];
  /** The variant's name (`international`). */
  readonly variant: string;
}

/** The tags that make a game the board's: its event, round, board and players. */
export const COMPARED = ['Event', 'Round', 'Board', 'White', 'Black'] as const;

/** How a journal's header differs from the board's game: what each side says, in the order of {@link COMPARED}, then the variant. */
export interface Disagreement {
  /** The fields that differ, as `Name "value"` (a field the journal does not hold is left out of both). */
  readonly journal: readonly string[];
  readonly pairings: readonly string[];
}

/**
 * Where `header` disagrees with `expected`, or null when the journal is the board's game: each
 * tag of {@link COMPARED} the journal holds is compared exactly with the expected one (a tag the
 * journal lacks, as journals of earlier versions lack Board, is not compared), and the variant.
 *
 * @example disagreement({ variant: 'international', tags: [{ name: 'White', value: 'Alice' }] }, { variant: 'international', tags: [{ name: 'White', value: 'Carol' }] })
 * // { journal: ['White "Alice"'], pairings: ['White "Carol"'] }
 */
export function disagreement(header: Pick<JournalHeader, 'tags' | 'variant'>, expected: ExpectedGame): Disagreement | null {
  const journal: string[] = [];
  const pairings: string[] = [];
  for (const name of COMPARED) {
    const has = header.tags.find((t) => t.name === name)?.value;
    const want = expected.tags.find((t) => t.name === name)?.value;
    if (has === undefined || want === undefined || has === want) continue;
    journal.push(`${name} ${JSON.stringify(has)}`);
    pairings.push(`${name} ${JSON.stringify(want)}`);
  }
  if (header.variant !== expected.variant) {
    journal.push(`variant ${header.variant}`);
    pairings.push(`variant ${expected.variant}`);
  }
  return journal.length === 0 ? null : { journal, pairings };
}

/**
 * Whether `header` names the event and round of `expected` exactly (their Event and Round tags,
 * a tag neither holds being the same): a journal in a folder an earlier version named, which
 * another event's name could share, is this event's only then.
 *
 * @example sameRound({ tags: [{ name: 'Event', value: 'Open A/B' }] }, { variant: 'international', tags: [{ name: 'Event', value: 'Open A:B' }] }) // false
 */
export function sameRound(header: Pick<JournalHeader, 'tags'>, expected: ExpectedGame): boolean {
  const tag = (tags: ExpectedGame['tags'], name: string) => tags.find((t) => t.name === name)?.value;
  return ['Event', 'Round'].every((name) => tag(header.tags, name) === tag(expected.tags, name));
}

/**
 * The sentence refusing to go on with the journal at `path`: what it says, what the pairings
 * say, and what to do.
 *
 * @example notThisGame('archive/Open/round-1/board-01/game.journal', { journal: ['White "Alice"'], pairings: ['White "Carol"'] })
 * // 'the journal archive/.../game.journal is not this board\'s game: the journal says White "Alice"; the pairings say White "Carol". ...'
 */
export function notThisGame(path: string, d: Disagreement): string {
  return `the journal ${path} is not this board's game: the journal says ${d.journal.join(', ')}; the pairings say ${d.pairings.join(', ')}. The journal is left as it is: correct the pairings if they are wrong, or give another --archive (or move the journal away) to start this board anew`;
}
