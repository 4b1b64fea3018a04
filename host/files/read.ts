// Reading a file whole within a limit, and a file system error in words: for every command and
// store that reads what a user names (a PDN file, pairings, an archive's import), or writes it.

import { constants as buffers } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The most bytes a text file may have here: the longest string Node holds (about 512 MB); a
 * file larger cannot be decoded, so it is refused before it is read.
 */
export const TEXT_FILE_LIMIT = buffers.MAX_STRING_LENGTH;

/** `bytes` in words: `560 MB`, `12 KB`, `40 bytes`. */
export function size(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/**
 * A file's bytes, at most `limit`: a regular file larger is refused by its size before it is
 * read; a FIFO is read until `limit` and refused past it; a device (`/dev/zero`), socket or
 * folder is refused unread. Throws an error saying why (the caller names the file).
 */
export function readFileWithin(file: string, limit = TEXT_FILE_LIMIT): Buffer {
  const fd = openSync(file, 'r');
  try {
    const s = fstatSync(fd);
    if (s.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    if (!s.isFile() && !s.isFIFO()) throw new Error(`it is ${s.isCharacterDevice() ? 'a character device' : s.isBlockDevice() ? 'a block device' : 'a socket'}, not a file`);
    if (s.size > limit) throw new Error(`it has ${size(s.size)}, more than the ${size(limit)} a text file may have`);
    return readWithin(fd, limit);
  } finally {
    closeSync(fd);
  }
}

/** What `fd` holds, read to its end; an error once it passes `limit` bytes. */
function readWithin(fd: number, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(1 << 16);
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) return Buffer.concat(chunks, total);
    total += n;
    if (total > limit) throw new Error(`it has more than the ${size(limit)} a text file may have`);
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
  }
}

/** File system errors in words, by their errno code. */
const WORDS: Readonly<Record<string, string>> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', EISDIR: 'it is a directory', ENOTDIR: 'a part of the path is not a directory', EEXIST: 'a file is there where a folder was to be made' };

/** What differs when a file is opened to be written: the missing part is its folder, and a FIFO may have no reader. */
const WRITING: Readonly<Record<string, string>> = { ENOENT: 'no such folder', ENXIO: 'a FIFO that nobody reads' };

/** A disk that fails a write, said with its code: the user may need to look the code up. */
const DISK: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the disk failed (an input/output error)',
  EROFS: 'the disk became read-only',
  EFBIG: 'the file is larger than the file system allows',
};

/**
 * A file system error in words, as `doing` a file met it; the error's own message for a code
 * the table does not have. A disk that fails a write is said with the code.
 *
 * @example why(Object.assign(new Error('ENOENT: ...'), { code: 'ENOENT' }), 'write') // 'no such folder'
 * @example why(Object.assign(new Error('ENOSPC: ...'), { code: 'ENOSPC' }), 'write') // 'the disk is full (ENOSPC)'
 */
export function why(e: unknown, doing: 'read' | 'write' = 'read'): string {
  const err = e as NodeJS.ErrnoException;
  if (doing === 'write' && err?.code && Object.hasOwn(DISK, err.code)) return `${DISK[err.code]} (${err.code})`;
  const words = doing === 'write' ? { ...WORDS, ...WRITING } : WORDS;
  return (err?.code && Object.hasOwn(words, err.code) && words[err.code]) || (err instanceof Error ? err.message : String(e));
}
