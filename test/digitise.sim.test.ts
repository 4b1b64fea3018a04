// Real games of the oracles recorded on the simulated board (the committed firmware in avr8js)
// under the digitise policy, played through by the independent hand model (test/hands) with the
// secretary's lenient handling besides: another piece touched and put back before a move
// (touch-move, FMJD 3.11), captured pieces taken off first and in any order (4.11, 5.4.10),
// captures not shown jump by jump (4.9), pieces of the other side touched (3.14), and the model's
// own corrections (Correct pressed, the position put back, the move made again: a takeback in a
// recording). Nothing may be flagged, and the PDN written must be the real game, with full tags.
import { describe, expect, it } from 'vitest';
import { legalMoves, readPdn, sameMove, squareName } from '../rules/index.ts';
import { digitise, tournament } from '../host/game/referee/policy.ts';
import { replayEvents } from '../host/game/replay.ts';
import { recordedPdn } from '../host/play/recording.ts';
import { parseActionScript } from '../host/script/actions.ts';
import { FAST_IDLE, playOnSimulatedBoard } from '../host/sim/throughSim.ts';
import { randomHandGame } from './hands/model.ts';
import { excerpt, oracleGames } from './hands/oracleGames.ts';
import type { OracleGame } from './hands/oracleGames.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

const GAMES = oracleGames();

/** The hand model's script of `game`, with another movable piece of the mover touched and put back before every third ply. */
function lenientScript(game: OracleGame, seed: number): string {
  const hands = randomHandGame(game.start, game.moves, seed, { clock: 'never', showJumps: true });
  const v = game.start.variant;
  return hands.script.replace(/^# ply (\d+)$/gm, (line, n: string) => {
    const i = Number(n) - 1;
    if (i % 3 !== 1) return line;
    const other = legalMoves(game.before[i]).find((m) => m.from !== game.moves[i].from);
    return other ? `${line}\nlift ${squareName(v, other.from)}\nwait 1500\nplace ${squareName(v, other.from)}` : line;
  });
}

const TAGS = [
  { name: 'Event', value: 'NK 1999' },
  { name: 'Site', value: 'Hoogeveen NED' },
  { name: 'Date', value: '1999.??.??' },
  { name: 'Round', value: '1' },
];

describe('digitise: real games recorded on the simulated board with lenient hands', () => {
  it.each([
    ['nk ronde 01.pdn', 'international', 0],
    ['mrcd2006.pdn', 'czech', 5],
    ['ussr1947.pdn', 'russian', 9],
  ])('%s: nothing flagged, the PDN is the real game with full tags', async (file, variant, k) => {
    const games = GAMES.filter((g) => g.variant === variant && g.name.startsWith(file));
    const game = excerpt(games[k % games.length], 0, 40);
    const script = lenientScript(game, 7 + k);
    const parsed = parseActionScript(script, game.start.variant);
    if (!parsed.ok) throw new Error(parsed.reason);
    const played = await playOnSimulatedBoard(game.start, parsed.actions, { idle: FAST_IDLE });
    const players = { white: 'Wit', black: 'Zwart' };
    const config = { start: game.start, policy: digitise, players, tags: [{ name: 'White', value: 'Wit' }, { name: 'Black', value: 'Zwart' }, ...TAGS], timeControl: null, hints: false };
    // The same hands at a tournament are irregular: touch-move at least (FMJD 3.11, 5.4.3).
    const strict = replayEvents({ ...config, policy: tournament }, played.events).said.filter((o) => o.type === 'irregularity').map((o) => o.code);
    expect(strict).toContain('touch-move');
    const { state, said } = replayEvents(config, played.events);
    expect(said.filter((o) => o.type === 'irregularity')).toEqual([]);
    const pdn = recordedPdn(state, '1-1');
    expect(pdn).not.toContain('{');
    const read = readPdn(pdn, { variant: game.start.variant });
    expect(read.games).toHaveLength(1);
    const g = read.games[0];
    const moves = g.line.filter((item) => item.kind === 'ply').map((p) => (p.kind === 'ply' ? p.move : null));
    expect(moves).toHaveLength(game.moves.length);
    moves.forEach((m, i) => expect(m && sameMove(m, game.moves[i]), `ply ${i + 1}`).toBe(true));
    for (const [name, value] of [...TAGS.map((t) => [t.name, t.value]), ['White', 'Wit'], ['Black', 'Zwart'], ['Result', game.start.variant.name === 'international' ? '1-1' : '1/2-1/2'], ['GameType', String(game.start.variant.gameType)]]) {
      expect(pdn).toContain(`[${name} "${value}"]`);
    }
  }, SIMULATED_RUN_LIMIT_MS);
});
