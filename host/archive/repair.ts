// Finding, and repairing, where an archive's index and its files disagree (store.ts): what an
// import cut short leaves (kill -9, a power cut: game files written, the index not yet) and what
// was changed by hand. A game file the index does not list is adopted when it reads back as one
// complete game, moved to the rejected folder when it does not, removed when the index has that
// game already; a rejected text the index does not list is adopted; a file left unfinished by a
// write cut short is removed; an entry whose file is missing, or that does not hold, is dropped
// from the index. Nothing is lost: only copies and unfinished files are removed.

import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readPdn } from '../../rules/index.ts';
import { archivedGame, gameFacts } from './entry.ts';
import { GameLookup } from './identity.ts';
import { isGameFile, isRejectedFile } from './indexCheck.ts';
import { NameBook } from './names.ts';
import { INDEX_FILE, NotAnIndex, REJECTED_DIR, filesIn, gameNumber, loadIndex, newRejectedFile, rejectedNames, writeIndex } from './store.ts';
import type { ArchiveIndex } from './store.ts';

/** What is wrong, and what a repair does about it. */
export type ProblemKind =
  /** A complete game file the index does not list: adopted. */
  | 'orphan'
  /** A rejected game's text the index does not list: adopted. */
  | 'orphan rejected'
  /** A game file the index does not list that is not one complete game: moved to the rejected folder. */
  | 'broken'
  /** A file the index does not list, of a game or a text it has: removed. */
  | 'double'
  /** A temporary file of a write cut short: removed. */
  | 'unfinished'
  /** An entry whose file is missing: dropped from the index. */
  | 'missing'
  /** An entry that does not hold (indexCheck.ts): dropped from the index. */
  | 'bad entry'
  /** An index.json that is not an index at all: set aside, and the index made again from the archive's files. */
  | 'bad index';

/** One problem: its file (from the archive's folder; index.json for a bad entry) and what it is, in words. */
export interface ArchiveProblem {
  readonly kind: ProblemKind;
  readonly file: string;
  readonly what: string;
}

/** What an audit found; `index` is the archive's index after the repair (as read, without the bad entries, when not repaired). */
export interface ArchiveAudit {
  readonly index: ArchiveIndex;
  readonly problems: ArchiveProblem[];
  readonly repaired: boolean;
}

/** A temporary file of store.ts's writeAtomic: `.<name>.<pid>.tmp`. */
const TEMP = /^\..+\.\d+\.tmp$/;

/**
 * The problems of the archive in `dir` (above); with `repair`, each repaired and the index
 * written when anything changed; with `rebuild` too, an index.json that is not an index at all
 * (store.ts, NotAnIndex, not another version's) is set aside and the index made again from the
 * archive's files. The caller holds the archive's lock (store.ts, lockArchive).
 * Reads each game-shaped file not in the index, nothing else but the folders' lists: linear in
 * the archive's files. Throws an Error naming the file when the index is not an index at all.
 *
 * @example auditArchive('archive', true).problems.filter((p) => p.kind === 'orphan').length // games adopted
 */
export function auditArchive(dir: string, repair: boolean, rebuild = false): ArchiveAudit {
  const problems: ArchiveProblem[] = [];
  let loaded: ReturnType<typeof loadIndex>;
  try {
    loaded = loadIndex(dir);
  } catch (e) {
    // Not an index at all (not JSON, not dambord's): set aside and made again when asked to. Another version's index is kept.
    if (!(repair && rebuild && e instanceof NotAnIndex && !e.foreign)) throw e;
    const aside = newName(dir, `${INDEX_FILE}.broken`);
    renameSync(path.join(dir, INDEX_FILE), path.join(dir, aside));
    problems.push({ kind: 'bad index', file: INDEX_FILE, what: `${(e as Error).message}; set aside as ${aside}, the index made again from the archive's files` });
    loaded = loadIndex(dir);
  }
  const { index: read, bad } = loaded;
  problems.push(...bad.map((what): ArchiveProblem => ({ kind: 'bad entry', file: INDEX_FILE, what })));
  const index: ArchiveIndex = { ...read, games: [], rejected: [] };
  const names = new NameBook(read.players);
  const regular = (file: string) => isPlainFile(dir, file);
  for (const g of read.games) {
    if (regular(g.file)) index.games.push(g);
    else problems.push({ kind: 'missing', file: g.file, what: `listed in the index (game ${g.id}) but ${existsSync(path.join(dir, g.file)) ? 'not a plain file' : 'missing'}` });
  }
  for (const r of read.rejected) {
    if (regular(r.file)) index.rejected.push(r);
    else problems.push({ kind: 'missing', file: r.file, what: 'listed in the index as a rejected game but missing' });
  }
  const { games, rejected, unfinished } = unlisted(dir, index);
  for (const file of unfinished) {
    problems.push({ kind: 'unfinished', file, what: 'a file left unfinished by a write cut short' });
    if (repair) rmSync(path.join(dir, file), { force: true });
  }
  const known = new GameLookup(index.games);
  const byHash = new Map(index.rejected.map((r) => [r.hash, r]));
  const there = rejectedNames(dir);
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
  for (const file of games) {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    const read = readPdn(text).games;
    const g = read[0];
    if (read.length !== 1 || g.error) {
      const reason = read.length === 1 ? g.error!.reason : `it holds ${read.length} games, not one`;
      const to = repair ? newRejectedFile(there, file, 1) : '';
      problems.push({ kind: 'broken', file, what: `not in the index, and not one complete game: ${reason}${repair ? `; moved to ${to}` : ''}` });
      if (repair) {
        renameSync(full, path.join(dir, to));
        index.rejected.push({ file: to, source: { file: full, line: g?.error?.pos.line ?? 1, column: g?.error?.pos.column ?? 1 }, reason, hash: hash(text) });
      }
      continue;
    }
    const f = gameFacts(g, names);
    const twin = known.twin(f.identity);
    if (twin) {
      problems.push({ kind: 'double', file, what: `not in the index: the same game as ${twin.id} (${twin.file})${repair ? '; removed' : ''}` });
      if (repair) rmSync(full);
      continue;
    }
    const game = archivedGame(g, f, file, { file: full, line: 1 });
    problems.push({ kind: 'orphan', file, what: `not in the index: a complete game (${game.white} - ${game.black}${game.event ? `, ${game.event}` : ''}${game.round ? `, round ${game.round}` : ''})${repair ? '; adopted' : ''}` });
    index.games.push(game);
    known.add(game);
  }
  for (const file of rejected) {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    const h = hash(text);
    const twin = byHash.get(h);
    if (twin) {
      problems.push({ kind: 'double', file, what: `not in the index: the same text as ${twin.file}${repair ? '; removed' : ''}` });
      if (repair) rmSync(full);
      continue;
    }
    const error = readPdn(text).games.find((x) => x.error)?.error;
    const r = { file, source: { file: full, line: error?.pos.line ?? 1, column: error?.pos.column ?? 1 }, reason: error?.reason ?? 'kept as written', hash: h };
    problems.push({ kind: 'orphan rejected', file, what: `not in the index: a rejected game's text${repair ? '; adopted' : ''}` });
    index.rejected.push(r);
    byHash.set(h, r);
  }
  if (!repair) return { index: read, problems, repaired: false };
  const repaired = { ...index, players: names.toJSON() };
  if (problems.length > 0) writeIndex(dir, repaired);
  return { index: repaired, problems, repaired: true };
}

/**
 * The files of the archive the index does not list: game files (`<event>/<round>/<NNN ...>.pdn`,
 * in the order of their folders and numbers), rejected texts, and temporary files of writes cut
 * short. The games `dambord event` keeps in the same folders (`<event>/<round>/board-NN/`) are
 * filed by the event itself (filing.ts) and are not looked at: never adopted, moved or removed.
 */
function unlisted(dir: string, index: ArchiveIndex): { games: string[]; rejected: string[]; unfinished: string[] } {
  const listed = new Set([...index.games.map((g) => g.file), ...index.rejected.map((r) => r.file)]);
  const out = { games: [] as string[], rejected: [] as string[], unfinished: [] as string[] };
  const isFile = (file: string) => isPlainFile(dir, file);
  const look = (folder: string, depth: number) => {
    const names = filesIn(path.join(dir, folder)).sort((a, b) => (gameNumber(a) ?? Infinity) - (gameNumber(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      const file = folder === '' ? name : `${folder}/${name}`;
      if (TEMP.test(name)) {
        if (isFile(file)) out.unfinished.push(file);
      } else if (depth === 0 && name === REJECTED_DIR) look(name, -1);
      else if (depth < 2 && depth >= 0 && !name.startsWith('.') && !isFile(file)) look(file, depth + 1);
      else if (listed.has(file) || !isFile(file)) continue;
      else if (depth === 2 && isGameFile(file, REJECTED_DIR)) out.games.push(file);
      else if (depth === -1 && isRejectedFile(file, REJECTED_DIR)) out.rejected.push(file);
    }
  };
  look('', 0);
  return out;
}

/** `name`, or `name-2`, `name-3` ...: the first that is not in the archive's folder `dir`. */
function newName(dir: string, name: string): string {
  let out = name;
  for (let k = 2; existsSync(path.join(dir, out)); k++) out = `${name}-${k}`;
  return out;
}

/** Whether the archive's `file` is a plain file (not a folder, nor a link). */
function isPlainFile(dir: string, file: string): boolean {
  try {
    return lstatSync(path.join(dir, file)).isFile();
  } catch {
    return false;
  }
}

/** The problems found, counted in words (`3 games not in the index, 1 unfinished file`), or what their repair did (`adopted into the index: 3 games; removed: 1 unfinished file`). */
export function problemCounts(problems: readonly ArchiveProblem[], repaired: boolean): string {
  const n = (kind: ProblemKind) => problems.filter((p) => p.kind === kind).length;
  const said = (count: number, one: string, many: string) => (count === 0 ? [] : [`${count} ${count === 1 ? one : many}`]);
  if (!repaired) {
    return [
      ...said(n('orphan'), 'game not in the index', 'games not in the index'),
      ...said(n('orphan rejected'), "rejected game's text not in the index", "rejected games' texts not in the index"),
      ...said(n('broken'), 'file not in the index that is not a complete game', 'files not in the index that are not a complete game'),
      ...said(n('double'), 'copy of a game the index has', 'copies of games the index has'),
      ...said(n('unfinished'), 'unfinished file', 'unfinished files'),
      ...said(n('missing'), 'entry whose file is missing', 'entries whose file is missing'),
      ...said(n('bad entry'), 'bad entry in the index', 'bad entries in the index'),
    ].join(', ');
  }
  const adopted = [...said(n('orphan'), 'game', 'games'), ...said(n('orphan rejected'), "rejected game's text", "rejected games' texts")];
  const removed = [...said(n('double'), 'copy', 'copies'), ...said(n('unfinished'), 'unfinished file', 'unfinished files')];
  const dropped = [...said(n('missing'), 'entry whose file is missing', 'entries whose file is missing'), ...said(n('bad entry'), 'bad entry', 'bad entries')];
  return [
    ...(n('bad index') ? [`${INDEX_FILE} set aside, not an index`] : []),
    ...(adopted.length ? [`adopted into the index: ${adopted.join(', ')}`] : []),
    ...(n('broken') ? [`moved to ${REJECTED_DIR}: ${said(n('broken'), 'file', 'files')[0]} not a complete game`] : []),
    ...(removed.length ? [`removed: ${removed.join(', ')}`] : []),
    ...(dropped.length ? [`dropped from the index: ${dropped.join(', ')}`] : []),
  ].join('; ');
}
