import type { Game, Variant } from '../rules/index.ts';
import { BLACK, BLACK_KING, BLACK_MAN, KING, WHITE, WHITE_KING, WHITE_MAN, currentPosition } from '../rules/index.ts';
import { keyOf, zobrist } from './hash.ts';

/** The deepest path the search walks, in plies from the root. */
export const MAX_PLY = 128;

/**
 * The draw rules inside the search tree, their counters kept ply by ply along the path as
 * rules/position.ts `play` keeps them in a game and read as rules/game.ts `outcome` reads them:
 * - repetition (FMJD 6.1, Czech cl. 6.1, the Russian rules): a position that occurred before, in
 *   the game since its last man move or capture or on the path, with the same side to move,
 *   scores as a draw where the variant has the rule (the side that repeats can repeat again);
 * - the king-moves rule (FMJD 6.2, Czech cl. 6.2): plies in a row of king moves without capture;
 * - the endgame rules (FMJD 6.3, 6.4; Czech cl. 6.3, 6.4): the rule the material calls for and
 *   the plies counted against it, a change of rule never leaving more plies than the old had left;
 * - Standard Laws 22: after notice, the stronger side (or both sides, unnamed) has 40 moves.
 * The owner calls {@link enter} for each move it plays on the path and {@link isDraw} at a node.
 */
export class DrawTracker {
  private readonly v: Variant;
  private readonly kingPlies = new Int32Array(MAX_PLY + 2);
  private readonly rule = new Int8Array(MAX_PLY + 2);
  private readonly rulePlies = new Int32Array(MAX_PLY + 2);
  private readonly since = new Int32Array(MAX_PLY + 2);
  private readonly histLo: Int32Array;
  private readonly histHi: Int32Array;
  /** Index in the history of the root position. */
  private readonly root: number;
  /** Plies already played since the notice at the root (-1: no notice), and the stronger side's moves among them. */
  private readonly noticePlayed: number;
  private readonly strongerMoves: number;
  /** The colour bit of the side that must win after notice, 0 when not named; and the side to move at the root. */
  private readonly stronger: number;
  private readonly rootTurn: number;

  constructor(game: Game) {
    const pos = currentPosition(game);
    this.v = pos.variant;
    const z = zobrist(pos.board.length);
    let start = 0;
    game.moves.forEach((m, i) => {
      if (m.captured.length > 0 || (game.positions[i].board[m.from] & KING) === 0) start = i + 1;
    });
    const past = game.positions.slice(start);
    this.root = past.length - 1;
    this.histLo = new Int32Array(past.length + MAX_PLY + 2);
    this.histHi = new Int32Array(past.length + MAX_PLY + 2);
    past.forEach((p, i) => [this.histLo[i], this.histHi[i]] = keyOf(z, p.board, p.turn === 'black'));
    this.since[0] = 0;
    this.kingPlies[0] = pos.kingMovePlies;
    this.rule[0] = pos.endgame ? this.v.draw.endgames.findIndex((r) => r.article === pos.endgame!.article) : -1;
    this.rulePlies[0] = pos.endgame?.plies ?? 0;
    this.rootTurn = pos.turn === 'white' ? WHITE : BLACK;
    const notice = this.v.draw.claim ? game.notice : null;
    this.noticePlayed = notice ? game.positions.length - 1 - notice.ply : -1;
    this.stronger = notice?.stronger ? (notice.stronger === 'white' ? WHITE : BLACK) : 0;
    let moves = 0;
    if (notice?.stronger) for (let i = notice.ply; i < game.positions.length - 1; i++) if (game.positions[i].turn === notice.stronger) moves++;
    this.strongerMoves = moves;
  }

  /** Records the key of the node at `ply` (the root is ply 0). */
  key(ply: number, lo: number, hi: number): void {
    this.histLo[this.root + ply] = lo;
    this.histHi[this.root + ply] = hi;
  }

  /**
   * The counters of ply `ply + 1`, after a move at `ply`: `kingMove` a king's move without
   * capture, `irreversible` a man's move or a capture; `board` and `count` (pieces by code)
   * after it.
   */
  enter(ply: number, kingMove: boolean, irreversible: boolean, board: Uint8Array, count: Int32Array): void {
    this.kingPlies[ply + 1] = kingMove ? this.kingPlies[ply] + 1 : 0;
    this.since[ply + 1] = irreversible ? this.root + ply + 1 : this.since[ply];
    const rule = this.v.draw.endgames.length > 0 ? this.endgameRule(board, count) : -1;
    this.rule[ply + 1] = rule;
    this.rulePlies[ply + 1] = rule < 0 ? 0 : this.endgamePlies(ply, rule);
  }

  /** Whether the node at `ply` (its key recorded, the side to move having a move) is a draw by rule. */
  isDraw(ply: number): boolean {
    const d = this.v.draw;
    if (d.repetition && ply > 0) {
      const at = this.root + ply;
      const lo = this.histLo[at];
      const hi = this.histHi[at];
      for (let j = at - 2; j >= this.since[ply]; j -= 2) if (this.histLo[j] === lo && this.histHi[j] === hi) return true;
    }
    if (d.kingMoves && this.kingPlies[ply] >= d.kingMoves.plies) return true;
    const r = this.rule[ply];
    if (r >= 0 && this.rulePlies[ply] >= d.endgames[r].plies) return true;
    if (d.claim && this.noticePlayed >= 0) {
      if (this.stronger === 0) return this.noticePlayed + ply >= d.claim.plies;
      // The stronger side's moves among the plies on the path: every other ply from its first.
      const own = this.stronger === this.rootTurn ? (ply + 1) >> 1 : ply >> 1;
      return this.strongerMoves + own >= d.claim.plies / 2;
    }
    return false;
  }

  /** The index of the endgame rule the material calls for, or -1 (rules/position.ts endgameRule). */
  private endgameRule(board: Uint8Array, count: Int32Array): number {
    const white = { men: count[WHITE_MAN], kings: count[WHITE_KING] };
    const black = { men: count[BLACK_MAN], kings: count[BLACK_KING] };
    if (white.men + white.kings + black.men + black.kings > 4) return -1;
    const [strong, weak, weakColor] = white.men + white.kings === 1 ? [black, white, WHITE] : [white, black, BLACK];
    if (weak.men + weak.kings !== 1) return -1;
    const g = this.v.geometry;
    let lone = 0;
    while ((board[lone] & weakColor) === 0) lone++;
    const onMain = g.row[lone] + g.col[lone] === g.size - 1;
    return this.v.draw.endgames.findIndex((r) => r.matches(strong, weak, onMain));
  }

  /** The plies counted against rule `rule` at `ply + 1` (rules/position.ts endgamePlies). */
  private endgamePlies(ply: number, rule: number): number {
    const prev = this.rule[ply];
    if (prev < 0) return 0;
    if (prev === rule) return this.rulePlies[ply] + 1;
    const rules = this.v.draw.endgames;
    const left = Math.max(0, rules[prev].plies - (this.rulePlies[ply] + 1));
    return Math.max(0, rules[rule].plies - left);
  }
}
