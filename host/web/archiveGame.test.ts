// The archive page's words and steps (host/web/static/archiveGame.js), run in Node: a result in
// full (the PDN's score and who won, "not finished" for `*`), where a game was played in a line
// (only what is known), and the keys that step through a game, never past its ends.
import { describe, expect, it } from 'vitest';

interface ArchiveGame {
  resultWords(result: string): string;
  factsLine(g: { event: string; round: string; board: number | null; site?: string; date: string }): string;
  stepKey(key: string, at: number, count: number): number | undefined;
}
const url = new URL('./static/archiveGame.js', import.meta.url).href;
const a = (await import(/* @vite-ignore */ url)) as ArchiveGame;

describe('archiveGame.js', () => {
  it.each([
    ['2-0', '2-0: White wins'],
    ['0-2', '0-2: Black wins'],
    ['1-1', '1-1: a draw'],
    ['1-0', '1-0: White wins'],
    ['1/2-1/2', '1/2-1/2: a draw'],
    ['*', '*: not finished'],
  ])('the result %s in full: %s', (result, words) => {
    expect(a.resultWords(result)).toBe(words);
  });

  it('a game\'s facts: event, round, board, site and date where known', () => {
    expect(a.factsLine({ event: 'NK 2025', round: '3', board: 2, site: 'Wageningen', date: '2025.04.08' })).toBe('NK 2025, round 3, board 2, Wageningen, 2025.04.08');
    expect(a.factsLine({ event: 'nk', round: '', board: null, site: '?', date: '2009.04.08' })).toBe('nk, 2009.04.08');
    expect(a.factsLine({ event: '', round: '?', board: null, date: '1950.??.??' })).toBe('1950');
  });

  it.each([
    ['Home', 5, 0],
    ['End', 5, 10],
    ['ArrowLeft', 0, 0],
    ['ArrowLeft', 5, 4],
    ['ArrowRight', 10, 10],
    ['ArrowRight', 5, 6],
  ])('%s from ply %i of 10 goes to ply %i', (key, at, to) => {
    expect(a.stepKey(key, at, 10)).toBe(to);
  });

  it('another key steps nowhere', () => {
    expect(a.stepKey('a', 3, 10)).toBeUndefined();
  });
});
