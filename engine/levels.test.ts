// Levels 1..10 (issue 30): a weaker level loses to a stronger one, the weak levels' choices are
// seeded (the same game and seed, the same move) and still legal, and level 1 plays moves the
// full search would not.
import { describe, expect, it } from 'vitest';
import type { Game } from '../rules/index.ts';
import { currentPosition, legalMoves, outcome, playMove, sameMove, variants } from '../rules/index.ts';
import { level } from './levels.ts';
import { game, numbers, think } from './testing/games.ts';

const { english, international } = variants;

/** Plays on from `g` (node-limited on a still clock: the same game every run); the result for the side to move in `g`. */
function playOut(g: Game, first: number, second: number, plyCap: number): 'first' | 'second' | 'draw' {
  const mover = currentPosition(g).turn;
  for (let ply = 0; ply < plyCap; ply++) {
    const end = outcome(g);
    if (end) return end.result === 'draw' ? 'draw' : end.result === mover ? 'first' : 'second';
    const lvl = currentPosition(g).turn === mover ? first : second;
    const r = think(g, { nodes: 4000 }, { level: lvl, seed: ply });
    const played = playMove(g, r.best!);
    if (!played.ok) throw new Error(played.error);
    g = played.game;
  }
  return 'draw';
}

describe('levels', () => {
  it('level() clamps to 1..10 and defaults to full strength', () => {
    expect(level()).toBe(level(10));
    expect(level(0)).toBe(level(1));
    expect(level(99)).toBe(level(10));
    expect(level(10).nodes).toBe(Infinity);
  });

  it('each level searches at least as much as the one below, with less noise', () => {
    for (let n = 2; n <= 10; n++) {
      expect(level(n).nodes).toBeGreaterThan(level(n - 1).nodes);
      expect(level(n).jitter).toBeLessThanOrEqual(level(n - 1).jitter);
    }
  });

  it('level 10 beats level 1 in English from two openings, both colours', () => {
    let points = 0;
    for (const opening of [['11-15', '23-19'], ['9-14', '22-17']]) {
      const g = game(english, english.startFen, ...opening);
      const a = playOut(g, 10, 1, 160);
      const b = playOut(g, 1, 10, 160);
      points += (a === 'first' ? 1 : a === 'draw' ? 0.5 : 0) + (b === 'second' ? 1 : b === 'draw' ? 0.5 : 0);
    }
    expect(points).toBeGreaterThanOrEqual(3);
  });

  it('a seeded level repeats its choice; level 1 often plays another move than level 10, always a legal one', () => {
    let differs = 0;
    let g = game(international, international.startFen);
    for (let ply = 0; ply < 30 && !outcome(g); ply++) {
      const weak = think(g, {}, { level: 1, seed: 3 });
      expect(numbers(think(g, {}, { level: 1, seed: 3 }).best)).toBe(numbers(weak.best));
      expect(legalMoves(currentPosition(g)).some((m) => sameMove(m, weak.best!))).toBe(true);
      const strong = think(g, { depth: 4 }, { level: 10 });
      if (!sameMove(strong.best!, weak.best!)) differs++;
      const played = playMove(g, strong.best!);
      if (!played.ok) throw new Error(played.error);
      g = played.game;
    }
    expect(differs).toBeGreaterThanOrEqual(6);
  });
});
