// The computer's move made wrongly, and another move made for it, on the simulated board (the
// committed firmware in avr8js, the serial link): issue 31's "Executed wrongly, it is named in a
// sentence and guided back ... Another legal move made for the computer is put right by default,
// or taken as the computer's move with --alt-move, the engine then playing on from it."
// The hands' events are written here square by square from the rules (international draughts,
// FMJD 3.2 and 3.5: a man moves one square diagonally forward; 4.1 and 4.11: a capture, the
// captured piece taken off after the capturing piece lands), not rendered by dambord. The
// engine is a fake that plays the moves written for it.
import { describe, expect, it } from 'vitest';
import { currentPosition, parseFen, parseMoveText, variants } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import { casual } from '../game/referee/policy.ts';
import { startSession } from './session.ts';
import { simulatedTable } from './testing/simulatedTable.ts';

/** An engine that answers each question with the next of `moves` (PDN), at once. */
function scripted(moves: readonly string[]): Engine & { asked: number } {
  const e = {
    name: 'scripted',
    asked: 0,
    async think(game: Parameters<Engine['think']>[0]) {
      const text = moves[e.asked++];
      const parsed = parseMoveText(currentPosition(game), text ?? '');
      if (!parsed.ok) throw new Error(`${text} does not parse here`);
      return { move: parsed.move, score: null, pv: [parsed.move], depth: 1, nodes: 1, ms: 1 };
    },
    async close() {},
  };
  return e;
}

/** The start of an international game at the simulated board, the computer Black playing `moves`. */
function table(moves: readonly string[], altMove = false) {
  const v = variants.international;
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const { board, link, now, run } = simulatedTable(start.position);
  const engine = scripted(moves);
  const computer = { config: { side: 'black' as const, name: 'scripted', spec: 'hub:scripted', level: null, altMove }, engine };
  const session = startSession({ start: start.position, policy: casual, link, hands: board, now, computer });
  const hand = async (type: 'lift' | 'place', square: string, ms = 300) => {
    expect(await session.command({ type, square })).toEqual({ ok: true });
    await run(ms);
  };
  const showing = async (text: string) => {
    for (let i = 0; i < 100 && session.view().engine?.state !== 'showing'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await run(20);
    }
    expect(session.view().engine?.move?.text).toBe(text);
  };
  const said = () => session.view().log.join('\n');
  /** The board comes up, White plays 32-28, and the computer's 19-23 is shown. */
  const opening = async () => {
    await run(600);
    await hand('lift', '32');
    await hand('place', '28');
    await showing('19-23');
  };
  return { session, engine, hand, showing, said, opening };
}

describe('the computer\'s move made by the hands at the simulated board', () => {
  it('FMJD 3.5: its man put down on a square it does not go to is named, guided back and then made as shown', async () => {
    const { session, hand, said, opening } = table(['19-23']);
    try {
      await opening();
      await hand('lift', '19');
      await hand('place', '22', 2000);
      expect(said()).toContain('The computer\'s piece goes to 23, not 22.');
      expect(session.view().moves.map((m) => m.text)).toEqual(['32-28']);
      // Put back where it was, as the lights show, then made as shown.
      await hand('lift', '22');
      await hand('place', '19', 1000);
      expect(session.view().engine?.state).toBe('showing');
      await hand('lift', '19');
      await hand('place', '23', 1000);
      expect(session.view().moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
      expect(session.view().engine?.state).toBe('idle');
      expect(session.view().irregularity).toBeNull();
    } finally {
      await session.close();
    }
  });

  it('FMJD 4.11: its capture with the wrong piece taken off is named ("Take the piece off 19, not 18.") and made right', async () => {
    const { session, hand, showing, said, opening } = table(['19-23', '14x23']);
    try {
      await opening();
      await hand('lift', '19');
      await hand('place', '23', 1000);
      await hand('lift', '28');
      await hand('place', '19', 600);
      await hand('lift', '23', 1000);
      await showing('14x23');
      await hand('lift', '14');
      await hand('place', '23');
      // Its own man on 18 taken off instead of White's on 19.
      await hand('lift', '18', 1500);
      expect(said()).toContain('Take the piece off 19, not 18.');
      expect(session.view().moves).toHaveLength(3);
      await hand('place', '18');
      await hand('lift', '19', 1500);
      expect(session.view().moves.map((m) => m.text)).toEqual(['32-28', '19-23', '28x19', '14x23']);
      expect(session.view().engine?.state).toBe('idle');
      expect(session.view().irregularity).toBeNull();
    } finally {
      await session.close();
    }
  });

  it('FMJD 3.5: another legal move made for it (19-24 for 19-23) is named, put right as the lights show, and the move shown then made', async () => {
    const { session, engine, hand, said, opening } = table(['19-23']);
    try {
      await opening();
      await hand('lift', '19');
      await hand('place', '24', 1500);
      expect(said()).toContain('19-24 is not the computer\'s move: put it back as the lights show, then play 19-23.');
      // The lights ask for 24 to be cleared and 19 filled.
      expect(session.view().squares[23].mark).toBe('clear');
      await hand('lift', '24');
      await hand('place', '19', 1500);
      expect(session.view().engine?.state).toBe('showing');
      await hand('lift', '19');
      await hand('place', '23', 1000);
      const view = session.view();
      expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
      expect(view.irregularity).toBeNull();
      expect(engine.asked).toBe(1);
    } finally {
      await session.close();
    }
  });

  it('--alt-move: another legal move made for it is taken as its move, and the engine plays on from it', async () => {
    const { session, engine, hand, showing, said, opening } = table(['19-23', '13-19'], true);
    try {
      await opening();
      await hand('lift', '19');
      await hand('place', '24', 1000);
      expect(said()).toContain('19-24 is taken as the computer\'s move.');
      expect(session.view().moves.map((m) => m.text)).toEqual(['32-28', '19-24']);
      await hand('lift', '31');
      await hand('place', '27');
      // Asked again from the game as it stands, 19-24 in it.
      await showing('13-19');
      expect(engine.asked).toBe(2);
      await hand('lift', '13');
      await hand('place', '19', 1000);
      expect(session.view().moves.map((m) => m.text)).toEqual(['32-28', '19-24', '31-27', '13-19']);
    } finally {
      await session.close();
    }
  });
});
