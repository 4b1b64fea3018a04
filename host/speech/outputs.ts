// The speaker's outputs: espeak-ng to the sound device or to WAV files, tones on the board's
// piezo (the quiet mode), or nothing (a transcript only).

import { join } from 'node:path';
import type { Announcement, AnnouncementKind } from './announce.ts';
import { speakToDevice, speakToWav } from './espeak.ts';
import type { SoundPlayer } from './espeak.ts';
import type { Output } from './speaker.ts';
import { VOICE } from './words.ts';

/** espeak-ng's rate (words a minute) and volume (0-200). */
export interface Delivery {
  readonly rate?: number;
  readonly volume?: number;
}

/** Nothing is played: the transcript is all (`dambord replay --speak`). */
export const silentOutput: Output = { speak: () => undefined };

/**
 * Each announcement a WAV file in `dir`, numbered in the order spoken: `00001-link.wav`,
 * `00002-correction.wav`, ... The files are a record, not a voice: `speak` hands the sentence
 * over and returns at once, so the speaker's queue keeps the order (and drops nothing) as it does
 * with no output, however long espeak-ng takes; the files are written one after another behind
 * it, and `idle` resolves when all handed over are written. `failed` is told of each one that
 * cannot be (a refused special file, a full disk: its name and errno code in the error).
 */
export function wavOutput(dir: string, delivery: Delivery = {}, failed: (a: Announcement, e: Error) => void = () => {}): Output {
  let spoken = 0;
  let written: Promise<void> = Promise.resolve();
  return {
    speak(a) {
      const file = join(dir, `${String(++spoken).padStart(5, '0')}-${a.kind}.wav`);
      written = written.then(() => speakToWav(a.text, file, { voice: VOICE[a.lang], ...delivery })).catch((e: unknown) => failed(a, e instanceof Error ? e : new Error(String(e))));
    },
    idle: () => written,
  };
}

/** Spoken on the sound device through `player` (aplay or paplay). */
export function deviceOutput(player: SoundPlayer, delivery: Delivery = {}): Output {
  return { speak: (a, signal) => speakToDevice(a.text, { voice: VOICE[a.lang], ...delivery }, player, signal) };
}

/**
 * The quiet mode's tones on the board's piezo, by kind (Hz, ms; a pause of the same length
 * between tones): one short high tone for a move, three rising for the result, two low for the
 * link, none for answers; none for an irregularity either, which the referee itself beeps (a long
 * low tone when the opponent decides, a short one for a note).
 */
export const TONES: Readonly<Record<AnnouncementKind, readonly (readonly [number, number])[]>> = {
  move: [[1320, 80]],
  irregularity: [],
  correction: [[990, 120]],
  clock: [[1760, 120], [1760, 120]],
  result: [[660, 150], [880, 150], [1320, 300]],
  query: [],
  link: [[440, 200], [440, 200]],
};

/** The quiet mode: no words, only tones through `beep` (the board link's piezo). */
export function beepOutput(beep: (hz: number, ms: number) => Promise<void>, wait: (ms: number) => Promise<void>): Output {
  return {
    async speak(a, signal) {
      for (const [hz, ms] of TONES[a.kind]) {
        if (signal.aborted) return;
        await beep(hz, ms).catch(() => {});
        await wait(2 * ms);
      }
    },
  };
}
