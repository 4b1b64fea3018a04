// The referee against the independent hand model (test/hands/model.ts, written from the
// rulebooks, sharing nothing with the referee or `dambord script`): every real game of the
// oracles, in every variant, played by human hands (pieces held for minutes, put back and played
// later, j'adoube, captures shown or swept, captured pieces removed slowly in either order,
// captured-first, kings sliding, the clock pressed or not, before or after the removal) must come
// out move for move, with an irregularity exactly where the rules call the hands irregular, however
// the opponent resolves it. A bounded sample runs here; `npm run soak` runs as many as asked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseFen, variants } from '../../rules/index.ts';
import type { VariantName } from '../../rules/index.ts';
import { outputJson } from '../../host/game/referee/json.ts';
import { blind, casual, tournament, withShowJumps } from '../../host/game/referee/policy.ts';
import { runEvents } from '../../host/game/referee/run.ts';
import type { Policy } from '../../host/game/referee/types.ts';
import { eventsOf, parseActionScript } from '../../host/script/actions.ts';
import { judge } from './judge.ts';
import { handGame, handGameArbitrary, randomHandGame, sampleChoice, splitmix32 } from './model.ts';
import { oracleGames } from './oracleGames.ts';
import type { OracleGame } from './oracleGames.ts';

const GAMES = oracleGames();
const VARIANTS: VariantName[] = ['international', 'czech', 'english', 'brazilian', 'russian'];

/** Casual play notes the irregularities of how a move was made: the opponent plays on rather than asking for a correction. */
function casualHands(game: OracleGame, seed: number) {
  const rnd = splitmix32(seed);
  return handGame(game.start, game.moves, game.moves.map(() => ({ ...sampleChoice(rnd), resolution: 0 })), { clock: 'mixed' });
}

function verdicts(games: readonly OracleGame[], play: (g: OracleGame, i: number) => { hand: ReturnType<typeof randomHandGame>; policy: Policy }): string[] {
  return games.flatMap((g, i) => {
    const { hand, policy } = play(g, i);
    const v = judge(g, hand, policy);
    return v.exact ? [] : [v.problem ?? ''];
  });
}

describe('every real game, played by human hands from the hand model, comes out move for move', () => {
  it.each(VARIANTS.map((variant) => ({ variant, games: GAMES.filter((g) => g.variant === variant) })))(
    '$variant: every oracle game, tournament policy, seeded hands',
    ({ games }) => {
      expect(games.length).toBeGreaterThan(0);
      expect(verdicts(games, (g, i) => ({ hand: randomHandGame(g.start, g.moves, 7000 + i), policy: tournament })).slice(0, 3)).toEqual([]);
    },
  );

  it.each(VARIANTS)('FMJD 4.9, Czech cl. 4.9: %s, the opponent has asked for captures to be shown jump by jump', (variant) => {
    const games = GAMES.filter((g) => g.variant === variant);
    const policy = withShowJumps(tournament);
    expect(verdicts(games, (g, i) => ({ hand: randomHandGame(g.start, g.moves, 8000 + i, { showJumps: true }), policy })).slice(0, 3)).toEqual([]);
  });

  it.each(VARIANTS)('FMJD 3.11 for blind players: %s, every piece felt and put back is no touch', (variant) => {
    const games = GAMES.filter((g) => g.variant === variant);
    expect(verdicts(games, (g, i) => ({ hand: randomHandGame(g.start, g.moves, 9000 + i), policy: blind })).slice(0, 3)).toEqual([]);
  });

  it.each(VARIANTS)('casual policy: %s, irregularities of the hands noted, play goes on', (variant) => {
    const games = GAMES.filter((g) => g.variant === variant);
    expect(verdicts(games, (g, i) => ({ hand: casualHands(g, 10_000 + i), policy: casual })).slice(0, 3)).toEqual([]);
  });

  it('fast-check: any choice of hands for the richest game of each variant', () => {
    for (const variant of VARIANTS) {
      const score = (g: OracleGame): number => g.moves.filter((m) => m.captured.length > 1).length;
      const game = GAMES.filter((g) => g.variant === variant).reduce((a, b) => (score(b) > score(a) ? b : a));
      fc.assert(
        fc.property(handGameArbitrary(game.start, game.moves).map((hand) => ({ hand, [fc.toStringMethod]: () => hand.script })), ({ hand }) => {
          const v = judge(game, hand, tournament);
          expect(v.problem).toBeNull();
        }),
        { numRuns: 6, seed: 20261123 },
      );
    }
  });
});

describe('real games played by slow human hands, written by someone else (test/fixtures/oracles/hands-examples)', () => {
  const dir = new URL('../fixtures/oracles/hands-examples/', import.meta.url);
  it.each(['nk_ronde_01-4', 'mrcd2006-6', 'OCA_2.0-8', 'ussr1947-10'])('%s: every move exactly, in order', (name) => {
    const expected = JSON.parse(readFileSync(new URL(`${name}.expect.json`, dir), 'utf8')) as { variant: VariantName; fen: string | null; moves: string[] };
    const v = variants[expected.variant];
    const start = parseFen(v, expected.fen ?? v.startFen);
    const script = parseActionScript(readFileSync(new URL(`${name}.actions`, dir), 'utf8'), v);
    if (!start.ok || !script.ok) throw new Error('bad fixture');
    const outputs = runEvents(start.position, tournament, eventsOf(script.actions).map((e) => e.event)).outputs.map((o) => outputJson(v, o.output));
    // The Russian scoresheet writes captures with a colon; the PDN the referee writes uses x.
    expect(outputs.filter((o) => o.type === 'move').map((o) => o.move)).toEqual(expected.moves.map((m) => m.replace(':', 'x')));
    expect(outputs.filter((o) => o.type === 'mismatch' || (o.type === 'irregularity' && o.code !== 'early-removal'))).toEqual([]);
  });
});
