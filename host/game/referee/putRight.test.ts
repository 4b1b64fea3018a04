// The board can always be put right (FMJD 5.4, 5.8: the position is restored wholly): after any
// stream of lifts, places and button presses, however absurd, restoring the position the
// referee asks for resumes the game, and the next move made cleanly is recognised. Nothing a
// hand can do leaves the referee in a state that only a restart ends.
//
// The streams are physically possible (a piece is lifted only from an occupied square, put only
// on an empty one; pieces lifted may stay in the air for minutes or for good), generated here by
// fast-check from nothing the referee knows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colorBit, legalMoves, parseFen, play, sameMove, variants } from '../../../rules/index.ts';
import type { Move, Position, Variant, VariantName } from '../../../rules/index.ts';
import { blind, casual, tournament } from './policy.ts';
import { boardTarget, createReferee, refereePosition, step } from './referee.ts';
import type { RefereeState } from './referee.ts';
import type { Button, Policy, RefereeEvent, RefereeOutput } from './types.ts';

/** What a hand does next, as choices fast-check can shrink: which square (by rank among those possible), how long after. */
type Act =
  | { readonly kind: 'lift' | 'place'; readonly pick: number; readonly dt: number }
  | { readonly kind: 'press'; readonly button: Button; readonly dt: number }
  | { readonly kind: 'move'; readonly pick: number; readonly dt: number };

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('lift' as const, 'place' as const), pick: fc.nat(), dt: fc.oneof(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 180_000 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('press' as const), button: fc.constantFrom<Button>('clock', 'jadoube', 'accept', 'correct'), dt: fc.integer({ min: 0, max: 5000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), dt: fc.integer({ min: 0, max: 5000 }) }) },
);

/** A referee and the physical board beside it, driven by events. */
class Table {
  state: RefereeState;
  readonly board: boolean[];
  t = 0;
  readonly outputs: RefereeOutput[] = [];

  constructor(start: Position, policy: Policy) {
    this.state = createReferee(start, policy);
    this.board = Array.from(start.board, (p) => p !== 0);
  }

  send(e: RefereeEvent): RefereeOutput[] {
    if (e.type === 'lift') this.board[e.square] = false;
    if (e.type === 'place') this.board[e.square] = true;
    const r = step(this.state, e);
    this.state = r.state;
    this.outputs.push(...r.outputs);
    return r.outputs;
  }

  at(dt: number): number {
    this.t += dt;
    return this.t;
  }

  /** Hands that make `m` cleanly: lift, land, take the captured pieces off in order of capture. */
  playMove(m: Move, dt: number): RefereeOutput[] {
    const out = [...this.send({ type: 'lift', square: m.from, t: this.at(dt) }), ...this.send({ type: 'place', square: m.to, t: this.at(200) })];
    for (const c of m.captured) out.push(...this.send({ type: 'lift', square: c, t: this.at(200) }));
    return out;
  }

  /** Hands that bring the board to `target`: clear what is extra, fill what is missing. */
  restore(target: Position): void {
    for (let sq = 0; sq < this.board.length; sq++) if (this.board[sq] && target.board[sq] === 0) this.send({ type: 'lift', square: sq, t: this.at(300) });
    for (let sq = 0; sq < this.board.length; sq++) if (!this.board[sq] && target.board[sq] !== 0) this.send({ type: 'place', square: sq, t: this.at(300) });
  }
}

function nth<T>(xs: readonly T[], pick: number): T | undefined {
  return xs.length === 0 ? undefined : xs[pick % xs.length];
}

/** Plays the random acts: single lifts and places, presses, and whole legal moves of either side. */
function drive(table: Table, acts: readonly Act[]): void {
  for (const a of acts) {
    const squares = table.board.map((full, sq) => ({ full, sq }));
    if (a.kind === 'press') table.send({ type: 'press', button: a.button, t: table.at(a.dt) });
    else if (a.kind === 'move') {
      // A legal move of the position on the board or of the side not to move (two moves, playing on...).
      const pos = refereePosition(table.state);
      const flipped = { ...pos, turn: pos.turn === 'white' ? ('black' as const) : ('white' as const) };
      const moves = [...legalMoves(pos), ...legalMoves(flipped)].filter((m) => table.board[m.from] && !table.board[m.to] && m.captured.every((c) => table.board[c]));
      const m = nth(moves, a.pick);
      if (m) table.playMove(m, a.dt);
    } else {
      const can = squares.filter((q) => q.full === (a.kind === 'lift')).map((q) => q.sq);
      const sq = nth(can, a.pick);
      if (sq !== undefined) table.send({ type: a.kind, square: sq, t: table.at(a.dt) });
    }
    if (table.state.mode.kind === 'over') return;
  }
}

function start(v: Variant, plies: number, seed: number): Position {
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(r.error.reason);
  let pos = r.position;
  let x = seed >>> 0;
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    pos = play(pos, moves[x % moves.length]);
  }
  return pos;
}

const NAMES: VariantName[] = ['international', 'czech', 'english', 'brazilian', 'russian'];

describe('FMJD 5.4, 5.8: the board can always be put right', () => {
  it.each(NAMES.flatMap((name) => [tournament, casual, blind].map((policy) => ({ name, policy }))))(
    '$name, $policy.name policy: after any hands, restoring the position asked for resumes the game and the next clean move is recognised',
    ({ name, policy }) => {
      const v = variants[name];
      fc.assert(
        fc.property(fc.nat({ max: 30 }), fc.nat(), fc.array(act, { maxLength: 40 }), fc.nat(), (plies, seed, acts, pick) => {
          const pos = start(v, plies, seed);
          if (legalMoves(pos).length === 0) return;
          const table = new Table(pos, policy);
          drive(table, acts);
          if (table.state.mode.kind === 'over') return;
          // The opponent asks for the correction of whatever waits for a decision, then the hands restore the board.
          if (table.state.mode.kind === 'decide') table.send({ type: 'press', button: 'correct', t: table.at(1000) });
          const over = (): boolean => table.state.mode.kind === 'over';
          for (let round = 0; round < 3 && !over(); round++) {
            const target = boardTarget(table.state);
            if (!target) break;
            table.restore(target);
          }
          if (over()) return;
          const now = refereePosition(table.state);
          expect(table.state.mode.kind, 'play resumes').toBe('play');
          expect(table.board.every((full, sq) => full === (now.board[sq] !== 0)), 'the board shows the game').toBe(true);
          // The next move made cleanly, the clock pressed, any irregularity of how it was made accepted.
          const m = nth(legalMoves(now), pick) as Move;
          const out = [...table.playMove(m, 500), ...table.send({ type: 'press', button: 'clock', t: table.at(300) })];
          if (table.state.mode.kind === 'decide') out.push(...table.send({ type: 'press', button: 'accept', t: table.at(300) }));
          const moved = out.filter((o) => o.type === 'move');
          expect(moved.length, 'the move is recognised').toBe(1);
          if (moved[0].type === 'move') expect(sameMove(moved[0].move, m)).toBe(true);
          expect(colorBit(refereePosition(table.state).turn)).not.toBe(colorBit(now.turn));
        }),
        { numRuns: 150, seed: 20261123 },
      );
    },
  );
});
