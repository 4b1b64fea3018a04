// An action script on the simulated boards with the idle time `dambord replay` simulates
// (FAST_IDLE: 60 ms after each action, 400 ms of a wait): the referee must say exactly what it
// says on the plain replay of the script, at the script's times, as with the whole idle time
// simulated (test/hands/throughSim.test.ts); and the progress is told in script time.
import { describe, expect, it } from 'vitest';
import { outputJson } from '../game/referee/json.ts';
import { tournament } from '../game/referee/policy.ts';
import { runEvents } from '../game/referee/run.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { randomHandGame } from '../../test/hands/model.ts';
import { excerpt, oracleGames } from '../../test/hands/oracleGames.ts';
import { FAST_IDLE, playOnSimulatedBoard } from './throughSim.ts';
import { SIMULATED_RUN_LIMIT_MS } from '../../test/limits.ts';

const GAMES = oracleGames();

/** Twenty plies from the middle of a real game of `variant`, played by the independent hand model (pieces held for minutes, captures swept, ...). */
function handScript(variant: string, k: number) {
  const games = GAMES.filter((g) => g.variant === variant);
  const g = games[k % games.length];
  const game = excerpt(g, Math.max(0, Math.floor(g.moves.length / 2) - 10), 20);
  const hand = randomHandGame(game.start, game.moves, 700 + k, { clock: 'mixed' });
  const parsed = parseActionScript(hand.script, game.start.variant);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { start: game.start, actions: parsed.actions };
}

describe('FAST_IDLE: the idle time dambord replay simulates', () => {
  it.each([
    ['international', 'dambord'],
    ['czech', 'dambord'],
    ['russian', 'firmata'],
  ] as const)('%s on the %s board: the plain replay\'s outputs and times, the progress in script time', async (variant, board) => {
    const { start, actions } = handScript(variant, 2);
    const events = eventsOf(actions).map((e) => e.event);
    const plain = runEvents(start, tournament, events).outputs.map((o) => ({ ...outputJson(start.variant, o.output), t: o.output.t }));
    const told: number[] = [];
    const played = await playOnSimulatedBoard(start, actions, { board, idle: FAST_IDLE, onProgress: (ms) => told.push(ms) });
    const through = runEvents(start, tournament, played.events).outputs.map((o) => ({ ...outputJson(start.variant, o.output), t: o.output.t }));
    expect(through.map(({ t: _t, ...o }) => o)).toEqual(plain.map(({ t: _t, ...o }) => o));
    // The skipped time is given back: each output as long after the first as in the script (the
    // board's clock started before the script, and a report comes a few ms after the action).
    through.forEach((o, i) => expect(Math.abs(o.t - through[0].t - (plain[i].t - plain[0].t)), JSON.stringify(o)).toBeLessThan(30));
    expect(told).toEqual([...told].sort((a, b) => a - b));
    expect(told.at(-1)).toBe(events.filter((e) => e.type !== 'tick').at(-1)!.t);
  }, SIMULATED_RUN_LIMIT_MS);
});
