// The real games of test/fixtures/oracles, as the hand model's self-test uses them: the start
// position, the moves and the position before and after each (main line up to any set-up).

import { readPdn, variants, type Move, type Position, type VariantName } from '../../rules/index.ts';
import { ORACLE_FILES, oracleTexts } from '../oracles.ts';

export interface OracleGame {
  readonly variant: VariantName;
  /** `file#n`, for messages. */
  readonly name: string;
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly before: readonly Position[];
  readonly after: readonly Position[];
}

/** Every oracle game of the five variants dambord plays (the frisian file is not one of them). */
export function oracleGames(): OracleGame[] {
  const out: OracleGame[] = [];
  for (const { file, variant } of ORACLE_FILES) {
    let n = 0;
    for (const text of oracleTexts(file)) {
      for (const g of readPdn(text, { variant: variants[variant] }).games) {
        n++;
        const plies = [];
        for (const item of g.line) {
          if (item.kind !== 'ply') break;
          plies.push(item);
        }
        if (plies.length === 0) continue;
        out.push({
          variant,
          name: `${file}#${n}`,
          start: plies[0].before,
          moves: plies.map((p) => p.move),
          before: plies.map((p) => p.before),
          after: plies.map((p) => p.after),
        });
      }
    }
  }
  return out;
}

/** The game of `n` plies from a game's ply `i` (0-based; fewer at the end), from the position before it. */
export function excerpt(g: OracleGame, i: number, n: number): OracleGame {
  const end = Math.min(g.moves.length, i + n);
  return {
    ...g,
    name: `${g.name} from ply ${i + 1}`,
    start: g.before[i],
    moves: g.moves.slice(i, end),
    before: g.before.slice(i, end),
    after: g.after.slice(i, end),
  };
}
