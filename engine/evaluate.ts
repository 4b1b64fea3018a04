import { BLACK, KING, WHITE } from '../rules/index.ts';
import type { Variant } from '../rules/index.ts';
import { endgameScore, huntTable } from './evalEndgame.ts';
import { evalFamily } from './evalFamily.ts';
import { evalTables } from './evalTables.ts';

/**
 * A static evaluation: the position on `board` with the side `turnBit` (WHITE or BLACK) to
 * move, in hundredths of a man (100 = a man up) for the side to move; 0 for a dead draw.
 */
export type Evaluator = (board: Uint8Array, turnBit: number) => number;

/**
 * The evaluation of a variant, its tables built once here; each call is one pass over the board
 * and allocates nothing. What it adds up, each side's sum taken from the other's:
 * - material: a man 100, a king by the family (evalFamily.ts: short or flying, 8x8 or 10x10,
 *   Czech king priority), tapered from the middle game to the ending by the pieces left;
 * - each man's square (evalTables.ts): tempo, centre, edge, the crown in reach (by what crowning
 *   does in a capture: Russian, FMJD 4.15, Standard Laws 13);
 * - the back rank guard while the opponent has men (the English bridge counting extra);
 * - outposts held from behind; a man that cannot move (both squares ahead taken or off the
 *   board) a little less;
 * - the wings' balance (as many men on the left as on the right: the "balance" of the
 *   international literature, a lopsided side loses tempo battles);
 * - runaway men: a man that no opposing piece can stop (none in its cone, evalTables.ts, and no
 *   opposing king) is worth most of a king, more the nearer it is;
 * - king mobility: the squares each king reaches in one move (a flying king along whole
 *   diagonals);
 * - endgame knowledge (evalEndgame.ts): dead draws 0, won endings kept and pressed.
 */
export function evaluator(v: Variant): Evaluator {
  const f = evalFamily(v);
  const t = evalTables(v, f);
  const g = v.geometry;
  const hunt = huntTable(g);
  const n = f.squares;
  const P = f.startPieces;
  const nb = g.neighbour;
  const { manMg, manEg, backRank, outpost, kingSq, toCrown, leftWing, ahead, behind, coneStart, cone, runaway, bridge } = t;
  const balanceWeight = f.size === 10 ? 4 : 2;
  // Per side (index 0 White, 1 Black): middle game, ending, runaways, back rank, left-wing men,
  // men, kings, the last king's square. Allocated once.
  const mg = new Int32Array(2);
  const eg = new Int32Array(2);
  const run = new Int32Array(2);
  const back = new Int32Array(2);
  const left = new Int32Array(2);
  const men = new Int32Array(2);
  const kings = new Int32Array(2);
  const lastKing = new Int32Array(2);
  return (board, turnBit) => {
    mg.fill(0);
    eg.fill(0);
    run.fill(0);
    back.fill(0);
    left.fill(0);
    men.fill(0);
    kings.fill(0);
    for (let i = 0; i < n; i++) {
      const p = board[i];
      if (p === 0) continue;
      const s = p & BLACK ? 1 : 0;
      const k = s * n + i;
      if (p & KING) {
        kings[s]++;
        lastKing[s] = i;
        let reach = 0;
        for (let d = 0; d < 4; d++) {
          for (let q = nb[i * 4 + d]; q >= 0 && board[q] === 0; q = f.flyingKings ? nb[q * 4 + d] : -1) reach++;
        }
        const value = kingSq[k] + reach * f.kingMobility;
        mg[s] += value;
        eg[s] += value;
        continue;
      }
      men[s]++;
      left[s] += leftWing[k];
      mg[s] += manMg[k];
      eg[s] += manEg[k];
      back[s] += backRank[k];
      const own = s ? BLACK : WHITE;
      if (outpost[k] !== 0) {
        const b0 = behind[2 * k];
        const b1 = behind[2 * k + 1];
        if (b0 >= 0 && b1 >= 0 && board[b0] & own && board[b1] & own) mg[s] += outpost[k];
      }
      const a0 = ahead[2 * k];
      const a1 = ahead[2 * k + 1];
      const free = (a0 >= 0 && board[a0] === 0) || (a1 >= 0 && board[a1] === 0);
      if (!free) {
        mg[s] -= 4;
        eg[s] -= 4;
        continue;
      }
      const end = coneStart[k + 1];
      let c = coneStart[k];
      if (c === end) continue;
      const foe = s ? WHITE : BLACK;
      while (c < end && !(board[cone[c]] & foe)) c++;
      if (c === end) run[s] += runaway[toCrown[k]];
    }
    const phase = Math.min(P, men[0] + men[1] + kings[0] + kings[1]);
    let mgScore = mg[0] - mg[1] + (kings[0] - kings[1]) * f.kingMg;
    const egScore = eg[0] - eg[1] + (kings[0] - kings[1]) * f.kingEg;
    mgScore += (men[1] > 0 ? back[0] : 0) - (men[0] > 0 ? back[1] : 0);
    if (bridge[0] >= 0) {
      if (board[bridge[0]] === WHITE && board[bridge[1]] === WHITE && men[1] > 0) mgScore += 15;
      if (board[bridge[2]] === BLACK && board[bridge[3]] === BLACK && men[0] > 0) mgScore -= 15;
    }
    mgScore -= balanceWeight * (Math.abs(2 * left[0] - men[0]) - Math.abs(2 * left[1] - men[1]));
    const runs = (kings[1] === 0 ? run[0] : 0) - (kings[0] === 0 ? run[1] : 0);
    let white = 100 * (men[0] - men[1]) + runs + (((mgScore * phase + egScore * (P - phase)) / P) | 0);
    white = endgameScore(f, t, hunt, g, board, white, men[0], kings[0], men[1], kings[1], lastKing[0], lastKing[1]);
    return turnBit === WHITE ? white : 0 - white;
  };
}
