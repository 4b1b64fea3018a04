import { MAX_PLY } from './draws.ts';

/**
 * What the search learns about quiet moves as it goes, to try the good ones first: two killer
 * moves per ply (quiet moves that cut off a sibling position) and a history score per
 * (side, from, to), raised by the square of the depth each time the move cuts off.
 */
export class Ordering {
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history = new Int32Array(2 * 64 * 64);

  /** 2 for the ply's first killer, 1 for its second, 0 otherwise; `code` as table.ts moveCode. */
  killer(ply: number, code: number): number {
    if (this.killers[ply * 2] === code) return 2;
    return this.killers[ply * 2 + 1] === code ? 1 : 0;
  }

  /** The history score of a quiet move of side `turnBit` (1 or 2), below 2^20. */
  historyOf(turnBit: number, from: number, to: number): number {
    return this.history[((turnBit - 1) << 12) | (from << 6) | to];
  }

  /** A quiet move cut off at `ply` with `depth` plies left. */
  cutoff(ply: number, code: number, turnBit: number, from: number, to: number, depth: number): void {
    if (this.killers[ply * 2] !== code) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2];
      this.killers[ply * 2] = code;
    }
    const i = ((turnBit - 1) << 12) | (from << 6) | to;
    this.history[i] += depth * depth;
    if (this.history[i] >= 1 << 20) for (let k = 0; k < this.history.length; k++) this.history[k] >>= 1;
  }
}
