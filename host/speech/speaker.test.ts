// The speaker's queue (issue 14, "A speaker adapter with a queue"): priorities, stale words
// dropped, never the same announcement twice, nothing lost when announcements come fast, and
// `say` never waiting. The output here is a recorder whose sentences end when the test says so
// (a voice takes its time; the test decides how long), standing in for espeak-ng, which
// espeak.test.ts and rig.test.ts run for real.
import { describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementKind, Priority } from './announce.ts';
import { beepOutput } from './outputs.ts';
import { Speaker } from './speaker.ts';
import type { Output } from './speaker.ts';

/** An output that records what it starts and finishes a sentence only when told. */
function recorder() {
  const started: number[] = [];
  const aborted: number[] = [];
  const pending: (() => void)[] = [];
  const output: Output = {
    speak(a, signal) {
      started.push(a.id);
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        signal.addEventListener('abort', () => {
          aborted.push(a.id);
          resolve();
        });
      });
    },
  };
  /** Ends the sentence being said; lets the queue move on. */
  const finish = async () => {
    pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { output, started, aborted, finish };
}

let next = 1;
const a = (kind: AnnouncementKind, priority: Priority, group?: 'step' | 'query'): Announcement => ({ id: next++, t: 0, lang: 'en', kind, ply: 0, text: `${kind} ${next}`, priority, ...(group ? { group } : {}) });

describe('the speaker queue', () => {
  it('says news in order, and never the same announcement twice', async () => {
    const r = recorder();
    const spoken: number[] = [];
    const s = new Speaker(r.output, { spoken: (x) => spoken.push(x.id) });
    const m = [a('move', 'news'), a('move', 'news'), a('move', 'news')];
    s.say(m);
    s.say([m[1], m[0]]); // asked again (a view sent twice, a reconnect): not said again
    for (let i = 0; i < 4; i++) await r.finish();
    await s.idle();
    expect(spoken).toEqual(m.map((x) => x.id));
  });

  it('an irregularity goes before waiting moves; a flag interrupts an answer being read', async () => {
    const r = recorder();
    const s = new Speaker(r.output);
    const answer = a('query', 'chatter', 'query');
    const move = a('move', 'news');
    const irregular = a('irregularity', 'urgent');
    s.say([answer]);
    s.say([move, irregular]);
    // The answer is cut off at once, the irregularity is said before the move.
    expect(r.aborted).toEqual([answer.id]);
    await r.finish();
    await r.finish();
    await r.finish();
    expect(r.started).toEqual([answer.id, irregular.id, move.id]);
    expect(s.interrupted.map((x) => x.id)).toEqual([answer.id]);
  });

  it('a new move drops a stale answer still waiting; the next correction step replaces one not yet said', async () => {
    const r = recorder();
    const s = new Speaker(r.output);
    const first = a('move', 'news');
    s.say([first]);
    const stale = a('query', 'chatter', 'query');
    const step1 = a('correction', 'news', 'step');
    s.say([stale, step1]);
    const step2 = a('correction', 'news', 'step');
    const move = a('move', 'news');
    s.say([step2, move]);
    for (let i = 0; i < 4; i++) await r.finish();
    expect(r.started).toEqual([first.id, step2.id, move.id]);
    expect(s.dropped.map((x) => x.id).sort()).toEqual([stale.id, step1.id].sort());
  });

  it('nothing lost when moves come faster than the voice: 500 moves said, in order', async () => {
    const r = recorder();
    const spoken: number[] = [];
    const s = new Speaker(r.output, { spoken: (x) => spoken.push(x.id) });
    const moves = Array.from({ length: 500 }, () => a('move', 'news'));
    for (const m of moves) s.say([m]);
    // `say` only queues: the game never waits for the voice, still on the first sentence.
    expect(r.started).toEqual([moves[0].id]);
    expect(spoken).toEqual([moves[0].id]);
    while (spoken.length < moves.length) await r.finish();
    expect(spoken).toEqual(moves.map((m) => m.id));
  });

  it('an output that fails (the voice missing) is reported and speech goes on', async () => {
    const failed: string[] = [];
    const spoken: number[] = [];
    let calls = 0;
    const output: Output = { speak: () => (++calls === 1 ? Promise.reject(new Error('espeak-ng is not installed')) : Promise.resolve()) };
    const s = new Speaker(output, { spoken: (x) => spoken.push(x.id), failed: (_x, e) => failed.push(e.message) });
    const m = [a('move', 'news'), a('move', 'news')];
    s.say(m);
    await s.idle();
    expect(failed).toEqual(['espeak-ng is not installed']);
    expect(spoken).toEqual(m.map((x) => x.id));
  });

  it('a transcript or an output that throws is reported, never thrown into say; speech goes on', async () => {
    const failed: string[] = [];
    const said: number[] = [];
    let lines = 0;
    let calls = 0;
    const output: Output = {
      speak: (x) => {
        if (++calls === 2) throw new Error('EMFILE: too many open files');
        said.push(x.id);
      },
    };
    const spoken = () => {
      if (++lines === 1) throw new Error('ENOSPC: no space left on device, write');
    };
    const s = new Speaker(output, { spoken, failed: (_x, e) => failed.push(e.message) });
    const m = [a('move', 'news'), a('move', 'news'), a('move', 'news')];
    expect(() => s.say(m)).not.toThrow();
    await s.idle();
    expect(failed).toEqual(['ENOSPC: no space left on device, write', 'EMFILE: too many open files']);
    expect(said).toEqual([m[0].id, m[2].id]);
  });
});

describe('the quiet mode', () => {
  it("only tones on the board's piezo: one for a move, three rising for the result, none for an irregularity (the referee beeps it) or an answer", async () => {
    const tones: [number, number][] = [];
    const out = beepOutput(
      async (hz, ms) => {
        tones.push([hz, ms]);
      },
      () => Promise.resolve(),
    );
    const spoken: string[] = [];
    const s = new Speaker(out, { spoken: (x) => spoken.push(x.kind) });
    s.say([a('move', 'news'), a('irregularity', 'urgent'), a('query', 'chatter'), a('result', 'urgent')]);
    await s.idle();
    // Queued together: the urgent first; the answer, older than the result, dropped as stale.
    expect(spoken).toEqual(['irregularity', 'result', 'move']);
    expect(tones).toEqual([[660, 150], [880, 150], [1320, 300], [1320, 80]]);
  });
});
