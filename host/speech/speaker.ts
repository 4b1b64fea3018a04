// The speaker: one queue of announcements and one output (the sound device, WAV files, the
// board's piezo, or none), with the transcript written in the order things are spoken.
//
// - Priorities: urgent (an irregularity, a flag, the result, the board lost) goes before
//   everything waiting and interrupts chatter; news (moves, corrections) is said in order and
//   never dropped; chatter (answers to questions) is dropped when anything newer comes.
// - Announcements of one group replace each other while waiting (the next correction step, the
//   newest answer): stale words are never said.
// - Never the same announcement twice: each is said once by its id, whatever asks again.
// - `say` returns at once: the referee, the journal and the page never wait for speech.

import type { Announcement } from './announce.ts';

/**
 * Where announcements are said. `speak` resolves when it is done, or at once when `signal`
 * aborts; an output that returns nothing is done at once (the transcript only, WAV files written
 * behind the queue), and the queue then keeps the order things happened in.
 */
export interface Output {
  speak(a: Announcement, signal: AbortSignal): Promise<void> | void;
  /** Resolves when what was handed over and returned at once is done too (WAV files written behind the queue). */
  idle?(): Promise<void>;
}

/** A line of the transcript: the contract `{"t","lang","kind","ply","text"}`, `t` in whole ms. */
export function transcriptLine(a: Announcement): string {
  return JSON.stringify({ t: Math.round(a.t), lang: a.lang, kind: a.kind, ply: a.ply, text: a.text });
}

const RANK = { urgent: 0, news: 1, chatter: 2 } as const;

export interface SpeakerOptions {
  /** Told each announcement as it starts to be spoken (the transcript). */
  readonly spoken?: (a: Announcement) => void;
  /** Told when the output fails (espeak-ng missing, the sound device gone): speech goes on with the next. */
  readonly failed?: (a: Announcement, error: Error) => void;
}

/** The queue in front of an output. */
export class Speaker {
  private readonly queue: Announcement[] = [];
  private readonly seen = new Set<number>();
  private current: { readonly a: Announcement; readonly abort: AbortController } | null = null;
  private drained: (() => void)[] = [];
  /** Announcements dropped as stale or interrupted, for the curious (tests, benches). */
  readonly dropped: Announcement[] = [];
  readonly interrupted: Announcement[] = [];

  constructor(
    private readonly output: Output,
    private readonly options: SpeakerOptions = {},
  ) {}

  /** Queues `announcements` (in order); returns at once. */
  say(announcements: readonly Announcement[]): void {
    for (const a of announcements) this.add(a);
    this.pump();
  }

  /** Resolves when everything queued has been said (and the output is done with it). */
  async idle(): Promise<void> {
    if (this.current || this.queue.length > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    await this.output.idle?.();
  }

  /** Stops speaking and drops what waits. */
  stop(): void {
    this.dropped.push(...this.queue.splice(0));
    this.current?.abort.abort();
  }

  private add(a: Announcement): void {
    if (this.seen.has(a.id)) return;
    this.seen.add(a.id);
    // Stale: chatter waiting when anything newer comes, and a waiting one of the same group.
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const q = this.queue[i];
      if ((a.priority !== 'chatter' && q.priority === 'chatter') || (a.group !== undefined && q.group === a.group)) this.dropped.push(...this.queue.splice(i, 1));
    }
    const c = this.current;
    if (c && !c.abort.signal.aborted && c.a.priority === 'chatter' && (a.priority !== 'chatter' || a.group === c.a.group)) {
      this.interrupted.push(c.a);
      c.abort.abort();
    }
    // After everything of its rank or higher already waiting.
    let at = this.queue.findIndex((q) => RANK[q.priority] > RANK[a.priority]);
    if (at < 0) at = this.queue.length;
    this.queue.splice(at, 0, a);
  }

  private fail(a: Announcement, e: unknown): void {
    this.options.failed?.(a, e instanceof Error ? e : new Error(String(e)));
  }

  private pump(): void {
    while (!this.current) {
      const a = this.queue.shift();
      if (!a) {
        for (const resolve of this.drained.splice(0)) resolve();
        return;
      }
      const abort = new AbortController();
      // Neither the transcript nor the output may throw into `say` (the referee's step): a
      // failure is told, and speech goes on.
      try {
        this.options.spoken?.(a);
      } catch (e) {
        this.fail(a, e);
      }
      let speaking: Promise<void> | void;
      try {
        speaking = this.output.speak(a, abort.signal);
      } catch (e) {
        this.fail(a, e);
        continue;
      }
      if (!speaking) continue;
      this.current = { a, abort };
      speaking
        .catch((e: unknown) => this.fail(a, e))
        .finally(() => {
          this.current = null;
          this.pump();
        });
    }
  }
}
