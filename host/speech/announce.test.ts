// What the board says, by article: hands written here by hand (action scripts and board
// events), the words heard checked sentence by sentence. The catalogue is English; every
// language is heard by the listener test (test/speech/listener.test.ts).
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, plainMove, variants } from '../../rules/index.ts';
import type { GameConfig, GameInput, GameState } from '../game/game.ts';
import { blind, casual, tournament } from '../game/referee/policy.ts';
import { replayEvents } from '../game/replay.ts';
import { createGame, step } from '../game/step.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { announce, createAnnouncer } from './announce.ts';
import type { Announcement } from './announce.ts';

const intl = variants.international;
const config = (over: Partial<GameConfig> = {}): GameConfig => {
  const start = parseFen(intl, intl.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  return { start: start.position, policy: tournament, players: { white: '?', black: '?' }, tags: [], timeControl: null, hints: false, ...over };
};

/** What is said when `script` (an action script) is played, after the board connects: kind and text. */
function heard(script: string, over: Partial<GameConfig> = {}, queries = false): [string, string][] {
  const parsed = parseActionScript(script, intl);
  if (!parsed.ok) throw new Error(parsed.reason);
  let a = createAnnouncer('en', { queries });
  const said: Announcement[] = [];
  replayEvents(config(over), eventsOf(parsed.actions).map((e) => e.event), (seen) => {
    const r = announce(a, seen);
    a = r.announcer;
    said.push(...r.said);
  });
  return said.slice(2).map((x) => [x.kind, x.text]);
}

/** A game driven input by input (board events with their own times, button releases, commands, ticks). */
function driver(over: Partial<GameConfig> = {}, queries = false) {
  let state: GameState = createGame(config(over));
  let a = createAnnouncer('en', { queries });
  const said: [string, string][] = [];
  let seq = 0;
  const feed = (input: GameInput, now: number) => {
    const r = step(state, input, now);
    const x = announce(a, { input, before: state, after: r.state, effects: r.effects, now });
    state = r.state;
    a = x.announcer;
    said.push(...x.said.map((s): [string, string] => [s.kind, s.text]));
  };
  const occupancy = new Set([...state.config.start.board.keys()].filter((sq) => state.config.start.board[sq] !== 0));
  feed({ type: 'board', event: { type: 'link', state: 'connected', hello: { fw: 'test', buttons: 4, caps: [], ring: 0, boot: 0, extra: {}, squares: 50 }, occupancy: occupancy as never, buttons: [], t: 0 } }, 0);
  said.length = 0;
  return {
    said,
    hand: (type: 'lift' | 'place', square: number, t: number) => feed({ type: 'board', event: { type, square: square - 1, t, seq: ++seq, source: 'board' } }, t),
    button: (button: 'clock' | 'accept' | 'correct' | 'jadoube', down: boolean, t: number) => feed({ type: 'board', event: { type: 'button', button, down, t, seq: ++seq, source: 'board' } }, t),
    tick: (t: number) => feed({ type: 'tick' }, t),
    input: feed,
  };
}

describe('the words of the game', () => {
  it('FMJD 4.5: a move, then a capture read with every landing square', () => {
    expect(heard('lift 32\nplace 28\npress clock\nlift 19\nplace 23\npress clock\nlift 28\nplace 19\nlift 23\npress clock')).toEqual([
      ['move', '32 to 28'],
      ['move', '19 to 23'],
      ['move', '28 takes 19'],
    ]);
  });

  it('FMJD 5.4: a missed capture: what happened, the article, who decides, what was required; then the correction one step at a time (5.8)', () => {
    const said = heard('lift 32\nplace 28\npress clock\nlift 19\nplace 23\npress clock\nlift 31\nplace 27\npress clock\npress correct\nlift 27\nplace 31\npress clock\n');
    expect(said.slice(2)).toEqual([
      ['irregularity', 'White played 31 to 27 although a capture was compulsory. Article 5.4.6. Black decides: accept, or have it corrected. White must capture: 28 takes 19.'],
      ['correction', 'Black has it corrected: the position before it is put back.'],
      ['correction', 'Take the piece off 27.'],
      ['correction', 'Put a white man on 31.'],
      ['correction', 'The position is back. White to move.'],
    ]);
  });

  it('FMJD 5.4.4: a takeback accepted names the move taken back and who moves', () => {
    const said = heard('lift 32\nplace 28\npress clock\nlift 19\nplace 23\npress clock\nlift 23\nplace 19\npress clock\npress accept');
    expect(said.at(-1)).toEqual(['irregularity', 'White accepts: 19 to 23 is taken back. Black to move.']);
  });

  it('FMJD 5.4.3: a touch-move irregularity says the touched piece must be played', () => {
    const said = heard('lift 31\nwait 2000\nplace 31\nlift 32\nplace 28\npress clock');
    expect(said[0][0]).toBe('irregularity');
    expect(said[0][1]).toContain('touched the piece on 31 and moved the piece on 32 instead');
    expect(said[0][1]).toContain('White must play the piece on 31.');
  });

  it('results and their reason; a resignation names who resigned', () => {
    expect(heard('lift 32\nplace 28\npress clock\nresign black').at(-1)).toEqual(['result', 'White wins: Black resigned.']);
    expect(heard('lift 32\nplace 28\npress clock\ndraw').at(-1)).toEqual(['result', 'Draw: agreed.']);
  });

  it('the link: the board disconnected is said at once', () => {
    const d = driver();
    d.input({ type: 'board', event: { type: 'link', state: 'lost', reason: 'heartbeat', detail: 'no line for 3000 ms', t: 500 } as never }, 500);
    expect(d.said).toEqual([['link', 'The board is disconnected. The game is kept; connect the board again.']]);
  });

  it('draw offers: offered, and declined by playing on', () => {
    const d = driver();
    d.input({ type: 'player', command: { type: 'draw', color: 'white' } }, 100);
    d.hand('lift', 32, 200);
    d.hand('place', 28, 400);
    d.button('clock', true, 600);
    expect(d.said).toEqual([['result', 'White offers a draw.'], ['move', '32 to 28']]);
    d.hand('lift', 19, 800);
    d.hand('place', 23, 1000);
    d.button('clock', true, 1200);
    expect(d.said.slice(2)).toEqual([['move', '19 to 23'], ['result', 'Black plays on: the draw is declined.']]);
  });

  it('Latvian 10.3, 7.1.2.5: the clock warns at one minute, 30 s and 10 s, then the flag falls', () => {
    const d = driver({ timeControl: { kind: 'timed', periods: [{ moves: null, seconds: 70, increment: 0 }] } as never });
    d.hand('lift', 32, 0);
    d.hand('place', 28, 200);
    d.button('clock', true, 400);
    for (let t = 1_000; t <= 75_000; t += 1_000) d.tick(t);
    const clock = d.said.filter(([k]) => k === 'clock' || k === 'result').map(([, text]) => text);
    expect(clock).toEqual(['Black: 1 minute left.', 'Black: 30 seconds left.', 'Black: 10 seconds left.', "Black's time has run out.", "White wins: Black's time ran out."]);
  });
});

describe('the board as keyboard (FMJD 3.11 as IBCA applies it: felt is not touched)', () => {
  it('a piece lifted and held says its square and where it may go, then its diagonals; put back, it was felt, no irregularity', () => {
    const said = heard('lift 32\nwait 1200\nwait 3000\nplace 32\nlift 32\nplace 28\npress clock', { policy: blind }, true);
    expect(said).toEqual([
      ['query', 'White man on 32. It may go to 27 or 28.'],
      // The diagonals through 32 (FMJD 2.6's numbering): 16-21-27-32-38-43-49 and 5-10-14-19-23-28-32-37-41-46.
      ['query', 'The diagonal 16 to 49: black man on 16, white man on 32, white man on 38, white man on 43, and white man on 49. The diagonal 5 to 46: black man on 5, black man on 10, black man on 14, black man on 19, white man on 32, white man on 37, white man on 41, and white man on 46.'],
      ['move', '32 to 28'],
    ]);
  });

  it('Accept with nothing to decide repeats the last move, again the last two; Correct says whose turn and the clocks', () => {
    const d = driver({ policy: blind }, true);
    d.hand('lift', 32, 0);
    d.hand('place', 28, 200);
    d.button('clock', true, 400);
    d.hand('lift', 19, 600);
    d.hand('place', 23, 800);
    d.button('clock', true, 1000);
    d.said.length = 0;
    d.button('accept', true, 2000);
    d.button('accept', false, 2100);
    d.button('accept', true, 3000);
    d.button('accept', false, 3100);
    d.button('correct', true, 4000);
    d.button('correct', false, 4100);
    expect(d.said).toEqual([
      ['query', 'The last move: Black 19 to 23.'],
      ['query', 'The last 2 moves: White 32 to 28 and Black 19 to 23.'],
      ['query', 'White to move, move 2. No clock is running.'],
    ]);
  });

  it('held one second, Correct reads the position by rows and Accept the pieces by kind', () => {
    const d = driver({ policy: blind }, true);
    d.button('correct', true, 1000);
    d.tick(1500);
    d.tick(2100);
    d.button('correct', false, 2200);
    const rows = d.said.find(([, text]) => text.startsWith('Row 1:'))?.[1] ?? '';
    expect(rows).toContain('Row 1: black man on 1, black man on 2, black man on 3, black man on 4, and black man on 5.');
    expect(rows).toContain('Row 5: empty.');
    d.button('accept', true, 3000);
    d.tick(4100);
    expect(d.said.at(-1)).toEqual(['query', 'White men: 20 on 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, and 50. White kings: none. Black men: 20 on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, and 20. Black kings: none.']);
  });

  it('a press the referee acts on (a decision to take) asks nothing', () => {
    const d = driver({ policy: blind }, true);
    d.hand('lift', 32, 0);
    d.hand('place', 28, 200);
    d.hand('lift', 31, 400);
    d.hand('place', 27, 600);
    d.button('clock', true, 800);
    d.button('correct', true, 1000);
    expect(d.said.some(([k]) => k === 'query')).toBe(false);
  });
});

describe('a new game at the board', () => {
  it('the next game (colours swapped, host/game/nextGame.ts) has its own low-time alarms; the ids go on', () => {
    const tc = { timeControl: { kind: 'timed', periods: [{ moves: null, seconds: 70, increment: 0 }] } as never };
    const first = createGame(config(tc));
    const second = createGame(config(tc));
    let a = createAnnouncer('en');
    const clockOf = (s: GameState): GameState => ({ ...s, clock: { ...s.clock!, state: 'running', since: 0, toMove: 'white' } });
    const tick = (s: GameState, now: number) => {
      const r = announce(a, { input: { type: 'tick' }, before: s, after: s, effects: [], now });
      a = r.announcer;
      return r.said;
    };
    expect(tick(clockOf(first), 15_000).map((x) => x.text)).toEqual(['White: 55 seconds left.']);
    expect(tick(clockOf(first), 16_000)).toEqual([]);
    const again = tick(clockOf(second), 15_000);
    expect(again.map((x) => x.text)).toEqual(['White: 55 seconds left.']);
    expect(again[0].id).toBe(2);
  });

  it("a game whose language the page's settings changed is spoken in it; a game in the same language keeps the voice's", () => {
    const tc = { timeControl: { kind: 'timed', periods: [{ moves: null, seconds: 70, increment: 0 }] } as never };
    let a = createAnnouncer('hr');
    const running = (s: GameState): GameState => ({ ...s, clock: { ...s.clock!, state: 'running', since: 0, toMove: 'white' } });
    const tick = (s: GameState) => {
      const r = announce(a, { input: { type: 'tick' }, before: s, after: s, effects: [], now: 15_000 });
      a = r.announcer;
      return r.said.map((x) => x.lang);
    };
    // `--voice hr --lang en`: the log in English, the voice Croatian, for this game and the next.
    expect(tick(running(createGame(config({ ...tc, lang: 'en' }))))).toEqual(['hr']);
    expect(tick(running(createGame(config({ ...tc, lang: 'en' }))))).toEqual(['hr']);
    // The page set Dutch for the next game: it is spoken in Dutch.
    expect(tick(running(createGame(config({ ...tc, lang: 'nl' }))))).toEqual(['nl']);
  });
});

describe('the computer at the board', () => {
  it('its move is said with the whole route, as a capture is read (FMJD 4.5)', () => {
    const d = driver({ policy: casual, computer: { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false } });
    const at = (n: number) => n - 1;
    d.hand('lift', 32, 100);
    d.hand('place', 28, 200);
    d.input({ type: 'engine', id: 1, move: plainMove(at(19), at(23), false), score: null, pv: [] }, 300);
    d.hand('lift', 19, 400);
    d.hand('place', 23, 500);
    d.hand('lift', 28, 600);
    d.hand('place', 19, 700);
    d.hand('lift', 23, 800);
    d.input({ type: 'engine', id: 2, move: { from: at(14), to: at(23), path: [at(23)], captured: [at(19)], capturedSet: SquareSet.from([at(19)]), promotes: false }, score: null, pv: [] }, 900);
    expect(d.said.filter(([kind]) => kind === 'move')).toEqual([
      ['move', '32 to 28'],
      ['move', 'The computer plays 19 to 23.'],
      ['move', '19 to 23'],
      ['move', '28 takes 19'],
      ['move', 'The computer plays 14 takes 23.'],
    ]);
  });
});

describe('the computer\'s move made otherwise than shown', () => {
  const computer = { side: 'black' as const, name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };
  const shown = (d: ReturnType<typeof driver>) => {
    d.hand('lift', 32, 100);
    d.hand('place', 28, 200);
    d.input({ type: 'engine', id: 1, move: plainMove(18, 22, false), score: null, pv: [] }, 300);
  };

  it('FMJD 5.4: its piece put down elsewhere is named, square by square', () => {
    const d = driver({ policy: casual, computer });
    shown(d);
    d.hand('lift', 19, 400);
    d.hand('place', 32, 500);
    expect(d.said).toContainEqual(['correction', "The computer's piece goes to 23, not 32."]);
  });

  it('FMJD 5.4.4: another legal move made for it is named with the move to make instead', () => {
    const d = driver({ policy: casual, computer });
    shown(d);
    d.hand('lift', 18, 400);
    d.hand('place', 22, 500);
    expect(d.said).toContainEqual(['correction', "18 to 22 is not the computer's move: put it back as the lights show, then play 19 to 23."]);
  });
});

describe('a hint against the computer, for a blind player (issue 14\'s policy)', () => {
  it('is said with the whole route of a capture, as the computer\'s move is (FMJD 4.5)', () => {
    // Black (the player) with a man on 11 must take three: 11x22x33x44 over 17, 28 and 39 (FMJD 4.5, 4.13).
    const start = parseFen(variants.international, 'B:W17,28,39,48:B11,3');
    if (!start.ok) throw new Error(start.error.reason);
    const d = driver({ policy: blind, start: start.position, computer: { side: 'white', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false } });
    const at = (n: number) => n - 1;
    d.input({ type: 'player', command: { type: 'hint' } }, 100);
    const route = [22, 33, 44].map(at);
    d.input({ type: 'engine', id: 1, move: { from: at(11), to: at(44), path: route, captured: [17, 28, 39].map(at), capturedSet: SquareSet.from([17, 28, 39].map(at)), promotes: false }, score: null, pv: [] }, 200);
    expect(d.said.filter(([kind]) => kind === 'move')).toEqual([['move', 'Hint: 11 takes 22 takes 33 takes 44.']]);
  });
});
