// Guided replay end to end on the simulated board (the committed firmware in avr8js): real games
// of the oracles, their sheets typed with slips, guide the game (dambord digitise --guide) while
// the independent hand model (test/hands) plays the TRUE game, as the secretary who knows what
// was played does; at the first slip of the Dutch game the secretary tries the second candidate
// first and takes it back by putting its piece back. At each slip the LEDs must have lit the likeliest
// moves, the true one among them, and the view said them; the PDN written must be the true game,
// each repair a comment on its ply.
import { describe, expect, it } from 'vitest';
import { formatMove, readPdn, sameMove, squareName } from '../rules/index.ts';
import type { LedFrame } from '../host/link/types.ts';
import { createGuide } from '../host/game/guide.ts';
import { digitise } from '../host/game/referee/policy.ts';
import { replayEvents } from '../host/game/replay.ts';
import { gameView } from '../host/game/view.ts';
import { recordedPdn } from '../host/play/recording.ts';
import { parseActionScript } from '../host/script/actions.ts';
import { FAST_IDLE, playOnSimulatedBoard } from '../host/sim/throughSim.ts';
import { randomHandGame } from './hands/model.ts';
import { excerpt, oracleGames } from './hands/oracleGames.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

const GAMES = oracleGames();

/** At each ply where the sheet broke: the LED frames sent and what the view said. */
interface AtSlip {
  readonly frames: LedFrame[];
  readonly messages: Set<string>;
}

describe('digitise --guide: a sheet with slips guides a real game on the simulated board', () => {
  it.each([
    // Ply 17 (32-28) written 23-28, 46-41 tried there first and put back; ply 30 (10-14) left out.
    ['nk ronde 01.pdn', 'international', 0, 7, 17, ['46', '41'], (w: string[]) => w.map((m, i) => (i === 16 ? '23-28' : m)).filter((_, i) => i !== 29), [[17, 'the sheet has 23-28; 32-28 was played (23 for 32, digits swapped)'], [30, "10-14 is not on the sheet (a move left out: the moves after it are the other side's)"]]],
    // Ply 19 (c3-b4) written with its ranks swapped.
    ['ussr1947.pdn', 'russian', 9, 11, 0, null, (w: string[]) => w.map((m, i) => (i === 18 ? 'c4-b3' : m)), [[19, 'the sheet has c4-b3; c3-b4 was played (the ranks of from and to swapped)']]],
  ] as const)('%s (%s): the true game comes out, each repair noted on its ply', async (file, variant, k, seed, tryAt, tried, slips, repairs) => {
    const games = GAMES.filter((g) => g.variant === variant && g.name.startsWith(file));
    const game = excerpt(games[k % games.length], 0, 40);
    const v = game.start.variant;
    const written = game.moves.map((m, i) => formatMove(game.before[i], m));
    const sheet = slips([...written]);
    const hands = randomHandGame(game.start, game.moves, seed, { clock: 'never', showJumps: true });
    const script = tried ? hands.script.replace(`# ply ${tryAt}\n`, `# ply ${tryAt}\nlift ${tried[0]}\nplace ${tried[1]}\nwait 1500\nlift ${tried[1]}\nplace ${tried[0]}\nwait 1500\n`) : hands.script;
    expect(script !== hands.script).toBe(tried !== null);
    const parsed = parseActionScript(script, v);
    if (!parsed.ok) throw new Error(parsed.reason);
    const played = await playOnSimulatedBoard(game.start, parsed.actions, { idle: FAST_IDLE });

    const config = { start: game.start, policy: digitise, players: { white: 'Wit', black: 'Zwart' }, tags: [], timeControl: null, hints: false };
    const slipsSeen = new Map<number, AtSlip>();
    const { state, said } = replayEvents(config, played.events, ({ after, effects, now }) => {
      const asks = after.guide?.asks;
      if (asks?.kind !== 'slip') return;
      const at = slipsSeen.get(asks.ply) ?? { frames: [], messages: new Set() };
      slipsSeen.set(asks.ply, at);
      for (const e of effects) if (e.type === 'leds') at.frames.push(e.frame);
      const g = gameView(after, now, { health: null, simulated: true }).guide;
      if (g) at.messages.add(g.message);
    }, createGuide(game.start, sheet));
    expect(said.filter((o) => o.type === 'irregularity')).toEqual([]);
    // The candidate tried was a move, and was taken back.
    const detour = said.filter((o) => (o.type === 'move' && tried && o.text === `${tried[0]}-${tried[1]}`) || (o.type === 'accepted' && o.code === 'takeback'));
    expect(detour.map((o) => o.type)).toEqual(tried ? ['move', 'accepted'] : []);

    // Each slip (a move written wrong, or the move after one left out, cannot be played): the
    // true move's from and to lit (slowly, as the sheet's move is), and said first.
    const broken = repairs.map(([ply]) => ply);
    expect([...slipsSeen.keys()]).toEqual(broken);
    for (const ply of broken) {
      const m = game.moves[ply - 1];
      const at = slipsSeen.get(ply)!;
      expect(at.frames.some((f) => f[m.from] === 'slow' && f[m.to] === 'slow'), `ply ${ply}: the LEDs lit ${written[ply - 1]}`).toBe(true);
      const said = `ply ${ply}: the sheet has ${sheet[ply - 1]}, which cannot be played; most likely ${written[ply - 1]} `;
      expect([...at.messages].some((t) => t.startsWith(said)), [...at.messages].join('\n')).toBe(true);
    }

    // The PDN: the true game's moves, the repairs on their plies.
    const pdn = recordedPdn(state, '1-1');
    const read = readPdn(pdn, { variant: v }).games[0];
    const plies = read.line.flatMap((p) => (p.kind === 'ply' ? [p] : []));
    expect(plies).toHaveLength(game.moves.length);
    plies.forEach((p, i) => {
      expect(sameMove(p.move, game.moves[i]), `ply ${i + 1}`).toBe(true);
      const noted = repairs.filter(([ply]) => ply === i + 1).map(([, text]) => `dambord: ${text}`);
      expect(p.comments, `ply ${i + 1} (${squareName(v, p.move.from)})`).toEqual(noted);
    });
    expect(state.guide?.asks.kind).toBe('end');
  }, SIMULATED_RUN_LIMIT_MS);
});
