// Issue 16: sheets typed the way clubs type them, read as the writer meant them. Real games from
// the oracles, written again by string edits of their moves as the files write them: every
// capture that was the only legal move left out (as Turbo Dambase lets a typist do); and a
// capture route that another capture shares from and to, written short.

import { describe, expect, it } from 'vitest';
import { legalMoves, parseFen, play, sameMove, variants } from '../../rules/index.ts';
import { readWritten } from '../../rules/slips/read.ts';
import { oracleSheets } from './measure.ts';
import { VARIANTS } from './table.ts';

describe('a sheet read as the writer meant it', () => {
  for (const variant of VARIANTS)
    it(`${variant}: forced captures left out are put in again, and the game reads as played`, () => {
      let left = 0;
      for (const sheet of oracleSheets(variant)) {
        let pos = sheet.start;
        const typed: string[] = [];
        let last = -1; // the last ply typed: forced captures after it leave nothing on the sheet to show them
        sheet.moves.forEach((m, k) => {
          const legal = legalMoves(pos);
          if (legal.length === 1 && m.captured.length > 0) left++;
          else [last] = [k, typed.push(sheet.written[k])];
          pos = play(pos, m);
        });
        const read = readWritten(sheet.start, typed);
        expect(read.stop, typed.join(' ')).toBe(typed.length);
        expect(read.plies.length).toBe(last + 1);
        expect(read.plies.every((p, k) => sameMove(p.move, sheet.moves[k]))).toBe(true);
      }
      expect(left, 'forced captures left out').toBeGreaterThan(20);
    });

  // PDN 3.0 ("ambiguous captures"; test/fixtures/oracles/positions.md): in W:WK47:B14,19,29,31,42
  // white has two captures from 47 to 36 taking different pieces. Written 47x36, the black move
  // after it can only be played after one of them.
  it('FMJD 4.2, 4.13: a capture written 47x36 that two routes fit is the one the next move needs', () => {
    const fen = parseFen(variants.international, 'W:WK47:B14,19,29,31,42');
    if (!fen.ok) throw new Error(fen.error.reason);
    const routes = legalMoves(fen.position).filter((m) => m.from === 46 && m.to === 35);
    expect(routes).toHaveLength(2);
    for (const [route, other] of [routes, [...routes].reverse()]) {
      const after = play(fen.position, route);
      // A black man that this route leaves and the other takes, and a move of it.
      const left = legalMoves(after).find((m) => other.capturedSet.has(m.from));
      expect(left).toBeDefined();
      const written = ['47x36', `${left!.from + 1}-${left!.to + 1}`];
      const read = readWritten(fen.position, written);
      expect(read.stop).toBe(2);
      expect(sameMove(read.plies[0].move, route)).toBe(true);
    }
  });
});
