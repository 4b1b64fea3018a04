// The seat's second try (host/play/computerSeat.ts): an engine that throws an EngineError is asked
// once more, reopened from its spec first when it crashed; a second failure is the game's to say.
// The fake engines below fail as the real ones report it (engine.ts's EngineError kinds).
import { describe, expect, it } from 'vitest';
import { currentPosition, legalMoves, newGame, parseFen, variants } from '../../rules/index.ts';
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { GameInput, GameState } from '../game/game.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import { computerTable } from '../game/testing/computerTable.ts';
import { timeForMove } from '../engine/timeForMove.ts';
import { seatEngine } from './computerSeat.ts';

const v = variants.international;
const start = parseFen(v, v.startFen);
if (!start.ok) throw new Error(start.error.reason);
const game = newGame(start.position);
const noClock = { clock: null } as unknown as GameState;

/** An engine that fails with `failures` in turn, then answers the first legal move. */
function failing(name: string, failures: EngineError[]): Engine & { asked: number; closed: boolean } {
  const e = {
    name,
    asked: 0,
    closed: false,
    async think(g: Parameters<Engine['think']>[0]) {
      const failure = failures[e.asked++];
      if (failure) throw failure;
      const move = legalMoves(currentPosition(g))[0];
      return { move, score: null, pv: [move], depth: 1, nodes: 1, ms: 1 };
    },
    async close() {
      e.closed = true;
    },
  };
  return e;
}

async function seated(engine: Engine, reopen?: () => Promise<Engine>): Promise<GameInput[]> {
  const inputs: GameInput[] = [];
  const seat = seatEngine(engine, (i) => inputs.push(i), reopen);
  seat.think(4, game, noClock, 0);
  for (let i = 0; i < 50 && !inputs.some((x) => x.type === 'engine' || (x.type === 'engine-failed' && !x.again)); i++) await new Promise((r) => setTimeout(r, 5));
  return inputs;
}

describe('the computer\'s seat, its engine failing', () => {
  it('once (an illegal move): the failure said to the game as asked again, the same engine asked again and its answer given', async () => {
    const engine = failing('hub', [new EngineError('hub', 'illegal-move', 'played 32-27, which is not legal here', 'move 32-27')]);
    const inputs = await seated(engine);
    expect(inputs.map((i) => i.type)).toEqual(['engine-failed', 'engine']);
    expect(inputs[0]).toMatchObject({ id: 4, again: true, reason: expect.stringContaining('hub: played 32-27') });
    expect(engine.asked).toBe(2);
  });

  it('once (its process crashed): reopened from its spec and the new engine asked', async () => {
    const dead = failing('scan', [new EngineError('scan', 'crashed', 'the process ended (exit code 139)')]);
    const fresh = failing('scan', []);
    const inputs = await seated(dead, async () => fresh);
    expect(inputs.map((i) => i.type)).toEqual(['engine-failed', 'engine']);
    expect(dead.closed).toBe(true);
    expect(fresh.asked).toBe(1);
  });

  it('twice: both failures given to the game, the second not to be asked again', async () => {
    const engine = failing('dambord', [new EngineError('dambord', 'crashed', 'the search thread stopped (exit code 1)'), new EngineError('dambord', 'crashed', 'the search thread stopped (exit code 1)')]);
    const inputs = await seated(engine);
    expect(inputs).toEqual([
      { type: 'engine-failed', id: 4, reason: 'dambord: the search thread stopped (exit code 1)', again: true },
      { type: 'engine-failed', id: 4, reason: 'dambord: the search thread stopped (exit code 1)', again: false },
    ]);
  });

  it('its reopening failing: the second failure given to the game', async () => {
    const dead = failing('scan', [new EngineError('scan', 'crashed', 'the process ended')]);
    const inputs = await seated(dead, async () => {
      throw new EngineError('scan', 'start', 'could not be started: spawn scan ENOENT');
    });
    expect(inputs.at(-1)).toEqual({ type: 'engine-failed', id: 4, reason: 'scan: could not be started: spawn scan ENOENT', again: false });
  });
});

describe('the computer\'s seat under a time control', () => {
  /** The limits the engine is given when the computer is asked `ms` after the player's move, the game's time `offset` ms ahead of the board's (a resumed game). */
  async function limitsAfter(ms: number, offset: number) {
    const tc = parseTimeControl('G/60');
    if (!tc.ok || tc.tc.kind !== 'timed') throw new Error();
    const g = computerTable(undefined, { timeControl: tc.tc });
    // White's hands play 32-28 by the board's events; the computer's clock runs from it.
    g.hands(['lift', 32], ['place', 28]);
    const given: Parameters<Engine['think']>[1][] = [];
    const engine: Engine = {
      name: 'clocked',
      async think(game, limits) {
        given.push(limits);
        const move = legalMoves(currentPosition(game))[0];
        return { move, score: null, pv: [move], depth: 1, nodes: 1, ms: 1 };
      },
      async close() {},
    };
    const think = g.thinks()[0];
    seatEngine(engine, () => {}).think(think.id, think.game, { ...g.state(), offset }, g.now() + ms - offset);
    await new Promise((r) => setTimeout(r, 5));
    return given[0];
  }

  it('gives the engine its own time left, the player\'s untouched, and its time for the move from them (timeForMove)', async () => {
    const limits = await limitsAfter(2000, 0);
    expect(limits.clock).toEqual({ ownMs: 58_000, opponentMs: 60_000, incrementMs: 0 });
    expect(timeForMove(limits)).toBe(Math.floor((58_000 - 30) / 30));
  });

  it('in a resumed game, whose time runs ahead of the board\'s, reads the clock at the game\'s time', async () => {
    expect((await limitsAfter(2000, 5000)).clock?.ownMs).toBe(58_000);
  });
});
