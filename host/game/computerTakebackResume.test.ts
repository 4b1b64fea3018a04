// A game against the computer with take backs and a hint, journaled and resumed (`--resume
// last`): the same game comes back, moves and scoresheet, and the journal's header keeps
// `--no-hints` and `--training`. The hands are written by hand in the international game:
// White (the player) 32-28, the computer 19-24; White 37-32, the computer 14-19; one pair taken
// back by the hands (FMJD 5.4.4), another by command; a hint asked; White 33-29.
import { describe, expect, it } from 'vitest';
import { SquareSet, variants } from '../../rules/index.ts';
import type { ComputerConfig } from './computerConfig.ts';
import { JOURNAL_FORMAT, parseJournal, writeJournal } from './journal/record.ts';
import { resumeGame } from './resume.ts';
import { step } from './step.ts';
import { BLACK, computerTable, stepMove } from './testing/computerTable.ts';

const HELLO = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };

function resumed(computer: ComputerConfig, g: ReturnType<typeof computerTable>) {
  const intl = variants.international;
  const header = { format: JOURNAL_FORMAT, variant: 'international' as const, start: intl.startFen, policy: 'casual' as const, tags: [], computer, timeControl: null, created: '2026-11-27T10:00:00.000Z', t0: 0 };
  const text = writeJournal(header, g.journaled());
  const r = resumeGame(parseJournal(new TextEncoder().encode(text)));
  if (!r.ok) throw new Error(r.reason);
  const t = g.now() + 5000;
  const back = step(r.state, { type: 'board', event: { type: 'link', state: 'connected', hello: HELLO, occupancy: SquareSet.from(g.state().referee!.occupied.toArray()), buttons: [], t } }, t);
  return { text, state: back.state };
}

describe('a game against the computer with take backs and a hint, resumed', () => {
  it('comes back with the same moves and scoresheet, and its header keeps --no-hints and --training', () => {
    const computer: ComputerConfig = { ...BLACK, hints: false, training: true };
    const g = computerTable(computer);
    const reply = (from: number, to: number) => g.answer(g.thinks().at(-1)!.id, stepMove(from, to));
    g.hands(['lift', 32], ['place', 28]);
    reply(19, 24);
    g.hands(['lift', 19], ['place', 24], ['lift', 37], ['place', 32]);
    reply(14, 19);
    g.hands(['lift', 14], ['place', 19]);
    // The computer's 14-19 and the player's 37-32 put back by the hands.
    g.hands(['lift', 19], ['place', 14], ['lift', 32], ['place', 37]);
    // The computer's 19-24 and the player's 32-28 taken back by command, the hands following the lights.
    g.command({ type: 'take-back' });
    g.hands(['lift', 24], ['lift', 28], ['place', 19], ['place', 32]);
    g.hands(['lift', 33], ['place', 29]);
    expect(g.state().referee?.game.moves).toHaveLength(1);
    const r = resumed(computer, g);
    expect(r.text.split('\n')[0]).toContain('"hints":false,"training":true');
    expect(r.state.config.computer).toEqual(computer);
    expect(r.state.referee?.game.moves).toEqual(g.state().referee?.game.moves);
    expect(r.state.sheet.items).toEqual(g.state().sheet.items);
    expect(r.state.sheet.items.map((i) => (i.kind === 'move' ? i.text : i.comment))).toEqual([
      // The moves taken back one pair after the other are named in one note, in the order they were played.
      "Taken back at the player's request: 32-28 19-24 37-32 14-19.",
      '33-29',
    ]);
  });
});
