// Issue 16: real games from the oracles with one slip each, of every kind people make writing
// moves down; the broken ply and the true move must be among the checker's first three
// candidates for at least 95% of the slips a checker can see, per kind and variant. A bounded
// sample; `npm run slips` runs hundreds per kind and variant and prints the table.

import { describe, expect, it } from 'vitest';
import { slipTable, tableText, VARIANTS } from './table.ts';

const CASES = 60;

describe('slips in real scoresheets: the broken ply and the true move in the top 3', () => {
  for (const variant of VARIANTS)
    it(`${variant}: every slip kind, ${CASES} sheets each`, () => {
      const rows = slipTable(CASES, 16, [variant]);
      console.log(tableText(rows));
      for (const r of rows) {
        expect(r.tally.cases, `${r.kind}: slips made`).toBe(CASES);
        // A legal slip late in a game can leave the whole sheet legal (5-10% of them in the 400-slip runs): no checker sees those.
        expect(r.tally.undetectable, `${r.kind}: slips that leave a legal game`).toBeLessThan(r.kind === 'legal-slip' ? CASES / 5 : CASES / 10);
        expect(r.ply, `${r.kind}: broken ply in the top 3`).toBeGreaterThanOrEqual(0.95);
        expect(r.move, `${r.kind}: true move in the top 3`).toBeGreaterThanOrEqual(0.95);
      }
    });
});
