// Rule positions with their exact legal move sets, named by article: every row of
// test/fixtures/oracles/positions.md (read from the file itself), and hand-built positions for the
// other variants, each derived from the rulebook text (seeds 001 Czech, 004 Standard Laws).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import type { Move } from './move.ts';
import { squareName } from './notation.ts';
import type { Position } from './position.ts';
import { legalMoves } from './position.ts';
import type { Variant } from './variant.ts';
import { brazilian, czech, english, international, russian } from './variants/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const positionsFile = path.resolve(repoRoot, 'test/fixtures/oracles/positions.md');

function position(v: Variant, fen: string): Position {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.reason} at ${r.error.offset}`);
  return r.position;
}

/** A move as the tables write it: `from-to`, or `fromxto` for a capture. */
function moveText(v: Variant, m: Move): string {
  return `${squareName(v, m.from)}${m.captured.length > 0 ? 'x' : '-'}${squareName(v, m.to)}`;
}

/** The legal moves as a set of texts; checks that no two moves read the same. */
function moveSet(pos: Position): string[] {
  const texts = legalMoves(pos).map((m) => moveText(pos.variant, m));
  expect(new Set(texts).size, `duplicates in ${texts.join(' ')}`).toBe(texts.length);
  return texts.sort();
}

function expectMoves(v: Variant, fen: string, expected: readonly string[]): Move[] {
  const pos = position(v, fen);
  expect(moveSet(pos)).toEqual([...expected].sort());
  return legalMoves(pos);
}

interface Row {
  readonly article: string;
  readonly fen: string;
  readonly moves: readonly string[];
}

/** The rows of the table `| article | \`FEN\` | moves |` in positions.md. */
function readRows(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(positionsFile, 'utf8').split('\n')) {
    const cells = line.trim().split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 3 || !/^`.*`$/.test(cells[1])) continue;
    rows.push({ article: cells[0], fen: cells[1].slice(1, -1), moves: cells[2].split(',').map((m) => m.trim()) });
  }
  return rows;
}

describe('FMJD rule positions (positions.md)', () => {
  const rows = readRows();
  it('reads the whole table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(18);
  });
  for (const row of rows) {
    it(`FMJD ${row.article}: ${row.fen} -> ${row.moves.join(', ')}`, () => {
      expectMoves(international, row.fen, row.moves);
    });
  }

  it('FMJD 4.8 a king may cross and end on its own start square: W:WK28:B12,13,22,23', () => {
    // The king leaves 28 empty and may pass a free square more than once (4.8). Either way
    // round the diamond it takes all four men (4.13), then lands on any free square beyond the
    // last (4.3): 28, 32, 37, 41, 46 going round one way, 28, 33, 39, 44, 50 the other. The two
    // loops ending on 28 take the same pieces: one move, from 28 to 28.
    const moves = expectMoves(international, 'W:WK28:B12,13,22,23', ['28x28', '28x32', '28x37', '28x41', '28x46', '28x33', '28x39', '28x44', '28x50']);
    for (const m of moves) expect(m.captured).toHaveLength(4);
  });

  it('PDN 3.0 ambiguous captures: two different captures 47x36 in W:WK47:B14,19,29,31,42', () => {
    const moves = legalMoves(position(international, 'W:WK47:B14,19,29,31,42')).filter((m) => m.from === 46 && m.to === 35);
    expect(moves).toHaveLength(2);
    expect(moves[0].capturedSet.equals(moves[1].capturedSet)).toBe(false);
    // `path` lists every landing square after `from`; the turning squares of each route are
    // among them: 47x38x24x13x36 and 47x38x20x9x36.
    const paths = moves.map((m) => m.path.map((s) => s + 1));
    const turns = [
      [38, 24, 13],
      [38, 20, 9],
    ];
    for (const t of turns) {
      expect(paths.filter((p) => t.every((s) => p.includes(s)) && p[p.length - 1] === 36)).toHaveLength(1);
    }
    expect(moves.map((m) => [...m.captured].map((s) => s + 1).sort((a, b) => a - b))).toEqual(
      expect.arrayContaining([
        [19, 29, 31, 42],
        [14, 29, 31, 42],
      ]),
    );
  });
});

describe('Czech rules (seed 001)', () => {
  it('cl. 4.1 men capture forward only: W:Wd4:Bc5,e3 -> d4xb6', () => {
    // "Brani ... provadi kamenem jen dopredu": the man on d4 takes c5 (forward, landing b6);
    // e3 lies behind it, so d4xf2 is not a move. Capturing is compulsory, so no plain move.
    expectMoves(czech, 'W:Wd4:Bc5,e3', ['d4xb6']);
  });
  it('cl. 4.13 free choice among captures of different size: W:Wc3:Bb4,d4,f6 -> c3xa5, c3xg7', () => {
    // c3xa5 takes one piece; c3xe5xg7 takes two. Cl. 4.13: any of them "bez ohledu na pocet
    // preskocenych figur" (whatever the number taken), but a capture must be completed, so
    // stopping on e5 is not a move.
    expectMoves(czech, 'W:Wc3:Bb4,d4,f6', ['c3xa5', 'c3xg7']);
  });
  it('cl. 4.14 a king capture has priority: W:WKc1,g1:Bb2,d4,f2 -> c1xa3', () => {
    // The king on c1 can take b2 (landing a3; nothing more on a3-f8). The man on g1 could take
    // two (g1xe3xc5). Cl. 4.14: "ma dama vzdy prednost": only the king's capture is legal.
    const [m] = expectMoves(czech, 'W:WKc1,g1:Bb2,d4,f2', ['c1xa3']);
    expect(m.promotes).toBe(false);
  });
  it('cl. 4.14 with no king capture the man captures: W:WKh2,g1:Bd4,f2 -> g1xc5', () => {
    // The king on h2 sees g3-b8 and g1 (own man): nothing to take; the man takes f2 and d4.
    expectMoves(czech, 'W:WKh2,g1:Bd4,f2', ['g1xc5']);
  });
});

describe('Standard Laws of Checkers (seed 004)', () => {
  it('law 10 men move and capture forward only: B:W9,18:B14 -> 14x23', () => {
    // Black moves down the board. The white man on 9 is behind the black man on 14 (14x5 would
    // be backwards); the one on 18 is in front with 23 empty: "Uncrowned men may move or
    // capture in a forward direction only", and captures are compulsory (law 8).
    expectMoves(english, 'B:W9,18:B14', ['14x23']);
  });
  it('law 13 crowning completes the move: B:W26,27:B22 -> 22x31', () => {
    // 22x31 reaches the king row; as a king it could go on over 27 to 24, but "Crowning a piece
    // completes its move - it cannot then capture a piece that is en prise."
    const [m] = expectMoves(english, 'B:W26,27:B22', ['22x31']);
    expect(m.promotes).toBe(true);
    expect(m.captured.map((s) => s + 1)).toEqual([26]);
  });
  it('law 9 free choice of capture: B:W14,15,23:B10 -> 10x17, 10x26', () => {
    // 10x17 takes one man, 10x19x26 two: "he is not required to play the move which captures
    // the greatest number of men", but "must continue until all the men available on the path
    // chosen have been captured", so 10x19 alone is not a move.
    expectMoves(english, 'B:W14,15,23:B10', ['10x17', '10x26']);
  });
  it('law 14 kings move and capture one square at a time: B:W15:BK1 -> 1-5, 1-6; B:W6:BK1 -> 1x10', () => {
    // A king moves "backwards or forwards" to an adjacent square (law 8: "adjacent vacant
    // square"); a long-range king would also reach 10 and take 15.
    expectMoves(english, 'B:W15:BK1', ['1-5', '1-6']);
    // It jumps only an adjacent piece and lands just behind it: 1x10, not 1x15, 1x19, ...
    expectMoves(english, 'B:W6:BK1', ['1x10']);
  });
});

describe('Russian rules (russian.ts)', () => {
  it('a man crowned during a capture goes on capturing as a king: W:Wb6:Bc7,f6 -> b6xg5, b6xh4', () => {
    // b6xd8 takes c7 and reaches the last row: the man is a king at once and goes on, a long
    // king, over f6 to g5 or h4 (nothing more to take from either).
    const moves = expectMoves(russian, 'W:Wb6:Bc7,f6', ['b6xg5', 'b6xh4']);
    for (const m of moves) {
      expect(m.promotes).toBe(true);
      expect(squareName(russian, m.path[0])).toBe('d8');
    }
  });
  it('the crowned man goes on backwards as a king: W:Wf6:Bc7,e7 -> f6xb6, f6xa5', () => {
    const moves = expectMoves(russian, 'W:Wf6:Bc7,e7', ['f6xa5', 'f6xb6']);
    for (const m of moves) expect(m.promotes).toBe(true);
  });
  it('men capture backwards: W:Wd4:Bc5,e3 -> d4xb6, d4xf2', () => {
    expectMoves(russian, 'W:Wd4:Bc5,e3', ['d4xb6', 'd4xf2']);
  });
  it('free choice of capture, whatever the number taken: W:Wc3:Bb4,d4,f6 -> c3xa5, c3xg7', () => {
    expectMoves(russian, 'W:Wc3:Bb4,d4,f6', ['c3xa5', 'c3xg7']);
  });
  it('free choice between a king and a man: W:WKc1,g1:Bb2,d4,f2 -> c1xa3, g1xc5', () => {
    expectMoves(russian, 'W:WKc1,g1:Bb2,d4,f2', ['c1xa3', 'g1xc5']);
  });
});

describe('Brazilian rules (the FMJD rules on 8x8)', () => {
  it('FMJD 4.13 the most pieces must be taken, on 8x8: W:WKc1,g1:Bb2,d4,f2 -> g1xc5', () => {
    // The king takes one (c1xa3), the man two (g1xe3xc5): only the man's capture is legal,
    // whichever piece makes it (4.13, 4.14).
    expectMoves(brazilian, 'W:WKc1,g1:Bb2,d4,f2', ['g1xc5']);
  });
  it('FMJD 4.15 a man passing the last row stays a man: W:Wf6:Bc7,e7 -> f6xb6', () => {
    // f6xd8 reaches the last row but can go on, as a man and backwards (4.1), over c7 to b6;
    // it ends off the last row and stays a man (4.15).
    const [m] = expectMoves(brazilian, 'W:Wf6:Bc7,e7', ['f6xb6']);
    expect(m.promotes).toBe(false);
    expect(m.path.map((s) => squareName(brazilian, s))).toEqual(['d8', 'b6']);
  });
  it('FMJD 3.5 a man ending its capture on the last row is crowned: W:Wb6:Bc7,f6 -> b6xd8', () => {
    // From d8 the man can take nothing more (f6 is not adjacent): the capture ends and it is
    // crowned, unlike the Russian rules where it goes on as a king.
    const [m] = expectMoves(brazilian, 'W:Wb6:Bc7,f6', ['b6xd8']);
    expect(m.promotes).toBe(true);
  });
  it('FMJD 4.1 men capture backwards, 8x8: W:Wd4:Bc5,e3 -> d4xb6, d4xf2', () => {
    expectMoves(brazilian, 'W:Wd4:Bc5,e3', ['d4xb6', 'd4xf2']);
  });
});
