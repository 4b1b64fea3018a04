// Take back against the computer on the simulated board (the committed firmware in avr8js, the
// serial link): issue 31's "Take back any number of move pairs, by putting the pieces back as
// they were or with the board's Correct button (and the page): the LEDs guide the pieces back,
// the computer's moves go too, and the scoresheet drops them". FMJD 5.4.4: a move already played
// taken back; against the computer the player asks and the computer, the opponent who decides,
// accepts. The game is written by hand from the rules (international draughts, FMJD 3.2 and
// 3.5: a man moves one square diagonally forward): White (the player) 32-28, the computer
// 19-24; White 37-32, the computer 14-19; no piece stands next to another's, so no capture is
// due. The hands put the pieces back square by square, slowly, as people do.
import { describe, expect, it } from 'vitest';
import { byPosition, computerAtTable } from './testing/computerAtTable.ts';

/** What the scripted computer plays: 19-24 after 32-28, 14-19 after 37-32, and 19-23 after 31-27 (a game begun again). */
const ANSWERS = { '32-28': ['19-24', 0], '32-28 19-24 37-32': ['14-19', 0], '31-27': ['19-23', 0] } as const;

/** The two pairs played by the hands, the computer's moves made as the LEDs show them. */
async function twoPairs() {
  const engine = byPosition(ANSWERS);
  const t = computerAtTable(engine);
  await t.run(600);
  for (const [player, computer] of [['32-28', '19-24'], ['37-32', '14-19']]) {
    await t.step(player);
    await t.showing(computer);
    await t.step(computer);
  }
  expect(t.moves()).toEqual(['32-28', '19-24', '37-32', '14-19']);
  expect(t.session.view().engine?.state).toBe('idle');
  return { ...t, engine };
}

/** The PDN's note of the second pair taken back, and of both once nothing is left between them. */
const NOTE_ONE = "{Taken back at the player's request: 37-32 14-19.}";
const NOTE_BOTH = "{Taken back at the player's request: 32-28 19-24 37-32 14-19.}";

describe('FMJD 5.4.4: two pairs taken back by the hands putting the pieces back as they were', () => {
  it('the computer\'s 14-19 put back, then the player\'s 37-32 as the LEDs guide it, then the pair before: the moves drop, the PDN notes them, and the game goes on', async () => {
    const t = await twoPairs();
    try {
      // The computer's last move put back, slowly: its man lifted off 19 and put down on 14.
      await t.hand('lift', '19', 1000);
      await t.hand('place', '14', 1000);
      // The computer accepts the pair: its 14-19 and the player's 37-32 go from the scoresheet.
      expect(t.moves()).toEqual(['32-28', '19-24']);
      expect(t.said()).toContain('Taken back: 37-32 14-19.');
      // What is left to put back is lit, on the board too: the man on 32 to take off first (fast), then 37 to fill.
      expect(t.led(32)).toEqual(['fast', 'clear']);
      expect(await t.litOnBoard(32)).toBe(true);
      await t.guided(['lift', '32'], ['place', '37']);
      expect(t.session.view().irregularity).toBeNull();
      expect(t.session.view().pdn).toContain(NOTE_ONE);
      // The pair before, the computer's 19-24 first.
      await t.hand('lift', '24', 1000);
      await t.hand('place', '19', 1000);
      expect(t.moves()).toEqual([]);
      await t.guided(['lift', '28'], ['place', '32']);
      const view = t.session.view();
      expect(view.irregularity).toBeNull();
      expect(view.squares.filter((s) => s.mark === 'clear' || s.mark === 'fill')).toEqual([]);
      expect(view.pdn).toContain(NOTE_BOTH);
      expect(view.engine?.state).toBe('idle');
      // The game goes on from the start: another first move, and the computer is asked about it.
      await t.step('31-27');
      await t.showing('19-23');
      expect(t.engine.asked).toEqual(['32-28', '32-28 19-24 37-32', '31-27']);
    } finally {
      await t.session.close();
    }
  });

  it('the player\'s move put back while the computer thinks: the question is dropped, its answer when it comes is not shown, and the next move is asked about', async () => {
    const engine = byPosition(ANSWERS, true);
    const t = computerAtTable(engine);
    try {
      await t.run(600);
      await t.step('32-28');
      expect(t.session.view().engine?.state).toBe('thinking');
      await t.hand('lift', '28', 1000);
      await t.hand('place', '32', 1000);
      expect(t.moves()).toEqual([]);
      // The answer to 32-28, stale now, comes in: dropped.
      engine.release();
      await t.until(() => engine.asked.length === 1);
      await new Promise((r) => setTimeout(r, 50));
      await t.run(200);
      expect(t.session.view().engine?.state).toBe('idle');
      expect(t.session.view().engine?.move).toBeNull();
      expect(t.session.view().squares[18].mark).toBeNull();
      await t.step('31-27');
      engine.release();
      await t.showing('19-23');
      expect(engine.asked).toEqual(['32-28', '31-27']);
    } finally {
      await t.session.close();
    }
  });
});

describe('a take back asked for: the board\'s Correct held 3 s, the page\'s `take-back`', () => {
  it('Correct held 3 s takes back a pair, the LEDs guiding both moves back; held again while they do, it goes one pair further', async () => {
    const t = await twoPairs();
    try {
      // A short press is the blind player's question, not a take back.
      await t.hold('correct', 200);
      expect(t.moves()).toHaveLength(4);
      await t.hold('correct', 3100);
      expect(t.moves()).toEqual(['32-28', '19-24']);
      expect(t.said()).toContain('Taken back: 37-32 14-19.');
      // The pieces to take off first, one at a time: the computer's man on 19, then the player's on 32.
      await t.guided(['lift', '19'], ['lift', '32']);
      await t.hold('correct', 3100);
      expect(t.moves()).toEqual([]);
      expect(t.said()).toContain('Taken back: 32-28 19-24.');
      await t.guided(['lift', '24'], ['lift', '28'], ['place', '14'], ['place', '19'], ['place', '32'], ['place', '37']);
      const view = t.session.view();
      expect(view.irregularity).toBeNull();
      expect(view.pdn).toContain(NOTE_BOTH);
    } finally {
      await t.session.close();
    }
  });

  it('the page\'s `take-back` twice, the second while the pieces of the first are going back: both pairs go, and the game goes on', async () => {
    const t = await twoPairs();
    try {
      expect(await t.session.command({ type: 'take-back' })).toEqual({ ok: true });
      await t.run(200);
      expect(t.moves()).toEqual(['32-28', '19-24']);
      await t.hand('lift', '19', 1000);
      await t.hand('place', '14', 1000);
      expect(await t.session.command({ type: 'take-back' })).toEqual({ ok: true });
      await t.run(200);
      expect(t.moves()).toEqual([]);
      // The LEDs ask for what the hands have not yet put back, one square at a time; the man on 32 stays.
      await t.guided(['lift', '24'], ['lift', '28'], ['place', '19'], ['place', '37']);
      expect(t.session.view().pdn).toContain(NOTE_BOTH);
      expect(t.session.view().irregularity).toBeNull();
      await t.step('31-27');
      await t.showing('19-23');
    } finally {
      await t.session.close();
    }
  });
});
