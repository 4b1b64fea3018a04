// The long run of test/hands/referee.test.ts: real games of the oracles played by the hand model
// through the referee, as many as asked, with fresh seeds, every policy and clock habit, and the
// opponent asking or not for captures to be shown. Prints games, plies and divergences per
// variant, and the first divergences in full (each one is a script to keep as a golden session).
//
//   npm run soak -- --games 2000 [--seed 1] [--variant czech] [--show 3]
import { blind, casual, tournament, withShowJumps } from '../../host/game/referee/policy.ts';
import type { Policy } from '../../host/game/referee/types.ts';
import type { VariantName } from '../../rules/index.ts';
import { judge } from './judge.ts';
import { handGame, randomHandGame, sampleChoice, splitmix32 } from './model.ts';
import { oracleGames } from './oracleGames.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const total = Number(option('games', '500'));
const seed0 = Number(option('seed', String(Date.now() % 1_000_000)));
const only = option('variant', '');
const show = Number(option('show', '3'));
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed0)) {
  process.stderr.write('usage: npm run soak -- [--games N] [--seed S] [--variant V] [--show K]\n');
  process.exit(2);
}

const games = oracleGames().filter((g) => only === '' || g.variant === only);
if (games.length === 0) {
  process.stderr.write(`soak: no oracle games of the variant "${only}"\n`);
  process.exit(2);
}
const variantsPlayed = [...new Set(games.map((g) => g.variant))];
const rows = new Map<VariantName, { games: number; plies: number; exact: number; divergences: number }>();
const problems: string[] = [];
const started = performance.now();
for (let k = 0; k < total; k++) {
  const seed = seed0 * 100_003 + k;
  const rnd = splitmix32(seed);
  // A variant at random, then one of its games: every variant as often, whatever its number of games.
  const variant = variantsPlayed[Math.floor(rnd() * variantsPlayed.length)];
  const pool = games.filter((g) => g.variant === variant);
  const game = pool[Math.floor(rnd() * pool.length)];
  const kind = Math.floor(rnd() * 4);
  let policy: Policy = [tournament, blind, casual, withShowJumps(tournament)][kind];
  // Casual play only notes how a move was made: the opponent plays on rather than asking for a correction.
  const hand =
    policy === casual
      ? handGame(game.start, game.moves, game.moves.map(() => ({ ...sampleChoice(rnd), resolution: 0 })), { header: [`seed: ${seed}, casual`] })
      : randomHandGame(game.start, game.moves, seed, { showJumps: policy.showJumps });
  if (policy.showJumps) policy = withShowJumps(tournament);
  const v = judge(game, hand, policy);
  const row = rows.get(game.variant) ?? { games: 0, plies: 0, exact: 0, divergences: 0 };
  row.games++;
  row.plies += game.moves.length;
  if (v.exact) row.exact++;
  else {
    row.divergences++;
    if (problems.length < show) problems.push(`seed ${seed} (${policy.name}${policy.showJumps ? ', jumps asked' : ''}): ${v.problem}`);
  }
  rows.set(game.variant, row);
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`soak: ${total} games by the hand model through the referee, seed ${seed0}, ${seconds.toFixed(1)} s\n\n`);
process.stdout.write('| variant | games | plies | exact | divergences |\n| --- | ---: | ---: | ---: | ---: |\n');
for (const [variant, r] of [...rows].sort()) process.stdout.write(`| ${variant} | ${r.games} | ${r.plies} | ${r.exact} | ${r.divergences} |\n`);
for (const p of problems) process.stdout.write(`\n${p}\n`);
process.exit(problems.length > 0 ? 1 : 0);
