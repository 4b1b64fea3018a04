// Action scripts (brief: the replay contract): what a script may say, and a clear error with
// its line for what it may not.
import { describe, expect, it } from 'vitest';
import { variants } from '../../rules/index.ts';
import { MAX_WAIT_MS, parseActionScript } from './actions.ts';

const v = variants.international;

describe('action scripts', () => {
  it('reads lifts, places, presses and waits, squares in the variant notation', () => {
    const r = parseActionScript('lift 32\nwait 1500\nplace 28\npress clock\n', v);
    expect(r.ok && r.actions.map((a) => a.kind)).toEqual(['lift', 'wait', 'place', 'press']);
  });

  it('a wait of up to a day is read; a longer one, or one too long to be a number, is refused with its line', () => {
    const day = parseActionScript(`wait ${MAX_WAIT_MS}\n`, v);
    expect(day.ok && day.actions[0]).toMatchObject({ kind: 'wait', ms: MAX_WAIT_MS });
    const longer = parseActionScript(`lift 32\nwait ${MAX_WAIT_MS + 1}\n`, v);
    expect(longer).toMatchObject({ ok: false, reason: `line 2: wait ${MAX_WAIT_MS + 1} is longer than a day (${MAX_WAIT_MS} ms): split it or shorten it` });
    // 400 nines would read as Infinity: refused, the number cut short in the message.
    const nines = parseActionScript(`wait ${'9'.repeat(400)}\n`, v);
    expect(nines).toMatchObject({ ok: false, reason: `line 1: wait ${'9'.repeat(12)}… is longer than a day (${MAX_WAIT_MS} ms): split it or shorten it` });
  });
});
