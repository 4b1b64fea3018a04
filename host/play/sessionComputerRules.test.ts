// The computer at the simulated board (the committed firmware in avr8js, the serial link) as the
// opponent who decides and as an engine that fails: the player's illegal move (FMJD 5.4.2) is
// corrected at once, the LEDs guiding the piece back; then the engine crashes on its question,
// is reopened and crashes again, and the player, told so, makes the computer's move by hand.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import { tournament } from '../game/referee/policy.ts';
import { startSession } from './session.ts';
import { simulatedTable } from './testing/simulatedTable.ts';

/** An external engine whose process dies on every question, as a Hub engine's does (`crashed`). */
function crashing(opened: { count: number }): Engine {
  opened.count++;
  return {
    name: 'scan',
    async think() {
      throw new EngineError('scan', 'crashed', 'the process ended (exit code 139)');
    },
    async close() {},
  };
}

describe('the computer at the simulated board, deciding and failing', () => {
  it('has the player\'s illegal move corrected (5.4.2), then, its engine failing twice, takes its move made by hand', async () => {
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    const { board, link, now, run } = simulatedTable(start.position);
    const opened = { count: 0 };
    const computer = { config: { side: 'black' as const, name: 'scan', spec: 'hub:scan', level: null, altMove: false }, engine: crashing(opened) };
    // The engine opened again from the computer's spec for the second try.
    const reopen = async (spec: string) => {
      expect(spec).toBe('hub:scan');
      return crashing(opened);
    };
    const session = startSession({ start: start.position, policy: tournament, link, hands: board, now, computer, reopen });
    const act = async (c: Parameters<typeof session.command>[0], ms = 300) => {
      expect(await session.command(c)).toEqual({ ok: true });
      await run(ms);
    };
    const hand = (type: 'lift' | 'place', square: string) => act({ type, square });
    try {
      await run(600);
      // 31 to 22, two squares ahead (no rule allows it), and the clock pressed to end the turn.
      await hand('lift', '31');
      await hand('place', '22');
      board.press('clock');
      await run(100);
      board.release('clock');
      await run(300);
      let view = session.view();
      expect(view.log).toContain('The computer has the irregularity corrected (article 5.4.2): put the pieces back as the lights show.');
      expect(view.squares[21].led).toBe('fast');
      await hand('lift', '22');
      await hand('place', '31');
      expect(session.view().irregularity).toBeNull();
      // The man touched must be played (3.11, carried by the correction, 5.8): 31-27.
      await hand('lift', '31');
      await hand('place', '27');
      for (let i = 0; i < 100 && !session.view().log.some((l) => l.startsWith('The engine failed again')); i++) await new Promise((r) => setTimeout(r, 10));
      await run(100);
      view = session.view();
      expect(view.log).toContain('The engine failed (scan: the process ended (exit code 139)); it is asked again.');
      expect(view.log.some((l) => l.startsWith('The engine failed again (scan: the process ended (exit code 139)). Make the computer\'s move on the board yourself'))).toBe(true);
      expect(opened.count).toBe(2);
      expect(view.engine?.state).toBe('idle');
      await hand('lift', '19');
      await hand('place', '23');
      view = session.view();
      expect(view.moves.map((m) => m.text)).toEqual(['31-27', '19-23']);
      expect(view.log).toContain("19-23 is taken as the computer's move.");
    } finally {
      await session.close();
    }
  });
});
