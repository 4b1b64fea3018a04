// Going on with a game from its journal on disk: the lock taken (one writer per journal), a
// damaged end set aside and a damaged header rebuilt (both kept, never deleted), the game
// replayed and checked (resume.ts), the journal opened to append. Used by `dambord play
// --resume` and by `dambord event` for every board whose folder already holds a game.

import { existsSync } from 'node:fs';
import { readJournal, repair, resumeJournal, rewriteHeader } from './journal.ts';
import type { Journal } from './journal.ts';
import type { JournalRead } from '../game/journal/record.ts';
import { lockJournal } from './lock.ts';
import { resumeGame } from '../game/resume.ts';
import type { ResumeOptions } from '../game/resume.ts';

/** A game reopened: its journal (locked, open to append) and the game replayed. */
export interface Reopened {
  readonly ok: true;
  readonly path: string;
  readonly journal: Journal;
  readonly game: Extract<ReturnType<typeof resumeGame>, { ok: true }>;
  /** The journal's entries as read, the game's events among them. */
  readonly entries: JournalRead['entries'];
  /** What was repaired, for the user (a damaged end set aside, a header rebuilt). */
  readonly notes: readonly string[];
}

/** Why a journal cannot be reopened: `usage` when the options do not fit it (e.g. --clock), `io` otherwise. */
export type NotReopened = { readonly ok: false; readonly kind: 'usage' | 'io'; readonly message: string };

/** Reopens the journal `file` to go on with its game. */
export function reopenGame(file: string, options: ResumeOptions): Reopened | NotReopened {
  if (!existsSync(file)) return { ok: false, kind: 'io', message: `no journal ${file} to resume` };
  const lock = lockJournal(file);
  if ('busy' in lock) return { ok: false, kind: 'io', message: `cannot resume: ${lock.busy}` };
  const refuse = (kind: 'usage' | 'io', message: string): NotReopened => {
    lock.release();
    return { ok: false, kind, message };
  };
  try {
    const notes: string[] = [];
    const fixed = repair(file);
    if (fixed.repaired) notes.push(fixed.message);
    const read = readJournal(file);
    const game = resumeGame(read, options);
    if (!game.ok) return game.kind === 'usage' ? refuse('usage', `${file}: ${game.reason}`) : refuse('io', `the journal ${file} does not replay: ${game.reason}`);
    if (game.rebuilt) notes.push(`${file}: ${game.rebuilt}; the journal as it was is kept in ${rewriteHeader(file, game.header)}`);
    // The file as read, its header as the game was replayed from (rewritten just now if it was damaged).
    const r = resumeJournal(file, lock, { ...read, header: game.header });
    if (!r.ok) return refuse('io', `cannot resume ${file}: ${r.reason}`);
    return { ok: true, path: file, journal: r.journal, game, entries: read.entries, notes };
  } catch (e) {
    return refuse('io', `cannot resume ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
