// The chess clock at the board (FMJD rules article 10, seed 000; the Latvian text, seed 002:
// 10.3 "the player presses the clock with the hand that moved"), through the session that
// `dambord play` runs: when the clock starts, what an accepted irregularity does to it, and
// what a resumed game gets back. The board is a stand-in link that delivers the events a test
// gives it at the board times it says, so that every time here is exact.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseFen, parseSquare, variants } from '../../rules/index.ts';
import type { Position } from '../../rules/index.ts';
import { SquareSet } from '../../rules/squareSet.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import { openJournal, readJournal, resumeJournal } from '../journal/journal.ts';
import type { Journal } from '../journal/journal.ts';
import { JOURNAL_FORMAT } from '../game/journal/record.ts';
import type { ClockRecord } from '../game/journal/record.ts';
import { recoverGame } from '../game/journal/recover.ts';
import { resumeGame } from '../game/resume.ts';
import type { BoardEvent, BoardLink } from '../link/types.ts';
import { zeroCounters } from '../link/types.ts';
import { tournament } from '../game/referee/policy.ts';
import { steppedClock } from '../link/testing/steppedClock.ts';
import { announce, createAnnouncer } from '../speech/announce.ts';
import { answer } from '../speech/queries.ts';
import type { Announcement } from '../speech/announce.ts';
import { CLOCK_HEARTBEAT_MS, startSession } from './session.ts';
import type { RunningSession, SessionOptions } from './session.ts';

const v = variants.international;
const S = 1000;
const work = mkdtempSync(join(tmpdir(), 'dambord-clock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The session looks at the clock every 100 ms (setInterval): those timers are faked, the
// session's clock is the test's `t`.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function timed(text: string): TimedControl {
  const r = parseTimeControl(text);
  if (!r.ok || r.tc.kind !== 'timed') throw new Error(`test: ${text}`);
  return r.tc;
}

function startPosition(): Position {
  const p = parseFen(v, v.startFen);
  if (!p.ok) throw new Error('test: start FEN');
  return p.position;
}

/** A board link that delivers what the test pushes. */
function standInLink(): { link: BoardLink; push(e: BoardEvent): void } {
  const queue: BoardEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const link: BoardLink = {
    async *events() {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (closed) return;
        await new Promise<void>((r) => (wake = r));
      }
    },
    snapshot: () => Promise.reject(new Error('not in these tests')),
    setLeds: async () => {},
    beep: async () => {},
    configure: async () => {},
    health: () => ({ state: 'connected', ...zeroCounters(), openFailures: 0, msSinceLastLine: null, msSinceLastValidLine: null }),
    close: async () => {
      closed = true;
      wake?.();
    },
  };
  return {
    link,
    push(e) {
      queue.push(e);
      wake?.();
      wake = null;
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

interface Game {
  readonly session: RunningSession;
  /** Board time now (ms). */
  t: number;
  /** Hands on the board, one action every 200 ms from `t`: `lift 32`, `place 28`, `press accept`. */
  hands(script: string): Promise<void>;
  /** `ms` of board time pass, the session looking at its clock every `every` ms of it. */
  wait(ms: number, every?: number): Promise<void>;
  close(): Promise<void>;
}

/** A session on the stand-in board, connected at board time 0 showing the game's position. */
async function game(options: Partial<SessionOptions> & { tc: string }): Promise<Game> {
  const { link, push } = standInLink();
  let seq = 0;
  const g: Game = {
    session: null as unknown as RunningSession,
    t: 0,
    async hands(script) {
      for (const line of script.trim().split('\n')) {
        const [what, arg] = line.trim().split(/\s+/);
        g.t += 200;
        seq++;
        if (what === 'press') {
          push({ type: 'button', button: arg as 'clock', down: true, t: g.t, seq, source: 'board' });
          push({ type: 'button', button: arg as 'clock', down: false, t: g.t, seq: ++seq, source: 'board' });
        } else push({ type: what as 'lift' | 'place', square: parseSquare(v, arg), t: g.t, seq, source: 'board' });
        await flush();
      }
    },
    async wait(ms, every = 100) {
      for (let left = ms; left > 0; left -= every) {
        g.t += Math.min(every, left);
        vi.advanceTimersByTime(100);
        await flush();
      }
    },
    close: () => g.session.close(),
  };
  const start = startPosition();
  const session = startSession({ start, policy: tournament, link, timeControl: timed(options.tc), now: () => g.t, ...options });
  Object.assign(g, { session });
  const board = options.resumed?.state.resume ? options.resumed.state.resume.referee.sensed : start.board;
  const sensed = [...board.keys()].filter((sq) => board[sq] !== 0);
  push({ type: 'link', state: 'connected', hello: { fw: 'stand-in', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} }, occupancy: SquareSet.from(sensed), buttons: [], t: 0 });
  await flush();
  return g;
}

const newJournal = (name: string, tc: string): Journal =>
  openJournal(join(work, `${name}.journal`), { format: JOURNAL_FORMAT, variant: 'international', start: v.startFen, policy: 'tournament', tags: [{ name: 'TimeControl', value: tc }], timeControl: null, created: '2026-11-21T10:00:00Z', t0: 0 });

const clockEntries = (file: string): ClockRecord[] => readJournal(file).entries.filter((e): e is ClockRecord => e.k === 'clock');

describe('FMJD 10, Latvian 10.3: the clock starts with the first move or press of the clock', () => {
  it('FMJD 10, Latvian 10.3: before the first move no time runs and no flag falls; the first move starts the opponent\'s clock, the mover charged nothing', async () => {
    const g = await game({ tc: '30' });
    await g.wait(60 * S); // a minute at the board before anyone moves: twice the 30 s each side has
    expect(g.session.view().clock).toEqual({ white: 30 * S, black: 30 * S, running: null, control: '30' });
    expect(g.session.view().result).toBeNull();
    await g.hands('lift 32\nplace 28');
    const t = g.t;
    expect(g.session.view().clock).toMatchObject({ white: 30 * S, black: 30 * S, running: 'black' });
    await g.wait(10 * S);
    expect(g.session.view().clock).toMatchObject({ white: 30 * S, black: 20 * S, running: 'black' });
    expect(g.session.view().pdn).toContain('1. 32-28 {[%clock w0:00:30 B0:00:30]}');
    await g.wait(20 * S);
    expect(g.session.view().result).toMatchObject({ result: '2-0', reason: "black's time ran out" });
    expect(g.t - t).toBeGreaterThanOrEqual(30 * S);
    await g.close();
  });

  it('Latvian 10.3: the first press of the clock button starts the time of the side to move', async () => {
    const g = await game({ tc: '600+5' });
    await g.wait(5 * S);
    await g.hands('press clock'); // Black starts White's clock, as before a game
    expect(g.session.view().clock).toMatchObject({ white: 600 * S, black: 600 * S, running: 'white' });
    await g.wait(7 * S);
    await g.hands('lift 32\nplace 28');
    // White used 7.4 s from the press to the move, and got the increment.
    expect(g.session.view().clock).toMatchObject({ white: 600 * S - 7400 + 5 * S, black: 600 * S, running: 'black' });
    expect(g.session.view().log).toContain("the clock is pressed: white's time runs");
    // A press while a clock runs is the mover's, not a start: it switches nothing by itself.
    await g.hands('press clock');
    expect(g.session.view().clock).toMatchObject({ running: 'black' });
    await g.close();
  });
});

describe('FMJD 5.4, 5.7, 10: an irregularity accepted and the clock', () => {
  it('FMJD 5.4.2, 10.1: an illegal move accepted presses the mover\'s clock: a move of the period counted, both clocks on the scoresheet', async () => {
    const g = await game({ tc: '2/600:300' });
    await g.hands('press clock'); // t = 200: White's time runs
    await g.wait(1000);
    await g.hands('lift 32\nplace 23'); // illegal (5.4.2), placed at 1600
    await g.wait(1200);
    expect(g.session.view().clock).toMatchObject({ running: 'white' });
    await g.hands('press accept'); // at 3000: Black lets it stand
    expect(g.session.view().log.join('\n')).toContain('5.4.2');
    expect(g.session.view().turn).toBe('black');
    expect(g.session.view().clock).toMatchObject({ white: 600 * S - 2800, black: 600 * S, running: 'black' });
    // The scoresheet: the irregular move in words and a setup (it is no legal move), both
    // clocks in the comment, named (PDN 3.0's two-clock form), as it goes on the opponent's last move.
    expect(g.session.view().pdn.replace(/\s+/g, ' ')).toMatch(/\{White played 32-23 \(irregular\)\. [^}]*\(illegal-move, article 5\.4\.2\)\. Black accepted\.\} \{\[%clock w0:09:58 B0:10:00\]\} \/FEN "B:W23,31,33,34,[0-9,]*,50:B1,2,[0-9,]*,20"\//);
    // White's second move completes the period's 2 moves in time: 300 s more (FMJD 10.1).
    await g.wait(2400);
    await g.hands('lift 19\nplace 28\nlift 23'); // 19x28 at 6000
    await g.wait(2400);
    await g.hands('lift 33\nplace 22\nlift 28'); // 33x22 at 9000: White used 3 s more
    // The move list shows every move that stands: the irregular one accepted too.
    expect(g.session.view().moves.map((m) => [m.text, m.irregular?.code ?? null])).toEqual([['32-23', 'illegal-move'], ['19x28', null], ['33x22', null]]);
    expect(g.session.view().clock).toMatchObject({ white: 600 * S - 2800 - 3000 + 300 * S, black: 600 * S - 3000, running: 'black' });
    await g.close();
  });

  it('FMJD 5.4.1: an irregularity accepted that leaves the same side to move switches nothing', async () => {
    const g = await game({ tc: '600+5' });
    await g.hands('lift 32\nplace 28'); // at 400: Black's time runs
    await g.wait(1600);
    await g.hands('lift 31\nplace 27'); // at 2400: White moves again (two moves, 5.4.1)
    await g.wait(800);
    await g.hands('press accept'); // at 3400: Black lets it stand; Black is still to move
    expect(g.session.view().log.join('\n')).toContain('5.4.1');
    expect(g.session.view().turn).toBe('black');
    expect(g.session.view().clock).toMatchObject({ white: 605 * S, black: 600 * S - 3000, running: 'black' });
    // The clocks after 32-28 only: accepting switches no clock, so no clock comment is added.
    expect(g.session.view().pdn.match(/\[%clock /g)).toHaveLength(1);
    await g.close();
  });

  it('FMJD 5.4.4: a takeback accepted hands the turn back with nothing credited', async () => {
    const g = await game({ tc: '600+5' });
    await g.hands('lift 32\nplace 28'); // at 400
    await g.wait(1600);
    await g.hands('lift 19\nplace 23'); // at 2400: Black used 2 s
    await g.wait(1600);
    await g.hands('lift 23\nplace 19'); // at 4400: Black takes the move back on White's time
    await g.wait(800);
    await g.hands('press accept'); // at 5400: White lets it be; Black is to move again
    expect(g.session.view().log.join('\n')).toContain('5.4.4');
    expect(g.session.view().turn).toBe('black');
    // White's clock ran 3 s and got no increment; Black's runs again.
    expect(g.session.view().clock).toMatchObject({ white: 605 * S - 3000, black: 603 * S, running: 'black' });
    expect(g.session.view().moves.map((m) => m.text)).toEqual(['32-28']);
    await g.close();
  });
});

describe('FMJD 10: the clocks of a resumed game', () => {
  /** What `dambord play --resume` gives the session (host/cli/commands/play.ts). */
  function resumeOf(file: string): NonNullable<SessionOptions['resumed']> {
    const r = resumeGame(readJournal(file));
    if (!r.ok) throw new Error(r.reason);
    return r;
  }

  it('FMJD 10: the clocks come back as at the journal\'s last entry, not running, with the periods\' move counts; the next move starts them', async () => {
    const file = join(work, 'resume.journal');
    const first = await game({ tc: '3/600:300', journal: newJournal('resume', '3/600:300') });
    await first.hands('lift 32\nplace 28'); // at 400: White's first move; Black's time runs
    await first.wait(1600);
    await first.hands('lift 19\nplace 23'); // at 2400
    await first.wait(2400);
    await first.hands('lift 28\nplace 19\nlift 23'); // 28x19 at 5400: White's second
    await first.wait(2400);
    await first.hands('lift 14\nplace 23\nlift 19'); // 14x23 at 8400
    await first.wait(25 * S, 500); // White thinks; the journal hears of the clock at 18400 and 28400
    const before = first.session.view();
    expect(before.clock).toMatchObject({ white: 600 * S - 3000 - 25 * S, running: 'white' });
    await first.close(); // the host stops at 33400: 5 s after the journal's last entry

    const resumed = resumeJournal(file);
    if (!resumed.ok) throw new Error(resumed.reason);
    const second = await game({ tc: '3/600:300', journal: resumed.journal, resumed: resumeOf(file) });
    const back = second.session.view();
    // White is charged up to the last entry (28400), not for the 5 s after it nor for the time
    // the host was down; no clock runs.
    expect(back.clock).toMatchObject({ white: 600 * S - 3000 - 20 * S, black: before.clock!.black, running: null });
    // The scoresheet is the same: its time used is as of the journal's last entry.
    expect(back.pdn).toBe(before.pdn);
    // The time used so far, under a name that says so while the game is played (PDN 3.0's WhiteTime is the end's).
    expect(back.pdn).toContain('[WhiteTimeUsed "0:00:23"]');
    expect(back.log).toContain("the clocks are as at the journal's last entry (white 0:09:37, black 0:09:55); they start with the next move or press of the clock");
    await second.wait(60 * S);
    expect(second.session.view().clock).toMatchObject({ white: back.clock!.white, running: null });
    // White's third move, charged nothing, completes the period in time: 300 s more (FMJD 10.1).
    await second.hands('lift 37\nplace 32');
    expect(second.session.view().clock).toMatchObject({ white: back.clock!.white + 300 * S, running: 'black' });
    await second.close();
    // A second resume before any move would charge nobody for the time between: the resume is journaled.
    expect(clockEntries(file).map((e) => e.on)).toEqual(['move', 'move', 'move', 'move', 'running', 'running', 'resumed', 'move']);
  });

  it.each([
    ['two moves, a piece in the hand', ['lift 32\nplace 28', 1700, 'lift 19\nplace 23', 900, 'lift 33']],
    ['an illegal move accepted (FMJD 5.4.2)', ['press clock', 1000, 'lift 32\nplace 23', 1200, 'press accept', 2400, 'lift 19\nplace 28\nlift 23', 700]],
  ] as const)('FMJD 10: the scoresheet, clocks included, is the same after a resume (time used as of the last entry): %s', async (name, steps) => {
    const file = join(work, `same-${name.length}.journal`);
    const first = await game({ tc: '600+5', journal: newJournal(`same-${name.length}`, '600+5') });
    for (const step of steps) await (typeof step === 'number' ? first.wait(step) : first.hands(step));
    const before = first.session.view();
    expect(before.pdn).toContain('[%clock');
    await first.close();
    const resumed = resumeJournal(file);
    if (!resumed.ok) throw new Error(resumed.reason);
    const second = await game({ tc: '600+5', journal: resumed.journal, resumed: resumeOf(file) });
    expect(second.session.view().pdn).toBe(before.pdn);
    await second.close();
  });

  it('FMJD 10: what the referee said about the journal\'s last event, lost in a crash, is journaled at the resume with its clock press', async () => {
    const file = join(work, 'pending.journal');
    const first = await game({ tc: '600+5', journal: newJournal('pending', '600+5') });
    await first.hands('lift 32\nplace 28'); // at 400
    await first.wait(1600);
    await first.hands('lift 19\nplace 23'); // at 2400: Black used 2 s
    const before = first.session.view();
    await first.close();
    // The host stopped between writing the place and the move and clock after it.
    const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    expect(lines.slice(-2).map((l) => JSON.parse(l) as { k: string })).toMatchObject([{ k: 'out' }, { k: 'clock' }]);
    writeFileSync(file, lines.slice(0, -2).join('\n') + '\n');

    const resumed = resumeJournal(file);
    if (!resumed.ok) throw new Error(resumed.reason);
    const resume = resumeOf(file);
    expect(resume.effects.flatMap((e) => (e.type === 'journal' ? e.entries.flatMap((x) => (x.k === 'out' ? [x.o.type] : [])) : []))).toEqual(['move']);
    const second = await game({ tc: '600+5', journal: resumed.journal, resumed: resume });
    expect(second.session.view().pdn).toBe(before.pdn);
    expect(second.session.view().clock).toEqual({ white: 605 * S, black: 603 * S, running: null, control: '600+5' });
    await second.hands('lift 28\nplace 19\nlift 23'); // 28x19, charged nothing
    expect(second.session.view().clock).toMatchObject({ white: 610 * S, running: 'black' });
    await second.close();
    // The journal replays again, the move and its press in their place.
    const again = recoverGame(readJournal(file));
    expect(again.ok && again.pending).toEqual([]);
    expect(clockEntries(file).map((e) => e.on)).toEqual(['move', 'move', 'resumed', 'move']);
  });

  it('FMJD 10: the journal grows by a short entry per 10 s of quiet while a clock runs, and nothing while none does', async () => {
    const file = join(work, 'growth.journal');
    const first = await game({ tc: '5400+30', journal: newJournal('growth', '5400+30') });
    const size = () => statSync(file).size;
    const empty = size();
    await first.wait(10 * 60 * S, 1000); // ten minutes before the first move: nothing written
    expect(size()).toBe(empty);
    await first.hands('lift 32\nplace 28');
    const afterMove = size();
    await first.wait(10 * 60 * S, 1000); // Black thinks ten minutes
    const quiet = size() - afterMove;
    const heartbeats = clockEntries(file).filter((e) => e.on === 'running');
    expect(heartbeats.length).toBe((10 * 60 * S) / CLOCK_HEARTBEAT_MS);
    expect(quiet / heartbeats.length).toBeLessThan(130); // bytes per entry
    console.log(`journal: a man's move ${afterMove - empty} bytes (2 events, the move, the clock); ten minutes of thought ${quiet} bytes (${heartbeats.length} entries)`);
    await first.close();
  });
});

describe('Standard Laws 24, 25 (seed 004): the English time per move at the board', () => {
  const en = variants.english;

  /**
   * An English game in the laws' time per move on the stand-in board, the session looking at the
   * clock on a stepped clock of the test's own; what the board beeps and what speech says.
   */
  async function lawsGame(options: Partial<SessionOptions> = {}) {
    const clock = steppedClock(100); // the session looks at the clock every 100 ms
    const { link, push } = standInLink();
    const beeps: { hz: number; ms: number; t: number }[] = [];
    const said: Announcement[] = [];
    let announcer = createAnnouncer('en');
    const start = parseFen(en, en.startFen);
    if (!start.ok) throw new Error('test: start');
    const session = startSession({
      start: start.position,
      policy: tournament,
      link: { ...link, beep: async (hz, ms) => void beeps.push({ hz, ms, t: clock.now() }) },
      timeControl: timed('laws'),
      now: clock.now,
      every: clock.every,
      observe: (seen) => {
        const r = announce(announcer, seen);
        announcer = r.announcer;
        said.push(...r.said);
      },
      ...options,
    });
    let seq = 0;
    const sensed = options.resumed?.state.resume?.referee.sensed ?? start.position.board;
    const board = [...sensed.keys()].filter((sq) => sensed[sq] !== 0);
    push({ type: 'link', state: 'connected', hello: { fw: 'stand-in', squares: 32, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} }, occupancy: SquareSet.from(board), buttons: [], t: 0 });
    await flush();
    /** Hands on the board now, one action a step of 200 ms: `lift 11`, `place 15`, `press clock`. */
    const hands = async (script: string) => {
      for (const line of script.trim().split('\n')) {
        const [what, arg] = line.trim().split(/\s+/);
        await clock.until(() => false, 200);
        if (what === 'press') {
          push({ type: 'button', button: 'clock', down: true, t: clock.now(), seq: ++seq, source: 'board' });
          push({ type: 'button', button: 'clock', down: false, t: clock.now(), seq: ++seq, source: 'board' });
        } else push({ type: what as 'lift' | 'place', square: parseSquare(en, arg), t: clock.now(), seq: ++seq, source: 'board' });
        await flush();
      }
    };
    return { clock, session, beeps, said, hands };
  }

  it('laws 24, 25: time called after five minutes for White, a move after the call goes on; after one minute for Black with only one way of taking, and the game lost through improper delay a minute later, shown, said, beeped and written in the PDN', async () => {
    const g = await lawsGame();
    const view = () => g.session.view();
    await g.hands('lift 11\nplace 15'); // Black's first move (law 7) starts White's five minutes
    const whiteFrom = g.clock.now();
    expect(view().clock).toMatchObject({ running: 'white', white: 5 * 60 * S, called: null, control: 'laws' });

    // Law 24: time is called at the end of five minutes.
    expect(await g.clock.until(() => view().clock?.called === 'white', 5 * 60 * S + 200)).toBe(true);
    expect(g.clock.now() - whiteFrom).toBeGreaterThanOrEqual(5 * 60 * S);
    expect(g.clock.now() - whiteFrom).toBeLessThanOrEqual(5 * 60 * S + 100);
    expect(view().clock).toMatchObject({ running: 'white', called: 'white' });
    expect(view().clock!.white).toBeLessThanOrEqual(60 * S);
    expect(view().log).toContain('time is called for white (law 24): the move must be completed within a minute');
    expect(g.said.filter((a) => a.kind === 'clock').map((a) => a.text)).toEqual(['Time, White: the move must be completed within a minute, law 24.']);
    // Called "in a distinct manner": a long high tone, unlike the irregularities' (880 Hz 400 ms, 1320 Hz 120 ms).
    expect(g.beeps.filter((b) => b.t >= whiteFrom).map(({ hz, ms }) => ({ hz, ms }))).toEqual([{ hz: 1760, ms: 800 }]);
    // Asked, the clocks are as their faces show them: White's minute after the call, Black's five to the call.
    expect(answer('en', g.session.state(), { what: 'clocks' }, g.clock.now())).toBe('White 1 minute, Black 5 minutes.');

    // White completes the move within the minute: play goes on (22-18 offers Black 15x22).
    await g.clock.until(() => false, 30 * S);
    await g.hands('lift 22\nplace 18');
    const blackFrom = g.clock.now();
    expect(view().result).toBeNull();
    expect(view().clock).toMatchObject({ running: 'black', called: null });

    // Law 25: Black's only way of taking, 15x22: time is called at the end of one minute.
    expect(await g.clock.until(() => view().clock?.called === 'black', 60 * S + 200)).toBe(true);
    const calledAt = g.clock.now();
    expect(calledAt - blackFrom).toBeGreaterThanOrEqual(60 * S);
    expect(calledAt - blackFrom).toBeLessThanOrEqual(60 * S + 100);
    expect(g.said.at(-1)?.text).toBe('Time, Black: the move must be completed within a minute, law 25.');
    expect(g.beeps.filter((b) => b.t >= blackFrom).map(({ hz, ms }) => ({ hz, ms }))).toEqual([{ hz: 1760, ms: 800 }]);

    // No move on the expiry of another minute: lost through improper delay.
    expect(await g.clock.until(() => view().result !== null, 60 * S + 200)).toBe(true);
    expect(g.clock.now() - calledAt).toBeGreaterThanOrEqual(60 * S - 100);
    expect(g.clock.now() - calledAt).toBeLessThanOrEqual(60 * S + 100);
    expect(view().result).toMatchObject({ result: '1-0', reason: 'black did not complete the move within a minute after time was called', article: '25' });
    expect(view().log).toContain('black lost through improper delay (law 25)');
    expect(g.said.at(-1)).toMatchObject({ kind: 'result', text: 'White wins: Black lost through improper delay, law 25.' });
    expect(g.beeps.at(-1)).toMatchObject({ hz: 440, ms: 1000 }); // the loss, a long low tone
    const pdn = view().pdn;
    expect(pdn).toContain('[TimeControl "laws"]');
    expect(pdn).toContain('[Result "1-0"]');
    expect(pdn).toContain('[Termination "time forfeit"]');
    expect(pdn.replace(/\s+/g, ' ')).toContain(
      '{Time was called for Black, and the move was not completed on the expiry of another minute: the game is lost through improper delay (law 25).} {The game is over, 1-0: black did not complete the move within a minute after time was called (law 25).} 1-0',
    );
    await g.session.close();
  });
  it('laws 24, 25 in a resumed game: the time of the turn used before the host stopped is kept, time is called when the rest has run; a game lost through improper delay stays lost, with its law', async () => {
    const file = join(work, 'laws.journal');
    const journal = openJournal(file, { format: JOURNAL_FORMAT, variant: 'english', start: en.startFen, policy: 'tournament', tags: [{ name: 'TimeControl', value: 'laws' }], timeControl: null, created: '2026-11-26T10:00:00Z', t0: 0 });
    const first = await lawsGame({ journal });
    await first.hands('lift 11\nplace 15'); // White's five minutes run
    await first.clock.until(() => false, 3 * 60 * S); // the host stops three minutes into White's turn
    await first.session.close();

    const resumeFrom = (): NonNullable<SessionOptions['resumed']> => {
      const r = resumeGame(readJournal(file));
      if (!r.ok) throw new Error(r.reason);
      return r;
    };
    const reopened = resumeJournal(file);
    if (!reopened.ok) throw new Error(reopened.reason);
    const second = await lawsGame({ journal: reopened.journal, resumed: resumeFrom() });
    // Back not running, White with what is left of the five minutes (the journal heard of the clock every 10 s).
    const left = second.session.view().clock;
    expect(left).toMatchObject({ running: null, called: null, control: 'laws', black: 5 * 60 * S });
    expect(left!.white).toBeGreaterThan(2 * 60 * S - 1);
    expect(left!.white).toBeLessThanOrEqual(2 * 60 * S + 10 * S);
    await second.hands('press clock'); // White's time runs again
    const pressed = second.clock.now();
    expect(await second.clock.until(() => second.session.view().clock?.called === 'white', left!.white + 200)).toBe(true);
    expect(second.clock.now() - pressed).toBeGreaterThanOrEqual(left!.white - 100);
    expect(second.said.at(-1)?.text).toBe('Time, White: the move must be completed within a minute, law 24.');
    await second.hands('lift 22\nplace 18'); // Black's only way of taking, 15x22: one minute to the call (law 25)
    expect(await second.clock.until(() => second.session.view().result !== null, 2 * 60 * S + 200)).toBe(true);
    const lost = second.session.view();
    expect(lost.result).toMatchObject({ result: '1-0', article: '25' });
    await second.session.close();

    const again = resumeJournal(file);
    if (!again.ok) throw new Error(again.reason);
    const third = await lawsGame({ journal: again.journal, resumed: resumeFrom() });
    expect(third.session.view().result).toEqual(lost.result);
    expect(third.session.view().pdn).toBe(lost.pdn);
    await third.session.close();
  });
});
