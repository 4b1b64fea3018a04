// The page's pure helpers (host/web/static/*.js, exported by app.js), run in Node: what people
// read and hear on the page, from the findings (dambord 13): health in whole ms or
// seconds, no doubled period for the screen reader, who decides an irregularity (FMJD 5.4) and
// what each choice does, the capture the rules require in words (4.2, 4.13), the touched piece
// that must be played (3.11), stepping through the moves, sounds only after a gesture, the
// theme and the sound remembered; and from dambord 14 (the page for screen readers): which live
// region each announcement goes to, the same sentence said twice, the arrows on the board.
import { describe, expect, it } from 'vitest';

type Fn = (...args: unknown[]) => unknown;
const appUrl = new URL('../host/web/static/app.js', import.meta.url).href;
const app = (await import(/* @vite-ignore */ appUrl)) as Record<string, Fn> & { MARKS: Record<string, { words: string; legend: string }>; TONES: Record<string, unknown> };

/** The international start position, as PlayView.startBoard writes it: 20 black men, 10 empty, 20 white men. */
const START = `${'b'.repeat(20)}${'.'.repeat(10)}${'w'.repeat(20)}`;
/** `board` with the pieces on squares `from` and `to` (1-based) exchanged: a plain move. */
function moved(board: string, from: number, to: number): string {
  const b = [...board];
  [b[from - 1], b[to - 1]] = [b[to - 1], b[from - 1]];
  return b.join('');
}
/** The 50 squares of a 10x10 board as the view names and places them. */
const SQUARES = Array.from({ length: 50 }, (_, i) => ({ name: String(i + 1), row: Math.floor(i / 5), col: 2 * (i % 5) + (Math.floor(i / 5) % 2 === 0 ? 1 : 0), piece: null, sensed: false, led: 'off', mark: null }));

/** What the page announces, by live region. */
type Said = { polite: string[]; assertive: string[] };
/** Nothing to announce. */
const QUIET: Said = { polite: [], assertive: [] };

/** A view as the page receives it, with `over` laid over a quiet start. */
function viewWith(over: Record<string, unknown>): Record<string, unknown> {
  return { variant: 'international', size: 10, squares: SQUARES, moves: [], turn: 'white', players: { white: 'Anna', black: 'Bert' }, clock: null, irregularity: null, guidance: null, result: null, drawOffer: null, obligation: null, compulsory: null, log: [], startBoard: START, ...over };
}

const touchMove = {
  code: 'touch-move',
  article: '5.4.3',
  message: 'White touched the piece on 31 and moved the piece on 33 to 28.',
  decision: 'decide',
  status: 'pending',
  decides: 'black',
  choices: { accept: '33-28 stands and Black moves next', correct: 'the position before the move is put back and White plays again, with the piece on 31 (touched)' },
  required: 'White must play the piece on 31 (touched, 3.11)',
};

describe('numbers and words for people', () => {
  it('link health shows milliseconds whole and longer times in seconds, never a float', () => {
    expect(app.formatMs(16.527060000000347)).toBe('17 ms');
    expect(app.formatMs(999.4)).toBe('999 ms');
    expect(app.formatMs(999.6)).toBe('1.0 s');
    expect(app.formatMs(2_437)).toBe('2.4 s');
    expect(app.formatMs(null)).toBe('–');
    expect(app.healthRows({ state: 'connected', linesOk: 120, crcErrors: 0, gaps: 2, msSinceLastLine: 16.527060000000347, msSinceLastValidLine: null })).toEqual([
      { label: 'lines read', value: '120' },
      { label: 'gaps in the events', value: '2' },
      { label: 'last line', value: '17 ms ago' },
      { label: 'last valid line', value: 'none yet' },
    ]);
    expect(app.healthRows(null)).toEqual([{ label: 'health', value: 'not reported' }]);
  });

  it('sentences are joined with one stop each, never ".."', () => {
    expect(app.joinSentences(['White: 32-28', 'Put the position back: take the piece off 28.', 'Accept or correct?', ''])).toBe('White: 32-28. Put the position back: take the piece off 28. Accept or correct?');
  });

  it('the scoresheet header reads as a line, leaving out what PDN marks unknown', () => {
    expect(app.headerLine({ event: 'Club night', round: '3', site: 'Utrecht', date: '2026.11.24' })).toBe('Club night, round 3 · Utrecht · 2026.11.24');
    expect(app.headerLine({ event: '?', round: '-', site: '?', date: '????.??.??' })).toBe('');
    expect(app.headerLine({ event: 'Open', round: '', site: '', date: '2026.11.??' })).toBe('Open · 2026.11.??');
    expect(app.headerLine(undefined)).toBe('');
    // Issue 26, finding 10: what digitise's header was typed with (an escape sequence, an override) turns nothing round.
    expect(app.headerLine({ event: 'NK\u001b[2J\u202e 2026', round: '3', site: 'Wijk\u2067 aan Zee', date: '2026.04.11' })).toBe('NK [2J 2026, round 3 · Wijk aan Zee · 2026.04.11');
    expect(app.headerLine({ event: 'בית', round: '3', site: '', date: '' })).toBe('\u2068בית\u2069, round 3');
    expect(app.shownName('Anna\u202e')).toBe('Anna');
    expect(app.known('?')).toBe('');
    expect(app.known(' Anna ')).toBe('Anna');
  });

  it('the result says who won, the score first as the scoresheet writes it', () => {
    expect(app.resultLine({ result: '2-0', reason: 'resignation', article: '7.2.1' })).toBe('2-0: White wins, resignation (article 7.2.1)');
    expect(app.resultLine({ result: '0-1', reason: 'no pieces left', article: '' })).toBe('0-1: Black wins, no pieces left');
    expect(app.resultLine({ result: '1-1', reason: 'draw agreed', article: '' })).toBe('1-1: a draw, draw agreed');
  });

  it('a log line is a sentence: a raw JSON value appended by an older host is left out', () => {
    expect(app.readableLog('correction {"type":"correction","clear":[28],"fill":[{"square":33,"piece":"white man"}]}')).toBe('correction');
    expect(app.readableLog('White played 32-28.')).toBe('White played 32-28.');
    expect(app.readableLog('Put the position back: {not json')).toBe('Put the position back: {not json');
  });

  it('a move is named with its number, and an irregular one with its code and article', () => {
    expect(app.moveName({ ply: 3, side: 'white', text: '28x19', irregular: null })).toBe('2. 28x19');
    expect(app.moveName({ ply: 4, side: 'black', text: '14x23' })).toBe('2... 14x23');
    expect(app.moveName({ ply: 5, side: 'white', text: '33-28', irregular: { code: 'touch-move', article: '5.4.3' } })).toBe('3. 33-28, irregular: touch-move, article 5.4.3');
  });
});

describe('the irregularity and the rules, as the page shows them', () => {
  it('names the side that decides (the opponent, FMJD 5.4) on the buttons, with what each does', () => {
    expect(app.irregularityPanel(viewWith({ irregularity: touchMove }))).toMatchObject({
      status: 'pending',
      decides: 'black',
      who: 'Black decides (FMJD 5.4): accept the move or have it corrected.',
      required: 'White must play the piece on 31 (touched, 3.11)',
      acceptLabel: 'Black accepts',
      accept: '33-28 stands and Black moves next',
      correctLabel: 'Black has it corrected',
      correct: 'the position before the move is put back and White plays again, with the piece on 31 (touched)',
    });
  });

  it('after Correct the decision is no longer asked for; a note is never a decision', () => {
    expect(app.irregularityPanel(viewWith({ irregularity: { ...touchMove, status: 'correcting' } }))).toMatchObject({ status: 'correcting', who: 'Black had it corrected: the position before the move is being put back (FMJD 5.8).' });
    expect(app.irregularityPanel(viewWith({ irregularity: { code: 'adjusted', article: '3.10', message: 'White adjusted 31.', decision: 'note', status: 'noted', decides: null, choices: null, required: null } }))).toMatchObject({ status: 'noted' });
    // A host that does not say where the decision stands: a correction under way is not pending.
    const old = { code: 'touch-move', article: '5.4.3', message: 'White touched 31 and moved 33.', decision: 'decide' };
    expect(app.irregularityPanel(viewWith({ irregularity: old }))).toMatchObject({ status: 'pending', decides: null, acceptLabel: 'Accept', correctLabel: 'Correct' });
    expect(app.irregularityPanel(viewWith({ irregularity: old, guidance: { kind: 'correction', clear: ['28'], fill: ['33'], message: 'Put the position back.' } }))).toMatchObject({ status: 'correcting' });
    expect(app.irregularityPanel(viewWith({}))).toBeNull();
  });

  it('a compulsory capture and a touched piece are sentences citing their article', () => {
    expect(app.ruleSentence({ side: 'black', moves: ['27x38'], article: '4.2', message: 'Black must capture: 27x38' })).toBe('Black must capture: 27x38 (FMJD 4.2).');
    expect(app.ruleSentence({ side: 'white', square: '31', article: '3.11', message: 'White must play the piece on 31 (touched, 3.11).' })).toBe('White must play the piece on 31 (touched, 3.11).');
    expect(app.ruleSentence(null)).toBe('');
  });

  it('a screen reader hears the move and the capture required politely, the irregularity with who decides at once, with no ".."', () => {
    const before = viewWith({});
    const after = viewWith({
      moves: [{ ply: 1, side: 'white', text: '33-28', board: moved(START, 33, 28), squares: ['33', '28'], captured: [], irregular: null, notes: [], after: [] }],
      irregularity: touchMove,
      compulsory: { side: 'black', moves: ['23x32'], article: '4.2', message: 'Black must capture: 23x32' },
    });
    const said = app.announcements(before, after) as Said;
    expect(said).toEqual({
      polite: ['White: 33-28', 'Black must capture: 23x32 (FMJD 4.2).'],
      assertive: ['Irregularity, article 5.4.3: White touched the piece on 31 and moved the piece on 33 to 28. Black decides: accept or correct.'],
    });
    expect(app.joinSentences([...said.polite, ...said.assertive])).not.toMatch(/\.\./);
    expect(app.announcements(after, after)).toEqual(QUIET);
    // A touch-move obligation that comes into force after the correction is said once.
    const obliged = viewWith({ obligation: { side: 'white', square: '31', article: '3.11', message: 'White must play the piece on 31: it was touched.' } });
    expect(app.announcements(before, obliged)).toEqual({ polite: ['White must play the piece on 31: it was touched (FMJD 3.11).'], assertive: [] });
  });

  it('the same irregularity made again after a correction is said again, at once; a note is said at once without a question', () => {
    const pending = viewWith({ irregularity: touchMove });
    const correcting = viewWith({ irregularity: { ...touchMove, status: 'correcting', choices: null }, guidance: { kind: 'correction', clear: ['28'], fill: ['33'], message: 'Put the position back: take the piece off 28, put a white man on 33.' } });
    const putBack = viewWith({ obligation: { side: 'white', square: '31', article: '3.11', message: 'White must play the piece on 31: it was touched.' } });
    expect(app.announcements(pending, correcting)).toEqual({ polite: ['Put the position back: take the piece off 28, put a white man on 33.'], assertive: [] });
    const again = app.announcements(putBack, pending) as Said;
    expect(again.assertive).toEqual([expect.stringMatching(/^Irregularity, article 5\.4\.3: .* Black decides: accept or correct\.$/)]);
    // Straight from the correction to the same irregularity (no view in between): said again too.
    expect((app.announcements(correcting, pending) as Said).assertive).toEqual(again.assertive);
    const note = viewWith({ irregularity: { code: 'adjusted', article: '3.10', message: 'White adjusted 31.', decision: 'note', status: 'noted', decides: null, choices: null, required: null } });
    expect(app.announcements(viewWith({}), note)).toEqual({ polite: [], assertive: ['Irregularity, article 3.10: White adjusted 31.'] });
  });

  it('a flag fallen, the board lost and a board that does not show the game are said at once; the board back, a draw offered, captured pieces to take off and any other result politely', () => {
    const start = viewWith({ link: { state: 'connected', health: null, firmware: '1.0' } });
    expect(app.announcements(start, viewWith({ link: { state: 'lost', health: null, firmware: '1.0' } }))).toEqual({ polite: [], assertive: ['The board is disconnected (lost): moves made now are not seen until it is back.'] });
    expect(app.announcements(viewWith({ link: { state: 'lost', health: null, firmware: '1.0' } }), start)).toEqual({ polite: ['The board is connected again.'], assertive: [] });
    // The first connection, and a gap repaired, are not news.
    expect(app.announcements(viewWith({ link: { state: 'connecting', health: null, firmware: null } }), start)).toEqual(QUIET);
    expect(app.announcements(viewWith({ link: { state: 'repairing', health: null, firmware: '1.0' } }), start)).toEqual(QUIET);
    expect(app.announcements(start, viewWith({ result: { result: '0-2', reason: "white's time ran out", article: '7.1.2.5' } }))).toEqual({ polite: [], assertive: ["Game over: 0-2, white's time ran out"] });
    expect(app.announcements(start, viewWith({ result: { result: '2-0', reason: 'resignation', article: '7.2.1' } }))).toEqual({ polite: ['Game over: 2-0, resignation'], assertive: [] });
    const mismatch = { kind: 'mismatch', clear: ['25'], fill: [], message: 'The board does not show the game: take the piece off 25.' };
    expect(app.announcements(start, viewWith({ guidance: mismatch }))).toEqual({ polite: [], assertive: [mismatch.message] });
    expect(app.announcements(start, viewWith({ drawOffer: 'black' }))).toEqual({ polite: ['Black offers a draw: White accepts or declines it.'], assertive: [] });
    const marked = (names: string[]) => viewWith({ squares: SQUARES.map((s) => (names.includes(s.name) ? { ...s, piece: 'bm', sensed: true, mark: 'remove' } : s)) });
    expect(app.announcements(start, marked(['23']))).toEqual({ polite: ['Captured: take the piece off 23.'], assertive: [] });
    expect(app.announcements(marked(['23']), marked(['14', '23', '32']))).toEqual({ polite: ['Captured: take the pieces off 14 and 32.'], assertive: [] });
    expect(app.announcements(marked(['23']), marked(['23']))).toEqual(QUIET);
  });

  it('sounds: a move, a capture, an irregularity to decide, the result; none for the first view', () => {
    const start = viewWith({});
    const one = viewWith({ moves: [{ ply: 1, side: 'white', text: '32-28', captured: [] }] });
    const two = viewWith({ moves: [...(one.moves as object[]), { ply: 2, side: 'black', text: '23x32', captured: ['28'] }] });
    expect(app.soundsFor(null, two)).toEqual([]);
    expect(app.soundsFor(start, one)).toEqual(['move']);
    expect(app.soundsFor(one, two)).toEqual(['capture']);
    expect(app.soundsFor(one, viewWith({ ...one, irregularity: touchMove }))).toEqual(['irregularity']);
    expect(app.soundsFor(one, viewWith({ ...one, irregularity: { ...touchMove, status: 'correcting' } }))).toEqual([]);
    expect(app.soundsFor(one, viewWith({ ...one, result: { result: '2-0', reason: 'resignation', article: '7.2.1' } }))).toEqual(['result']);
  });
});

describe('the board', () => {
  it("a square's name says why it is marked, each mark in its own words", () => {
    const sq = { name: '28', row: 5, col: 4, piece: 'wm', sensed: true, led: 'slow' };
    expect(app.squareLabel({ ...sq, mark: 'capture' })).toBe('28: white man, must capture, LED blinking slowly');
    expect(app.squareLabel({ ...sq, mark: 'last', led: 'on' })).toBe('28: white man, last move, LED on');
    expect(app.squareLabel({ ...sq, piece: null, sensed: false, mark: 'hint' })).toBe('28: empty, may go here, LED blinking slowly');
    const words = Object.values(app.MARKS).map((m) => m.words);
    expect(new Set(words).size).toBe(8);
    expect(Object.keys(app.MARKS).sort()).toEqual(['capture', 'clear', 'fill', 'flagged', 'hint', 'last', 'obligation', 'remove']);
  });

  it('the position after any move is the board the view carries for it, its squares marked as the last move', () => {
    const after1 = moved(START, 32, 28);
    const v = viewWith({ moves: [{ ply: 1, side: 'white', text: '32-28', board: after1, squares: ['32', '28'], captured: [], irregular: null, notes: [], after: [] }] });
    const start = app.positionAt(v, 0) as { name: string; piece: string | null; mark: string | null }[];
    expect(start.filter((s) => s.piece === 'bm')).toHaveLength(20);
    expect(start.find((s) => s.name === '32')!.piece).toBe('wm');
    expect(start.every((s) => s.mark === null)).toBe(true);
    const one = app.positionAt(v, 1) as { name: string; piece: string | null; mark: string | null }[];
    expect(one.find((s) => s.name === '32')).toMatchObject({ piece: null, mark: 'last' });
    expect(one.find((s) => s.name === '28')).toMatchObject({ piece: 'wm', sensed: true, led: 'off', mark: 'last' });
    expect(app.positionAt(v, 2)).toBeNull();
    // A view without the boards (an older host) cannot be stepped through; nor one that is wrong.
    expect(app.positionAt(viewWith({ startBoard: undefined }), 0)).toBeNull();
    expect(app.positionAt(viewWith({ startBoard: START.slice(1) }), 0)).toBeNull();
    expect(app.positionAt(viewWith({ startBoard: `x${START.slice(1)}` }), 0)).toBeNull();
    expect(app.canReview(v)).toBe(true);
    expect(app.canReview(viewWith({ startBoard: undefined }))).toBe(false);
  });

  it('Home, Left, Right and End step through a game of 3 moves; past the last move is the live board', () => {
    const steps: [string, number | null, number | null | undefined][] = [
      ['Home', null, 0],
      ['ArrowLeft', null, 2],
      ['ArrowLeft', 2, 1],
      ['ArrowLeft', 0, 0],
      ['ArrowRight', 1, 2],
      ['ArrowRight', 2, null],
      ['ArrowRight', null, null],
      ['End', 1, null],
      ['a', 1, undefined],
    ];
    for (const [key, at, to] of steps) expect(app.reviewKey(key, at, 3), `${key} from ${at}`).toBe(to);
    expect(app.reviewKey('Home', null, 0)).toBeNull();
    expect(app.reviewKey('ArrowLeft', null, 0)).toBeNull();
  });
});

describe('the board from the keyboard', () => {
  it('the arrows move along a row and up and down the board as drawn, by the square numbers; the focus stays at an edge', () => {
    const key = (k: string, from: string, flipped = false) => app.squareKey(k, from, SQUARES, 10, flipped);
    expect([key('ArrowUp', '32'), key('ArrowDown', '32'), key('ArrowLeft', '32'), key('ArrowRight', '32')]).toEqual(['27', '37', '31', '33']);
    // Up then Down comes back, and each is one diagonal step (32 up-left to 27, 27 up-right to 22).
    expect(key('ArrowDown', key('ArrowUp', '32') as string)).toBe('32');
    expect(key('ArrowUp', '27')).toBe('22');
    expect([key('ArrowUp', '3'), key('ArrowLeft', '31'), key('ArrowRight', '35'), key('ArrowDown', '48')]).toEqual(['3', '31', '35', '48']);
    // Flipped, White's side at the top: the arrows follow the board as drawn.
    expect([key('ArrowUp', '32', true), key('ArrowLeft', '32', true), key('ArrowRight', '1', true)]).toEqual(['37', '33', '1']);
    expect(key('Home', '32')).toBeUndefined();
    expect(key('ArrowUp', '51')).toBeUndefined();
  });

  it('letters ask questions; Q and D only about a focused square; M again asks for one move more', () => {
    expect(app.questionKey('t', null, 0)).toEqual({ type: 'query', what: 'turn' });
    expect(app.questionKey('m', null, 0)).toEqual({ type: 'query', what: 'last', count: 1 });
    expect(app.questionKey('m', null, 2)).toEqual({ type: 'query', what: 'last', count: 3 });
    expect(app.questionKey('d', '32', 0)).toEqual({ type: 'query', what: 'diagonals', square: '32' });
    expect(app.questionKey('q', null, 0)).toBeUndefined();
    expect(app.questionKey('x', '32', 0)).toBeUndefined();
  });

  it("what the page's hands lifted is said", () => {
    expect(app.liftWords({ name: '32', row: 6, col: 3, piece: 'wk', sensed: true, led: 'off' }, '32')).toBe('Lifted the white king from 32.');
    expect(app.liftWords(undefined, '7')).toBe('Lifted the piece from 7.');
  });
});

describe('the live regions', () => {
  /** A region element as live.js uses it, keeping every set of children it is given. */
  function region() {
    const states: { tag: string; text: string }[][] = [];
    const el = { ownerDocument: { createElement: (tag: string) => ({ tag, textContent: '' }) }, replaceChildren: (...nodes: { tag: string; textContent: string }[]) => states.push(nodes.map((n) => ({ tag: n.tag, text: n.textContent }))) };
    return { el, states };
  }

  it('each announcement empties the region, then puts in a new paragraph: the same sentence twice is two new paragraphs', () => {
    const { el, states } = region();
    const timers: (() => void)[] = [];
    const say = app.liveRegion(el, (run: () => void, ms: number) => {
      expect(ms).toBe(app.LIVE_DELAY_MS);
      timers.push(run);
    }) as (t: string) => void;
    say('White: 1-6');
    expect(states).toEqual([[]]);
    timers.shift()!();
    say('White: 1-6');
    timers.shift()!();
    expect(states).toEqual([[], [{ tag: 'p', text: 'White: 1-6.' }], [], [{ tag: 'p', text: 'White: 1-6.' }]]);
    // Sentences within one moment are one announcement, in order, emptied once.
    say('Black: 19-23');
    say('White must capture: 28x19 (FMJD 4.2).');
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(states.slice(4)).toEqual([[], [{ tag: 'p', text: 'Black: 19-23. White must capture: 28x19 (FMJD 4.2).' }]]);
  });
});

describe('what the browser remembers', () => {
  /** localStorage as a Map. */
  const store = (init: Record<string, string> = {}) => {
    const m = new Map(Object.entries(init));
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('no AudioContext is opened, and no sound made, before a user gesture; muting is remembered', () => {
    let opened = 0;
    const tones: number[] = [];
    class FakeContext {
      currentTime = 0;
      state = 'running';
      destination = {};
      constructor() {
        opened++;
      }
      createOscillator() {
        const o = { type: '', frequency: { value: 0 }, connect: (g: unknown) => g, start: () => tones.push(o.frequency.value), stop: () => undefined };
        return o;
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (d: unknown) => d };
      }
    }
    const storage = store();
    const sounds = app.createSounds({ storage, AudioContext: FakeContext }) as { play(k: string): void; unlock(): void; setMuted(m: boolean): void; muted: boolean; unlocked: boolean };
    sounds.play('move');
    expect(opened).toBe(0);
    expect(sounds.unlocked).toBe(false);
    sounds.unlock();
    sounds.unlock();
    expect(opened).toBe(1);
    sounds.play('capture');
    expect(tones).toEqual([520, 780]);
    sounds.setMuted(true);
    sounds.play('result');
    expect(tones).toHaveLength(2);
    expect(storage.m.get('dambord.sound')).toBe('off');
    const again = app.createSounds({ storage, AudioContext: FakeContext }) as { muted: boolean };
    expect(again.muted).toBe(true);
  });

  it('the theme: light or dark as chosen, auto follows the system; a bad or unreadable value is auto', () => {
    expect(app.shownTheme('dark', false)).toBe('dark');
    expect(app.shownTheme('light', true)).toBe('light');
    expect(app.shownTheme('auto', true)).toBe('dark');
    expect(app.shownTheme('auto', false)).toBe('light');
    const themes = ['auto', 'light', 'dark'];
    expect(app.remembered(store({ 'dambord.theme': 'dark' }), 'dambord.theme', themes)).toBe('dark');
    expect(app.remembered(store({ 'dambord.theme': 'neon' }), 'dambord.theme', themes)).toBe('auto');
    const broken = { getItem: () => { throw new Error('SecurityError'); } };
    expect(app.remembered(broken, 'dambord.theme', themes)).toBe('auto');
  });
});

describe('issue 28: what play going on will judge, shown at once', () => {
  // 1. 32-28 19-23 2. 33-29? although 28x19 is compulsory (FMJD 5.4.6): no clock pressed yet.
  const missed = { code: 'capture-missed', article: '5.4.6', message: 'White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.', decides: 'black', squares: ['33', '29', '28'] };

  it('FMJD 5.4.6: the panel shows the move foreseen, no decision asked yet; a screen reader hears it once, politely, with no sound', () => {
    const before = viewWith({ foresight: [] });
    const after = viewWith({ foresight: [missed] });
    expect(app.irregularityPanel(after)).toMatchObject({ code: 'capture-missed', article: '5.4.6', status: 'foreseen', decides: 'black', message: missed.message });
    expect(app.announcements(before, after)).toEqual({ polite: [missed.message], assertive: [] });
    expect(app.announcements(after, viewWith({ foresight: [missed] }))).toEqual(QUIET);
    expect(app.soundsFor(before, after)).toEqual([]);
  });

  it('an irregularity said wins over what is foreseen; nothing foreseen, no panel', () => {
    expect(app.irregularityPanel(viewWith({ irregularity: touchMove, foresight: [missed] }))).toMatchObject({ code: 'touch-move', status: 'pending' });
    expect(app.irregularityPanel(viewWith({ foresight: [] }))).toBeNull();
  });
});
