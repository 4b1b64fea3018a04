// Training against the computer on the simulated board (the committed firmware in avr8js, the
// serial link): issue 31's "In training mode the engine judges each of the player's moves; one
// that loses more than the level allows is said ... and taken back for another try". The
// engine is a fake whose scores are written by hand from the position (as in
// host/game/training.test.ts): White (the player) has men on 34 and 48, Black (the computer) on
// 23 and 3, the men even (score 0). 34-29 hangs a man: Black must take 23x34 (FMJD 4.2, 4.5),
// a man up (+1 for Black), and White cannot take back; 34-30 is safe.
import { describe, expect, it } from 'vitest';
import { atTable, byPosition, computerBlack } from './testing/computerAtTable.ts';

/** The engine's moves and scores (the side to move's, in men): White's best at the start and after 34-30 23-28, Black's answers. */
const ANSWERS = { '': ['34-30', 0], '34-29': ['23x34', 1], '34-30': ['23-28', 0], '34-30 23-28': ['30-25', 0] } as const;

/** The computer in training at level 5, in the position above. */
const TRAINING = { config: computerBlack({ training: true }), fen: 'W:W34,48:B23,3' };

describe('training (--training) on the simulated board', () => {
  it('at level 5, 34-29 that hangs a man is said with the better move and taken back, the hands put it back as the LEDs show, and 34-30 is then answered', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      // The player's position judged in the player's turn, unshown.
      await t.until(() => t.session.state().computer?.hint?.move != null);
      expect(t.session.view().squares.some((s) => s.mark === 'hint')).toBe(false);
      await t.step('34-29');
      await t.until(() => t.said().includes('34-29 loses a man; 34-30 was better. Put it back and try another move.'));
      await t.run(100);
      // Taken back: the computer's capture is not shown, and the LEDs guide the man back to 34.
      expect(t.moves()).toEqual([]);
      expect(t.session.view().engine).toMatchObject({ state: 'idle', move: null });
      expect(t.led(29)).toEqual(['fast', 'clear']);
      expect(await t.litOnBoard(29)).toBe(true);
      await t.guided(['lift', '29'], ['place', '34']);
      expect(t.session.view().irregularity).toBeNull();
      expect(t.session.view().pdn).toContain("{Taken back at the player's request: 34-29.}");
      // Another try: the same position is not judged again, and the computer answers as usual.
      await t.step('34-30');
      await t.showing('23-28');
      await t.step('23-28');
      expect(t.moves()).toEqual(['34-30', '23-28']);
      // The player's new position judged in turn.
      await t.until(() => engine.asked.length === 4);
      expect(engine.asked).toEqual(['', '34-29', '34-30', '34-30 23-28']);
    }, TRAINING);
  });

  it('a move made before the engine has judged the position is not judged: the computer\'s answer is shown as usual', async () => {
    const engine = byPosition(ANSWERS, true);
    await atTable(engine, async (t) => {
      await t.until(() => engine.asked.length === 1);
      await t.step('34-29');
      await t.until(() => engine.asked.length === 2);
      engine.release();
      await t.showing('23x34');
      expect(t.said()).not.toContain('loses');
      expect(t.moves()).toEqual(['34-29']);
    }, TRAINING);
  });

  it('a hint asked in training is the judgement already found: shown and said at once, the engine not asked again', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      await t.until(() => t.session.state().computer?.hint?.move != null);
      expect(await t.session.command({ type: 'hint' })).toEqual({ ok: true });
      await t.run(100);
      expect(t.said()).toContain('Hint: 34-30.');
      expect([t.led(34), t.led(30)]).toEqual([['slow', 'hint'], ['slow', 'hint']]);
      expect(await t.litOnBoard(30)).toBe(true);
      expect(engine.asked).toEqual(['']);
    }, TRAINING);
  });
});
