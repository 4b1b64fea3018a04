// The progress of a long run: a line redrawn on a terminal, a few lines in a pipe, never a flood.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress.ts';

/** A Progress on a stream collected as text, on a clock the test moves. */
function rig(tty: boolean, total = 100) {
  let now = 0;
  let text = '';
  const out = new PassThrough().on('data', (c: Buffer) => (text += c.toString('utf8')));
  const p = new Progress(out, 'replay', total, 'plies', { tty, now: () => now });
  return {
    p,
    at: (ms: number) => (now = ms),
    text: async () => {
      await new Promise((r) => setImmediate(r));
      return text;
    },
  };
}

describe('Progress in a pipe', () => {
  it('writes nothing for a run of less than 2 s', async () => {
    const r = rig(false);
    for (let done = 0; done <= 100; done++) {
      r.at(done * 15);
      r.p.update(done);
    }
    r.p.end();
    expect(await r.text()).toBe('');
  });

  it('writes a whole line at a new tenth, 2 s after the last at the soonest, and the end: at most eleven lines however often it is told', async () => {
    const r = rig(false, 1000);
    for (let done = 0; done <= 1000; done++) {
      r.at(done * 50); // 50 s in all
      r.p.update(done);
    }
    r.p.end();
    const lines = (await r.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines[0]).toBe('replay: 100/1000 plies (10%), 5 s');
    expect(lines.at(-1)).toBe('replay: 1000/1000 plies (100%), 50 s');
    expect(lines.every((l) => !l.includes('\r'))).toBe(true);
  });

  it('waits 2 s before a line even when tenths pass quickly', async () => {
    const r = rig(false, 10);
    r.at(500);
    r.p.update(5);
    expect(await r.text()).toBe('');
    r.at(2100);
    r.p.update(6);
    expect(await r.text()).toBe('replay: 6/10 plies (60%), 2 s\n');
  });
});

describe('Progress on a terminal', () => {
  it('redraws one line with a carriage return, at most every 250 ms, and ends it with a newline', async () => {
    const r = rig(true, 100);
    for (let done = 0; done <= 100; done++) {
      r.at(done * 10); // a second in all
      r.p.update(done);
    }
    r.p.end();
    const text = await r.text();
    expect(text.endsWith('replay: 100/100 plies (100%), 1 s\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
    const draws = text.split('\r').slice(1);
    expect(draws.length).toBeLessThanOrEqual(6); // at 0, 250, 500, 750, 1000 ms, and the end
    expect(draws[0]).toBe('replay: 0/100 plies (0%), 0 s');
  });

  it('clears what a longer line left when it redraws a shorter one', async () => {
    const r = rig(true, 1000);
    r.p.update(1000);
    r.at(300);
    r.p.update(5);
    const text = await r.text();
    const [long, short] = text.split('\r').slice(1);
    expect(short.length).toBe(long.length);
    expect(short.trimEnd()).toBe('replay: 5/1000 plies (0%), 0 s');
  });
});
