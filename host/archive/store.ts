// A club's archive on disk (issue 16): its games by event and round, one game a file in strict PDN,
//
//   <archive>/index.json                                     what the archive holds (ArchiveIndex)
//   <archive>/<event>/round-<round>/<NNN> <White> - <Black>.pdn
//   <archive>/<event>/round-<round>/board-<NN>/game.pdn      an event's board's game, where `dambord event` keeps it (filing.ts)
//   <archive>/no event/no round/001 ? - ?.pdn                 a game of no event and no round
//   <archive>/rejected/<file> line <L>.pdn                    a game that could not be replayed, as it was written
//
// the folders named as `dambord event` names them (host/event/archive.ts, safeName), so a club's
// played and imported games sit side by side under the same event and round folders. NNN numbers
// the games of a round in the order they came in. Every file is written whole to a temporary
// file first and then renamed, so a crash leaves no half file; the index is written last.

import { existsSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { folderName, safeName } from '../event/archive.ts';
import { takeLock } from '../files/lock.ts';
import type { FileLock } from '../files/lock.ts';
import type { ArchivedGame, RejectedGame } from './entry.ts';
import { checkEntries } from './indexCheck.ts';
import { isFolder, makeFolders } from '../files/folders.ts';

/** The archive's index file, in its folder. */
export const INDEX_FILE = 'index.json';
/** The folder of the games that could not be replayed. */
export const REJECTED_DIR = 'rejected';
/** The folder of the games of no event, and of no round. */
export const NO_EVENT = 'no event';
export const NO_ROUND = 'no round';
const FORMAT = 'dambord archive 1';

/** What an archive holds: its games, its rejected games and its players' names (key to shown form). */
export interface ArchiveIndex {
  readonly format: typeof FORMAT;
  readonly players: Record<string, string>;
  readonly games: ArchivedGame[];
  readonly rejected: RejectedGame[];
}

/**
 * The index of the archive in `dir` (an empty one when it has none yet) with the entries that
 * do not hold skipped (indexCheck.ts: a path that leaves the archive, a field missing), each said
 * in `bad`. Throws an Error naming the file when it is not an index at all.
 *
 * @example loadIndex('archive').bad // ['game 3 skipped: its file "../../etc/hostname" is not a game file of the archive (...)']
 */
export function loadIndex(dir: string): { index: ArchiveIndex; bad: string[] } {
  const file = path.join(dir, INDEX_FILE);
  if (!existsSync(file)) return { index: { format: FORMAT, players: {}, games: [], rejected: [] }, bad: [] };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new NotAnIndex(`${file} is not the index of a dambord archive: it is not JSON (${e.message})`, false, { cause: e });
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<Record<keyof ArchiveIndex, unknown>>;
  if (typeof d.format === 'string' && d.format.startsWith('dambord archive') && d.format !== FORMAT) {
    throw new NotAnIndex(`${file} is the index of another version of dambord (format "${d.format.slice(0, 100)}"); this one reads "${FORMAT}"`, true);
  }
  if (d.format !== FORMAT || !Array.isArray(d.games) || !Array.isArray(d.rejected)) throw new NotAnIndex(`${file} is not the index of a dambord archive`, false);
  const { games, rejected, players, bad } = checkEntries(d.games, d.rejected, d.players ?? {}, REJECTED_DIR);
  return { index: { format: FORMAT, players, games, rejected }, bad };
}

/** An index.json that this dambord cannot read as an index: `foreign` when it is one of another version of dambord (never replaced). */
export class NotAnIndex extends Error {
  constructor(
    message: string,
    readonly foreign: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The index of the archive in `dir`, its entries that hold ({@link loadIndex}); an empty one when it has none yet. Throws an Error naming the file when it is not an index. */
export function readIndex(dir: string): ArchiveIndex {
  return loadIndex(dir).index;
}

/** The lock file of an archive, in its folder: one writer at a time (an import, a check). */
export const LOCK_FILE = 'index.json.lock';

/**
 * Takes the lock of the archive in `dir` (made when it does not exist), so that one process at a
 * time writes it: a second `dambord archive import` while one runs is refused, in the words the
 * journal's lock uses (host/files/lock.ts; a lock whose process is gone is taken over). With
 * `waitMs`, a lock held is tried again every 50 ms for that long, the process waiting (an import
 * or a check, over a game that `dambord event` or `play` is filing, which holds it for
 * milliseconds). Returns the lock, or why not.
 */
export function lockArchive(dir: string, waitMs = 0): FileLock | { readonly busy: string } {
  makeFolders(dir);
  const file = path.join(dir, LOCK_FILE);
  const end = Date.now() + waitMs;
  for (;;) {
    const lock = takeLock(file, (who) => `the archive ${dir} is being written by ${who}: one import at a time. Wait for it to end; if no dambord archive import or check is running, remove ${file}`);
    if (!('busy' in lock) || Date.now() >= end) return lock;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

/**
 * Why `dir` holds no archive, in words to follow "dambord archive list: ": it does not exist, it
 * is a file, or (`needIndex`) it has no index.json; undefined when it may hold one (its index
 * may still not be one: loadIndex says so).
 *
 * @example noArchive('/nowhere') // 'the folder /nowhere does not exist'
 */
export function noArchive(dir: string, needIndex = true): string | undefined {
  if (!existsSync(dir)) return `the folder ${dir} does not exist`;
  if (!isFolder(dir)) return `${dir} is a file, not the archive's folder`;
  return !needIndex || existsSync(path.join(dir, INDEX_FILE)) ? undefined : `the folder ${dir} holds no archive (no ${INDEX_FILE})`;
}

/** How long an import or a check waits for the archive's lock, in ms: a game being filed holds it for a moment. */
export const LOCK_WAIT_MS = 2000;

/**
 * The text of the archive's file `file` (from its folder): read only when it is a plain file
 * inside the archive, links followed; else an Error naming it.
 */
export function readArchived(dir: string, file: string): string {
  const full = path.join(dir, file);
  const real = realpathSync(full);
  if (!real.startsWith(`${realpathSync(dir)}${path.sep}`) || !statSync(real).isFile()) throw new Error(`${full} is not a file inside the archive ${dir}`);
  return readFileSync(real, 'utf8');
}

/**
 * The text of the archive's game `g` ({@link readArchived}) with its players named as the
 * archive shows them (names.ts): the same name in the list, the export, the sheet and the
 * page, whichever way the game's file (a board's scoresheet, a played game's copy) writes it.
 */
export function readArchivedGame(dir: string, g: Pick<ArchivedGame, 'file' | 'white' | 'black'>): string {
  let text = readArchived(dir, g.file);
  for (const [tag, name] of [['White', g.white], ['Black', g.black]] as const) {
    if (name === '?' || name === '') continue;
    text = text.replace(new RegExp(`^\\[${tag} "(?:[^"\\\\]|\\\\.)*"\\]`, 'm'), () => `[${tag} "${name.replace(/[\\"]/g, (c) => `\\${c}`)}"]`);
  }
  return text;
}

/** Writes the index of the archive in `dir` (atomically). */
export function writeIndex(dir: string, index: ArchiveIndex): void {
  writeAtomic(path.join(dir, INDEX_FILE), `${JSON.stringify(index, null, 1)}\n`);
}

/** Writes `text` to `file` whole or not at all: to a temporary file beside it, then renamed over it. Makes the folders. */
export function writeAtomic(file: string, text: string | Uint8Array): void {
  makeFolders(path.dirname(file));
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The folder of an event's round, from the archive's folder: `<event>/round-<round>`, named as
 * `dambord event` names its boards' folders (host/event/archive.ts, folderName: a name a file
 * system cannot take as it is gets a short hash after it), so that the games imported and the
 * games played of one round sit in one folder; `no event` and `no round` for '' (not known). An
 * event named as the archive's own files gets ` (event)` after it.
 *
 * @example roundFolder('NK 2025', '3') // 'NK 2025/round-3'
 * @example roundFolder('Open A:B', '1') // 'Open A-B~26088ee6/round-1'
 */
export function roundFolder(event: string, round: string): string {
  let e = event === '' ? NO_EVENT : folderName(event, NO_EVENT);
  if ([REJECTED_DIR, INDEX_FILE].includes(e.toLowerCase())) e = `${e} (event)`;
  const r = round === '' ? NO_ROUND : folderName(`round-${round}`, NO_ROUND);
  return `${e}/${r}`;
}

/** A game's number in its round's folder, from its file's name (`007 A - B.pdn` is 7); undefined for a name without one. */
export function gameNumber(name: string): number | undefined {
  const n = /^(\d+)(?!\d)/.exec(name)?.[1];
  return n === undefined ? undefined : Number(n);
}

/**
 * Names the new game files of an archive: in each round's folder `<NNN> <White> - <Black>.pdn`
 * (`NN` for a player not known), NNN one more than the highest number the folder holds, on disk
 * or in the index, so no file is written over. Each folder is read once, when its first new game
 * comes: an import costs the same for each game however many its round holds.
 *
 * @example new GameFiles('archive', index.games.map((g) => g.file)).next('nk/round-1', 'Derkx, B.', '?') // 'nk/round-1/008 Derkx, B - NN.pdn'
 */
export class GameFiles {
  private readonly highest = new Map<string, number>();
  private readonly read = new Set<string>();

  /** `dir`: the archive's folder; `taken`: the files its index lists (from its folder, `/` between folders). */
  constructor(
    private readonly dir: string,
    taken: Iterable<string>,
  ) {
    for (const f of taken) this.see(path.posix.dirname(f), path.posix.basename(f));
  }

  /** A new file in `folder` (from the archive's folder) for a game of `white` and `black`. */
  next(folder: string, white: string, black: string): string {
    if (!this.read.has(folder)) {
      this.read.add(folder);
      for (const name of filesIn(path.join(this.dir, folder))) this.see(folder, name);
    }
    const number = (this.highest.get(folder) ?? 0) + 1;
    this.highest.set(folder, number);
    const n = String(number).padStart(3, '0');
    return `${folder}/${safeName(`${n} ${safeName(white, 'NN')} - ${safeName(black, 'NN')}`, n)}.pdn`;
  }

  private see(folder: string, name: string): void {
    const n = gameNumber(name);
    if (n !== undefined) this.highest.set(folder, Math.max(n, this.highest.get(folder) ?? 0));
  }
}

/** The names of the files in the archive's rejected folder, read once for an import's {@link newRejectedFile}. */
export function rejectedNames(dir: string): Set<string> {
  return new Set(filesIn(path.join(dir, REJECTED_DIR)));
}

/**
 * A new file in the rejected folder for a game of `source` at `line`: `<file> line <L>.pdn`, with
 * ` (2)`, ` (3)` ... when a file of that name is there already (in `there`, the folder's names,
 * which it joins).
 */
export function newRejectedFile(there: Set<string>, source: string, line: number): string {
  const base = safeName(`${path.basename(source).replace(/\.pdn$/i, '')} line ${line}`, `line ${line}`);
  let name = `${base}.pdn`;
  for (let k = 2; there.has(name); k++) name = `${base} (${k}).pdn`;
  there.add(name);
  return `${REJECTED_DIR}/${name}`;
}

/** The names in `folder`; none when it cannot be read. */
export function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
