// espeak-ng as a separate process (Debian's `espeak-ng`): a sentence in, a WAV file out. The
// speaker's queue (to come) plays these files or keeps them; nothing here decides what to say.

import { spawn } from 'node:child_process';

/** How a sentence is spoken. */
export interface Voice {
  /** espeak-ng's voice name for the language: `en`, `nl`, `pt-br`, ... */
  readonly voice: string;
  /** Words per minute (espeak-ng's default 175). */
  readonly rate?: number;
  /** 0-200, espeak-ng's amplitude (default 100). */
  readonly volume?: number;
}

/**
 * Speaks `text` into the WAV file `file`; resolves when it is written. The text goes in on
 * standard input, never as an argument, so that nothing in it is read as an option. Rejects,
 * saying what to do, when espeak-ng is missing or fails.
 */
export function speakToWav(text: string, file: string, voice: Voice): Promise<void> {
  const args = ['-v', voice.voice, '-s', String(voice.rate ?? 175), '-a', String(voice.volume ?? 100), '-w', file, '--stdin'];
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'ENOENT' ? 'espeak-ng is not installed: apt-get install espeak-ng (npm run setup does it)' : `espeak-ng cannot start: ${e.message}`)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`espeak-ng (voice ${voice.voice}) exited ${code}: ${err.trim() || 'no message'}`))));
    child.stdin.end(text);
  });
}
