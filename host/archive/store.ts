// A club's archive on disk (issue 16): its games by event and round, one game a file in strict PDN,
//
//   <archive>/index.json                                     what the archive holds (ArchiveIndex)
//   <archive>/<event>/round-<round>/<NNN> <White> - <Black>.pdn
//   <archive>/no event/no round/001 ? - ?.pdn                 a game of no event and no round
//   <archive>/rejected/<file> line <L>.pdn                    a game that could not be replayed, as it was written
//
// the folders named as `dambord event` names them (host/event/archive.ts, safeName), so a club's
// played and imported games sit side by side under the same event and round folders. NNN numbers
// the games of a round in the order they came in. Every file is written whole to a temporary
// file first and then renamed, so a crash leaves no half file; the index is written last.

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { safeName } from '../event/archive.ts';
import type { GameIdentity } from './identity.ts';

/** The archive's index file, in its folder. */
export const INDEX_FILE = 'index.json';
/** The folder of the games that could not be replayed. */
export const REJECTED_DIR = 'rejected';
/** The folder of the games of no event, and of no round. */
export const NO_EVENT = 'no event';
export const NO_ROUND = 'no round';
const FORMAT = 'dambord archive 1';

/** Where a game came from: its file and the line its game starts at. */
export interface SourcePlace {
  readonly file: string;
  readonly line: number;
}

/** A game in the archive, as its index keeps it. */
export interface ArchivedGame {
  /** Its name in the archive: 12 hex digits (identity.ts, gameId). */
  readonly id: string;
  /** Its PDN file, from the archive's folder, `/` between folders. */
  readonly file: string;
  /** The event and round as written, '' when not known. */
  readonly event: string;
  readonly round: string;
  /** The date as strict PDN writes it. */
  readonly date: string;
  /** The players as the archive shows them (names.ts), `?` when not known. */
  readonly white: string;
  readonly black: string;
  /** The players' names as the source wrote them ('' when missing). */
  readonly written: { readonly white: string; readonly black: string };
  /** The result in the variant's scoring. */
  readonly result: string;
  readonly variant: string;
  readonly identity: GameIdentity;
  readonly source: SourcePlace;
}

/** A game that could not be replayed, kept as it was written. */
export interface RejectedGame {
  /** Its text, from the archive's folder. */
  readonly file: string;
  readonly source: SourcePlace & { readonly column: number };
  /** Why it could not be replayed. */
  readonly reason: string;
  /** A hash of its text: the same text is kept once. */
  readonly hash: string;
}

/** What an archive holds: its games, its rejected games and its players' names (key to shown form). */
export interface ArchiveIndex {
  readonly format: typeof FORMAT;
  readonly players: Record<string, string>;
  readonly games: ArchivedGame[];
  readonly rejected: RejectedGame[];
}

/** The index of the archive in `dir`; an empty one when it has none yet. Throws an Error naming the file when it is not an index. */
export function readIndex(dir: string): ArchiveIndex {
  const file = path.join(dir, INDEX_FILE);
  if (!existsSync(file)) return { format: FORMAT, players: {}, games: [], rejected: [] };
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<ArchiveIndex>;
  if (data.format !== FORMAT || !Array.isArray(data.games) || !Array.isArray(data.rejected)) throw new Error(`${file} is not the index of a dambord archive`);
  return { format: FORMAT, players: data.players ?? {}, games: data.games, rejected: data.rejected };
}

/** Writes the index of the archive in `dir` (atomically). */
export function writeIndex(dir: string, index: ArchiveIndex): void {
  writeAtomic(path.join(dir, INDEX_FILE), `${JSON.stringify(index, null, 1)}\n`);
}

/** Writes `text` to `file` whole or not at all: to a temporary file beside it, then renamed over it. Makes the folders. */
export function writeAtomic(file: string, text: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The folder of an event's round, from the archive's folder: `<event>/round-<round>`, made safe
 * as host/event/archive.ts makes them; `no event` and `no round` for '' (not known). An event
 * named as the archive's own files gets ` (event)` after it.
 *
 * @example roundFolder('NK 2025', '3') // 'NK 2025/round-3'
 */
export function roundFolder(event: string, round: string): string {
  let e = safeName(event, NO_EVENT);
  if ([REJECTED_DIR, INDEX_FILE].includes(e.toLowerCase())) e = `${e} (event)`;
  const r = round === '' ? NO_ROUND : safeName(`round-${round}`, NO_ROUND);
  return `${e}/${r}`;
}

/**
 * A new game file in `folder` (from the archive `dir`): `<NNN> <White> - <Black>.pdn` (`NN` for a
 * player not known), NNN one more than the highest number in the folder, on disk or in `taken`
 * (the index's files), so no file is written over.
 */
export function newGameFile(dir: string, folder: string, white: string, black: string, taken: readonly string[]): string {
  const there = filesIn(path.join(dir, folder));
  const numbers = [...taken.filter((f) => f.startsWith(`${folder}/`)).map((f) => f.slice(folder.length + 1)), ...there].map((f) => /^(\d+)(?!\d)/.exec(f)?.[1]).filter((n) => n !== undefined).map(Number);
  const n = String(Math.max(0, ...numbers) + 1).padStart(3, '0');
  return `${folder}/${safeName(`${n} ${safeName(white, 'NN')} - ${safeName(black, 'NN')}`, n)}.pdn`;
}

/**
 * A new file in the rejected folder for a game of `source` at `line`: `<file> line <L>.pdn`, with
 * ` (2)`, ` (3)` ... when a file of that name is there already.
 */
export function newRejectedFile(dir: string, source: string, line: number): string {
  const base = safeName(`${path.basename(source).replace(/\.pdn$/i, '')} line ${line}`, `line ${line}`);
  const there = new Set(filesIn(path.join(dir, REJECTED_DIR)));
  let name = `${base}.pdn`;
  for (let k = 2; there.has(name); k++) name = `${base} (${k}).pdn`;
  return `${REJECTED_DIR}/${name}`;
}

function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
