import { BLACK, KING, WHITE } from '../rules/index.ts';
import type { Variant } from '../rules/index.ts';

/**
 * A static evaluation: the position on `board` with the side `turnBit` (WHITE or BLACK) to
 * move, in hundredths of a man (100 = a man up) for the side to move; 0 for a dead draw.
 */
export type Evaluator = (board: Uint8Array, turnBit: number) => number;

/** The evaluation of a variant (interim: material only, a king three men). */
export function evaluator(v: Variant): Evaluator {
  void v;
  return (board, turnBit) => {
    let score = 0;
    for (const p of board) {
      if (p === 0) continue;
      const value = p & KING ? 300 : 100;
      score += (p & (WHITE | BLACK)) === turnBit ? value : -value;
    }
    return score;
  };
}
