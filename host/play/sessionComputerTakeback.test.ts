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
import type { ComputerAtTable } from './testing/computerAtTable.ts';
import { atTable, byPosition } from './testing/computerAtTable.ts';

/** What the scripted computer plays: 19-24 after 32-28, 14-19 after 37-32, and 19-23 after 31-27 (a game begun again). */
const ANSWERS = { '32-28': ['19-24', 0], '32-28 19-24 37-32': ['14-19', 0], '31-27': ['19-23', 0] } as const;

/** `play` once the two pairs are played by the hands, the computer's moves made as the LEDs show them. */
async function twoPairs(play: (t: ComputerAtTable, engine: ReturnType<typeof byPosition>) => Promise<void>) {
  const engine = byPosition(ANSWERS);
  await atTable(engine, async (t) => {
    for (const [player, computer] of [['32-28', '19-24'], ['37-32', '14-19']]) {
      await t.step(player);
      await t.showing(computer);
      await t.step(computer);
    }
    expect(t.moves()).toEqual(['32-28', '19-24', '37-32', '14-19']);
    expect(t.session.view().engine?.state).toBe('idle');
    await play(t, engine);
  });
}

/** The PDN's note of the second pair taken back, and of both once nothing is left between them. */
const NOTE_ONE = "{Taken back at the player's request: 37-32 14-19.}";
const NOTE_BOTH = "{Taken back at the player's request: 32-28 19-24 37-32 14-19.}";

describe('FMJD 5.4.4: two pairs taken back by the hands putting the pieces back as they were', () => {
  it('the computer\'s 14-19 put back, then the player\'s 37-32 as the LEDs guide it, then the pair before: the moves drop, the PDN notes them, and the game goes on', async () => {
    await twoPairs(async (t, engine) => {
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
      expect(engine.asked).toEqual(['32-28', '32-28 19-24 37-32', '31-27']);
    });
  });

  it('the player\'s move put back while the computer thinks: the question is dropped, its answer when it comes is not shown, and the next move is asked about', async () => {
    const engine = byPosition(ANSWERS, true);
    await atTable(engine, async (t) => {
      await t.step('32-28');
      expect(t.session.view().engine?.state).toBe('thinking');
      await t.hand('lift', '28', 1000);
      await t.hand('place', '32', 1000);
      expect(t.moves()).toEqual([]);
      // The answer to 32-28, stale now, comes in: dropped.
      engine.release();
      await t.until(() => engine.answered === 1);
      await new Promise((r) => setTimeout(r, 50));
      await t.run(200);
      expect(t.session.view().engine?.state).toBe('idle');
      expect(t.session.view().engine?.move).toBeNull();
      expect(t.session.view().squares[18].mark).toBeNull();
      await t.step('31-27');
      await t.until(() => engine.asked.length === 2);
      engine.release();
      await t.showing('19-23');
      expect(engine.asked).toEqual(['32-28', '31-27']);
    });
  });

  it('the player\'s move put back while the computer\'s answer is shown: the shown move goes from the LEDs, and the next move is asked about', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      await t.step('32-28');
      await t.showing('19-24');
      expect(await t.litOnBoard(19)).toBe(true);
      await t.hand('lift', '28', 1000);
      await t.hand('place', '32', 1000);
      expect(t.moves()).toEqual([]);
      expect(t.session.view().engine).toMatchObject({ state: 'idle', move: null });
      expect([t.led(19), t.led(24)]).toEqual([['off', null], ['off', null]]);
      expect(await t.litOnBoard(19)).toBe(false);
      await t.step('31-27');
      await t.showing('19-23');
      expect(engine.asked).toEqual(['32-28', '31-27']);
    });
  });
});

describe('a take back asked for: the board\'s Correct held 3 s, the page\'s `take-back`', () => {
  it('Correct held 3 s takes back a pair, the LEDs guiding both moves back; held again while they do, it goes one pair further', async () => {
    await twoPairs(async (t) => {
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
    });
  });

  it('Correct held 3 s while the computer\'s answer is shown: the player\'s move alone goes back, the shown move off the LEDs, and the next move is asked about', async () => {
    const engine = byPosition(ANSWERS);
    await atTable(engine, async (t) => {
      await t.step('32-28');
      await t.showing('19-24');
      await t.hold('correct', 3100);
      expect(t.moves()).toEqual([]);
      expect(t.said()).toContain('Taken back: 32-28.');
      expect(t.session.view().engine).toMatchObject({ state: 'idle', move: null });
      await t.guided(['lift', '28'], ['place', '32']);
      await t.step('31-27');
      await t.showing('19-23');
      expect(engine.asked).toEqual(['32-28', '31-27']);
    });
  });

  it('the page\'s `take-back` twice, the second while the pieces of the first are going back: both pairs go, and the game goes on', async () => {
    await twoPairs(async (t) => {
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
    });
  });
});
