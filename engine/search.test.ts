// The search on positions whose answers are worked out from the rules by hand (each comment
// gives the line), not from this engine: shots, a forced win, the maximum capture, legality on
// random positions of every variant, the time limit on a stepped clock, and the principal
// variation as a line of legal moves.
import { describe, expect, it } from 'vitest';
import type { Game, Variant } from '../rules/index.ts';
import { currentPosition, legalMoves, mulberry32, newGame, outcome, playMove, sameMove, variants } from '../rules/index.ts';
import { game, numbers, think } from './testing/games.ts';
import { search } from './search.ts';

const { international, english } = variants;
const EIGHT: Variant[] = [variants.english, variants.czech, variants.brazilian, variants.russian];

describe('shots: a man given to take two (captures are compulsory: FMJD 4.2, Czech 4.1, Laws 9)', () => {
  // White 37-31; Black must take 26x37 (46 behind 41 is occupied, so the capture stops on 37);
  // White takes two, 41x32x23. White was a man up and is now two up.
  it('international: 37-31 26x37 41x23 wins a man', () => {
    const r = think(game(international, 'W:W37,41,46,49,50:B3,4,26,28'), { depth: 6 });
    expect(numbers(r.best)).toBe('37-31');
    expect(r.pv.slice(0, 3).map(numbers)).toEqual(['37-31', '26x37', '41x23']);
  });

  // 8x8 (English numbering): 22-17 13x22 (29 behind 25 is occupied), 25x18x11, and Black's last
  // man on 3 must step to 7 or 8, next to 11, which takes it: no piece left (Laws 23; FMJD 7.2.3).
  for (const v of EIGHT) {
    it(`${v.name}: 22-17 13x22 25x11 and the last man falls: a win in 5 plies`, () => {
      const r = think(game(v, 'W:W22,25,29,32:B3,13,15'), { depth: 8 });
      expect(numbers(r.best)).toBe('22-17');
      expect(r.score).toEqual({ kind: 'win', plies: 5 });
      expect(r.pv.slice(0, 3).map(numbers)).toEqual(['22-17', '13x22', '25x11']);
    });
  }

  it('international: the same shot with nothing left for Black is a win in 3 plies', () => {
    const r = think(game(international, 'W:W37,41,46:B26,28'), { depth: 6 });
    expect(numbers(r.best)).toBe('37-31');
    expect(r.score).toEqual({ kind: 'win', plies: 3 });
  });
});

describe('quiescence: a threatened capture past the horizon', () => {
  // The white king 48-39 looks up the diagonal 33-28-22-17-11-6: the man on 28 has 22 free
  // behind it, and if it steps off the line (or is left), 11 has 6 free behind it. Whatever Black
  // plays, a man falls (FMJD 4.3: a king takes from a distance). At depth 1 only the search of
  // the threatened side's replies sees it.
  it('international, depth 1: the skewer 48-39 wins a man', () => {
    const r = think(game(international, 'W:W30,36,K48:B3,11,28'), { depth: 1 });
    expect(numbers(r.best)).toBe('48-39');
  });
});

describe('the capture rules decide, not the search', () => {
  // FMJD 4.13 (positions.md of the oracles, from rhalbersma/dctl's international rules tests):
  // in W:W48:B24,K31,34,K42,43 the only legal move is 48x19, which takes the most pieces.
  it('FMJD 4.13: the capture of the most pieces, 48x19', () => {
    const r = think(game(international, 'W:W48:B24,K31,34,K42,43'), { depth: 6 });
    expect(numbers(r.best)).toBe('48x19');
    expect(r.depth).toBeLessThanOrEqual(10); // one legal move: only its score is searched, ten plies at most
  });

  it('one legal move still gets its score: 28x17 is forced and 12x21 then takes the last white man (FMJD 4.2, 7.2.3)', () => {
    const r = think(game(international, 'W:W28:B22,12,8'), { depth: 6 });
    expect(numbers(r.best)).toBe('28x17');
    expect(r.score).toEqual({ kind: 'loss', plies: 2 });
  });

  it('no legal move: no answer and a loss (FMJD 7.2.2: White blocked on 46 by 41 and 37)', () => {
    const r = think(game(international, 'W:W46:B41,37,32'), { depth: 4 });
    expect(r.best).toBeNull();
    expect(r.score).toEqual({ kind: 'loss', plies: 0 });
  });
});

/** Positions of a seeded random game of `v`, every `every` plies, until it ends or `plies` are played. */
function randomPositions(v: Variant, seed: number, plies: number, every: number): Game[] {
  const rnd = mulberry32(seed);
  let g = newGame(currentPosition(game(v, v.startFen)));
  const out: Game[] = [];
  for (let ply = 0; ply < plies && !outcome(g); ply++) {
    if (ply % every === 0) out.push(g);
    const moves = legalMoves(currentPosition(g));
    const r = playMove(g, moves[Math.floor(rnd() * moves.length)]);
    if (!r.ok) throw new Error(r.error);
    g = r.game;
  }
  return out;
}

describe('every answer is a legal move, its principal variation a line of legal moves', () => {
  for (const v of Object.values(variants)) {
    it(`${v.name}: random games, seeds 1-3`, () => {
      for (let seed = 1; seed <= 3; seed++) {
        for (const g of randomPositions(v, seed, 160, 9)) {
          const r = think(g, { nodes: 3000 }, { level: 1 + (seed * 3) % 10, seed });
          const pos = currentPosition(g);
          expect(legalMoves(pos).some((m) => sameMove(m, r.best!))).toBe(true);
          let line = g;
          for (const m of r.pv) {
            const played = playMove(line, m);
            expect(played.ok).toBe(true);
            if (played.ok) line = played.game;
          }
        }
      }
    });
  }
});

describe('limits', () => {
  it('timeMs: on a clock that moves 1 ms per reading, a 200 ms search answers by 220 ms (issue 30: time + 10%)', () => {
    let t = 0;
    const now = () => (t += 1);
    const g = game(international, international.startFen);
    const r = search(g, { timeMs: 200 }, { now });
    expect(t).toBeLessThanOrEqual(220);
    expect(r.ms).toBeLessThanOrEqual(220);
    expect(r.best).not.toBeNull();
    expect(r.depth).toBeGreaterThanOrEqual(1);
  });

  it('timeMs: no new iteration after half the time (a clock that jumps 60% in the first iteration stops there)', () => {
    let t = 0;
    let reads = 0;
    const now = () => (++reads > 1 ? (t = 60) : t);
    const r = search(game(english, english.startFen), { timeMs: 100 }, { now });
    expect(r.depth).toBe(1);
  });

  it('stopped: a search stopped from outside answers with what it has', () => {
    let polls = 0;
    const r = search(game(international, international.startFen), {}, { now: () => 0, stopped: () => ++polls > 3 });
    expect(r.best).not.toBeNull();
    expect(r.nodes).toBeLessThan(10_000);
  });

  it('nodes: the same game, level and seed give the same answer and the same node count', () => {
    const g = randomPositions(international, 7, 40, 40)[0];
    const a = think(g, { nodes: 20_000 }, { level: 6, seed: 11 });
    const b = think(g, { nodes: 20_000 }, { level: 6, seed: 11 });
    expect(numbers(a.best)).toBe(numbers(b.best));
    expect(a.nodes).toBe(b.nodes);
    expect(a.nodes).toBeLessThanOrEqual(20_000);
  });

  it('depth: the last iteration is the depth asked for, and onInfo hears every iteration', () => {
    const depths: number[] = [];
    const r = think(game(english, english.startFen), { depth: 5 }, { onInfo: (i) => depths.push(i.depth) });
    expect(r.depth).toBe(5);
    expect(depths).toEqual([1, 2, 3, 4, 5]);
  });
});
