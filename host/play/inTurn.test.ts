// The session's queue of commands (issue 26, finding 10): one at a time, in order, a failure not
// stopping the next, and no more than its bound waiting.
import { describe, expect, it } from 'vitest';
import { inTurn } from './inTurn.ts';

/** A task that records its start and end around a pause of one macrotask. */
const task = (log: string[], name: string, fail = false) => async () => {
  log.push(`${name} starts`);
  await new Promise((r) => setTimeout(r, 1));
  log.push(`${name} ends`);
  if (fail) throw new Error(name);
  return name;
};

describe('inTurn', () => {
  it('runs the tasks one after another in the order given; one that fails does not stop the next', async () => {
    const log: string[] = [];
    const turn = inTurn(10);
    const results = await Promise.allSettled([turn(task(log, 'a')), turn(task(log, 'b', true)), turn(task(log, 'c'))]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('refuses a task beyond the bound of those waiting (null, not run); once they have run, it takes more', async () => {
    const log: string[] = [];
    const turn = inTurn(2);
    const taken = [turn(task(log, 'a')), turn(task(log, 'b'))];
    expect(turn(task(log, 'c'))).toBeNull();
    expect(await Promise.all(taken)).toEqual(['a', 'b']);
    expect(await turn(task(log, 'd'))).toBe('d');
    expect(log.filter((l) => l.endsWith('starts'))).toEqual(['a starts', 'b starts', 'd starts']);
  });
});
