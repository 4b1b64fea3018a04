// The ways a piece can physically travel for a move, computed from the board geometry alone:
// every capture route that jumps exactly the move's captured pieces (several routes can share
// start, end and captured set, and `move.path` shows only one), the empty squares a flying king
// passes, and whether a king could still slide on from where it stopped.

import { EMPTY, KING, WHITE, type Move, type Position } from '../../rules/index.ts';

/** One straight part of a route: from a square to the next landing, over one captured piece (or none). */
export interface Segment {
  readonly from: number;
  readonly to: number;
  /** Direction index into `geometry.neighbour` (0 up-left, 1 up-right, 2 down-left, 3 down-right). */
  readonly dir: number;
  /** Empty squares passed on the way, in order (never the captured piece's square). */
  readonly passed: readonly number[];
  /** The square of the piece jumped in this segment, or -1 for a plain move. */
  readonly jumped: number;
  /** The piece moves as a flying king in this segment. */
  readonly flying: boolean;
}

/** A way to make a move: its segments, the landings after `from` (the last is `to`) and the jump order. */
export interface Route {
  readonly segments: readonly Segment[];
  readonly landings: readonly number[];
  readonly jumped: readonly number[];
}

/** Is `sq` on the far row of the side whose piece code is `piece`? (White promotes on row 0.) */
function farRow(pos: Position, piece: number, sq: number): boolean {
  const g = pos.variant.geometry;
  return (piece & WHITE) !== 0 ? g.row[sq] === 0 : g.row[sq] === g.size - 1;
}

/** The squares from `a` towards `b` along one diagonal (exclusive of both), with the direction, or null. */
function line(pos: Position, a: number, b: number): { dir: number; between: number[] } | null {
  const nb = pos.variant.geometry.neighbour;
  for (let dir = 0; dir < 4; dir++) {
    const between: number[] = [];
    for (let s = nb[a * 4 + dir]; s >= 0; s = nb[s * 4 + dir]) {
      if (s === b) return { dir, between };
      between.push(s);
    }
  }
  return null;
}

/** The route of a plain move: one segment, with the squares a flying king passes over. */
export function plainRoute(pos: Position, move: Move): Route {
  const l = line(pos, move.from, move.to);
  if (!l) throw new Error(`no diagonal from ${move.from} to ${move.to}`);
  const flying = pos.variant.flyingKings && (pos.board[move.from] & KING) !== 0;
  const seg: Segment = { from: move.from, to: move.to, dir: l.dir, passed: l.between, jumped: -1, flying };
  return { segments: [seg], landings: [move.to], jumped: [] };
}

/**
 * Every route of a capture: from `move.from`, jumping exactly the pieces of `move.capturedSet`
 * (each once; jumped pieces stay on the board until the capture is over, FMJD 4.8/4.11) and
 * ending on `move.to` as the piece the move leaves there (crowned or not).
 */
export function captureRoutes(pos: Position, move: Move): Route[] {
  const v = pos.variant;
  const nb = v.geometry.neighbour;
  const piece = pos.board[move.from];
  const startKing = (piece & KING) !== 0;
  const wantKing = startKing || move.promotes;
  const target = move.capturedSet;
  const empty = (sq: number): boolean => sq === move.from || pos.board[sq] === EMPTY;
  const forward = (piece & WHITE) !== 0 ? [0, 1] : [2, 3];
  const out: Route[] = [];

  const search = (at: number, king: boolean, segments: Segment[], jumped: number[]): void => {
    if (jumped.length === target.size) {
      const endKing = king || farRow(pos, piece, at);
      if (at === move.to && endKing === wantKing) {
        out.push({ segments: [...segments], landings: segments.map((s) => s.to), jumped: [...jumped] });
      }
      return;
    }
    const flying = king && v.flyingKings;
    const dirs = king || v.menCaptureBackwards ? [0, 1, 2, 3] : forward;
    for (const dir of dirs) {
      const passed: number[] = [];
      let s = nb[at * 4 + dir];
      while (flying && s >= 0 && empty(s)) {
        passed.push(s);
        s = nb[s * 4 + dir];
      }
      if (s < 0 || !target.has(s) || jumped.includes(s)) continue;
      for (let land = nb[s * 4 + dir]; land >= 0 && empty(land); land = flying ? nb[land * 4 + dir] : -1) {
        const crowned = !king && farRow(pos, piece, land);
        const seg: Segment = { from: at, to: land, dir, passed: [...passed], jumped: s, flying };
        if (crowned && v.promotionInCapture === 'stop' && jumped.length + 1 < target.size) continue;
        const nextKing = king || (crowned && v.promotionInCapture === 'continue-as-king');
        segments.push(seg);
        jumped.push(s);
        search(land, nextKing, segments, jumped);
        segments.pop();
        jumped.pop();
      }
    }
  };
  search(move.from, startKing, [], []);
  return out;
}

/**
 * Could the piece still slide on along its last diagonal from where it stopped? (A flying king's
 * move is then known to be over only when play goes on: FMJD 3.10, 3.12.) During a capture the
 * jumped pieces are still on the board.
 */
export function couldSlideOn(pos: Position, route: Route): boolean {
  const last = route.segments[route.segments.length - 1];
  if (!last.flying) return false;
  const beyond = pos.variant.geometry.neighbour[last.to * 4 + last.dir];
  const from = route.segments[0].from;
  return beyond >= 0 && (beyond === from || pos.board[beyond] === EMPTY);
}
