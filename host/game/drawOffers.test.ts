// Draw offers on the scoresheet (FMJD 7.3.1), and the same scoresheet after a resume, written
// again from the journal.

import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants } from '../../rules/index.ts';
import type { Color } from '../../rules/index.ts';
import { JOURNAL_FORMAT } from './journal/record.ts';
import type { JournalEntry } from './journal/record.ts';
import { tournament } from './referee/policy.ts';
import { resumeGame } from './resume.ts';
import type { GameInput, GameState } from './game.ts';
import { createGame, step } from './step.ts';
import { gamePdn } from './view.ts';

const intl = variants.international;

/** A game on a connected international board, and everything it journaled. */
class Board {
  state: GameState;
  readonly entries: JournalEntry[] = [];
  t = 0;
  seq = 0;

  constructor() {
    const start = parseFen(intl, intl.startFen);
    if (!start.ok) throw new Error(start.error.reason);
    this.state = createGame({ start: start.position, policy: tournament, players: { white: 'Wit', black: 'Zwart' }, tags: [], timeControl: null, hints: false });
    const occupancy = SquareSet.from([...start.position.board.keys()].filter((i) => start.position.board[i] !== 0));
    this.input({ type: 'board', event: { type: 'link', state: 'connected', hello: { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} }, occupancy, buttons: [], t: 0 } });
  }

  input(i: GameInput): void {
    this.t += 1000;
    const r = step(this.state, i, this.t);
    this.state = r.state;
    for (const e of r.effects) if (e.type === 'journal') this.entries.push(...e.entries);
  }

  /** A man moved from square `from` to `to` (numbers). */
  move(from: number, to: number): void {
    for (const [type, square] of [['lift', from - 1], ['place', to - 1]] as const) this.input({ type: 'board', event: { type, square, t: this.t + 500, seq: ++this.seq, source: 'board' } });
  }

  offer(color: Color): void {
    this.input({ type: 'player', command: { type: 'draw', color } });
  }

  /** `color` declines the draw offered to it; the step's refusal, if any. */
  decline(color: Color): string | null {
    this.t += 1000;
    const r = step(this.state, { type: 'player', command: { type: 'decline-draw', color } }, this.t);
    this.state = r.state;
    for (const e of r.effects) if (e.type === 'journal') this.entries.push(...e.entries);
    const refused = r.effects.find((e) => e.type === 'refused');
    return refused && refused.type === 'refused' ? refused.error : null;
  }

  resumed(): GameState {
    const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: intl.startFen, policy: 'tournament' as const, tags: [], timeControl: null, created: '2026-11-24T10:00:00.000Z', t0: 0 };
    const r = resumeGame({ header, entries: this.entries, goodBytes: 0 });
    if (!r.ok) throw new Error(r.reason);
    return r.state;
  }
}

const words = (s: GameState): string => gamePdn(s).replace(/\s+/g, ' ');

describe('FMJD 7.3.1: draw offers on the scoresheet', () => {
  it('an offer declined by playing on, then an offer standing: noted on the moves, and the same after a resume', () => {
    const b = new Board();
    b.move(31, 26);
    b.offer('white');
    b.move(19, 24);
    b.move(32, 28);
    b.offer('white');
    b.offer('white'); // the same offer again: noted once
    expect(words(b.state)).toContain('1. 31-26 {White offered a draw.} 1... 19-24 {Black declined the draw offered by White, playing on.} 2. 32-28 {White offered a draw.} *');
    expect(b.state.drawOffer).toBe('white');
    const back = b.resumed();
    expect(gamePdn(back)).toBe(gamePdn(b.state));
    expect(back.drawOffer).toBe('white');
  });

  it("an offer accepted by the opponent's offer: a draw, noted, and the same after a resume", () => {
    const b = new Board();
    b.move(31, 26);
    b.offer('white');
    b.offer('black');
    expect(b.state.result).toMatchObject({ result: '1-1', article: '7.3.1' });
    expect(words(b.state)).toContain('1. 31-26 {White offered a draw.} {Black accepted the draw offered by White.} {The game is over, 1-1: draw agreed (article 7.3.1).} 1-1');
    expect(words(b.state)).toContain('[Termination "normal"]');
    const back = b.resumed();
    expect(gamePdn(back)).toBe(gamePdn(b.state));
    expect(back.drawOffer).toBeNull();
  });

  it('an offer declined at once by the side offered: noted, no offer standing, the game goes on, and the same after a resume', () => {
    const b = new Board();
    b.move(31, 26);
    b.offer('white');
    expect(b.decline('white')).toBe('there is no draw offered to white to decline');
    expect(b.decline('black')).toBeNull();
    expect(b.state.drawOffer).toBeNull();
    expect(b.state.result).toBeNull();
    expect(b.state.log.at(-1)).toBe('Black declined the draw offered by White, playing on.');
    expect(b.decline('black')).toBe('there is no draw offered to black to decline');
    b.move(19, 24);
    expect(words(b.state)).toContain('1. 31-26 {White offered a draw.} {Black declined the draw offered by White, playing on.} 1... 19-24 *');
    const back = b.resumed();
    expect(gamePdn(back)).toBe(gamePdn(b.state));
    expect(back.drawOffer).toBeNull();
  });
});
