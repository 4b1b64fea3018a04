// The LEDs and the view of a game a sheet guides (dambord digitise --guide), the hands written
// here move by move: the first game of "nk ronde 01.pdn" (Dutch championship 2009), its sheet as
// written or with ply 17 (32-28) written 23-28. The move asked for is lit (from and to slowly, the
// pieces it takes fast); at the slip the likeliest moves; a correction owns the frame.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SquareSet, formatMove, readPdn, squareName } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import type { BoardEvent } from '../link/types.ts';
import type { GameState } from './game.ts';
import { createGuide } from './guide.ts';
import { digitise } from './referee/policy.ts';
import { recordedPdn } from '../play/recording.ts';
import { createGame, currentFrame, currentMarks, step } from './step.ts';
import { gameView } from './view.ts';

const game = readPdn(readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url))).games[0];
const plies = game.line.flatMap((p) => (p.kind === 'ply' ? [p] : []));
const truth: Move[] = plies.map((p) => p.move);
const written = plies.map((p) => formatMove(p.before, p.move));
const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const name = (sq: number) => squareName(game.start.variant, sq);
/** The PDN recorded, its lines joined. */
const movetext = (s: GameState) => recordedPdn(s, null).replace(/\s+/g, ' ');

/** A game the sheet `sheet` guides, at the board, the board showing the start. */
class Board {
  state: GameState;
  private t = 1000;
  private seq = 0;
  constructor(sheet: readonly string[]) {
    this.state = createGame({ start: game.start, policy: digitise, players: { white: 'Derkx', black: 'Meijer' }, tags: [], timeControl: null, hints: false }, createGuide(game.start, sheet));
    const occupancy = SquareSet.from([...game.start.board.keys()].filter((i) => game.start.board[i] !== 0));
    this.event({ type: 'link', state: 'connected', hello, occupancy, buttons: [], t: this.t });
  }
  private event(e: BoardEvent): void {
    this.state = step(this.state, { type: 'board', event: e }, e.t).state;
  }
  hand(type: 'lift' | 'place', sq: number): void {
    this.event({ type, square: sq, t: (this.t += 400), seq: ++this.seq, source: 'board' });
  }
  /** `m` made by hand: the piece lifted and put down, the pieces it takes off. */
  play(m: Move): void {
    this.hand('lift', m.from);
    this.hand('place', m.to);
    for (const sq of m.captured) this.hand('lift', sq);
  }
  correct(): void {
    this.state = step(this.state, { type: 'player', command: { type: 'press', button: 'correct' } }, (this.t += 400)).state;
  }
  /** The lit squares by name, with their marks. */
  lit(): Record<string, string> {
    const out: Record<string, string> = {};
    currentMarks(this.state).forEach((m, sq) => m && (out[name(sq)] = m));
    return out;
  }
  view() {
    return gameView(this.state, this.t, { health: null, simulated: true });
  }
}

describe('the LEDs of a guided replay', () => {
  it('light the move the sheet asks for, from and to, over the last move; the view says it', () => {
    const b = new Board(written);
    expect(b.lit()).toEqual({ 34: 'hint', 29: 'hint' });
    expect(currentFrame(b.state)[33]).toBe('slow');
    expect(b.view().guide).toMatchObject({ kind: 'move', ply: 1, message: 'ply 1: 34-29', squares: ['34', '29'] });
    b.play(truth[0]);
    expect(b.lit()).toEqual({ 34: 'last', 29: 'last', 17: 'hint', 22: 'hint' });
    expect(b.view().guide?.message).toBe('ply 2: 17-22');
  });

  it('light the pieces a capture takes (fast), apart from its from and to', () => {
    const b = new Board(written);
    for (const m of truth.slice(0, 8)) b.play(m);
    expect(written[8]).toBe('28x19');
    const lit = b.lit();
    expect(lit[23]).toBe('remove');
    expect(lit[19]).toBe('hint');
    const frame = currentFrame(b.state);
    expect([frame[27], frame[18], frame[22]]).toEqual(['slow', 'slow', 'fast']);
  });

  it('at a slip light the likeliest moves, the true one among them, and say them', () => {
    const b = new Board(written.map((m, i) => (i === 16 ? '23-28' : m)));
    for (const m of truth.slice(0, 16)) b.play(m);
    const g = b.view().guide;
    expect(g?.kind).toBe('slip');
    expect(g?.message).toMatch(/^ply 17: the sheet has 23-28, which cannot be played; most likely 32-28 \(23 for 32, digits swapped\), /);
    const lit = b.lit();
    expect([lit[32], lit[28]]).toEqual(['hint', 'hint']);
    expect(g?.squares.slice(0, 2)).toEqual(['32', '28']);
    b.play(truth[16]);
    expect(b.view().guide).toMatchObject({ kind: 'move', ply: 18, repairs: ['ply 17: the sheet has 23-28; 32-28 was played (23 for 32, digits swapped)'] });
    expect(movetext(b.state)).toContain('9. 32-28 {dambord: the sheet has 23-28; 32-28 was played (23 for 32, digits swapped)}');
  });

  it('give way to a correction: a move taken back lights only the step that puts it back, then the sheet\'s move again', () => {
    const b = new Board(written);
    b.play(truth[0]);
    b.correct(); // the move taken back, its piece still on 29
    expect(b.lit()).toEqual({ 29: 'clear' });
    b.hand('lift', truth[0].to);
    expect(b.lit()).toEqual({ 34: 'fill' });
    b.hand('place', truth[0].from);
    expect(b.lit()).toEqual({ 34: 'hint', 29: 'hint' });
    expect(b.view().guide?.ply).toBe(1);
  });

  it('a move otherwise than written is noted, and taken back with it (its piece put back)', () => {
    const b = new Board(written);
    b.hand('lift', 31); // 32-28: squares by index
    b.hand('place', 27);
    expect(b.view().guide?.repairs).toEqual(['ply 1: the sheet has 34-29; 32-28 was played (played instead of the move on the sheet)']);
    expect(movetext(b.state)).toContain('1. 32-28 {dambord: the sheet has 34-29; 32-28 was played');
    b.hand('lift', 27);
    b.hand('place', 31);
    expect(b.state.sheet.items).toHaveLength(0);
    expect(b.view().guide).toMatchObject({ ply: 1, repairs: [] });
  });
});
