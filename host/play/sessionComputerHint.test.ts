// A hint against the computer on the simulated board (the committed firmware in avr8js, the
// serial link): issue 31's "A hint on request from the board alone ... and from the page: the
// LEDs show the engine's move, speech says it". Asked by j'adoube held 1 s with no piece in the
// hand once a move is played (host/game/computerHeld.ts) and by the page's `hint`; the player's
// own hands then make another move, which the computer answers as usual. The game is written by
// hand from the rules (international draughts, FMJD 3.2 and 3.5: a man moves one square
// diagonally forward): White (the player) 32-28, the computer 19-24; the hint 37-32, the player
// 31-27 instead, the computer 14-19. No piece stands next to another's: no capture is due.
import { describe, expect, it } from 'vitest';
import { atTable, byPosition } from './testing/computerAtTable.ts';

/** What the scripted engine finds: the computer's moves, and the player's best move where a hint is asked. */
const ANSWERS = {
  '': ['34-29', 0],
  '32-28': ['19-24', 0],
  '32-28 19-24': ['37-32', 0],
  '32-28 19-24 31-27': ['14-19', 0],
} as const;

describe('a hint on the simulated board', () => {
  it('j\'adoube held 1 s once a move is played: the LEDs show the engine\'s move, the log says it, and the player\'s other move is answered as usual', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      await t.step('32-28');
      await t.showing('19-24');
      await t.step('19-24');
      // A short j'adoube (3.13, an adjustment announced) asks for nothing.
      await t.hold('jadoube', 300);
      expect(engine.asked).toEqual(['32-28']);
      await t.hold('jadoube', 1100);
      await t.until(() => t.said().includes('Hint: 37-32.'));
      await t.run(100);
      expect([t.led(37), t.led(32)]).toEqual([['slow', 'hint'], ['slow', 'hint']]);
      expect(await t.litOnBoard(37)).toBe(true);
      expect(await t.litOnBoard(32)).toBe(true);
      // Only a hint: not played, not the computer's.
      expect(t.moves()).toEqual(['32-28', '19-24']);
      expect(t.session.view().engine?.state).toBe('idle');
      // The player's hands make another move: the hint goes, and the computer answers it.
      await t.step('31-27');
      await t.showing('14-19');
      expect(t.led(37)[1]).not.toBe('hint');
      await t.step('14-19');
      expect(t.moves()).toEqual(['32-28', '19-24', '31-27', '14-19']);
      expect(engine.asked).toEqual(['32-28', '32-28 19-24', '32-28 19-24 31-27']);
    });
  });

  it('the page\'s `hint` before the first move: shown and said; the player plays another move, and the computer answers it', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      expect(await t.session.command({ type: 'hint' })).toEqual({ ok: true });
      await t.until(() => t.said().includes('Hint: 34-29.'));
      await t.run(100);
      expect([t.led(34), t.led(29)]).toEqual([['slow', 'hint'], ['slow', 'hint']]);
      expect(await t.litOnBoard(29)).toBe(true);
      await t.step('32-28');
      await t.showing('19-24');
      expect(t.led(29)[1]).not.toBe('hint');
      expect(engine.asked).toEqual(['', '32-28']);
    });
  });
});
