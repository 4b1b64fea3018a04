// Stepping through a board's game on the viewers' page (host/web/static/watchSteps.js), run in
// Node: the buttons' and keys' next ply (the start is the position before the first move, the
// last ply is live again), a record that starts late (a game set up with Black to move), and
// the board turned round remembered by the browser's storage.
import { describe, expect, it } from 'vitest';

interface Steps {
  stepTo(key: string, at: number | null, first: number, last: number): number | null | undefined;
  FLIP_KEY: string;
  createSteps(storage: { getItem(k: string): string | null; setItem(k: string, v: string): void } | null): { at(n: number): number | null; go(n: number, ply: number | null): void; forget(): void; flipped: boolean; flip(): void };
}
const url = new URL('./static/watchSteps.js', import.meta.url).href;
const s = (await import(/* @vite-ignore */ url)) as Steps;

describe('stepping through a game', () => {
  it('steps back from live, forward to live, to the start and to the last move, by button or key', () => {
    // A game of 40 plies, looked at live.
    expect(s.stepTo('back', null, 1, 40)).toBe(39);
    expect(s.stepTo('ArrowLeft', 39, 1, 40)).toBe(38);
    expect(s.stepTo('forward', 38, 1, 40)).toBe(39);
    expect(s.stepTo('ArrowRight', 39, 1, 40)).toBeNull();
    expect(s.stepTo('first', null, 1, 40)).toBe(0);
    expect(s.stepTo('Home', 12, 1, 40)).toBe(0);
    expect(s.stepTo('back', 0, 1, 40)).toBe(0);
    expect(s.stepTo('last', 3, 1, 40)).toBeNull();
    expect(s.stepTo('End', 3, 1, 40)).toBeNull();
    expect(s.stepTo('forward', null, 1, 40)).toBeNull();
    expect(s.stepTo('x', 3, 1, 40)).toBeUndefined();
  });

  it('a record that starts with ply 2 (Black first, a game set up) steps back to the position before it', () => {
    expect(s.stepTo('first', null, 2, 5)).toBe(1);
    expect(s.stepTo('back', 2, 2, 5)).toBe(1);
    expect(s.stepTo('back', null, 2, 2)).toBe(1);
  });

  it('keeps the ply looked at per board; the board turned round is remembered by the browser', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const a = s.createSteps(storage);
    expect(a.flipped).toBe(false);
    a.go(3, 12);
    expect([a.at(3), a.at(4)]).toEqual([12, null]);
    a.go(3, null);
    expect(a.at(3)).toBeNull();
    // A new round: the plies looked at are forgotten, the orientation is not.
    a.go(5, 2);
    a.forget();
    expect(a.at(5)).toBeNull();
    a.flip();
    expect(kept.get(s.FLIP_KEY)).toBe('yes');
    expect(s.createSteps(storage).flipped).toBe(true);
    const throwing = { getItem: () => { throw new Error('storage off'); }, setItem: () => { throw new Error('storage off'); } };
    const b = s.createSteps(throwing);
    b.flip();
    expect(b.flipped).toBe(true);
  });
});
