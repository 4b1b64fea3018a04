// A piece in the hand on the page is a move in progress (FMJD 3.10, 3.12): on the simulated
// board (the committed firmware in avr8js, the serial link), in every policy, a piece lifted from
// the page and held while the board's time runs on is no removal (5.4.7); put down, it is the move.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import { blind, casual, tournament } from '../game/referee/policy.ts';
import { startSession } from './session.ts';
import { simulatedTable } from './testing/simulatedTable.ts';

describe('FMJD 3.10, 3.12, 5.4.7: a piece held on the page, on the simulated board', () => {
  it.each([tournament, casual, blind])('$name policy: held 8 s in the air, then put down: one move, nothing else', async (policy) => {
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    const { board, link, now, run } = simulatedTable(start.position);
    const session = startSession({ start: start.position, policy, link, hands: board, now });
    try {
      await run(600);
      expect(await session.command({ type: 'lift', square: '32' })).toEqual({ ok: true });
      await run(8000);
      let view = session.view();
      expect(view.irregularity).toBeNull();
      expect(view.moves).toEqual([]);
      expect(view.guidance).toBeNull();
      expect(await session.command({ type: 'place', square: '28' })).toEqual({ ok: true });
      await run(300);
      view = session.view();
      expect(view.moves.map((m) => m.text)).toEqual(['32-28']);
      expect(view.irregularity).toBeNull();
      expect(view.log.filter((l) => l.includes('irregularity') || l.includes('mismatch'))).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
