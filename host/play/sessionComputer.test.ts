// The computer at the board on the simulated board (the committed firmware in avr8js, the serial
// link): the session asks its engine when the computer is to move, without stopping the board's
// events, shows the answer, and the game goes on once the hands have made it, the captured
// piece taken off seconds after the capturing piece landed (FMJD 4.11). The engine here is a
// fake that plays the moves written for it (international: White 32-28, Black 19-23, White
// 28x19, Black 14x23). The page's `take-back` and `hint` go through the session as well.
import { describe, expect, it } from 'vitest';
import { currentPosition, parseFen, parseMoveText, variants } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import { casual } from '../game/referee/policy.ts';
import { startSession } from './session.ts';
import { simulatedTable } from './testing/simulatedTable.ts';

/** An engine that answers each question with the next of `moves` (PDN) once the test lets it (`release`). */
function scripted(moves: readonly string[]): Engine & { asked: number; release(): void } {
  let release = () => {};
  const e = {
    name: 'scripted',
    asked: 0,
    release: () => release(),
    async think(game: Parameters<Engine['think']>[0]) {
      const text = moves[e.asked++];
      await new Promise<void>((r) => (release = r));
      const ms = 1;
      const parsed = parseMoveText(currentPosition(game), text);
      if (!parsed.ok) throw new Error(`${text} does not parse here`);
      return { move: parsed.move, score: { kind: 'men' as const, value: 0 }, pv: [parsed.move], depth: 1, nodes: 1, ms };
    },
    async close() {},
  };
  return e;
}

/** The international start position on the simulated board, the computer (the scripted engine playing `moves`) seated for Black; `hand` lifts or places a piece and lets `ms` pass. */
function seated(moves: readonly string[]) {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error();
  const { board, link, now, run } = simulatedTable(start.position);
  const engine = scripted(moves);
  const computer = { config: { side: 'black' as const, name: 'scripted', spec: 'hub:scripted', level: null, altMove: false }, engine };
  const session = startSession({ start: start.position, policy: casual, link, hands: board, now, computer });
  const hand = async (type: 'lift' | 'place', square: string, ms = 300) => {
    expect(await session.command({ type, square })).toEqual({ ok: true });
    await run(ms);
  };
  return { session, engine, run, hand };
}

describe('the computer at the simulated board', () => {
  it('plays Black: its moves shown, made by the hands, the game going on from them', async () => {
    const { session, engine, run, hand } = seated(['19-23', '14x23']);
    /** Until the engine's answer is in (real time: it thinks off the board's events). */
    const answered = async () => {
      for (let i = 0; i < 100 && session.view().engine?.state !== 'showing'; i++) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      await run(600);
      expect(session.view().engine?.state).toBe('idle');
      await hand('lift', '32');
      await hand('place', '28');
      expect(session.view().engine?.state).toBe('thinking');
      // The board's events go on while the engine thinks: a piece touched and put back is heard.
      await hand('lift', '28');
      await hand('place', '28');
      expect(session.view().engine?.state).toBe('thinking');
      engine.release();
      await answered();
      await run(100);
      expect(session.view().engine?.move).toEqual({ text: '19-23', from: '19', to: '23', route: ['19', '23'], captured: [] });
      expect(session.view().squares[18].led).toBe('slow');
      await hand('lift', '19');
      await hand('place', '23');
      await hand('lift', '28');
      await hand('place', '19');
      await hand('lift', '23');
      engine.release();
      await answered();
      await run(100);
      expect(session.view().engine?.move).toMatchObject({ text: '14x23', captured: ['19'] });
      await hand('lift', '14');
      await hand('place', '23', 3000);
      // The captured piece still on the board, three seconds on: the move is not yet made.
      expect(session.view().engine?.state).toBe('showing');
      await hand('lift', '19');
      const view = session.view();
      expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23', '28x19', '14x23']);
      expect(view.engine?.state).toBe('idle');
      expect(view.irregularity).toBeNull();
      expect(engine.asked).toBe(2);
    } finally {
      await session.close();
    }
  });

  it('takes back a pair and gives a hint by the page\'s commands, the engine asked for the hint as for its own move', async () => {
    const { session, engine, run, hand } = seated(['19-23', '33-29']);
    const waitFor = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      await run(600);
      expect(await session.command({ type: 'take-back' })).toEqual({ ok: false, error: 'There is no move to take back.' });
      await hand('lift', '32');
      await hand('place', '28');
      engine.release();
      await waitFor(() => session.view().engine?.state === 'showing');
      await hand('lift', '19');
      await hand('place', '23');
      expect(await session.command({ type: 'take-back' })).toEqual({ ok: true });
      await run(100);
      // The LEDs guide the pieces back (5.4.4): the hands follow them.
      await hand('lift', '23');
      await hand('lift', '28');
      await hand('place', '19');
      await hand('place', '32');
      expect(session.view().moves).toEqual([]);
      expect(await session.command({ type: 'hint' })).toEqual({ ok: true });
      engine.release();
      await waitFor(() => session.view().log.includes('Hint: 33-29.'));
      await run(100);
      expect(session.view().log).toContain('Hint: 33-29.');
      expect([session.view().squares[32].led, session.view().squares[28].led]).toEqual(['slow', 'slow']);
      expect(session.view().engine?.state).toBe('idle');
      expect(engine.asked).toBe(2);
    } finally {
      await session.close();
    }
  });
});
