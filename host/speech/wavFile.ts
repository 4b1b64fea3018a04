// A WAV file of the --wav folder, written safely: only a new or regular file is written, never
// through a symlink, into a FIFO, a socket or a device, and never blocking on its open; the
// RIFF sizes espeak-ng leaves open on a stream are filled in.

import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';

/** What a file that is not a regular file is, in words: `a FIFO`, `a symbolic link`, ... */
export function fileKind(s: Stats): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isDirectory()) return 'a folder';
  return s.nlink > 1 ? 'a file with other names (a hard link)' : 'a regular file';
}

/** A file system error with the path it concerns and its errno code (ENOSPC, ELOOP, ...), said in words. */
function named(path: string, e: unknown, doing: string): Error {
  const err = e as NodeJS.ErrnoException;
  return Object.assign(new Error(`cannot ${doing} ${path}: ${err instanceof Error ? err.message : String(e)}`), { code: err?.code });
}

/**
 * Opens `path` to write a WAV file and returns its descriptor, empty. Refuses (throws an
 * error naming `path`; each such file is reported) a symlink, FIFO, socket, device, folder or hard
 * link there: nothing is written through it and nothing waits for a reader. The open itself
 * uses O_NOFOLLOW and O_NONBLOCK, so a file swapped in after the check is refused too.
 */
export function openWavFile(path: string): number {
  const refuse = (s: Stats): Error => new Error(`${path} is ${fileKind(s)}, not a WAV file written here: left alone (move it out of the --wav folder)`);
  let before: Stats | undefined;
  try {
    before = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw named(path, e, 'write');
  }
  if (before && (!before.isFile() || before.nlink > 1)) throw refuse(before);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (e) {
    throw named(path, e, 'write');
  }
  const s = fstatSync(fd);
  if (!s.isFile() || s.nlink > 1) {
    closeSync(fd);
    throw refuse(s);
  }
  ftruncateSync(fd, 0);
  return fd;
}

/**
 * `wav` with its RIFF and data sizes set from its length (espeak-ng writing to a stream puts
 * 0x7ffff... there). A canonical 44-byte header is assumed, as espeak-ng writes; anything
 * shorter is returned as it is.
 */
export function withWavSizes(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 36, 40) !== 'data') return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.writeUInt32LE(wav.length - 44, 40);
  return wav;
}

/** Writes `wav` whole into `fd` (the WAV file at `path`); an error (ENOSPC, EIO) names `path`. */
export function writeWav(fd: number, path: string, wav: Buffer): void {
  try {
    for (let at = 0; at < wav.length; ) at += writeSync(fd, wav, at, wav.length - at);
  } catch (e) {
    throw named(path, e, 'write');
  }
}
