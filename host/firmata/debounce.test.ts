// asym_defer_pk debounce, tested as QMK tests its algorithms: a fake clock and tables of
// {time, inputs, expected outputs}.
import { describe, expect, it } from 'vitest';
import { createDebounce, debounce, releaseInOrder, type DebounceChange, type DebounceState } from './debounce.ts';

type Step = { t: number; inputs: string; out: [index: number, pressed: boolean, t: number][] };

/** Runs a table: inputs as a string of '1' (closed) and '0' (open), one character a switch. */
function run(state: DebounceState, steps: readonly Step[]): void {
  let s = state;
  for (const step of steps) {
    const r = debounce(s, step.t, [...step.inputs].map((c) => c === '1'));
    expect(r.error, `t=${step.t}`).toBeUndefined();
    const want: DebounceChange[] = step.out.map(([index, pressed, t]) => ({ index, pressed, t }));
    expect(r.changes, `t=${step.t} inputs=${step.inputs}`).toEqual(want);
    s = r.state;
  }
}

describe('debounce (asym_defer_pk)', () => {
  const tables: { name: string; make: number; brk: number; steps: Step[] }[] = [
    {
      name: 'a clean close is reported after make ms, at the time it closed',
      make: 5, brk: 20,
      steps: [
        { t: 0, inputs: '0', out: [] },
        { t: 10, inputs: '1', out: [] },
        { t: 14, inputs: '1', out: [] },
        { t: 15, inputs: '1', out: [[0, true, 10]] },
        { t: 40, inputs: '1', out: [] },
      ],
    },
    {
      name: 'bounces shorter than make are ignored, the timer restarts at the last edge',
      make: 5, brk: 20,
      steps: [
        { t: 0, inputs: '0', out: [] },
        { t: 1, inputs: '1', out: [] },
        { t: 2, inputs: '0', out: [] },
        { t: 3, inputs: '1', out: [] },
        { t: 6, inputs: '0', out: [] },
        { t: 8, inputs: '1', out: [] },
        { t: 12, inputs: '1', out: [] },
        { t: 13, inputs: '1', out: [[0, true, 8]] },
      ],
    },
    {
      name: 'a blip that never lasts is never reported',
      make: 5, brk: 20,
      steps: [
        { t: 0, inputs: '0', out: [] },
        { t: 1, inputs: '1', out: [] },
        { t: 5, inputs: '0', out: [] },
        { t: 100, inputs: '0', out: [] },
      ],
    },
    {
      name: 'separate make and break: opening waits for break ms, and its bounces are ignored',
      make: 5, brk: 20,
      steps: [
        { t: 0, inputs: '1', out: [] },
        { t: 5, inputs: '1', out: [[0, true, 0]] },
        { t: 10, inputs: '0', out: [] },
        { t: 20, inputs: '0', out: [] },
        { t: 25, inputs: '1', out: [] },
        { t: 26, inputs: '0', out: [] },
        { t: 45, inputs: '0', out: [] },
        { t: 46, inputs: '0', out: [[0, false, 26]] },
      ],
    },
    {
      name: 'reopening before a close is reported cancels it; a close after a long sample gap is immediate',
      make: 5, brk: 20,
      steps: [
        { t: 0, inputs: '0', out: [] },
        { t: 3, inputs: '1', out: [] },
        { t: 7, inputs: '0', out: [] },
        { t: 50, inputs: '1', out: [] },
        { t: 60, inputs: '1', out: [[0, true, 50]] },
      ],
    },
    {
      name: 'several switches at once, each with its own timer, reported in index order',
      make: 5, brk: 10,
      steps: [
        { t: 0, inputs: '0001', out: [] },
        { t: 10, inputs: '0001', out: [[3, true, 0]] },
        { t: 20, inputs: '1100', out: [] },
        { t: 22, inputs: '1010', out: [] },
        { t: 25, inputs: '1010', out: [[0, true, 20]] },
        { t: 27, inputs: '1010', out: [[2, true, 22]] },
        { t: 30, inputs: '1010', out: [[3, false, 20]] },
        { t: 40, inputs: '0101', out: [] },
        { t: 50, inputs: '0101', out: [[0, false, 40], [1, true, 40], [2, false, 40], [3, true, 40]] },
      ],
    },
    {
      name: 'zero times report on the first sample at the new level',
      make: 0, brk: 0,
      steps: [
        { t: 0, inputs: '01', out: [[1, true, 0]] },
        { t: 1, inputs: '10', out: [[0, true, 1], [1, false, 1]] },
      ],
    },
  ];

  it.each(tables)('$name', ({ make, brk, steps }) => {
    run(createDebounce({ makeMs: make, breakMs: brk, count: steps[0].inputs.length }), steps);
  });

  it('starts from the given initial levels', () => {
    run(createDebounce({ makeMs: 5, breakMs: 5, count: 2, initial: [true, false] }), [
      { t: 0, inputs: '10', out: [] },
      { t: 3, inputs: '00', out: [] },
      { t: 8, inputs: '00', out: [[0, false, 3]] },
    ]);
  });

  it('does not modify the state it is given', () => {
    const s0 = createDebounce({ makeMs: 5, breakMs: 5, count: 1 });
    const copy = structuredClone(s0);
    debounce(s0, 0, [true]);
    debounce(debounce(s0, 0, [true]).state, 9, [true]);
    expect(s0).toEqual(copy);
  });

  it('time going backwards is rejected with a result, the state unchanged', () => {
    const s = debounce(createDebounce({ makeMs: 5, breakMs: 5, count: 1 }), 100, [true]).state;
    const r = debounce(s, 99, [true]);
    expect(r.error).toMatch(/time went backwards \(99 ms after 100 ms\)/);
    expect(r.changes).toEqual([]);
    expect(r.state).toBe(s);
    // The same time again is fine; the switch still debounces from 100.
    expect(debounce(s, 100, [true]).error).toBeUndefined();
    expect(debounce(s, 105, [true]).changes).toEqual([{ index: 0, pressed: true, t: 100 }]);
  });

  it('a wrong number of inputs or a non-finite time is rejected with a result', () => {
    const s = createDebounce({ makeMs: 5, breakMs: 5, count: 3 });
    expect(debounce(s, 0, [true]).error).toMatch(/1 inputs, expected 3/);
    expect(debounce(s, Number.NaN, [true, true, true]).error).toMatch(/not a finite number/);
  });
});

describe('releaseInOrder: changes leave in time order even with separate make and break times', () => {
  it('holds a quick make until an earlier, slower break has settled', () => {
    let s = createDebounce({ makeMs: 5, breakMs: 20, count: 2, initial: [true, false] });
    s = debounce(s, 0, [false, false]).state; // switch 0 opens at t=0 (break: 20 ms)
    const r = debounce(s, 2, [false, true]); // switch 1 closes at t=2 (make: 5 ms)
    s = r.state;
    const r2 = debounce(s, 8, [false, true]); // the make is confirmed at 8, the break is not yet
    expect(r2.changes).toEqual([{ index: 1, pressed: true, t: 2 }]);
    const first = releaseInOrder(r2.state, r2.changes);
    expect(first.release).toEqual([]);
    expect(first.hold).toEqual([{ index: 1, pressed: true, t: 2 }]);
    const r3 = debounce(r2.state, 21, [false, true]);
    const second = releaseInOrder(r3.state, [...first.hold, ...r3.changes]);
    expect(second.release).toEqual([{ index: 0, pressed: false, t: 0 }, { index: 1, pressed: true, t: 2 }]);
    expect(second.hold).toEqual([]);
  });

  it('lets a held change go when the earlier switch bounces back instead of settling', () => {
    let s = createDebounce({ makeMs: 5, breakMs: 20, count: 2, initial: [true, false] });
    s = debounce(s, 0, [false, false]).state;
    const r = debounce(s, 8, [false, true]);
    const r2 = debounce(r.state, 14, [false, true]);
    const held = releaseInOrder(r2.state, [...r.changes, ...r2.changes]).hold;
    expect(held.length).toBe(1);
    const r3 = debounce(r2.state, 15, [true, true]); // the magnet only brushed square 0
    expect(releaseInOrder(r3.state, held).release).toEqual(held);
  });
});
