// The event's terminal for one board (dambord issue 29: "about 250 'link lost / resynced' lines
// for seven simulated boards in six minutes on a loaded machine, and not one line with a
// result"): a line when the game starts, one with the result, link trouble summed up at most
// once a minute. The views are written by hand: a link that drops and comes back every few seconds.
import { describe, expect, it } from 'vitest';
import type { PlayView } from '../../game/types.ts';
import { startView } from '../../web/testing/playView.ts';
import { boardLines } from './boardLines.ts';

const TABLE = { journal: () => null, state: () => { throw new Error('not asked'); }, paired: null } as never;

/** A board's lines, told views at the times given (ms). */
function terminal(resumed = false) {
  const lines: string[] = [];
  let t = 0;
  const out = boardLines((l) => lines.push(l), () => t, { resumed });
  const base = startView();
  const see = (at: number, change: Partial<PlayView>) => {
    t = at;
    out.view!({ ...base, players: { white: 'Derkx, B.', black: 'Meijer, H.' }, ...change } as PlayView, TABLE);
  };
  const link = (state: string) => ({ link: { state, health: null, firmware: null } });
  return { lines, see, link };
}

describe('the event\'s terminal, one board', () => {
  it('says the game started once, and its result once', () => {
    const { lines, see, link } = terminal();
    see(0, link('connecting'));
    see(500, link('connected'));
    see(900_000, { ...link('connected'), result: { result: '0-2', reason: 'White resigned', article: '7.2.1' } });
    see(900_500, { ...link('connected'), result: { result: '0-2', reason: 'White resigned', article: '7.2.1' } });
    expect(lines).toEqual(['Derkx, B. – Meijer, H., started', 'the link is connected', 'result 0-2: White resigned (article 7.2.1)']);
  });

  it('a resumed game is going on', () => {
    const { lines, see, link } = terminal(true);
    see(0, link('connected'));
    expect(lines).toEqual(['Derkx, B. – Meijer, H., going on']);
  });

  it('a link lost and resynced every 5 s for six minutes is at most one line a minute, with the counts', () => {
    const { lines, see, link } = terminal();
    see(0, link('connected'));
    for (let t = 5_000; t <= 360_000; t += 5_000) see(t, link(t % 10_000 === 5_000 ? 'lost' : 'resynced'));
    const linkLines = lines.filter((l) => l.startsWith('the link'));
    // 72 changes: the first said at once, then one line a minute at most.
    expect(linkLines.length).toBeLessThanOrEqual(7);
    expect(linkLines[0]).toBe('the link is lost');
    expect(linkLines[1]).toBe('the link is lost (6 times lost and 6 times resynced in the last 60 s)');
  });

  it('a board of the wrong kind is said at once, whatever was said just before', () => {
    const { lines, see, link } = terminal();
    see(0, link('connecting'));
    see(1_000, link('lost'));
    see(2_000, link('wrong board'));
    expect(lines.slice(1)).toEqual(['the link is lost', 'the link is wrong board']);
  });
});
