// Where an event's games are kept (issue 15): an archive laid out by event, round and board,
//
//   <root>/<event>/round-<round>/board-<NN>/game.journal
//                                          /game.pdn
//
// with names any file system takes (Linux, macOS, Windows, FAT on a USB stick). Pure: it names
// paths and touches no file; paths are joined with `/`, which Node takes on every system.

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

/** Where a board's game is archived: its event, round and board. */
export interface ArchivedBoard {
  /** The event's name; null, empty or `?` when not known (the folder is then `event`). */
  event: string | null;
  /** The round as written (`3`, `3.1`, `Final`); null, empty or `?` when not known (the folder is then `round`). */
  round: string | null;
  /** The board number, a whole number from 1 up. */
  board: number;
}

/**
 * The folder of one board's game in the archive under `root`:
 * `root/<event>/round-<round>/board-<NN>`, the event and round made safe ({@link safeName}),
 * the board number written with at least two digits (`board-01`, `board-12`, `board-120`). An
 * unknown event is `event`, an unknown round `round`. Throws a RangeError for a board number that
 * is not a whole number from 1 up (pairings read by readPairings never have one).
 *
 * @example archivePath('archive', { event: 'NK 2025', round: '3', board: 7 }) // 'archive/NK 2025/round-3/board-07'
 */
export function archivePath(root: string, where: ArchivedBoard): string {
  if (!Number.isSafeInteger(where.board) || where.board < 1) throw new RangeError(`board ${where.board} is not a board number: a whole number from 1 up`);
  const event = safeName(where.event ?? '', 'event');
  const round = safeName(where.round ?? '', '');
  const folders = [event, round === '' ? 'round' : safeName(`round-${round}`, 'round'), `board-${String(where.board).padStart(2, '0')}`];
  return joined(root, folders.join('/'));
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
