// A resumed game's log counts the moves as the scoresheet numbers them (issue 29: moves counted
// as moves, plies only where said): "resumed the game after 2 moves (3 plies)", where it said
// "after 3 plies"; from a position set up with Black to move (FMJD 3.3 has White move first),
// `1... 19-23 2. 32-28` is 2 moves of 2 plies.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants } from '../../rules/index.ts';
import type { Position } from '../../rules/index.ts';
import { JOURNAL_FORMAT, parseJournal, writeJournal } from './journal/record.ts';
import { casual } from './referee/policy.ts';
import { resumeGame } from './resume.ts';
import { step } from './step.ts';
import { journaledGame } from './testing/journaled.ts';
import type { Language } from '../words/catalogue.ts';

const intl = variants.international;
const HELLO = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const occupied = (p: Position) => SquareSet.from([...p.board.keys()].filter((i) => p.board[i] !== 0));

/** The log of the game from `fen` with `moves` (`32-28`, by hand on the board), journaled, resumed and its board connected again. */
function resumedLog(fen: string, moves: readonly string[], lang: Language = 'en'): readonly string[] {
  const start = parseFen(intl, fen);
  if (!start.ok) throw new Error(start.error.reason);
  const game = journaledGame({ start: start.position, policy: casual, players: { white: 'Anna', black: 'Bert' }, tags: [], timeControl: null, hints: false, lang });
  const { entries, input } = game;
  input({ type: 'board', event: { type: 'link', state: 'connected', hello: HELLO, occupancy: occupied(start.position), buttons: [], t: 0 } });
  let seq = 0;
  for (const m of moves) {
    const [from, to] = m.split('-').map(Number);
    for (const [type, n] of [['lift', from], ['place', to]] as const) input({ type: 'board', event: { type, square: n - 1, t: game.t + 500, seq: ++seq, source: 'board' } });
  }
  input({ type: 'tick' });
  const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: fen, policy: 'casual' as const, lang, tags: [], timeControl: null, created: '2026-11-26T10:00:00.000Z', t0: 0 };
  const r = resumeGame(parseJournal(new TextEncoder().encode(writeJournal(header, entries))));
  if (!r.ok) throw new Error(r.reason);
  // The board connects again with the pieces where the game left them.
  const last = game.state.sheet.items.filter((x) => x.kind === 'move').at(-1);
  const back = step(r.state, { type: 'board', event: { type: 'link', state: 'connected', hello: HELLO, occupancy: occupied(last ? last.after : start.position), buttons: [], t: game.t + 5000 } }, game.t + 5000);
  return back.state.log;
}

describe('a resumed game says how far it was in moves', () => {
  it('FMJD 3.3, White first: 1. 33-29 18-22 2. 39-33 is 2 moves, 3 plies', () => {
    expect(resumedLog(intl.startFen, ['33-29', '18-22', '39-33'])).toContain('resumed the game after 2 moves (3 plies)');
  });

  it('set up with Black to move: 1... 19-23 2. 32-28 is 2 moves, 2 plies; in Dutch too', () => {
    expect(resumedLog('B:W31-50:B1-20', ['19-23', '32-28'])).toContain('resumed the game after 2 moves (2 plies)');
    expect(resumedLog('B:W31-50:B1-20', ['19-23'], 'nl')).toContain('de partij is hervat na 1 zet (1 halve zet)');
  });
});
