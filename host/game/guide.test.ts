// Guided replay of a scoresheet: the first game of "nk ronde 01.pdn" (Dutch championship 2009)
// as the secretary plays it from sheets with slips typed in; the game that comes out must be
// the real one, each repair noted on its ply.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMove, readPdn, sameMove } from '../../rules/index.ts';
import type { Move, Position } from '../../rules/index.ts';
import type { Guide } from './guide.ts';
import { createGuide, expected, guideIn, guideMove, guideTakeback, repairComment } from './guide.ts';
import { guideView, guided } from './guided.ts';

const game = readPdn(readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url))).games[0];
const plies = game.line.flatMap((p) => (p.kind === 'ply' ? [p] : []));
const truth: Move[] = plies.map((p) => p.move);
const written = plies.map((p) => formatMove(p.before, p.move));

/** The secretary plays the real game through, the LEDs asking for the sheet's moves: every move played is the real one. */
function playThrough(sheet: readonly string[], onSlip: (g: Guide) => void = () => {}): Guide {
  let g = createGuide(game.start, sheet);
  for (const m of truth) {
    if (expected(g).kind === 'slip') onSlip(g);
    g = guideMove(g, m);
  }
  return g;
}

const edit = (k: number, f: (m: string) => string[]) => written.flatMap((m, i) => (i === k ? f(m) : [m]));

describe('guided replay of a scoresheet', () => {
  it('a sheet without slips asks for each move in turn and notes nothing', () => {
    let g = createGuide(game.start, written);
    for (const m of truth) {
      const e = expected(g);
      expect(e.kind === 'move' && sameMove(e.move, m)).toBe(true);
      g = guideMove(g, m);
    }
    expect(expected(g).kind).toBe('end');
    expect(g.repairs).toEqual([]);
  });

  it('a digit swapped (ply 17 written 23-28): the LEDs show the candidates, the true move first; the repair is noted', () => {
    const g = playThrough(edit(16, () => ['23-28']), (at) => {
      const e = expected(at);
      if (e.kind !== 'slip') throw new Error('no slip');
      expect(e.ply).toBe(17);
      const first = e.candidates[0];
      expect(first.kind === 'replace' && sameMove(first.move, truth[16])).toBe(true);
    });
    expect(g.repairs).toEqual([{ ply: 17, written: '23-28', played: '32-28', why: '23 for 32, digits swapped' }]);
    expect(repairComment(g.repairs[0])).toBe('dambord: the sheet has 23-28; 32-28 was played (23 for 32, digits swapped)');
    expect(g.plies).toBe(truth.length);
  });

  it('a move left out (ply 30) and a move written twice (ply 50): both noted, the game is the real one', () => {
    const sheet = written.flatMap((m, i) => (i === 29 ? [] : i === 49 ? [m, m] : [m]));
    const g = playThrough(sheet);
    expect(g.repairs.map((r) => [r.ply, r.written, r.played])).toEqual([
      [30, null, written[29]],
      [51, written[49], ''],
    ]);
    expect(expected(g).kind).toBe('end');
  });

  it('forced captures not on the sheet are asked for and noted', () => {
    let pos: Position = game.start;
    const sheet: string[] = [];
    truth.forEach((m, k) => {
      if (!(k === 8 && m.captured.length > 0)) sheet.push(written[k]);
      pos = plies[k].after;
    });
    expect(truth[8].captured.length).toBeGreaterThan(0);
    const g = playThrough(sheet);
    expect(g.repairs).toEqual([{ ply: 9, written: null, played: written[8], why: 'a forced capture the sheet leaves out' }]);
    expect(pos).toBe(plies[plies.length - 1].after);
  });

  it('a move taken back on the board takes the guide back with it', () => {
    let g = createGuide(game.start, written);
    g = guideMove(g, truth[0]);
    const wrong = guideMove(g, truth[2]); // not the sheet's move: noted
    expect(wrong.repairs).toHaveLength(1);
    const back = guideTakeback(wrong);
    expect(back).toBe(g);
    expect(guideMove(back, truth[1]).repairs).toEqual([]);
  });
});

describe("a guided replay in the game's language", () => {
  it('a Dutch sheet: the slip, its candidates, the repair and its comment on the scoresheet are Dutch', () => {
    const sheet = edit(16, () => ['23-28']);
    let g = guideIn(createGuide(game.start, sheet), 'nl');
    for (const m of truth.slice(0, 16)) g = guideMove(g, m);
    const view = guideView(guided(g), game.start.variant);
    expect(view.message).toMatch(/^halve zet 17: het biljet heeft 23-28, dat niet gespeeld kan worden; waarschijnlijk 32-28 \(23 voor 32, cijfers verwisseld\), /);
    g = guideMove(g, truth[16]);
    expect(g.repairs).toEqual([{ ply: 17, written: '23-28', played: '32-28', why: '23 voor 32, cijfers verwisseld' }]);
    expect(repairComment(g.repairs[0], 'nl')).toBe('dambord: het biljet heeft 23-28; 32-28 is gespeeld (23 voor 32, cijfers verwisseld)');
    expect(guideView(guided(g), game.start.variant).repairs).toEqual(['halve zet 17: het biljet heeft 23-28; 32-28 is gespeeld (23 voor 32, cijfers verwisseld)']);
  });

  it('English word for word when the game names no language', () => {
    let g = createGuide(game.start, written.slice(0, 4));
    for (const m of truth.slice(0, 4)) g = guideMove(g, m);
    expect(guideView(guided(g), game.start.variant).message).toBe("the sheet's moves are all played (4 plies): give the result");
  });
});
