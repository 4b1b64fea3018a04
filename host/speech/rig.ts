// Speech for a game: the announcer fed each step of the game, its announcements queued on the
// speaker, and the transcript written as they are spoken. What `play` and `replay` open with
// `--voice`/`--speak`, `--transcript`, `--wav`, `--rate`, `--volume` and `--beeps`.

import { makeFolders } from '../files/folders.ts';
import type { GameState, SeenStep } from '../game/game.ts';
import { answer } from './queries.ts';
import type { Query } from './queries.ts';
import { announce, createAnnouncer, numbered } from './announce.ts';
import type { Announcement, AnnouncementKind, Announcer, Said } from './announce.ts';
import { soundPlayer } from './espeak.ts';
import { beepOutput, deviceOutput, silentOutput, wavOutput } from './outputs.ts';
import { Speaker, transcriptLine } from './speaker.ts';
import { openTranscript } from './transcriptFile.ts';
import type { Output } from './speaker.ts';
import type { Language } from '../words/catalogue.ts';

export interface SpeechOptions {
  readonly lang: Language;
  /** The board as keyboard: gestures and buttons ask questions (on in the blind policy). */
  readonly queries?: boolean;
  /** Write the transcript (JSON lines) to this file. */
  readonly transcript?: string;
  /**
   * Where the words go: `device` (aplay or paplay), a folder of WAV files, `beeps` (the board's
   * piezo through `beep`), or `none` (the transcript only).
   */
  readonly output: { readonly to: 'device'; readonly alsaDevice?: string } | { readonly to: 'wav'; readonly dir: string } | { readonly to: 'beeps'; readonly beep: (hz: number, ms: number) => Promise<void> } | { readonly to: 'none' };
  readonly rate?: number;
  readonly volume?: number;
  /** Told when speech fails (the sentence is skipped, the game goes on). */
  readonly warn?: (message: string) => void;
}

/** Speech attached to a game. */
export interface Speech {
  /** Feed every step of the game, in order (returns at once). */
  observe(seen: SeenStep): void;
  /** Says `text`, numbered after the announcer's own (the copy steps of two boards). */
  tell(kind: AnnouncementKind, text: string, at: { readonly t: number; readonly ply: number }, group?: Announcement['group']): Announcement;
  /** Answers a question asked from the page or the command line: said, and returned. */
  ask(q: Query, state: GameState, now: number): Announcement;
  /** The announcer as it stands (its language, the next id). */
  announcer(): Announcer;
  readonly speaker: Speaker;
  /** Waits for everything queued to be said, then closes the transcript. */
  close(): Promise<void>;
}

/** Opens speech; throws, saying what to do, when the output cannot be had (no sound player). */
export function openSpeech(o: SpeechOptions): Speech {
  const told = new Set<string>();
  // Each cause said once (a missing sound card, a full disk would otherwise be said at every
  // move): by its errno code when it has one, the WAV files' names differing.
  const failed = (a: Announcement, e: Error): void => {
    const cause = (e as NodeJS.ErrnoException).code ?? e.message;
    if (told.has(cause)) return;
    told.add(cause);
    const hint = o.output.to === 'device' ? '; no sound card here? --wav DIR keeps the words as files, --beeps gives tones on the board' : '';
    o.warn?.(`speech: "${a.text}" not said: ${e.message} (the transcript goes on; further sentences failing so are not reported${hint})`);
  };
  const delivery = { ...(o.rate !== undefined ? { rate: o.rate } : {}), ...(o.volume !== undefined ? { volume: o.volume } : {}) };
  let output: Output;
  switch (o.output.to) {
    case 'device': {
      const player = soundPlayer(o.output.alsaDevice);
      if (!player) throw new Error('no sound player: apt-get install alsa-utils (aplay) or pulseaudio-utils (paplay), or use --wav DIR or --beeps');
      output = deviceOutput(player, delivery);
      break;
    }
    case 'wav':
      try {
        makeFolders(o.output.dir);
      } catch (e) {
        throw new Error(`cannot make the WAV folder ${o.output.dir}: ${(e as Error).message}`, { cause: e });
      }
      output = wavOutput(o.output.dir, delivery, failed);
      break;
    case 'beeps':
      output = beepOutput(o.output.beep, (ms) => new Promise((r) => setTimeout(r, ms)));
      break;
    case 'none':
      output = silentOutput;
      break;
  }
  const transcript = o.transcript ? openTranscript(o.transcript, (m) => o.warn?.(`speech: ${m}`)) : null;
  const speaker = new Speaker(output, {
    // One line each, written as it is spoken: a crash loses nothing said before it.
    spoken: (a) => {
      transcript?.write(`${transcriptLine(a)}\n`);
    },
    failed,
  });
  let announcer = createAnnouncer(o.lang, { queries: o.queries === true });
  /** Says `s`, numbered on from the announcer's own. */
  const sayNumbered = (s: Said): Announcement => {
    const r = numbered(announcer, [s]);
    announcer = r.announcer;
    speaker.say(r.said);
    return r.said[0];
  };
  return {
    speaker,
    announcer: () => announcer,
    observe(seen) {
      const r = announce(announcer, seen);
      announcer = r.announcer;
      if (r.said.length > 0) speaker.say(r.said);
    },
    tell: (kind, text, at, group) => sayNumbered({ t: at.t, kind, ply: at.ply, text, priority: 'news', ...(group ? { group } : {}) }),
    ask: (q, state, now) => sayNumbered({ t: now, kind: 'query', ply: state.referee?.ply ?? 0, text: answer(o.lang, state, q, now), priority: 'chatter', group: 'query' }),
    async close() {
      await speaker.idle();
      transcript?.close();
    },
  };
}
