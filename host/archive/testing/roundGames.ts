// For tests and benchmarks: many distinct games of one round, made of real games (the NK 2009's,
// test/fixtures/oracles/games) between players of made-up names, so none is a duplicate.

import { readFileSync } from 'node:fs';
import { ORACLE_GAMES } from '../../../test/oracles.ts';

/** A surname of letters only for player `i` (`Baa`, `Bab` ...): one surname, one player. */
function surname(i: number): string {
  let s = '';
  for (let k = i; s.length < 3 || k > 0; k = Math.floor(k / 26)) s = String.fromCharCode(97 + (k % 26)) + s;
  return `B${s}`;
}

/**
 * The PDN text of `n` games of event `event`, round `round`: the 14 games of the NK 2009's rounds
 * 1 and 2 again and again, game `i` played by `<surname(2i)>, A.` and `<surname(2i+1)>, B.`.
 *
 * @example roundGames(3) // three games of event "Bench", round 1
 */
export function roundGames(n: number, event = 'Bench', round = '1'): string {
  const games = ['nk ronde 01.pdn', 'nk ronde 02.pdn'].flatMap((f) =>
    readFileSync(new URL(f, ORACLE_GAMES), 'latin1')
      .split(/(?=^\[Event )/m)
      .filter((g) => g.trim() !== ''),
  );
  return Array.from({ length: n }, (_, i) =>
    games[i % games.length]
      .replace(/^\[Event "[^"]*"\]/m, `[Event "${event}"]`)
      .replace(/^\[Round "[^"]*"\]/m, `[Round "${round}"]`)
      .replace(/^\[White "[^"]*"\]/m, `[White "${surname(2 * i)}, A."]`)
      .replace(/^\[Black "[^"]*"\]/m, `[Black "${surname(2 * i + 1)}, B."]`),
  ).join('\n');
}
