// The speech options of `play` and `replay`: the language, where the words go, the transcript.

import { LANGUAGES } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import { openSpeech } from '../speech/rig.ts';
import type { Speech, SpeechOptions } from '../speech/rig.ts';
import { EXIT } from './command.ts';
import type { Io } from './command.ts';
import { wholeNumberOption, why } from './input.ts';

/** The options, for parseArgs. */
export const SPEECH_SPEC = { voice: 'string', speak: 'string', rate: 'string', volume: 'string', wav: 'string', transcript: 'string', beeps: 'boolean', queries: 'boolean' } as const;

/** The options' help, as both commands print it. */
export const SPEECH_HELP = `  --voice LANG       speak what happens in LANG: ${LANGUAGES.join(', ')} (espeak-ng); --speak is the same
  --rate WPM         words a minute (default 175); --volume N: 0-200 (default 100)
  --wav DIR          each announcement a WAV file in DIR instead of the sound device,
                     numbered in the order spoken (00001-link.wav, ...)
  --transcript FILE  one JSON line per announcement, in the order spoken:
                     {"t":MS,"lang":"hr","kind":"move","ply":N,"text":"..."}
  --beeps            the quiet mode: only tones on the board's piezo, no words
  --queries          the board as keyboard (on in the blind policy): a piece held 1 s says its
                     square and where it may go (4 s: its diagonals); Accept with nothing to
                     decide repeats the last move (again: one more), held 1 s the pieces by kind;
                     Correct says whose turn it is and the clocks, held 1 s the position by rows`;

type Given = { readonly [K in keyof typeof SPEECH_SPEC]: (typeof SPEECH_SPEC)[K] extends 'boolean' ? boolean : string | undefined };

/**
 * The speech asked for, or null when none is; an error for a bad value. `defaultTo` is where
 * words go when neither --wav nor --beeps says (play: the sound device; replay: nowhere, the
 * transcript only). `beep` is the board's piezo, for --beeps.
 */
export function speechFrom(o: Given, defaultTo: 'device' | 'none', extra: { queries: boolean; beep?: (hz: number, ms: number) => Promise<void> }): { ok: true; speech: SpeechOptions | null } | { ok: false; error: string } {
  if (o.voice !== undefined && o.speak !== undefined && o.voice !== o.speak) return { ok: false, error: '--voice and --speak name two languages; give one' };
  const lang = o.voice ?? o.speak;
  const wants = o.rate !== undefined || o.volume !== undefined || o.wav !== undefined || o.transcript !== undefined || o.beeps || o.queries;
  if (lang === undefined) return wants ? { ok: false, error: `--voice LANG is missing: the language to speak, one of ${LANGUAGES.join(', ')}` } : { ok: true, speech: null };
  if (!(LANGUAGES as readonly string[]).includes(lang)) return { ok: false, error: `no voice for "${lang}": choose one of ${LANGUAGES.join(', ')}` };
  const rated = wholeNumberOption('rate', o.rate, 80, 500);
  if (!rated.ok) return rated;
  const loud = wholeNumberOption('volume', o.volume, 0, 200);
  if (!loud.ok) return loud;
  const rate = rated.value;
  const volume = loud.value;
  if (o.wav !== undefined && o.beeps) return { ok: false, error: '--wav and --beeps both say where the words go; give one' };
  if (o.beeps && !extra.beep) return { ok: false, error: '--beeps needs a board with a piezo (play)' };
  const output: SpeechOptions['output'] = o.wav !== undefined ? { to: 'wav', dir: o.wav } : o.beeps && extra.beep ? { to: 'beeps', beep: extra.beep } : { to: defaultTo };
  return {
    ok: true,
    speech: { lang: lang as Language, queries: o.queries || extra.queries, output, ...(o.transcript !== undefined ? { transcript: o.transcript } : {}), ...(rate !== undefined ? { rate } : {}), ...(volume !== undefined ? { volume } : {}) },
  };
}

/** Opens the speech asked for by `dambord NAME`: null when none is; the exit code, said on standard error, when it cannot be had. */
export function openAsked(asked: SpeechOptions | null, io: Io, name: string): Speech | null | number {
  try {
    return asked && openSpeech({ ...asked, warn: (m) => io.stderr.write(`dambord ${name}: ${m}\n`) });
  } catch (e) {
    io.stderr.write(`dambord ${name}: ${why(e)}\n`);
    return EXIT.io;
  }
}
