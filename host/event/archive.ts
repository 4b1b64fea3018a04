// Where an event's games are kept (issue 15): an archive laid out by event, round and board,
//
//   <root>/<event>/round-<round>/board-<NN>/game.journal
//                                          /game.pdn
//
// with names any file system takes (Linux, macOS, Windows, FAT on a USB stick), and one folder
// per event and round: a name the file system cannot take as it is gets a short hash of the exact
// name after it (`Open A:B` in `Open A-B~1a2b3c4d`), so two names never share a folder. Pure: it
// names paths and touches no file; paths are joined with `/`, which Node takes on every system.

import { sha256Hex } from '../hash/sha256.ts';

/** The longest name a part of the archive's path may have, in characters (code points). */
export const MAX_NAME = 80;

/** Windows' device names, which no file or folder may be called, whatever follows a dot. */
const DEVICES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A name made safe for every file system: Unicode kept (in its composed form, NFC, as macOS
 * would otherwise change it), whitespace collapsed to one space, `"` written `'`, each run of
 * the other characters some system refuses (`/ \ : * ? < > |` and control characters) written
 * `-`, no dots, spaces or dashes at either end (Windows drops trailing dots and spaces; a leading
 * dot hides a file, `..` climbs out of the archive), at most {@link MAX_NAME} characters, a
 * Windows device name (`CON`, `nul.txt`) prefixed with `_`. A name left empty becomes `fallback`.
 *
 * @example safeName('NK 2024/25: "finale"', 'event') // "NK 2024-25- 'finale'"
 * @example safeName('?', 'event') // 'event'
 */
export function safeName(text: string, fallback: string): string {
  let name = text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/"/g, "'")
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/^[.\s-]+/u, '');
  name = Array.from(name).slice(0, MAX_NAME).join('');
  name = name.replace(/[.\s-]+$/u, '');
  if (name === '') return fallback;
  return DEVICES.test(name) ? Array.from(`_${name}`).slice(0, MAX_NAME).join('').replace(/[.\s]+$/u, '') : name;
}

/** A name that says nothing: empty, or nothing but `?`, dots and whitespace (PDN's unknown). */
const UNKNOWN = /^[?.\s]*$/u;

/** Whether `name` says nothing (PDN's unknown: empty, `?`): the archive's `no event`, `no round`. */
export function saysNothing(name: string): boolean {
  return UNKNOWN.test(name);
}

/** The end of a folder name that {@link folderName} gave a hash: `~` and 8 hex digits. */
const HASHED = /~[0-9a-f]{8}$/i;

/**
 * The folder of a name, one folder per name: the name itself when {@link safeName} keeps it as
 * it is (`NK 2025`), otherwise its safe form cut to leave room and `~` with the first 8 hex digits
 * of the SHA-256 of the exact name (in its composed form, NFC) after it: `Open A:B` is
 * `Open A-B~…`, `Open A/B` another `Open A-B~…`. A name that looks like the fallback or like a
 * hashed folder (compared ignoring case, as Windows and macOS do) is hashed too. A name that
 * says nothing (empty, `?`) is `fallback`. At most {@link MAX_NAME} characters.
 *
 * Two names that differ only in case are two folders on Linux but one on Windows and macOS: the
 * journal's header, checked when a board resumes (resumeCheck.ts), tells them apart there.
 *
 * @example folderName('NK 2025', 'event') // 'NK 2025'
 * @example folderName('?', 'event') // 'event'
 */
export function folderName(text: string, fallback: string): string {
  const name = text.normalize('NFC');
  if (UNKNOWN.test(name)) return fallback;
  const safe = safeName(name, fallback);
  if (safe === name && safe.toLowerCase() !== fallback.toLowerCase() && !HASHED.test(safe)) return safe;
  const hash = sha256Hex(name).slice(0, 8);
  const kept = Array.from(safe).slice(0, MAX_NAME - hash.length - 1).join('').replace(/[.\s-]+$/u, '');
  return `${kept}~${hash}`;
}

/** The folders of an event and a round not known, as the club's archive names them (host/archive/store.ts). */
const NO_EVENT = 'no event';
const NO_ROUND = 'no round';

/** Where a board's game is archived: its event, round and board. */
export interface ArchivedBoard {
  /** The event's name; null, empty or `?` when not known (the folder is then `no event`). */
  event: string | null;
  /** The round as written (`3`, `3.1`, `Final`); null, empty or `?` when not known (the folder is then `no round`). */
  round: string | null;
  /** The board number, a whole number from 1 up. */
  board: number;
}

/**
 * The folder of one board's game in the archive under `root`:
 * `root/<event>/round-<round>/board-<NN>`, the event and `round-<round>` each a
 * {@link folderName} (one folder per name), the board number written with at least two digits
 * (`board-01`, `board-12`, `board-120`). An unknown event is `no event`, an unknown round `no
 * round`, as the club's archive names them (earlier versions: `event`, `round`; {@link legacyArchivePath}).
 * Throws a RangeError for a board number that is not a whole number from 1 up (pairings read by
 * readPairings never have one).
 *
 * @example archivePath('archive', { event: 'NK 2025', round: '3', board: 7 }) // 'archive/NK 2025/round-3/board-07'
 * @example archivePath('archive', { event: 'Open A:B', round: '1', board: 1 }) // 'archive/Open A-B~<8 hex digits>/round-1/board-01'
 */
export function archivePath(root: string, where: ArchivedBoard): string {
  const round = where.round === null || UNKNOWN.test(where.round) ? NO_ROUND : folderName(`round-${where.round}`, NO_ROUND);
  return boardPath(root, folderName(where.event ?? '', NO_EVENT), round, where.board);
}

/**
 * The folder earlier versions gave a board's game, each name made safe alone ({@link safeName}),
 * an unknown event `event` and round `round`, which two names could share (`Open A:B`, `Open
 * A/B`: `Open A-B`): a game there is taken for
 * this board's only when its journal says so (run.ts). The same as {@link archivePath} for a
 * name that is safe as it is.
 *
 * @example legacyArchivePath('archive', { event: 'Open A:B', round: '1', board: 1 }) // 'archive/Open A-B/round-1/board-01'
 */
export function legacyArchivePath(root: string, where: ArchivedBoard): string {
  const round = safeName(where.round ?? '', '');
  return boardPath(root, safeName(where.event ?? '', 'event'), round === '' ? 'round' : safeName(`round-${round}`, 'round'), where.board);
}

function boardPath(root: string, event: string, round: string, board: number): string {
  if (!Number.isSafeInteger(board) || board < 1) throw new RangeError(`board ${board} is not a board number: a whole number from 1 up`);
  return joined(root, `${event}/${round}/board-${String(board).padStart(2, '0')}`);
}

/** `dir/rest`, with one separator between them whatever `dir` ends with (`rest` alone when `dir` is empty). */
function joined(dir: string, rest: string): string {
  if (dir === '') return rest;
  const base = dir.replace(/[/\\]+$/, '');
  return base === '' ? `${dir[0]}${rest}` : `${base}/${rest}`;
}

/** The files of one board's game in its folder. */
export interface GameFiles {
  /** The journal: every event of the game as it happened (host/journal). */
  journal: string;
  /** The scoresheet: the game as PDN. */
  pdn: string;
}

/**
 * The journal and the PDN scoresheet of the game archived in `dir` (an {@link archivePath}).
 *
 * @example gameFiles('archive/NK 2025/round-3/board-07') // { journal: 'archive/NK 2025/round-3/board-07/game.journal', pdn: '.../game.pdn' }
 */
export function gameFiles(dir: string): GameFiles {
  return { journal: joined(dir, 'game.journal'), pdn: joined(dir, 'game.pdn') };
}
