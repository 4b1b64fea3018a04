// What the referee will judge when play goes on, told before (dambord issue 28: "nothing goes
// unsaid"). The hands are written as a player's; the positions and sentences from the rules.

import { describe, expect, it } from 'vitest';
import { parseFen, variants, writeFen } from '../../../rules/index.ts';
import { eventsOf, parseActionScript } from '../../script/actions.ts';
import { foresee, pendingAtEnd } from './foresee.ts';
import type { Foresight } from './foresee.ts';
import { blind, casual, digitise, tournament } from './policy.ts';
import { createReferee, step } from './referee.ts';
import type { RefereeState } from './referee.ts';
import type { Policy, RefereeOutput } from './types.ts';

const intl = variants.international;
/** Square number n as the referee's index. */
const sq = (n: number): number => n - 1;

/** The referee after the hands of `script` from `fen`, and everything it said. */
function hands(script: string, fen = intl.startFen, policy: Policy = tournament): { state: RefereeState; said: RefereeOutput[] } {
  const parsed = parseActionScript(script, intl);
  const start = parseFen(intl, fen);
  if (!parsed.ok || !start.ok) throw new Error('bad script or FEN');
  const events = eventsOf(parsed.actions).map((e) => e.event);
  let state = createReferee(start.position, policy, events[0]?.t ?? 0);
  const said: RefereeOutput[] = [];
  for (const e of events) {
    const r = step(state, e);
    state = r.state;
    said.push(...r.outputs);
  }
  return { state, said };
}

/** A foresight as the tests write it: squares in numbers, the position if it stands as FEN. */
function plain(f: Foresight): Record<string, unknown> {
  if (f.kind === 'mismatch') return { kind: f.kind, clear: f.clear.map((s) => s + 1), message: f.message };
  return { code: f.code, article: f.article, side: f.side, decision: f.decision, squares: f.squares.map((s) => s + 1), fen: writeFen(f.stands), message: f.message };
}

/** A missed capture foreseen (FMJD 5.4.6), as `plain` writes it: who, the squares named, the position if it stands, the sentence. */
const missed = (side: 'white' | 'black', squares: number[], fen: string, message: string, decision = 'decide') => ({ code: 'capture-missed', article: '5.4.6', side, decision, squares, fen, message });

// 1. 32-28 19-23: White's 28 must take 23 (28x19, FMJD 4.1, 4.2).
const OPENING = 'lift 32\nplace 28\nlift 19\nplace 23\n';

describe('foresee: a complete irregular move named at once, decided only when play goes on', () => {
  it('FMJD 5.4.6: White plays 33-29 though 28x19 is compulsory: foreseen, nothing said yet, Black to decide', () => {
    const { state, said } = hands(`${OPENING}lift 33\nplace 29\n`);
    expect(said.map((o) => o.type)).toEqual(['move', 'move']);
    expect(foresee(state).map(plain)).toEqual([
      missed('white', [33, 29, 28], 'B:W28,29,31,34-50:B1-18,20,23', 'White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.'),
    ]);
  });

  it('FMJD 5.4.6: Black plays 19-23 though 22x33 is compulsory: foreseen, White to decide', () => {
    // 1. 32-28 18-22 2. 33-29: Black's 22 must take 28 (22x33).
    const { state } = hands('lift 32\nplace 28\nlift 18\nplace 22\nlift 33\nplace 29\nlift 19\nplace 23\n');
    expect(foresee(state).map(plain)).toEqual([
      missed('black', [19, 23, 22], 'W:W28,29,31,34-50:B1-17,20,22,23', 'Black played 19-23 although a capture was compulsory. White decides once Black presses the clock or White moves.'),
    ]);
  });

  it('FMJD 5.7: Black plays on with 18-22, itself missing 23x32: both turns foreseen, in order', () => {
    const { state, said } = hands(`${OPENING}lift 33\nplace 29\nlift 18\nplace 22\n`);
    expect(said.map((o) => o.type)).toEqual(['move', 'move']);
    const found = foresee(state).map(plain);
    expect(found.map((f) => [f.side, f.code, f.fen])).toEqual([
      ['white', 'capture-missed', 'B:W28,29,31,34-50:B1-18,20,23'],
      ['black', 'capture-missed', 'W:W28,29,31,34-50:B1-17,20,22,23'],
    ]);
    expect(found[1].message).toBe('Black played 18-22 although a capture was compulsory. White decides once Black presses the clock or White moves.');
  });

  it('what the clock then decides is what was foreseen', () => {
    const { state } = hands(`${OPENING}lift 33\nplace 29\n`);
    const pressed = step(state, { type: 'press', button: 'clock', t: state.now + 200 }).outputs;
    expect(pressed).toEqual([expect.objectContaining({ type: 'irregularity', code: 'capture-missed', squares: [sq(33), sq(29), sq(28)], side: 'white', decision: 'decide' })]);
  });

  it('a board no move explains (a piece put on 25 from outside): foreseen as the board to put right', () => {
    const { state } = hands('place 25\n');
    expect(foresee(state).map(plain)).toEqual([{ kind: 'mismatch', clear: [25], message: 'The board does not show the game: take the piece off 25. This is said once White presses the clock or Black moves.' }]);
  });
});

describe('foresee: in every policy', () => {
  it.each([casual, blind])('FMJD 5.4.6, $name policy: 33-29 foreseen for Black to decide', (policy) => {
    const { state } = hands(`${OPENING}lift 33\nplace 29\n`, intl.startFen, policy);
    expect(foresee(state).map(plain)).toMatchObject([{ code: 'capture-missed', side: 'white', decision: 'decide' }]);
  });

  it('FMJD 5.4.6, a game being recorded (digitise): 33-29 foreseen as put back, nobody deciding', () => {
    const { state } = hands(`${OPENING}lift 33\nplace 29\n`, intl.startFen, digitise);
    expect(foresee(state).map(plain)).toEqual([
      missed('white', [33, 29, 28], 'W:W28,31,33-50:B1-18,20,23', 'White played 33-29 although a capture was compulsory. The position before it is put back once White presses the clock or Black moves.', 'correct'),
    ]);
  });
});

describe('foresee: nothing while a move is in progress or the board shows a legal one', () => {
  it('the board at rest after 32-28 19-23, and a legal move shown', () => {
    expect(foresee(hands(OPENING).state)).toEqual([]);
    expect(foresee(hands('lift 32\nplace 28\n').state)).toEqual([]);
  });

  it("FMJD 3.10: White's 33 in the hand is a move in progress, not a piece removed", () => {
    expect(foresee(hands(`${OPENING}lift 33\n`).state)).toEqual([]);
  });

  it("FMJD 3.14: Black's 18 held while White is to move is in the air, not yet a removal", () => {
    expect(foresee(hands('lift 18\n').state)).toEqual([]);
  });

  it('FMJD 4.11, 5.4.11: 28x19 landed, 23 still to be taken off: a capture under way, not an incomplete removal', () => {
    const { state, said } = hands('lift 28\nplace 19\n', 'W:W28:B10,23');
    expect(said).toEqual([]);
    expect(foresee(state)).toEqual([]);
    // The hands withdrawn for good: the piece left on 23 is what the clock would flag (5.4.11).
    expect(pendingAtEnd(state).map(plain)).toEqual([
      {
        code: 'incomplete-removal',
        article: '5.4.11',
        side: 'white',
        decision: 'decide',
        squares: [23],
        fen: 'B:W19:B10,23',
        message: 'White left the captured piece on 23 on the board. Black decides once White presses the clock or Black moves.',
      },
    ]);
  });
});

describe('pendingAtEnd: an irregularity flagged and not decided', () => {
  it('FMJD 5.4.6: 33-29 flagged by the clock, Black never decides: still waiting, the position if it stands', () => {
    const { state } = hands(`${OPENING}lift 33\nplace 29\npress clock\n`);
    expect(foresee(state)).toEqual([]);
    expect(pendingAtEnd(state).map(plain)).toEqual([missed('white', [], 'B:W28,29,31,34-50:B1-18,20,23', 'Black has not decided yet: accept or correct.')]);
  });
});
