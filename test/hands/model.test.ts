// Self-test of the hand model (test/hands): on every oracle game of every variant dambord
// plays, hands as the rulebooks describe them produce scripts that keep to the contract and to
// the physics of the board, flag what the rules let a referee flag, and show every behaviour.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { KING, type VariantName } from '../../rules/index.ts';
import { contractErrors, physicsErrors, ruleErrors } from './checks.ts';
import {
  BEHAVIOUR_LIST,
  BEHAVIOURS,
  PLAIN_CHOICE,
  familyOf,
  handGame,
  handGameArbitrary,
  randomHandGame,
  type Behaviour,
  type HandGame,
} from './model.ts';
import { excerpt, oracleGames, type OracleGame } from './oracleGames.ts';
import { captureRoutes } from './routes.ts';

const GAMES = oracleGames();
const VARIANTS: readonly VariantName[] = ['international', 'czech', 'english', 'brazilian', 'russian'];

/**
 * Two seeded hand games per oracle game; and for the rare plies, many short games of the ply
 * and the next from the position before: 100 for the long captures (3+ pieces, where partial
 * showing and other removal orders live), 10 for the flying kings' moves.
 */
let played: { game: OracleGame; hand: HandGame; showJumps: boolean }[] = [];

beforeAll(() => {
  // The second game of each: the opponent has asked for captures to be shown jump by jump (FMJD 4.9).
  played = GAMES.flatMap((game, g) => [1, 2].map((k) => ({ game, showJumps: k === 2, hand: randomHandGame(game.start, game.moves, g * 10 + k, { showJumps: k === 2 }) })));
  GAMES.forEach((game, g) => {
    game.moves.forEach((m, i) => {
      const king = game.start.variant.flyingKings && (game.before[i].board[m.from] & KING) !== 0;
      const runs = m.captured.length >= 3 ? 100 : king ? 10 : 0;
      const short = excerpt(game, i, 2);
      for (let k = 0; k < runs; k++) played.push({ game: short, showJumps: k % 2 === 1, hand: randomHandGame(short.start, short.moves, 1e6 + g * 1e4 + i * 100 + k, { showJumps: k % 2 === 1 }) });
    });
  });
});

describe('hand model: scripts of the oracle games', () => {
  it('covers every variant with real games', () => {
    for (const v of VARIANTS) expect(GAMES.filter((g) => g.variant === v).length).toBeGreaterThan(0);
  });

  it('contract: every script is comments, blank lines, lift/place SQ in the variant\'s notation, press BUTTON, wait MS', () => {
    const errors = played.flatMap(({ game, hand }) => contractErrors(game.start.variant, hand.script).errors.map((e) => `${game.name}: ${e}`));
    expect(errors.slice(0, 5)).toEqual([]);
  });

  it('FMJD 3.10, 4.4, 4.11: on a physical board nothing impossible happens and each ply leaves the pieces of the game position', () => {
    const errors = played.flatMap(({ game, hand }) => physicsErrors(game, hand));
    expect(errors.slice(0, 3)).toEqual([]);
  });

  it('FMJD 4.5-4.9: every capture has a real route, the rules core\'s among them, and shown landings jump exactly the captured pieces', () => {
    for (const game of GAMES) {
      game.moves.forEach((m, i) => {
        if (m.captured.length === 0) return;
        const routes = captureRoutes(game.before[i], m);
        expect(routes.some((r) => r.landings.join() === m.path.join()), `${game.name} ply ${i + 1}`).toBe(true);
        for (const r of routes) expect(new Set(r.jumped)).toEqual(new Set(m.captured));
      });
    }
  });

  it('FMJD 4.9, 4.11, 4.12, 4.16, 5.4, 5.7; Czech 4.4, 4.9, 5.4; Laws 8, 11, 18: flags, articles and resolutions follow the rulebooks', () => {
    const errors = played.flatMap(({ game, hand, showJumps }) => ruleErrors(game, hand, showJumps));
    expect(errors.slice(0, 3)).toEqual([]);
  });

  it('FMJD 4.16 vs Czech 4.4 and Laws 8: the captured piece first is regular only under FMJD rules', () => {
    for (const { game, hand } of played) {
      for (const p of hand.plies) {
        if (!p.behaviours.includes('captured-first')) continue;
        const want = { international: [], brazilian: [], russian: [], czech: ['5.4.10'], english: ['8'] }[game.variant];
        expect(p.flaggable.filter((f) => f.code === 'early-removal').map((f) => f.article)).toEqual(want);
      }
    }
  });

  it('FMJD 3.6-4.16, Czech 3.10-4.12, Laws 8-19: every behaviour is shown many times in each variant that allows it', () => {
    const counts = Object.fromEntries(VARIANTS.map((v) => [v, Object.fromEntries(BEHAVIOUR_LIST.map((b) => [b, 0]))])) as Record<
      VariantName,
      Record<Behaviour, number>
    >;
    for (const { game, hand } of played) for (const b of BEHAVIOUR_LIST) counts[game.variant][b] += hand.counts[b];
    const missing: string[] = [];
    for (const v of VARIANTS) {
      const family = familyOf(GAMES.find((g) => g.variant === v)!.start.variant);
      for (const b of BEHAVIOUR_LIST) {
        const allowed = BEHAVIOURS[b][family] !== null;
        if (allowed && counts[v][b] < 10) missing.push(`${v} ${b}: ${counts[v][b]}`);
        if (!allowed && counts[v][b] > 0) missing.push(`${v} ${b} shown though its pieces cannot: ${counts[v][b]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('FMJD 3.10, 3.12: a king move that could slide on is ended by the clock or the next move, never by a timer, and the last by the clock', () => {
    for (const { hand } of played) {
      const last = hand.plies[hand.plies.length - 1];
      if (last.behaviours.includes('king-ended-by-clock')) expect(last.lines).toContain('press clock');
      expect(last.behaviours).not.toContain('king-ended-by-next');
    }
  });

  it('timings: gaps between actions from 0 ms to minutes, many short and some long', () => {
    const gaps = played.slice(0, 300).flatMap(({ game, hand }) => contractErrors(game.start.variant, hand.script).gaps);
    const share = (f: (w: number) => boolean): number => gaps.filter(f).length / gaps.length;
    expect(gaps).toContain(0);
    expect(share((w) => w < 1000)).toBeGreaterThan(0.5);
    expect(share((w) => w >= 1000 && w < 60_000)).toBeGreaterThan(0.05);
    expect(share((w) => w >= 60_000)).toBeGreaterThan(0.005);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10 * 60_000);
  });

  it('seeds: the same seed gives the same script, another seed another one', () => {
    for (const game of GAMES.filter((_, i) => i % 25 === 0)) {
      expect(randomHandGame(game.start, game.moves, 99).script).toBe(randomHandGame(game.start, game.moves, 99).script);
      expect(randomHandGame(game.start, game.moves, 99).script).not.toBe(randomHandGame(game.start, game.moves, 100).script);
    }
  });

  it('clock modes and regular hands: a tournament presses the clock every ply; regular hands flag nothing', () => {
    for (const game of GAMES.filter((_, i) => i % 10 === 0)) {
      for (let seed = 0; seed < 3; seed++) {
        const t = randomHandGame(game.start, game.moves, seed, { clock: 'always', irregular: false });
        expect(physicsErrors(game, t)).toEqual([]);
        for (const p of t.plies) {
          expect(p.lines).toContain('press clock');
          expect(p.flaggable).toEqual([]);
        }
      }
      const plain = handGame(game.start, game.moves, [], { clock: 'never' });
      expect(physicsErrors(game, plain)).toEqual([]);
      expect(plain.plies.every((p) => p.flaggable.length === 0 && p.lines.every((l) => !l.startsWith('wait')))).toBe(true);
    }
  });

  it('fast-check: for any choices the script keeps the contract, the physics and the rules', () => {
    // Per variant the game richest in long captures and king moves.
    const rich = VARIANTS.map((v) => {
      const score = (g: OracleGame): number => g.moves.filter((m, i) => m.captured.length > 1 || (g.before[i].board[m.from] & 4) !== 0).length;
      return GAMES.filter((g) => g.variant === v).reduce((a, b) => (score(b) > score(a) ? b : a));
    });
    for (const game of rich) {
      fc.assert(
        fc.property(handGameArbitrary(game.start, game.moves).map((hand) => ({ hand, [fc.toStringMethod]: () => `a hand game of ${game.name}` })), ({ hand }) => {
          expect(contractErrors(game.start.variant, hand.script).errors).toEqual([]);
          expect(physicsErrors(game, hand)).toEqual([]);
          expect(ruleErrors(game, hand)).toEqual([]);
        }),
        { numRuns: 25, seed: 4242 },
      );
    }
    expect(PLAIN_CHOICE.think).toBe(0);
  });
});
