import type { MoveRules } from '../rules/movegen.ts';
import { BLACK, EMPTY, KING, WHITE } from '../rules/index.ts';

/**
 * Whether the side `turnBit` (WHITE or BLACK) could capture on `board` if it were to move: a
 * piece of its own with an opponent's piece next to it (at the end of a flying king's free run)
 * and a free square behind (FMJD 4.1-4.3; men backwards only where they capture backwards,
 * FMJD 4.1, not Czech 4.1 or Laws 10). The quiescence search asks it of the side not to move:
 * a threatened shot. Cheaper than generating the moves: it stops at the first jump.
 */
export function canCapture(v: MoveRules, board: Uint8Array, turnBit: number): boolean {
  const g = v.geometry;
  const nb = g.neighbour;
  const opp = turnBit ^ (WHITE | BLACK);
  const fwd = turnBit === WHITE ? 0 : 2;
  for (let sq = 0; sq < g.squares; sq++) {
    const p = board[sq];
    if ((p & turnBit) === 0) continue;
    const king = (p & KING) !== 0;
    const flying = king && v.flyingKings;
    for (let d = 0; d < 4; d++) {
      if (!king && !v.menCaptureBackwards && (d < fwd || d > fwd + 1)) continue;
      let t = nb[(sq << 2) + d];
      if (flying) while (t >= 0 && board[t] === EMPTY) t = nb[(t << 2) + d];
      if (t < 0 || (board[t] & opp) === 0) continue;
      const l = nb[(t << 2) + d];
      if (l >= 0 && board[l] === EMPTY) return true;
    }
  }
  return false;
}
