import { describe, expect, it } from 'vitest';
import { growth } from '../../../test/growth.ts';
import { gamePdn } from '../view.ts';
import { touchOutOfTurn } from '../testing/touches.ts';

describe('the scoresheet of noted irregularities', () => {
  it('FMJD 3.14: the same touch out of turn again before the next move is counted on one note, not repeated', () => {
    const once = touchOutOfTurn(1).state;
    const many = touchOutOfTurn(3000).state;
    expect(many.sheet.items).toHaveLength(1);
    expect(many.sheet.items[0]).toMatchObject({ kind: 'note', times: 3000 });
    const words = (pdn: string): string => pdn.replace(/\s+/g, ' ');
    const note = /\{([^}]*)\}/.exec(words(gamePdn(once)))![1].trim();
    expect(note).toBe('Black touched the piece on 16 while not on move (touch-out-of-turn, article 3.14). Noted.');
    expect(words(gamePdn(many))).toContain(`{${note} (3000 times)}`);
    // The page's view grows with the game, not with the touches.
    expect(gamePdn(many).length).toBeLessThan(gamePdn(once).length + 20);
  });

  it('touches with every view built take a time linear in their number (8,000 took 33 s when each touch grew the scoresheet)', async () => {
    expect(touchOutOfTurn(8000).views).toBeGreaterThanOrEqual(8000);
    // Four times the touches cost about four times the time, measured in the same run; a
    // scoresheet growing with each touch would cost sixteen times.
    const g = await growth((n) => n, touchOutOfTurn, 2000);
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(10);
  });
});
