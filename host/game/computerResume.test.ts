// A game against the computer resumed from its journal (the host killed while the computer's
// move was shown): the journal's header brings the computer back, and the move it was showing
// is shown again without asking the engine, whatever an engine would answer now; a move made
// after it was shown is not shown again. The hands are written by hand: White 32-28, the
// computer (Black) shown 19-23.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, plainMove, variants } from '../../rules/index.ts';
import type { Position } from '../../rules/index.ts';
import type { ComputerConfig } from './computerConfig.ts';
import { JOURNAL_FORMAT, parseJournal, writeJournal } from './journal/record.ts';
import { casual } from './referee/policy.ts';
import { resumeGame } from './resume.ts';
import { step } from './step.ts';
import { journaledGame } from './testing/journaled.ts';

const intl = variants.international;
const HELLO = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const occupied = (p: Position) => SquareSet.from([...p.board.keys()].filter((i) => p.board[i] !== 0));
const computer: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

/** The game journaled through `hands` (square numbers) after the computer was shown 19-23, resumed, its board connected showing what the hands left. */
function resumed(hands: readonly ['lift' | 'place', number][]) {
  const start = parseFen(intl, intl.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const game = journaledGame({ start: start.position, policy: casual, players: { white: 'Anna', black: computer.name }, tags: [], timeControl: null, hints: false, computer });
  game.input({ type: 'board', event: { type: 'link', state: 'connected', hello: HELLO, occupancy: occupied(start.position), buttons: [], t: 0 } });
  let seq = 0;
  const hand = (type: 'lift' | 'place', n: number) => game.input({ type: 'board', event: { type, square: n - 1, t: game.t + 500, seq: ++seq, source: 'board' } });
  hand('lift', 32);
  hand('place', 28);
  game.input({ type: 'engine', id: 1, move: plainMove(18, 22, false), score: null, pv: [] });
  for (const [type, n] of hands) hand(type, n);
  const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: intl.startFen, policy: 'casual' as const, tags: [], computer, timeControl: null, created: '2026-11-27T10:00:00.000Z', t0: 0 };
  const text = writeJournal(header, game.entries);
  const r = resumeGame(parseJournal(new TextEncoder().encode(text)));
  if (!r.ok) throw new Error(r.reason);
  const back = step(r.state, { type: 'board', event: { type: 'link', state: 'connected', hello: HELLO, occupancy: SquareSet.from(game.state.referee!.occupied.toArray()), buttons: [], t: game.t + 5000 } }, game.t + 5000);
  return { text, state: back.state, effects: back.effects };
}

describe('a game against the computer, resumed', () => {
  it('keeps the computer in the journal\'s header and shows the move it was showing again, without thinking', () => {
    const r = resumed([]);
    expect(r.text.split('\n')[0]).toContain('"computer":{"side":"black","name":"dambord, level 5","spec":"builtin:level=5","level":5,"altMove":false}');
    expect(r.state.config.computer).toEqual(computer);
    expect(r.state.computer).toMatchObject({ activity: 'showing', move: { from: 18, to: 22 } });
    expect(r.effects.some((e) => e.type === 'think')).toBe(false);
    const frame = r.effects.filter((e) => e.type === 'leds').at(-1);
    expect(frame?.type === 'leds' && [frame.frame[18], frame.frame[22]]).toEqual(['slow', 'slow']);
  });

  it('thinks again when the move shown was made before the host stopped: White is to move, nothing is shown', () => {
    const r = resumed([['lift', 19], ['place', 23]]);
    expect(r.state.computer?.activity).toBe('idle');
    expect(r.state.referee?.game.moves).toHaveLength(2);
  });
});
