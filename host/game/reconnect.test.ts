// A resumed game whose board connects again not as the game left it (referee/reconnect.ts):
// it answers at once with the board shown as not matching the game and what to put where (the
// mismatch view), never reads the pieces gone as a player's hands (FMJD 5.4.7 names a piece
// taken off by a player, not by a host away), and the journal resumes again as the game stands.
// Each case runs in a worker with a time limit: a game that never answers fails, not hangs.
import { describe, expect, it } from 'vitest';
import { inWorker } from './testing/bounded.ts';
import type { Reconnected, Reconnection } from './testing/reconnected.ts';

const worker = new URL('./testing/reconnectedWorker.ts', import.meta.url);
const LIMIT_MS = 8000;
const reconnect = (r: Reconnection) => inWorker<Reconnected>(worker, r, LIMIT_MS);

/** The board shown as not matching the game, with every square to fill named, and nothing flagged. */
function mismatchShown(r: Reconnected, fill: readonly string[]): void {
  expect(r.guidance?.kind).toBe('mismatch');
  expect(r.guidance?.fill).toEqual(fill);
  expect(r.guidance?.clear).toEqual([]);
  expect(r.log.at(-1)).toMatch(/^The board does not show the game: put /);
  expect(r.irregularity).toBeNull();
  expect(r.journalResumes).toBe(true);
}

const range = (a: number, b: number, skip: readonly number[] = []): string[] => Array.from({ length: b - a + 1 }, (_, i) => a + i).filter((n) => !skip.includes(n)).map(String);
const numbers = (...ns: number[]) => ns.map(String);

describe('a resumed game whose board connects again empty answers at once with what to put where', () => {
  it('set up with Black to move (FMJD 3.3 has White first), after 1... 19-23', { timeout: LIMIT_MS * 2 }, async () => {
    const r = await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'], board: 'empty' });
    mismatchShown(r, [...range(1, 18), '20', '23', ...range(31, 50)]);
    expect(r.log).toContain('resumed the game after 1 move (1 ply)');
  });

  it('White to move from the start (FMJD 3.3), after 1. 32-28', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'international', fen: 'W:W31-50:B1-20', moves: ['32-28'], board: 'empty' }), [...range(1, 20), '28', ...range(31, 50, [32])]);
  });

  it('White to move, after 2 plies: 1. 32-28 19-23', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'international', fen: 'W:W31-50:B1-20', moves: ['32-28', '19-23'], board: 'empty' }), [...range(1, 18), '20', '23', '28', ...range(31, 50, [32])]);
  });

  it('after 0 plies: the position set up, nothing played', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: [], board: 'empty' }), [...range(1, 20), ...range(31, 50)]);
  });

  it('English laws (Black moves first, law 2), set up with White to move: after 1. 22-18', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'english', fen: 'W:W21-32:B1-12', moves: ['22-18'], board: 'empty' }), [...range(1, 12), '18', ...range(21, 32, [22])]);
  });

  it('English laws, Black first: after 1. 11-15 23-19', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'english', fen: 'B:W21-32:B1-12', moves: ['11-15', '23-19'], board: 'empty' }), [...range(1, 12, [11]), '15', '19', ...range(21, 32, [23])]);
  });
});

describe('a resumed game whose board connects again with pieces missing', () => {
  it('empty after 1... 19-23, every piece put back: the game goes on as it was', { timeout: LIMIT_MS * 2 }, async () => {
    const r = await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'], board: 'empty', setBack: true });
    expect(r.guidance).toBeNull();
    expect(r.irregularity).toBeNull();
    expect(r.moves).toBe(1);
    expect(r.journalResumes).toBe(true);
  });

  it('set up with Black to move, after 1... 19-23: the pieces missing, named', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'], board: { missing: [1, 2, 3, 23, 46, 50] } }), numbers(1, 2, 3, 23, 46, 50));
  });

  it('one piece of each side missing after 1. 32-28 19-23', { timeout: LIMIT_MS * 2 }, async () => {
    mismatchShown(await reconnect({ variant: 'international', fen: 'W:W31-50:B1-20', moves: ['32-28', '19-23'], board: { missing: [20, 28] } }), numbers(20, 28));
  });
});

describe('a resumed game whose board connects again as the game left it', () => {
  it('set up with Black to move, after 1... 19-23: play goes on, nothing to put right', { timeout: LIMIT_MS * 2 }, async () => {
    const r = await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'], board: 'left' });
    expect(r.guidance).toBeNull();
    expect(r.irregularity).toBeNull();
    expect(r.moves).toBe(1);
    expect(r.journalResumes).toBe(true);
  });

  it("showing White's 2. 32-28 made while the host was away: the move is played", { timeout: LIMIT_MS * 2 }, async () => {
    const r = await reconnect({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'], board: { missing: [32], added: [28] } });
    expect(r.guidance).toBeNull();
    expect(r.moves).toBe(2);
    expect(r.log.at(-1)).toBe('White played 32-28.');
    expect(r.journalResumes).toBe(true);
  });
});

// The second reading of a turn (referee.ts, `resolve`): each of the opponent's pieces lifted
// opens none of its own inside it, and the reading is stepped once per event, so that hands
// clearing a board piece by piece are answered at once, lift by lift.
describe("hands that clear the board piece by piece, the opponent's pieces first, and set it again", () => {
  const cleared = (r: Omit<Reconnection, 'board'>) => inWorker<Omit<Reconnected, 'guidance' | 'journalResumes'>>(worker, { ...r, board: 'left', cleared: true }, LIMIT_MS);

  it('White to move after 1. 32-28 19-23: the game as it was, nothing flagged', { timeout: LIMIT_MS * 2 }, async () => {
    const r = await cleared({ variant: 'international', fen: 'W:W31-50:B1-20', moves: ['32-28', '19-23'] });
    expect(r.moves).toBe(2);
    expect(r.irregularity).toBeNull();
    expect(r.log.at(-1)).toBe('Black played 19-23.');
  });

  it('set up with Black to move, White to move after 1... 19-23: the game as it was', { timeout: LIMIT_MS * 2 }, async () => {
    const r = await cleared({ variant: 'international', fen: 'B:W31-50:B1-20', moves: ['19-23'] });
    expect(r.moves).toBe(1);
    expect(r.irregularity).toBeNull();
  });
});
