// The scoresheet's boxes that a PDN game holds in its tags and comments, in words: the time
// control as people read it, the notes at the moves (irregularities, decisions, corrections,
// draw offers) and how the game ended. Pure: no I/O. A game without them gives empty boxes.

import type { PdnGame } from '../../rules/index.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import type { Period } from '../game/clock/clock.ts';
import { say } from '../words/catalogue.ts';
import { tagOf } from './entry.ts';
import type { Language } from '../words/catalogue.ts';

/** One numbered row of the sheet: the first player's move and the second's, each with its clock. */
export interface SheetRow {
  readonly number: number;
  readonly first?: SheetMove;
  readonly second?: SheetMove;
  /** A position set up here in the movetext (`/FEN "..."/`), instead of moves. */
  readonly setup?: string;
}

/** A move on the sheet: as PDN writes it, the mover's time left after it if known, and the words of the comments at it (irregularities, decisions) if any. */
export interface SheetMove {
  readonly text: string;
  readonly clock?: string;
  readonly notes?: readonly string[];
}

/** A note of the game in words, and the move it was written at (`12. 32-28`, `12... 19-23`; '' before the first move). */
export interface SheetNote {
  readonly at: string;
  readonly text: string;
}

/** The words of a comment, its commands (`[%clock ...]`, `[%clk ...]`) left out; '' when it holds none. */
export function commentWords(comment: string): string {
  return comment.replace(/\[%[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * How the game ended, as its sheet says it in `lang`: the comment after the last move when the
 * game has a Termination tag (dambord writes there the result, the rule and its article, in the
 * game's language: host/game/ending.ts), else the Termination tag in words (PGN 9.8.1's values:
 * `time forfeit` "Lost on time", `adjudication` "Result given by the arbiter", `abandoned`...;
 * another value as written). '' for a game with no Termination tag.
 */
export function sheetEnding(game: PdnGame, lang: Language): string {
  const termination = tagOf(game, 'Termination');
  if (termination === '' || termination === '?') return '';
  const last = endingComment(game);
  if (last) return last;
  return say(lang, 'scoresheet.ended', { termination: termination.toLowerCase().replace(/\s+/g, '_'), value: termination });
}

/** The last comment of the game in words, which a game with a Termination tag says its ending in; '' when none. */
function endingComment(game: PdnGame): string {
  const plies = game.line.filter((item) => item.kind === 'ply');
  const comments = plies.length > 0 ? plies[plies.length - 1].comments : game.preComments;
  return comments.map(commentWords).filter((c) => c !== '').at(-1) ?? '';
}

/**
 * The notes of the game in words, each at its move, in order: comments before the first move,
 * then those of each move (an irregularity, what was decided and by whom, a correction, a draw
 * offer, as dambord writes them: host/game/referee/record.ts). The comment that says how the
 * game ended ({@link sheetEnding}) is its own box, not a note.
 */
export function sheetNotes(game: PdnGame, rows: readonly SheetRow[]): SheetNote[] {
  const notes: SheetNote[] = game.preComments.map(commentWords).filter((c) => c !== '').map((text) => ({ at: '', text }));
  for (const row of rows) {
    if (row.first?.notes) notes.push(...row.first.notes.map((text) => ({ at: `${row.number}. ${row.first!.text}`, text })));
    if (row.second?.notes) notes.push(...row.second.notes.map((text) => ({ at: `${row.number}... ${row.second!.text}`, text })));
  }
  const ending = tagOf(game, 'Termination') === '' ? '' : endingComment(game);
  if (ending !== '' && notes.at(-1)?.text === ending) notes.pop();
  return notes;
}

/**
 * A TimeControl tag as people read it in `lang`: `5400+30` "90 min + 30 s per move",
 * `40/7200:3600` "40 moves in 2 h, then 1 h", `laws` "5 min per move, 1 min with one way of
 * taking (laws 24, 25)", `-` "no clock". '' for no tag or `?`; a value that is no time control
 * (host/game/clock/clock.ts, parseTimeControl) as written.
 */
export function timeControlWords(value: string, lang: Language): string {
  if (value.trim() === '') return '';
  const read = parseTimeControl(value);
  if (!read.ok) return value.trim();
  const tc = read.tc;
  if (tc.kind === 'unknown') return '';
  if (tc.kind === 'untimed') return say(lang, 'scoresheet.period', { kind: 'untimed' });
  return tc.periods.map((p) => periodWords(p, lang)).reduce((first, next) => say(lang, 'scoresheet.then', { first, next }));
}

function periodWords(p: Period, lang: Language): string {
  const time = duration(p.seconds, lang);
  switch (p.kind) {
    case 'moves':
      return say(lang, 'scoresheet.period', { kind: 'moves', moves: p.moves, time });
    case 'increment':
      return say(lang, 'scoresheet.period', { kind: 'increment', time, increment: duration(p.increment, lang) });
    case 'per-move':
      return say(lang, 'scoresheet.period', { kind: 'laws', time, capture: duration(p.capture, lang) });
    default:
      return say(lang, 'scoresheet.period', { kind: p.kind, time });
  }
}

/** Seconds as a clock's time is said: whole hours in h, whole minutes in min, else s (`7200` "2 h", `5400` "90 min", `30` "30 s"). */
function duration(seconds: number, lang: Language): string {
  if (seconds % 3600 === 0) return say(lang, 'scoresheet.duration', { unit: 'h', n: seconds / 3600 });
  if (seconds % 60 === 0) return say(lang, 'scoresheet.duration', { unit: 'min', n: seconds / 60 });
  return say(lang, 'scoresheet.duration', { unit: 's', n: seconds });
}
