// Importing PDN files into a club's archive (store.ts): every game of every file read is
// accounted for, as imported, a duplicate of a game the archive has (identity.ts), or bad with
// the reason, its text kept in the archive's rejected folder; and the text outside any game that
// is not PDN is reported with its place.

import { createHash } from 'node:crypto';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { decodeText, normaliseResult, readFileVariant, readPdnGames, writePdn } from '../../rules/index.ts';
import type { PdnGame, Variant } from '../../rules/index.ts';
import { readFileWithin, why } from '../cli/input.ts';
import { gameId, gameIdentity, sameGame, sameLongMoves } from './identity.ts';
import { NameBook } from './names.ts';
import type { NameMerge } from './names.ts';
import { REJECTED_DIR, newGameFile, newRejectedFile, readIndex, roundFolder, writeAtomic, writeIndex } from './store.ts';
import type { ArchiveIndex, ArchivedGame, RejectedGame } from './store.ts';

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
  /** The players whose names were written otherwise than the archive shows them. */
  readonly names: NameMerge[];
}

/**
 * Imports the PDN files named in `paths` (a folder: every `.pdn` file in it and below, by name;
 * a file: whatever its name) into the archive in `dir`, which is made when it does not exist. The
 * archive's own folder is not read when it lies below a folder named. Never throws for a bad
 * file or game; throws for an archive that cannot be written (an Error with the path).
 *
 * @example importPdn('archive', ['club/2024']).games.filter((g) => g.outcome.kind === 'bad')
 */
export function importPdn(dir: string, paths: readonly string[], options: ImportOptions = {}): ImportReport {
  const index = readIndex(dir);
  const names = new NameBook(index.players);
  const byMoves = new Map<string, ArchivedGame[]>();
  for (const g of index.games) byMoves.set(g.identity.moves, [...(byMoves.get(g.identity.moves) ?? []), g]);
  const rejectedByHash = new Map(index.rejected.map((r) => [r.hash, r]));
  const report: ImportReport = { files: [], games: [], outside: [], unreadable: [], empty: [], names: [] };
  const { files, unreadable } = pdnFiles(paths, dir, index);
  report.unreadable.push(...unreadable);
  for (const file of files) {
    let text: string;
    try {
      text = decodeText(readFileWithin(file));
    } catch (e) {
      report.unreadable.push({ file, reason: why(e) });
      continue;
    }
    report.files.push(file);
    const prefer = options.variant ? undefined : readFileVariant(text);
    const add = (g: PdnGame, k: number, end: number) => {
      const outcome = g.error ? reject(dir, index, rejectedByHash, file, g, text.slice(g.pos.offset, end)) : archive(dir, index, names, byMoves, file, g);
      const also = `also legal in ${g.legalIn?.slice(1).map((v) => v.name).join(', ')}`;
      const guessed = g.variantSource === 'guessed' && (g.legalIn?.length ?? 0) > 1 ? (prefer?.overrules && g.variant === prefer.variant ? `${g.variant.name}, as every game of the file fits it (${also})` : `${g.variant.name} (${also})`) : undefined;
      report.games.push({ file, line: g.pos.line, label: label(g, k), outcome, ...(guessed ? { guessed } : {}) });
    };
    // A game is taken in once the next is read: the text of a bad game ends where the next item starts.
    let last: PdnGame | null = null;
    let k = 0;
    for (const item of readPdnGames(text, options.variant ? { variant: options.variant } : { prefer: prefer?.variant })) {
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
    writeIndex(dir, { ...index, players: names.toJSON() });
  }
  report.names.push(...names.merges());
  return report;
}

/** A game replayed to its end: a duplicate, or written into the archive. */
function archive(dir: string, index: ArchiveIndex, names: NameBook, byMoves: Map<string, ArchivedGame[]>, file: string, g: PdnGame): GameOutcome {
  const tag = (name: string) => g.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value.replace(/\s+/gu, ' ').trim() ?? '';
  const white = names.name(tag('White'), false);
  const black = names.name(tag('Black'), false);
  const identity = gameIdentity(g, white.key, black.key);
  const result = normaliseResult(g.result ?? tag('Result'), g.variant);
  const same = byMoves.get(identity.moves) ?? [];
  const twin = same.find((a) => sameGame(a.identity, identity));
  if (twin) return { kind: 'duplicate', of: twin, resultDiffers: twin.result !== result };
  for (const side of ['White', 'Black']) names.name(tag(side));
  const event = identity.event === '' ? '' : tag('Event');
  const round = identity.round === '' ? '' : tag('Round');
  const where = newGameFile(dir, roundFolder(event, round), white.shown, black.shown, index.games.map((a) => a.file));
  const shownTags = g.tags.map((t) => (/^(white|black)$/i.test(t.name) ? { ...t, value: t.name.toLowerCase() === 'white' ? white.shown : black.shown } : t));
  writeAtomic(path.join(dir, where), writePdn({ ...g, tags: shownTags }));
  const game: ArchivedGame = {
    id: gameId(identity),
    file: where,
    event,
    round,
    date: identity.date,
    white: white.shown,
    black: black.shown,
    written: { white: tag('White'), black: tag('Black') },
    result,
    variant: g.variant.name,
    identity,
    source: { file, line: g.pos.line },
  };
  index.games.push(game);
  byMoves.set(identity.moves, [...same, game]);
  const earlier = same.find((a) => sameLongMoves(a.identity, identity));
  return { kind: 'imported', game, ...(earlier ? { sameMovesAs: earlier } : {}) };
}

/** A game that cannot be replayed: bad, its text kept in the rejected folder (once for the same text). */
function reject(dir: string, index: ArchiveIndex, byHash: Map<string, RejectedGame>, file: string, g: PdnGame, text: string): GameOutcome {
  const e = g.error!;
  const reason = e.reason.replace(`line ${e.pos.line}, column ${e.pos.column}: `, '').replace(/\.$/, '');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
  let rejected = byHash.get(hash);
  if (!rejected) {
    const where = newRejectedFile(dir, file, g.pos.line);
    writeAtomic(path.join(dir, where), text);
    rejected = { file: where, source: { file, line: e.pos.line, column: e.pos.column }, reason, hash };
    index.rejected.push(rejected);
    byHash.set(hash, rejected);
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
 * (`<event>/round-<R>/board-NN/game.pdn`) are imported. Paths that cannot be read are listed with why.
 */
export function pdnFiles(paths: readonly string[], dir: string, index: ArchiveIndex): { files: string[]; unreadable: { file: string; reason: string }[] } {
  const files: string[] = [];
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
      else if (named || (/\.pdn$/i.test(p) && !isOwn(p))) files.push(p);
    } catch (e) {
      unreadable.push({ file: p, reason: why(e) });
    }
  };
  for (const p of paths) walk(p, true);
  return { files, unreadable };
}

function real(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
