// Importing PDN files into a club's archive (store.ts): every game of every file read is
// accounted for, as imported, a duplicate of a game the archive has (identity.ts), or bad with
// the reason, its text kept in the archive's rejected folder; and the text outside any game that
// is not PDN is reported with its place.

import { createHash } from 'node:crypto';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { decodeText, fileOptions, readPdnGames, writePdn } from '../../rules/index.ts';
import type { PdnGame, Variant } from '../../rules/index.ts';
import { readFileWithin, why } from '../files/read.ts';
import { archivedGame, gameFacts, tagOf } from './entry.ts';
import type { ArchivedGame, RejectedGame } from './entry.ts';
import { GameLookup } from './identity.ts';
import { isBoardGameFile } from './indexCheck.ts';
import { NameBook } from './names.ts';
import type { NameMerge } from './names.ts';
import { auditArchive } from './repair.ts';
import type { ArchiveProblem } from './repair.ts';
import { GameFiles, LOCK_WAIT_MS, REJECTED_DIR, lockArchive, newRejectedFile, rejectedNames, roundFolder, writeAtomic, writeIndex } from './store.ts';
import type { ArchiveIndex } from './store.ts';

/** How to import. */
export interface ImportOptions {
  /** Replay every game under this variant, whatever its tags say. */
  readonly variant?: Variant;
}

/** What became of one game read; `line` and `column` of a bad game are its error's. */
export type GameOutcome =
  | { readonly kind: 'imported'; readonly game: ArchivedGame; readonly sameMovesAs?: ArchivedGame }
  | { readonly kind: 'duplicate'; readonly of: ArchivedGame; readonly resultDiffers: boolean }
  | { readonly kind: 'bad'; readonly reason: string; readonly line: number; readonly column: number; readonly rejected: RejectedGame };

/** One game read: where, which (`game 3 (White - Black, Event)`, as written) and what became of it. */
export interface GameRead {
  readonly file: string;
  readonly line: number;
  readonly label: string;
  readonly outcome: GameOutcome;
  /** The variant was guessed among several in which every move is legal: which, in words. */
  readonly guessed?: string;
}

/** Text in a file that is not a game, with why. */
export interface TextOutside {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** What an import did. Every game read is in `games`, once. */
export interface ImportReport {
  /** The PDN files read. */
  readonly files: string[];
  readonly games: GameRead[];
  readonly outside: TextOutside[];
  /** Files that could not be read, with why. */
  readonly unreadable: { readonly file: string; readonly reason: string }[];
  /** Files read that hold no game. */
  readonly empty: string[];
  /** Files found in the folders named that are the archive's own games, already in its index (not read again). */
  readonly own: string[];
  /** The players whose names were written otherwise than the archive shows them. */
  readonly names: NameMerge[];
  /** What was repaired before the import (repair.ts): what an import cut short had left. */
  readonly repairs: ArchiveProblem[];
}

/** The archive is being written by another process: its message says by whom (store.ts, lockArchive). */
export class ArchiveBusy extends Error {}

/**
 * Imports the PDN files named in `paths` (a folder: every `.pdn` file in it and below, by name;
 * a file: whatever its name) into the archive in `dir`, which is made when it does not exist. The
 * archive's own folder is not read when it lies below a folder named. It holds the archive's lock
 * while it runs (waiting LOCK_WAIT_MS for it; ArchiveBusy when another process holds it longer), first repairs what an import cut short
 * left (repair.ts: game files the index does not list are adopted), writes each game's file
 * before the index lists it, and the index whole. Each game costs the same however many the
 * archive holds. Never throws for a bad file or game; throws for an archive that cannot be
 * written (an Error with the path).
 *
 * @example importPdn('archive', ['club/2024']).games.filter((g) => g.outcome.kind === 'bad')
 */
export function importPdn(dir: string, paths: readonly string[], options: ImportOptions = {}): ImportReport {
  const lock = lockArchive(dir, LOCK_WAIT_MS);
  if ('busy' in lock) throw new ArchiveBusy(lock.busy);
  try {
    return importLocked(dir, paths, options);
  } finally {
    lock.release();
  }
}

function importLocked(dir: string, paths: readonly string[], options: ImportOptions): ImportReport {
  const audit = auditArchive(dir, true);
  const index = audit.index;
  const at: Archiving = {
    dir,
    index,
    names: new NameBook(index.players),
    known: new GameLookup(index.games),
    byHash: new Map(index.rejected.map((r) => [r.hash, r])),
    files: new GameFiles(dir, index.games.map((g) => g.file)),
    rejectedThere: rejectedNames(dir),
  };
  const { files, unreadable, own } = pdnFiles(paths, dir, index);
  const report: ImportReport = { files: [], games: [], outside: [], unreadable, empty: [], names: [], repairs: audit.problems, own };
  // The index is written after a file once it has as many new entries as it had at its last
  // writing (and at the end): few games lost to the repair's adoption (their source) after a
  // crash, and writing it costs as much as the games in all.
  let written = index.games.length + index.rejected.length;
  const save = () => {
    writeIndex(dir, { ...index, players: at.names.toJSON() });
    written = index.games.length + index.rejected.length;
  };
  for (const file of files) {
    let text: string;
    try {
      text = decodeText(readFileWithin(file));
    } catch (e) {
      report.unreadable.push({ file, reason: why(e) });
      continue;
    }
    report.files.push(file);
    const reading = fileOptions(text, options.variant ? { variant: options.variant } : {});
    const add = (g: PdnGame, k: number, end: number) => {
      const outcome = g.error ? reject(at, file, g, text.slice(g.pos.offset, end)) : archive(at, file, g);
      const also = `also legal in ${g.legalIn?.slice(1).map((v) => v.name).join(', ')}`;
      const guessed = g.variantSource === 'guessed' && (g.legalIn?.length ?? 0) > 1 ? (reading.file?.overrules && g.variant === reading.file.variant ? `${g.variant.name}, as every game of the file fits it (${also})` : `${g.variant.name} (${also})`) : undefined;
      report.games.push({ file, line: g.pos.line, label: label(g, k), outcome, ...(guessed ? { guessed } : {}) });
    };
    // A game is taken in once the next is read: the text of a bad game ends where the next item starts.
    let last: PdnGame | null = null;
    let k = 0;
    for (const item of readPdnGames(text, reading.result)) {
      const start = item.kind === 'game' ? item.game.pos.offset : item.error.pos.offset;
      if (last) add(last, k, Math.max(start, last.pos.offset));
      last = null;
      if (item.kind === 'outside') report.outside.push({ file, line: item.error.pos.line, column: item.error.pos.column, reason: item.error.reason });
      else {
        last = item.game;
        k++;
      }
    }
    if (last) add(last, k, text.length);
    if (k === 0) report.empty.push(file);
    if (index.games.length + index.rejected.length - written >= Math.max(written, 1)) save();
  }
  save();
  report.names.push(...at.names.merges());
  return report;
}

/** What an import works with: the archive, its index as it grows, and what it looks games up by. */
interface Archiving {
  readonly dir: string;
  readonly index: ArchiveIndex;
  readonly names: NameBook;
  /** The index's games, for the duplicates. */
  readonly known: GameLookup<ArchivedGame>;
  /** The index's rejected texts by their hash. */
  readonly byHash: Map<string, RejectedGame>;
  readonly files: GameFiles;
  /** The names in the rejected folder. */
  readonly rejectedThere: Set<string>;
}

/** A game replayed to its end: a duplicate, or written into the archive. */
function archive(at: Archiving, file: string, g: PdnGame): GameOutcome {
  const f = gameFacts(g, at.names);
  const twin = at.known.twin(f.identity);
  if (twin) return { kind: 'duplicate', of: twin, resultDiffers: twin.result !== f.result };
  for (const side of ['White', 'Black']) at.names.name(tagOf(g, side));
  // An event's board's scoresheet in the archive (filing.ts) is listed where it is, never copied.
  const own = boardFileIn(at.dir, file);
  const where = own ?? at.files.next(roundFolder(f.event, f.round), f.white.shown, f.black.shown);
  const shownTags = g.tags.map((t) => (/^(white|black)$/i.test(t.name) ? { ...t, value: t.name.toLowerCase() === 'white' ? f.white.shown : f.black.shown } : t));
  if (own === null) writeAtomic(path.join(at.dir, where), writePdn({ ...g, tags: shownTags }));
  const game = archivedGame(g, f, where, { file, line: g.pos.line });
  at.index.games.push(game);
  const earlier = at.known.sameMoves(f.identity);
  at.known.add(game);
  return { kind: 'imported', game, ...(earlier ? { sameMovesAs: earlier } : {}) };
}

/** `file` as the archive in `dir` names it when it is an event's board's scoresheet there (`<event>/<round>/board-NN/game.pdn`), else null. */
function boardFileIn(dir: string, file: string): string | null {
  const archive = real(dir);
  const rel = archive === undefined ? '' : path.relative(archive, real(file) ?? file).split(path.sep).join('/');
  return isBoardGameFile(rel, REJECTED_DIR) ? rel : null;
}

/** A game that cannot be replayed: bad, its text kept in the rejected folder (once for the same text). */
function reject(at: Archiving, file: string, g: PdnGame, text: string): GameOutcome {
  const e = g.error!;
  const reason = e.reason.replace(`line ${e.pos.line}, column ${e.pos.column}: `, '').replace(/\.$/, '');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
  let rejected = at.byHash.get(hash);
  if (!rejected) {
    const where = newRejectedFile(at.rejectedThere, file, g.pos.line);
    writeAtomic(path.join(at.dir, where), text);
    rejected = { file: where, source: { file, line: e.pos.line, column: e.pos.column }, reason, hash };
    at.index.rejected.push(rejected);
    at.byHash.set(hash, rejected);
  }
  return { kind: 'bad', reason, line: e.pos.line, column: e.pos.column, rejected };
}

/** `game 3 (Derkx,B. - Meijer,Hein, nk)`: the game's number in its file and its tags as written. */
function label(g: PdnGame, k: number): string {
  const tag = (name: string) => g.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value.trim() || '?';
  return `game ${k} (${tag('White')} - ${tag('Black')}, ${tag('Event')})`;
}

/**
 * The PDN files `paths` name, in the order named, each folder's files by name (`.pdn` in any
 * case), below the folder too. The archive's own files (its games and rejected games) are
 * left out of a folder, not the archive's other files: the games `dambord event` keeps in it
 * (`<event>/round-<R>/board-NN/game.pdn`) are imported when the index does not list them yet
 * (an archive of an earlier version), in place. Paths that cannot be read are listed with why.
 */
export function pdnFiles(paths: readonly string[], dir: string, index: ArchiveIndex): { files: string[]; unreadable: { file: string; reason: string }[]; own: string[] } {
  const files: string[] = [];
  const ownFiles: string[] = [];
  const unreadable: { file: string; reason: string }[] = [];
  const archive = real(dir);
  const own = new Set(index.games.map((g) => g.file));
  const isOwn = (p: string) => {
    const rel = archive === undefined ? '..' : path.relative(archive, real(p) ?? p).split(path.sep).join('/');
    return !rel.startsWith('..') && (own.has(rel) || rel.startsWith(`${REJECTED_DIR}/`));
  };
  const walk = (p: string, named: boolean) => {
    try {
      if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) walk(path.join(p, name), false);
      else if (named) files.push(p);
      else if (/\.pdn$/i.test(p)) (isOwn(p) ? ownFiles : files).push(p);
    } catch (e) {
      unreadable.push({ file: p, reason: why(e) });
    }
  };
  for (const p of paths) walk(p, true);
  return { files, unreadable, own: ownFiles };
}

function real(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
