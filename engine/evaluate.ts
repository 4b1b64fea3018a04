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
 * The step of the evaluation's scores, in hundredths of a man: finer differences are below what
 * its terms can tell apart, and a coarser grain lets the search cut off more (to depth 10 from
 * the start, half the nodes in international and a third fewer in Czech and Russian, with no
 * loss of strength at a fixed depth).
 */
const GRAIN = 5;

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
 * - trading down when ahead: the lead (up to three men of it) grows by up to half as the
 *   board empties, so the side ahead exchanges and the side behind avoids it (the oldest advice
 *   of the primers: a man up, trade pieces);
 * - endgame knowledge (evalEndgame.ts): dead draws 0, won endings kept and pressed;
 * the sum taken in steps of {@link GRAIN}.
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
  const flying = f.flyingKings;
  const mobility = f.kingMobility;
  return (board, turnBit) => {
    // White's terms minus Black's (mgD, egD), and per side: men, kings, left-wing men, back
    // rank, runaways, the last king's square.
    let mgD = 0, egD = 0;
    let wm = 0, bm = 0, wk = 0, bk = 0;
    let wLeft = 0, bLeft = 0, wBack = 0, bBack = 0, wRun = 0, bRun = 0;
    let wKing = -1, bKing = -1;
    for (let i = 0; i < n; i++) {
      const p = board[i];
      if (p === 0) continue;
      const black = (p & BLACK) !== 0;
      const k = black ? n + i : i;
      if (p & KING) {
        let reach = 0;
        for (let d = 0; d < 4; d++) {
          for (let q = nb[i * 4 + d]; q >= 0 && board[q] === 0; q = flying ? nb[q * 4 + d] : -1) reach++;
        }
        const value = kingSq[k] + reach * mobility;
        if (black) {
          bk++;
          bKing = i;
          mgD -= value;
          egD -= value;
        } else {
          wk++;
          wKing = i;
          mgD += value;
          egD += value;
        }
        continue;
      }
      const own = black ? BLACK : WHITE;
      let m = manMg[k];
      let e = manEg[k];
      let r = 0;
      if (outpost[k] !== 0) {
        const b0 = behind[2 * k];
        const b1 = behind[2 * k + 1];
        if (b0 >= 0 && b1 >= 0 && board[b0] & own && board[b1] & own) m += outpost[k];
      }
      const a0 = ahead[2 * k];
      const a1 = ahead[2 * k + 1];
      if ((a0 >= 0 && board[a0] === 0) || (a1 >= 0 && board[a1] === 0)) {
        const end = coneStart[k + 1];
        let c = coneStart[k];
        if (c !== end) {
          const foe = black ? WHITE : BLACK;
          while (c < end && !(board[cone[c]] & foe)) c++;
          if (c === end) r = runaway[toCrown[k]];
        }
      } else {
        m -= 4;
        e -= 4;
      }
      if (black) {
        bm++;
        bLeft += leftWing[k];
        bBack += backRank[k];
        bRun += r;
        mgD -= m;
        egD -= e;
      } else {
        wm++;
        wLeft += leftWing[k];
        wBack += backRank[k];
        wRun += r;
        mgD += m;
        egD += e;
      }
    }
    const phase = Math.min(P, wm + bm + wk + bk);
    let mgScore = mgD + (wk - bk) * f.kingMg;
    const egScore = egD + (wk - bk) * f.kingEg;
    mgScore += (bm > 0 ? wBack : 0) - (wm > 0 ? bBack : 0);
    if (bridge[0] >= 0) {
      if (board[bridge[0]] === WHITE && board[bridge[1]] === WHITE && bm > 0) mgScore += 15;
      if (board[bridge[2]] === BLACK && board[bridge[3]] === BLACK && wm > 0) mgScore -= 15;
    }
    mgScore -= balanceWeight * (Math.abs(2 * wLeft - wm) - Math.abs(2 * bLeft - bm));
    const runs = (bk === 0 ? wRun : 0) - (wk === 0 ? bRun : 0);
    const lead = 100 * (wm - bm) + runs + (((mgScore * phase + egScore * (P - phase)) / P) | 0);
    let white = lead + (((Math.max(-300, Math.min(300, lead)) * (P - phase)) / (2 * P)) | 0);
    white = endgameScore(f, t, hunt, g, board, white, wm, wk, bm, bk, wKing, bKing);
    white = ((white / GRAIN) | 0) * GRAIN;
    return turnBit === WHITE ? white : 0 - white;
  };
}
