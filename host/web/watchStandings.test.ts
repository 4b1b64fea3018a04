// The viewers' page's standings (host/web/static/watchStandings.js), run in Node: the round's
// finished games scored as the feed writes their results, in each variant's own scoring (FMJD:
// two points a win, one a draw; the Standard Laws of Checkers: one a win, a half a draw;
// rules/variants/scoring.ts), a row a player, sorted by points.
import { describe, expect, it } from 'vitest';
import type { BoardEvent } from '../broadcast/types.ts';

interface Row {
  name: string;
  points: number;
  games: number;
  rank: number;
}
interface Standings {
  resultPoints(result: string): [number, number] | null;
  standings(boards: readonly BoardEvent[]): Row[];
  pointsText(p: number): string;
}
const url = new URL('./static/watchStandings.js', import.meta.url).href;
const s = (await import(/* @vite-ignore */ url)) as Standings;

function board(n: number, white: string, black: string, result: string | null, variant = 'international'): BoardEvent {
  return {
    event: 'Club night',
    round: '3',
    board: n,
    variant,
    size: variant === 'english' ? 8 : 10,
    players: { white, black },
    position: '',
    turn: 'white',
    moves: [],
    lastMove: null,
    clock: null,
    result: result === null ? null : { result, reason: 'resignation', article: '' },
    irregularity: null,
    link: 'connected',
    pdn: '',
    t: 1,
    rev: 1,
  };
}

describe('the standings of the round', () => {
  it('reads a result in either scoring: 2-0, 1-1, 0-2 (FMJD) and 1-0, 1/2-1/2, 0-1 (English); an unfinished game scores nothing', () => {
    expect(s.resultPoints('2-0')).toEqual([2, 0]);
    expect(s.resultPoints('1-1')).toEqual([1, 1]);
    expect(s.resultPoints('0-2')).toEqual([0, 2]);
    expect(s.resultPoints('1/2-1/2')).toEqual([0.5, 0.5]);
    expect(s.resultPoints('½-½')).toEqual([0.5, 0.5]);
    expect(s.resultPoints('0-1')).toEqual([0, 1]);
    expect(s.resultPoints('*')).toBeNull();
  });

  it('scores each finished game as its variant does, sorts by points (then fewer games: a player still playing may score), shares a rank between players level, lists a player still playing with no games', () => {
    // Round 3 of a club night: two international games over (a win for Black, a draw), one English game won by White, one still played.
    const rows = s.standings([
      board(1, 'Anna', 'Bert', '0-2'),
      board(2, 'Clara', 'Daan', '1-1'),
      board(3, 'Eva', 'Femke', '1-0', 'english'),
      board(4, 'Gert', '', null),
    ]);
    expect(rows.map((r) => [r.rank, r.name, r.points, r.games])).toEqual([
      [1, 'Bert', 2, 1],
      [2, 'Clara', 1, 1],
      [2, 'Daan', 1, 1],
      [2, 'Eva', 1, 1],
      [5, 'Black on board 4', 0, 0],
      [5, 'Gert', 0, 0],
      [7, 'Anna', 0, 1],
      [7, 'Femke', 0, 1],
    ]);
  });

  it('writes half points as people do', () => {
    expect([s.pointsText(0), s.pointsText(0.5), s.pointsText(1.5), s.pointsText(2)]).toEqual(['0', '½', '1½', '2']);
  });
});
