// Perft in one walk and with a table of positions already counted: the counts of every depth are
// those of the tree walked move by move, with and without the table, shared or not, and cut
// into tasks for threads. Positions with kings, compulsory captures, crowning during a capture
// and the same piece reachable by two orders of moves, in every variant; the published counts
// themselves are checked in perft.test.ts.
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import type { Position } from './position.ts';
import { legalMoves, play } from './position.ts';
import { perftCounts, perftDivide, perftJoin, perftPlan } from './perft.ts';
import { PerftWalker, sharedPerftTable } from './perftWalk.ts';
import { colorBit } from './piece.ts';
import type { Variant } from './variant.ts';
import { variants } from './variants/index.ts';

function position(v: Variant, fen: string): Position {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.reason}`);
  return r.position;
}

/** Perft 1 to `depth` by the definition: every legal move played, nothing counted twice or skipped. */
function byDefinition(pos: Position, depth: number): number[] {
  const counts = new Array<number>(depth).fill(0);
  const walk = (p: Position, ply: number) => {
    if (ply === depth) return;
    const moves = legalMoves(p);
    counts[ply] += moves.length;
    for (const m of moves) walk(play(p, m), ply + 1);
  };
  walk(pos, 0);
  return counts;
}

/** Middle-game positions: kings of both sides, captures pending, men about to crown, in each variant. */
const POSITIONS: [Variant, string][] = [
  [variants.international, 'W:W15,27,28,32,33,K46:B9,10,18,19,22,24,K5'], // FMJD 4.13: the most pieces; 4.15 passing the last row
  [variants.international, 'B:W26,27,31,32,36,37,41,K49:B7,12,13,17,18,21,K43'],
  [variants.brazilian, 'W:Wa3,c3,e3,g3,b4,f4,Kh2:Bb6,d6,f6,h6,c7,e7,Ka7'],
  [variants.russian, 'W:Wb6,d4,f4,h2,a1:Bc7,e7,a7,e5,g5'], // a man crowned in a capture goes on as a king
  [variants.czech, 'W:Wa3,c3,e3,g3,Kb2:Bb6,d6,f6,h6,Kg7'], // Czech 4.14: a king's capture first
  [variants.english, 'B:W17,18,21,22,K30:B5,9,10,14,K28'], // Laws 13: crowning ends the move
];

describe('PerftWalker: every depth in one walk', () => {
  it.each(POSITIONS)('%s %s: the counts of the tree walked move by move, to depth 5, with and without the table', (v, fen) => {
    const pos = position(v, fen);
    const expected = byDefinition(pos, 5);
    expect(expected[4]).toBeGreaterThan(100); // a tree with something in it
    expect(new PerftWalker(v, { tableBits: 0 }).count(pos.board.slice(), colorBit(pos.turn), 5)).toEqual(expected);
    expect(new PerftWalker(v, { tableBits: 12 }).count(pos.board.slice(), colorBit(pos.turn), 5)).toEqual(expected);
    expect(perftCounts(pos, 5)).toEqual(expected);
  });

  it('leaves the board as it found it', () => {
    const pos = position(variants.international, POSITIONS[0][1]);
    const board = pos.board.slice();
    new PerftWalker(pos.variant).count(board, colorBit(pos.turn), 5);
    expect(board).toEqual(pos.board);
  });

  it('a small table that keeps overwriting its slots still counts exactly (each entry holds the whole position)', () => {
    const pos = position(variants.international, variants.international.startFen);
    const published = [9, 81, 658, 4265, 27117, 167140, 1049442];
    for (const bits of [1, 4, 10]) expect(new PerftWalker(pos.variant, { tableBits: bits }).count(pos.board.slice(), colorBit(pos.turn), 7), `${bits} bits`).toEqual(published);
  });

  it('one walker counts position after position, its table kept between them, and a table shared by two walkers counts as one', () => {
    const pos = position(variants.english, variants.english.startFen);
    const walker = new PerftWalker(pos.variant);
    const children = legalMoves(pos).map((m) => play(pos, m));
    const alone = children.map((c) => byDefinition(c, 4));
    expect(children.map((c) => walker.count(c.board.slice(), colorBit(c.turn), 4))).toEqual(alone);
    expect(children.map((c) => walker.count(c.board.slice(), colorBit(c.turn), 4))).toEqual(alone); // all from the table now
    const shared = sharedPerftTable(32, 8)!;
    const [a, b] = [new PerftWalker(pos.variant, { shared }), new PerftWalker(pos.variant, { shared })];
    expect(children.map((c, i) => (i % 2 === 0 ? a : b).count(c.board.slice(), colorBit(c.turn), 4))).toEqual(alone);
  });
});

describe('perftPlan and perftJoin: a perft cut into tasks for threads', () => {
  it.each([
    [variants.international, variants.international.startFen, 6],
    [variants.russian, POSITIONS[3][1], 5],
    [variants.english, variants.english.startFen, 2],
    [variants.czech, POSITIONS[4][1], 1],
  ] as const)('%s %s to depth %i: the tasks\' counts joined are the counts and the divide of the whole', (v, fen, depth) => {
    const pos = position(v, fen);
    for (const tasks of [1, 50, 1000]) {
      const plan = perftPlan(pos, depth, tasks);
      const walker = new PerftWalker(v);
      const joined = perftJoin(plan, depth, plan.tasks.map((t) => walker.count(t.board.slice(), t.turn, t.depth)));
      expect(joined.counts, `${tasks} tasks`).toEqual(perftCounts(pos, depth));
      expect(joined.divide).toEqual(perftDivide(pos, depth).map((d) => d.count));
    }
  });

  it('cuts deeper until there are as many tasks as asked, keeping one ply to count below them', () => {
    const pos = position(variants.international, variants.international.startFen);
    expect(perftPlan(pos, 9, 64)).toMatchObject({ split: 2, above: [9, 81] });
    expect(perftPlan(pos, 9, 64).tasks).toHaveLength(81);
    expect(perftPlan(pos, 3, 10_000)).toMatchObject({ split: 2, above: [9, 81] });
    expect(perftPlan(pos, 1, 10)).toMatchObject({ split: 1, above: [9], tasks: [] });
  });

  it('a position with no move counts 0 at every depth, and so do its tasks', () => {
    const pos = position(variants.international, 'W:W46:B41,37'); // 46 is blocked by 41, which 37 covers
    expect(legalMoves(pos)).toEqual([]);
    const plan = perftPlan(pos, 4, 10);
    expect(perftJoin(plan, 4, [])).toEqual({ counts: [0, 0, 0, 0], divide: [] });
  });
});
