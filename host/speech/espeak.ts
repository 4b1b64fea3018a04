// espeak-ng as a separate process (Debian's `espeak-ng`): a sentence in, a WAV file or the
// sound device out (through aplay or paplay). The speaker's queue (speaker.ts) decides what is
// said and when; nothing here does.

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync } from 'node:fs';
import { openWavFile, withWavSizes, writeWav } from './wavFile.ts';

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
 * standard input, never as an argument, so that nothing in it is read as an option. The file is
 * opened here (see {@link openWavFile}: a symlink, FIFO, socket or device there is refused) and
 * written from espeak-ng's standard output, so that a write that fails (a full disk) is said.
 * Rejects, naming the file or saying what to do, when it cannot be written or espeak-ng is
 * missing or fails; an aborted or failed sentence leaves the file empty.
 */
export async function speakToWav(text: string, file: string, voice: Voice, signal?: AbortSignal): Promise<void> {
  const fd = openWavFile(file);
  try {
    const child = espeak(text, voice, ['--stdout'], 'pipe');
    const chunks: Buffer[] = [];
    child.stdout!.on('data', (d: Buffer) => chunks.push(d));
    await finished(child, `espeak-ng (voice ${voice.voice})`, signal);
    if (!signal?.aborted) writeWav(fd, file, withWavSizes(Buffer.concat(chunks)));
  } catch (e) {
    // No half-written file is left behind (a full disk): the sentence is not kept at all.
    ftruncateSync(fd, 0);
    throw e;
  } finally {
    closeSync(fd);
  }
}

/**
 * Speaks `text` on the sound device: espeak-ng's WAV on its standard output, played by
 * `player` (`aplay` or `paplay`, see {@link soundPlayer}; `device` is aplay's `-D`). Resolves
 * when it has been played, or at once when `signal` aborts (both processes are stopped).
 */
export function speakToDevice(text: string, voice: Voice, player: SoundPlayer, signal?: AbortSignal): Promise<void> {
  const speech = espeak(text, voice, ['--stdout'], 'pipe');
  const args = player.name === 'aplay' ? ['-q', ...(player.device ? ['-D', player.device] : []), '-'] : [];
  const play = spawn(player.name, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  speech.stdout!.pipe(play.stdin!);
  // A player that stops early (no sound card, the device went away) must not make espeak-ng's
  // pipe throw, nor leave espeak-ng blocked on a pipe nobody reads.
  play.stdin!.on('error', () => {});
  play.on('close', () => {
    if (speech.exitCode === null && speech.signalCode === null) speech.kill('SIGTERM');
  });
  return Promise.all([finished(speech, `espeak-ng (voice ${voice.voice})`, signal), finished(play, player.name, signal)]).then(() => undefined);
}

/** A program that plays a WAV stream on the sound device. */
export interface SoundPlayer {
  readonly name: 'aplay' | 'paplay';
  /** aplay's ALSA device (`-D`), e.g. `null` to play to nothing; absent: the default device. */
  readonly device?: string;
}

/** The sound player installed here: aplay (alsa-utils) first, else paplay (pulseaudio-utils); null when neither is. */
export function soundPlayer(device?: string): SoundPlayer | null {
  for (const name of ['aplay', 'paplay'] as const) if (spawnSync(name, ['--version']).error === undefined) return { name, ...(device ? { device } : {}) };
  return null;
}

/** espeak-ng started on `text` (given on standard input, never as an argument, so that nothing in it is read as an option). */
export function espeak(text: string, voice: Voice, output: readonly string[], stdout: 'pipe' | 'ignore'): ChildProcess {
  const args = ['-v', voice.voice, '-s', String(voice.rate ?? 175), '-a', String(voice.volume ?? 100), ...output, '--stdin'];
  const child = spawn('espeak-ng', args, { stdio: ['pipe', stdout, 'pipe'] });
  child.stdin!.on('error', () => {});
  child.stdin!.end(text);
  return child;
}

/** Resolves when `child` exits 0 (or `signal` aborts: the child is stopped); rejects saying what to do when it is missing or fails. */
function finished(child: ChildProcess, what: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const stop = () => {
      child.kill('SIGTERM');
      resolve();
    };
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (e: NodeJS.ErrnoException) => {
      const program = what.split(' ')[0];
      const pkg = program === 'espeak-ng' ? 'espeak-ng' : program === 'aplay' ? 'alsa-utils' : 'pulseaudio-utils';
      reject(new Error(e.code === 'ENOENT' ? `${program} is not installed: apt-get install ${pkg} (npm run setup does it)` : `${program} cannot start: ${e.message}`));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', stop);
      if (code === 0 || signal?.aborted) resolve();
      // The last line says why (ALSA's library writes its search for a card before it).
      else reject(new Error(`${what} exited ${code}: ${err.trim().split('\n').at(-1) || 'no message'}`));
    });
  });
}
