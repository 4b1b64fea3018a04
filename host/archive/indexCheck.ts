// Checking an archive's index as read (store.ts): each entry of the shape the store writes, each
// path a file inside the archive, so that a tampered or damaged index.json never makes dambord
// read or write outside the archive. Pure: it checks the parsed JSON it is given.

import type { ArchivedGame, RejectedGame } from './entry.ts';

/** The entries of an index that hold, and each one skipped, with why. */
export interface CheckedEntries {
  readonly games: ArchivedGame[];
  readonly rejected: RejectedGame[];
  readonly players: Record<string, string>;
  /** `game 3 skipped: its file "../x" is not a game file of the archive (...)`, one a bad entry. */
  readonly bad: string[];
}

/** The shape of a game's file, for the messages. */
export const GAME_FILE_SHAPE = '<event>/<round>/<NNN> <White> - <Black>.pdn or <event>/<round>/board-<NN>/game.pdn inside it';

/** Why `name` is not one name of a path in the archive (a folder or a file), or null. */
function nameProblem(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.length > 255 || /[\\/:*?"<>|\u0000-\u001f\u007f]/.test(name) || /^[.\s]|[.\s]$/.test(name.replace(/\.pdn$/, ''))) return 'a name no archive writes';
  return null;
}

/**
 * Whether `file` is a path the store writes a game to: `<event>/<round>/<NNN ...>.pdn`, three
 * names none of which climbs out (`..`), hides (a leading dot) or holds a character some system
 * refuses; the event not `rejectedDir`.
 *
 * @example isGameFile('nk/round-1/001 Derkx, B - Meijer, Hein.pdn', 'rejected') // true
 * @example isGameFile('../../etc/hostname', 'rejected') // false
 */
export function isGameFile(file: unknown, rejectedDir: string): file is string {
  if (typeof file !== 'string') return false;
  const parts = file.split('/');
  return parts.length === 3 && parts.every((p) => nameProblem(p) === null) && parts[0].toLowerCase() !== rejectedDir && /^\d+(?!\d)[^/]*\.pdn$/.test(parts[2]);
}

/**
 * Whether `file` is the scoresheet of an event's board that `dambord event` keeps in the archive
 * (host/event/archive.ts): `<event>/<round>/board-<NN>/game.pdn`, its names as {@link isGameFile} takes them.
 *
 * @example isBoardGameFile('nk/round-3/board-07/game.pdn', 'rejected') // true
 */
export function isBoardGameFile(file: unknown, rejectedDir: string): file is string {
  if (typeof file !== 'string') return false;
  const parts = file.split('/');
  return parts.length === 4 && parts.every((p) => nameProblem(p) === null) && parts[0].toLowerCase() !== rejectedDir && /^board-\d{2,}$/.test(parts[2]) && parts[3] === 'game.pdn';
}

/** Whether `file` is a path the store writes a rejected game's text to: `<rejectedDir>/<name>.pdn`. */
export function isRejectedFile(file: unknown, rejectedDir: string): file is string {
  if (typeof file !== 'string') return false;
  const parts = file.split('/');
  return parts.length === 2 && parts[0] === rejectedDir && nameProblem(parts[1]) === null && parts[1].endsWith('.pdn');
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isLine = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Why a game entry cannot be taken (its first field that does not hold), or null. */
function gameProblem(g: unknown, rejectedDir: string): string | null {
  if (!isObject(g)) return 'it is not an entry';
  if (!isGameFile(g.file, rejectedDir) && !isBoardGameFile(g.file, rejectedDir)) return `its file ${JSON.stringify(g.file)?.slice(0, 200)} is not a game file of the archive (${GAME_FILE_SHAPE})`;
  if (!isString(g.id) || !/^[0-9a-f]{12}$/.test(g.id)) return 'its id is not 12 hex digits';
  for (const k of ['event', 'round', 'date', 'white', 'black', 'result', 'variant'] as const) if (!isString(g[k])) return `its ${k} is not text`;
  if (!isObject(g.written) || !isString(g.written.white) || !isString(g.written.black)) return 'its written names are not text';
  const id = g.identity;
  if (!isObject(id) || !isLine(id.plies) || !['moves', 'white', 'black', 'date', 'event', 'round', 'site'].every((k) => isString(id[k]))) return 'its identity is not one';
  if (!isObject(g.source) || !isString(g.source.file) || !isLine(g.source.line)) return 'its source is not a file and line';
  return null;
}

/** Why a rejected entry cannot be taken, or null. */
function rejectedProblem(r: unknown, rejectedDir: string): string | null {
  if (!isObject(r)) return 'it is not an entry';
  if (!isRejectedFile(r.file, rejectedDir)) return `its file ${JSON.stringify(r.file)?.slice(0, 200)} is not a file of the archive's ${rejectedDir} folder`;
  if (!isString(r.reason) || !isString(r.hash)) return 'its reason or hash is not text';
  if (!isObject(r.source) || !isString(r.source.file) || !isLine(r.source.line) || !isLine(r.source.column)) return 'its source is not a file, line and column';
  return null;
}

/**
 * The entries of an index's `games`, `rejected` and `players` that hold (see the checks above),
 * each other one skipped and said with its number (from 1) and why; a second entry of the same
 * file is skipped too.
 *
 * @example checkEntries([{ file: '../x' }], [], {}, 'rejected').bad // ['game 1 skipped: its file "../x" is not a game file of the archive (...)']
 */
export function checkEntries(games: readonly unknown[], rejected: readonly unknown[], players: unknown, rejectedDir: string): CheckedEntries {
  const out: CheckedEntries = { games: [], rejected: [], players: Object.create(null) as Record<string, string>, bad: [] };
  const files = new Map<string, string>();
  const take = <T>(what: string, list: readonly unknown[], problem: (x: unknown) => string | null, into: T[]) =>
    list.forEach((x, i) => {
      const p = problem(x);
      const file = p === null ? (x as { file: string }).file : '';
      const twin = files.get(file);
      if (p !== null || twin) out.bad.push(`${what} ${i + 1} skipped: ${p ?? `its file "${file}" is ${twin}'s too`}`);
      else {
        files.set(file, `${what} ${i + 1}`);
        into.push(x as T);
      }
    });
  take('game', games, (g) => gameProblem(g, rejectedDir), out.games);
  take('rejected game', rejected, (r) => rejectedProblem(r, rejectedDir), out.rejected);
  if (isObject(players)) {
    for (const [key, shown] of Object.entries(players)) {
      if (isString(shown)) out.players[key] = shown;
      else out.bad.push(`player ${JSON.stringify(key).slice(0, 100)} skipped: the name shown is not text`);
    }
  } else if (players !== undefined) out.bad.push('the players skipped: not a table of names');
  return out;
}
