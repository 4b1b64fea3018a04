// Human hands through the real parts (shared by throughSim.test.ts and throughFirmata.test.ts): hand games of the independent model (test/hands/model.ts)
// played on the simulated dambord board (the committed firmware in avr8js, the serial link) and
// on the simulated Firmata board (stock StandardFirmata on a Mega, johnny-five). The referee must
// say exactly what it says on the plain replay of the same script, and that must be the real
// game (test/hands/judge.ts). Pieces held for a minute cost the simulation a second: idle time on
// the board is skipped (host/sim/throughSim.ts).
import { expect } from 'vitest';
import { outputJson } from '../../host/game/referee/json.ts';
import { tournament } from '../../host/game/referee/policy.ts';
import { runEvents } from '../../host/game/referee/run.ts';
import { eventsOf, parseActionScript } from '../../host/script/actions.ts';
import { playOnSimulatedBoard } from '../../host/sim/throughSim.ts';
import { judge } from './judge.ts';
import { randomHandGame } from './model.ts';
import { excerpt, oracleGames } from './oracleGames.ts';

const GAMES = oracleGames();

/** Twenty plies of a game with captures and kings, from its middle. */
function sample(variant: string, k: number) {
  const games = GAMES.filter((g) => g.variant === variant);
  const g = games[k % games.length];
  return excerpt(g, Math.max(0, Math.floor(g.moves.length / 2) - 10), 20);
}

/** Plays a hand-model sample of `variant` on `board` and checks it against the plain replay and the real game. */
export async function same(variant: string, k: number, board: 'dambord' | 'firmata'): Promise<void> {
  const game = sample(variant, k);
  const hand = randomHandGame(game.start, game.moves, 500 + k, { clock: 'mixed' });
  expect(judge(game, hand, tournament).problem).toBeNull();
  const parsed = parseActionScript(hand.script, game.start.variant);
  if (!parsed.ok) throw new Error(parsed.reason);
  const plain = runEvents(game.start, tournament, eventsOf(parsed.actions).map((e) => e.event)).outputs.map((o) => outputJson(game.start.variant, o.output));
  const played = await playOnSimulatedBoard(game.start, parsed.actions, { board });
  const through = runEvents(game.start, tournament, played.events).outputs.map((o) => outputJson(game.start.variant, o.output));
  expect(through).toEqual(plain);
}

