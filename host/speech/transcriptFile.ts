// The transcript file of --transcript: one line written as each announcement is spoken; a write
// that fails (a full disk, /dev/full, a reader gone) is said once and the transcript stops,
// while speech and the game go on.

import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { why } from '../files/read.ts';

/** An open transcript. */
export interface TranscriptFile {
  /** Writes `line` (its newline included); after a failure, nothing. Never throws. */
  write(line: string): void;
  /** Closes the file (once). */
  close(): void;
}

/**
 * Opens `path` for the transcript, emptied, without waiting on a FIFO that has no reader.
 * Throws an error naming `path` when it cannot be opened. `failed` is told once, in words
 * naming `path`, when a write fails; nothing more is written then.
 *
 * @example openTranscript('game.jsonl', (m) => console.error(m)).write('{"t":0,...}\n')
 */
export function openTranscript(path: string, failed: (message: string) => void): TranscriptFile {
  let fd: number | null;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK, 0o644);
  } catch (e) {
    throw new Error(`cannot write the transcript ${path}: ${why(e, 'write')}`, { cause: e });
  }
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  return {
    write(line) {
      if (fd === null) return;
      try {
        const bytes = Buffer.from(line);
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      } catch (e) {
        close();
        failed(`the transcript ${path} cannot be written: ${why(e, 'write')}; it stops here, the game and its speech go on`);
      }
    },
    close,
  };
}
