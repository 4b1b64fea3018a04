// Two boards, one game, end to end (issue 14, item 5): two simulated boards running the committed
// firmware in avr8js, each behind its own serial link, paired into the one link a session plays
// on. White moves on board 1; board 2's LEDs show Black the copy step by step (blind players'
// practice: each player copies the opponent's move onto their own board); Black copies, replies
// on board 2, and White copies that onto board 1. The game records both moves and nothing else.
import { describe, expect, it } from 'vitest';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../hardware/sim/board.ts';
import { parseFen, variants } from '../../rules/index.ts';
import type { Color } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { clockedEvery } from '../link/testing/clockedEvery.ts';
import type { CopyStep } from './pair.ts';
import { pairLinks } from './pairedLinks.ts';
import { copyWords } from './pairWords.ts';
import { startSession } from './session.ts';

describe('two simulated boards, one game (the firmware in avr8js, the serial links, the session)', () => {
  it('a move on board 1 is the game\'s and is shown on board 2\'s LEDs until it is copied; the reply on board 2 is copied onto board 1', async () => {
    const v = variants.international;
    const parsed = parseFen(v, v.startFen);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    const start = parsed.position;
    const occupied: number[] = [];
    start.board.forEach((p, i) => p && occupied.push(i + 1));
    const binding = new SimulatedBinding({ clock: 'manual' });
    const boards = { white: new SimulatedBoard({ size: '10x10', occupied }), black: new SimulatedBoard({ size: '10x10', occupied }) };
    const paths = { white: binding.add(boards.white), black: binding.add(boards.black) };
    const now = () => boards.white.simTimeMs;
    const ticks = clockedEvery(now);
    const links = {
      white: openSerialLink({ path: paths.white, binding, now, every: ticks.every }),
      black: openSerialLink({ path: paths.black, binding, now: () => boards.black.simTimeMs, every: ticks.every }),
    };
    const paired = pairLinks(links.white, links.black, { position: start, now });
    const said: string[] = [];
    paired.onCopy((board: Color, step: CopyStep | null) => said.push(copyWords('en', board, step).text));
    const session = startSession({ start, policy: tournament, link: paired, now, observe: (seen) => paired.follow(seen.after) });
    /** Runs both boards `ms` of their time; the squares whose LEDs were lit meanwhile on each (blinking ones too). */
    const run = async (ms: number) => {
      const lit = { white: new Set<number>(), black: new Set<number>() };
      for (let left = ms; left > 0; left -= 10) {
        await binding.advance(Math.min(10, left));
        if (ticks.run()) await new Promise((r) => setImmediate(r));
        for (const side of ['white', 'black'] as const) for (const sq of boards[side].leds()) lit[side].add(sq);
      }
      return { white: [...lit.white].sort((a, b) => a - b), black: [...lit.black].sort((a, b) => a - b) };
    };
    const hand = async (side: Color, square: number, on: boolean) => {
      boards[side].setSquare(square, on);
      await run(300);
    };
    /** The LEDs lit over the next 600 ms (a slow blink is on for half of each second). */
    const lit = () => run(600);
    const moves = () => session.view().moves.map((m) => m.text);
    try {
      await run(600);
      expect(session.state().referee).not.toBeNull();
      expect(session.view().link.state).toBe('connected');

      // White plays 32-28 on board 1.
      await hand('white', 32, false);
      await hand('white', 28, true);
      expect(moves()).toEqual(['32-28']);
      // Board 2 shows Black the copy: 32 to clear (fast), then 28 to fill.
      expect((await lit()).black).toEqual([32]);
      expect(said).toEqual(["Black's board: take the piece off 32."]);
      await hand('black', 32, false);
      expect((await lit()).black).toEqual([28]);
      expect(said.at(-1)).toBe("Black's board: put a white man on 28.");
      // Copied: board 2 shows the game's last move, as board 1 does.
      await hand('black', 28, true);
      expect(said.at(-1)).toBe("Black's board shows the game.");
      const copied = await lit();
      expect(copied.black).toEqual([28, 32]);
      expect(copied.white).toEqual([28, 32]);
      expect(moves()).toEqual(['32-28']);

      // Black replies 19-23 on board 2; board 1 shows White the copy.
      await hand('black', 19, false);
      await hand('black', 23, true);
      expect(moves()).toEqual(['32-28', '19-23']);
      expect((await lit()).white).toEqual([19]);
      expect(said.at(-1)).toBe("White's board: take the piece off 19.");
      await hand('white', 19, false);
      expect((await lit()).white).toEqual([23]);
      expect(said.at(-1)).toBe("White's board: put a black man on 23.");
      await hand('white', 23, true);
      expect(said.at(-1)).toBe("White's board shows the game.");
      // White must now capture 28x19: both boards show the capturing man (4.2) and the last move.
      const after = await lit();
      expect(after.white).toEqual([19, 23, 28]);
      expect(after.black).toEqual([19, 23, 28]);

      // Each step said once, in order, as the boards were copied.
      expect(said).toEqual([
        "Black's board: take the piece off 32.",
        "Black's board: put a white man on 28.",
        "Black's board shows the game.",
        "White's board: take the piece off 19.",
        "White's board: put a black man on 23.",
        "White's board shows the game.",
      ]);
      const view = session.view();
      expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
      expect(view.irregularity).toBeNull();
      expect(view.log.filter((l) => /irregular|mismatch/i.test(l))).toEqual([]);
      expect(session.state().referee?.mode.kind).toBe('play');
    } finally {
      await session.close();
    }
  });
});
