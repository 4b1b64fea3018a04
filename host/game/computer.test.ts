// The computer seated at the board (host/game/computer.ts through the game's step): the move it
// is asked for, shown on the LEDs and said, made by the hands and checked, made wrongly and put
// right, another legal move made for it, and an answer that comes too late. The hands are
// written by hand, square by square, as a person moves pieces in the international game: White
// 32-28, then the computer (Black) 19-23; White must take 28x19 (FMJD 4.2), and Black takes
// back 14x23.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, plainMove, variants } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import type { BoardEvent } from '../link/types.ts';
import type { ComputerConfig } from './computerConfig.ts';
import type { GameEffect, GameState } from './game.ts';
import { blind, casual, tournament } from './referee/policy.ts';
import type { Policy } from './referee/types.ts';
import { gameView } from './view.ts';
import { nextGame } from './nextGame.ts';
import { createGame, step } from './step.ts';

const v = variants.international;
const parsed = parseFen(v, v.startFen);
if (!parsed.ok) throw new Error(parsed.error.reason);
const start = parsed.position;
const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const at = (name: number) => name - 1;
/** A man's step between two squares named as on the board. */
const stepMove = (from: number, to: number): Move => plainMove(at(from), at(to), false);
/** A man's capture of one piece, as FMJD 4.5 describes it: from, over the piece, to the square beyond. */
const capture = (from: number, over: number, to: number): Move => ({ from: at(from), to: at(to), path: [at(to)], captured: [at(over)], capturedSet: SquareSet.from([at(over)]), promotes: false });

const BLACK: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

/** A game at the board against the computer, with what the hands do and what the game asks. */
function table(config: ComputerConfig = BLACK, policy: Policy = casual) {
  let state: GameState = createGame({ start, policy, players: { white: 'Anna', black: config.name }, tags: [], timeControl: null, hints: false, computer: config });
  let t = 1000;
  let seq = 0;
  const effects: GameEffect[] = [];
  const run = (input: Parameters<typeof step>[1]) => {
    const r = step(state, input, t);
    state = r.state;
    effects.push(...r.effects);
  };
  const board = (event: BoardEvent) => run({ type: 'board', event });
  board({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t });
  const hands = (...moves: ['lift' | 'place', number][]) => {
    for (const [type, sq] of moves) board({ type, square: at(sq), t: (t += 400), seq: ++seq, source: 'board' });
  };
  const thinks = () => effects.filter((e): e is Extract<GameEffect, { type: 'think' }> => e.type === 'think');
  const answer = (id: number, move: Move) => run({ type: 'engine', id, move, score: { kind: 'men', value: 0.1 }, pv: [move] });
  const press = (button: 'accept' | 'correct') => board({ type: 'button', button, down: true, t: (t += 400), seq: ++seq, source: 'board' });
  const resign = (color: 'white' | 'black') => run({ type: 'player', command: { type: 'resign', color } });
  const newGame = () => {
    const r = nextGame(state, [], t);
    if ('refused' in r) throw new Error(r.refused);
    state = r.state;
    effects.push(...r.effects);
    // The board set up again for the return game: the pieces back on the start position.
    board({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t: (t += 400) });
  };
  return { state: () => state, effects, hands, thinks, answer, press, resign, newGame };
}

describe('the computer at the board', () => {
  it('is asked for its move once the player has moved, and not before', () => {
    const g = table();
    expect(g.thinks()).toHaveLength(0);
    g.hands(['lift', 32], ['place', 28]);
    expect(g.thinks()).toHaveLength(1);
    expect(g.thinks()[0].game.moves).toHaveLength(1);
    expect(g.state().computer?.activity).toBe('thinking');
  });

  it('shows its move on the LEDs (from and to slowly) and says it, and the game goes on once the hands made it', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(g.thinks()[0].id, stepMove(19, 23));
    const s = g.state();
    expect(s.computer?.activity).toBe('showing');
    expect(s.log.at(-1)).toBe('The computer plays 19-23.');
    const frame = g.effects.filter((e) => e.type === 'leds').at(-1);
    expect(frame?.type === 'leds' && [frame.frame[at(19)], frame.frame[at(23)]]).toEqual(['slow', 'slow']);
    g.hands(['lift', 19], ['place', 23]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().sheet.items.filter((i) => i.kind === 'move').map((i) => i.kind === 'move' && i.text)).toEqual(['32-28', '19-23']);
  });

  it('shows a capture with the piece to take off fast, and waits until it is off, taken off at any pace (FMJD 4.11)', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 19], ['place', 23]);
    // White must take 28x19 (FMJD 4.2): the capturing piece first, the captured one after.
    g.hands(['lift', 28], ['place', 19], ['lift', 23]);
    expect(g.thinks()).toHaveLength(2);
    g.answer(2, capture(14, 19, 23));
    const frame = g.effects.filter((e) => e.type === 'leds').at(-1);
    expect(frame?.type === 'leds' && [frame.frame[at(14)], frame.frame[at(23)], frame.frame[at(19)]]).toEqual(['slow', 'slow', 'fast']);
    expect(g.state().log.at(-1)).toBe('The computer plays 14x23.');
    g.hands(['lift', 14], ['place', 23]);
    expect(g.state().computer?.activity).toBe('showing');
    g.hands(['lift', 19]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().referee?.game.moves).toHaveLength(4);
  });

  it('playing White, is asked for the first move as soon as the board shows the start position (FMJD 3.3: White moves first)', () => {
    const g = table({ ...BLACK, side: 'white' });
    expect(g.thinks()).toHaveLength(1);
    expect(g.thinks()[0].game.moves).toHaveLength(0);
    g.answer(1, stepMove(32, 28));
    g.hands(['lift', 32], ['place', 28]);
    expect(g.state().computer?.activity).toBe('idle');
    g.hands(['lift', 19], ['place', 23]);
    expect(g.thinks()).toHaveLength(2);
  });

  it('drops an answer to an earlier question: only the last one asked is shown', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(7, stepMove(19, 23));
    expect(g.state().computer?.activity).toBe('thinking');
    g.answer(g.thinks()[0].id, stepMove(19, 24));
    expect(g.state().computer?.move?.to).toBe(at(24));
  });

  it('drops an answer to a question about a move taken back (5.4.4, accepted with the board\'s button)', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    const late = g.thinks()[0].id;
    // The player puts 32-28 back while the computer thinks, and the takeback is accepted.
    g.hands(['lift', 28], ['place', 32]);
    g.press('accept');
    expect(g.state().referee?.game.moves).toHaveLength(0);
    expect(g.state().computer?.activity).toBe('idle');
    g.answer(late, stepMove(19, 23));
    expect(g.state().computer?.activity).toBe('idle');
    g.hands(['lift', 33], ['place', 29]);
    g.answer(late, stepMove(19, 23));
    expect(g.state().computer?.activity).toBe('thinking');
    g.answer(g.thinks().at(-1)!.id, stepMove(19, 24));
    expect(g.state().computer?.move?.to).toBe(at(24));
  });

  it('drops an answer to the last game\'s question, come after the player resigned and a new game began', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    const late = g.thinks()[0].id;
    g.resign('white');
    expect(g.state().computer?.activity).toBe('idle');
    g.newGame();
    // The return game: the computer has White and thinks on the start position.
    expect(g.state().computer?.config.side).toBe('white');
    expect(g.thinks().at(-1)?.id).not.toBe(late);
    g.answer(late, stepMove(32, 28));
    expect(g.state().computer?.activity).toBe('thinking');
  });

  it('names a move made wrongly and has it put back (FMJD 5.4: the computer corrects its own hands)', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    // The piece on 19 put down on 32, where no move takes it.
    g.hands(['lift', 19], ['place', 32]);
    const s = g.state();
    expect(s.log).toContain("The computer's piece goes to 23, not 32.");
    expect(s.log.some((l) => l.startsWith("The computer's move was not made as shown"))).toBe(true);
    expect(s.referee?.mode.kind).toBe('correcting');
    g.hands(['lift', 32], ['place', 19]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(g.state().computer?.activity).toBe('showing');
    g.hands(['lift', 19], ['place', 23]);
    expect(g.state().referee?.game.moves).toHaveLength(2);
  });

  it('names the wrong piece taken off a capture and has the move put back (FMJD 4.11, 5.4)', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 19], ['place', 23], ['lift', 28], ['place', 19], ['lift', 23]);
    g.answer(2, capture(14, 19, 23));
    // The capturing man lands on 23, and the hand takes off the black man on 18 instead of White's on 19.
    g.hands(['lift', 14], ['place', 23], ['lift', 18]);
    expect(g.state().log.at(-1)).toBe('Take the piece off 19, not 18.');
    // The hand takes 19 off as well: its own man taken off is judged (5.4.14) and put back.
    g.hands(['lift', 19]);
    expect(g.state().referee?.mode.kind).toBe('correcting');
    g.hands(['place', 18]);
    expect(g.state().referee?.game.moves).toHaveLength(4);
    expect(g.state().computer?.activity).toBe('idle');
  });

  it('with --alt-move, takes another legal move made for it as its move, and thinks again on the player\'s next move', () => {
    const g = table({ ...BLACK, altMove: true });
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 18], ['place', 22]);
    expect(g.state().log.at(-1)).toBe("18-22 is taken as the computer's move.");
    expect(g.state().computer?.activity).toBe('idle');
    g.hands(['lift', 28], ['place', 23]);
    expect(g.thinks()).toHaveLength(2);
  });
});

describe('another legal move made for the computer', () => {
  it('is named and put right by default: the hands take it back (5.4.4) and then make the move shown', () => {
    const g = table();
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 18], ['place', 22]);
    expect(g.state().log.at(-1)).toBe("18-22 is not the computer's move: put it back as the lights show, then play 19-23.");
    const frame = g.effects.filter((e) => e.type === 'leds').at(-1);
    expect(frame?.type === 'leds' && [frame.frame[at(22)], frame.frame[at(18)]]).toEqual(['fast', 'alternate']);
    g.hands(['lift', 22], ['place', 18]);
    expect(g.state().referee?.game.moves).toHaveLength(1);
    expect(g.state().computer?.activity).toBe('showing');
    g.hands(['lift', 19], ['place', 23]);
    expect(g.state().referee?.game.moves.map((m) => m.to)).toEqual([at(28), at(23)]);
    expect(g.thinks()).toHaveLength(1);
    // The scoresheet says what happened: nobody accepted anything.
    expect(g.state().sheet.items.map((i) => (i.kind === 'move' ? i.text : i.comment))).toEqual(['32-28', '18-22 was made for the computer, whose move was 19-23: put right.', '19-23']);
  });
});

describe('the view of the computer (PlayView.engine)', () => {
  const view = (g: ReturnType<typeof table>) => gameView(g.state(), 0, { health: null, simulated: true }).engine;

  it('says it thinks, then shows its capture with the route and the piece taken, in the variant\'s notation, with its score and line', () => {
    const g = table();
    expect(view(g)).toEqual({ side: 'black', name: 'dambord, level 5', level: 5, state: 'idle', move: null, score: null, pv: null });
    g.hands(['lift', 32], ['place', 28]);
    expect(view(g)?.state).toBe('thinking');
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 19], ['place', 23], ['lift', 28], ['place', 19], ['lift', 23]);
    g.answer(2, capture(14, 19, 23));
    expect(view(g)).toEqual({ side: 'black', name: 'dambord, level 5', level: 5, state: 'showing', move: { text: '14x23', from: '14', to: '23', route: ['14', '23'], captured: ['19'] }, score: { kind: 'men', value: 0.1 }, pv: ['14x23'] });
  });

  it('gives no score nor line under the tournament policy', () => {
    const g = table(BLACK, tournament);
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    expect(view(g)).toMatchObject({ state: 'showing', move: { text: '19-23' }, score: null, pv: null });
  });
});

describe.each([tournament, casual, blind])('under the $name policy', (policy) => {
  it('the move shown, made wrongly, is put back (5.4) and then made; the game goes on', () => {
    const g = table(BLACK, policy);
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 19], ['place', 32]);
    expect(g.state().referee?.mode.kind).toBe('correcting');
    g.hands(['lift', 32], ['place', 19], ['lift', 19], ['place', 23]);
    expect(g.state().referee?.game.moves.map((m) => m.to)).toEqual([at(28), at(23)]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().irregularity).toBeNull();
  });

  it('another legal move made for it is put right (taken back, 5.4.4) and the move shown made', () => {
    const g = table(BLACK, policy);
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, stepMove(19, 23));
    g.hands(['lift', 18], ['place', 22]);
    expect(g.state().computer?.putRight).not.toBeNull();
    g.hands(['lift', 22], ['place', 18]);
    expect(g.state().referee?.mode.kind).toBe('play');
    g.hands(['lift', 19], ['place', 23]);
    expect(g.state().referee?.game.moves.map((m) => m.to)).toEqual([at(28), at(23)]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().irregularity).toBeNull();
  });
});
