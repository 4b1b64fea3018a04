// The two boards as one link (host/play/pairedLinks.ts) under a real session, on fake links: a
// board lost is named; and at the next game at the boards (colours swapped, host/game/nextGame.ts)
// each player keeps their own board, so the board that was Black's plays White's moves.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import type { Journal } from '../journal/journal.ts';
import type { BoardEvent, BoardLink, LedFrame, LinkHealth } from '../link/types.ts';
import { zeroCounters } from '../link/types.ts';
import { pairLinks } from './pairedLinks.ts';
import { startSession } from './session.ts';
import { clockedEvery } from '../link/testing/clockedEvery.ts';

/** A board link fed by hand: `emit` an event, see the frames it was sent. */
function fakeLink(state: LinkHealth['state'] = 'connected') {
  const queue: BoardEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const frames: LedFrame[] = [];
  const link: BoardLink = {
    events() {
      return (async function* () {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!;
          if (closed) return;
          await new Promise<void>((r) => (wake = r));
        }
      })();
    },
    snapshot: () => Promise.reject(new Error('not kept')),
    setLeds: async (f) => void frames.push(f),
    beep: async () => {},
    configure: async () => {},
    health: () => ({ state, ...zeroCounters(), linesOk: 3, openFailures: 0, msSinceLastLine: null, msSinceLastValidLine: null }),
    close: async () => {
      closed = true;
      wake?.();
    },
  };
  return {
    link,
    frames,
    emit(e: BoardEvent) {
      queue.push(e);
      const w = wake;
      wake = null;
      w?.();
    },
  };
}

const lit = (f: LedFrame | undefined) => (f ?? []).flatMap((p, i) => (p === 'off' ? [] : [`${i + 1} ${p}`]));

function table() {
  const v = variants.international;
  const parsed = parseFen(v, v.startFen);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  const start = parsed.position;
  const boards = [fakeLink(), fakeLink('lost')] as const;
  const paired = pairLinks(boards[0].link, boards[1].link, { position: start, now: () => t });
  let t = 1000;
  const on = [new Set<number>(), new Set<number>()];
  start.board.forEach((p, i) => p && (on[0].add(i), on[1].add(i)));
  const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
  const none = { appendBatch: () => {}, append: () => {}, close: () => {}, enqueue: async () => {}, path: 'none', count: 0 } as unknown as Journal;
  // The session's look at the clock (every 100 ms) runs on the test's time: settle() is one tick.
  const clock = clockedEvery(() => t);
  const session = startSession({ start, policy: tournament, link: paired, now: () => t, every: clock.every, observe: (seen) => paired.follow(seen.after), nextJournal: () => ({ journal: none, tags: [] }) });
  /** One tick of the session (it feeds the pair the next game), and the I/O it starts let through. */
  const settle = async () => {
    t += 100;
    clock.run();
    await new Promise((r) => setImmediate(r));
  };
  const hand = async (seat: 0 | 1, type: 'lift' | 'place', square: number) => {
    t += 200;
    if (type === 'lift') on[seat].delete(square - 1);
    else on[seat].add(square - 1);
    boards[seat].emit({ type, square: square - 1, t, seq: 0, source: 'board' });
    await new Promise((r) => setImmediate(r));
  };
  return {
    boards,
    paired,
    session,
    hand,
    settle,
    async connect() {
      for (const seat of [0, 1] as const) boards[seat].emit({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from(on[seat]), buttons: [], t });
      await settle();
    },
    async move(seat: 0 | 1, from: number, to: number) {
      await hand(seat, 'lift', from);
      await hand(seat, 'place', to);
    },
    moves: () => session.view().moves.map((m) => m.text),
  };
}

describe('two boards as one link, under a session', () => {
  it('a board lost is named; the health is the worse of the two, the counters added', async () => {
    const t = table();
    try {
      await t.connect();
      t.boards[1].emit({ type: 'link', state: 'lost', reason: 'heartbeat', detail: 'no line for 3000 ms', t: 5000 });
      await t.hand(0, 'lift', 32); // the next event read brings the loss with it
      expect(t.session.view().log.some((l) => l.includes('link lost'))).toBe(true);
      expect(t.paired.health()).toMatchObject({ state: 'lost', linesOk: 6 });
    } finally {
      await t.session.close();
    }
  });

  it('the next game, colours swapped: each player keeps their board, and the board that was Black\'s plays White\'s moves', async () => {
    const t = table();
    try {
      await t.connect();
      await t.move(0, 32, 28);
      await t.move(1, 32, 28); // Black copies
      expect(t.moves()).toEqual(['32-28']);
      expect(await t.session.command({ type: 'resign', color: 'white' })).toEqual({ ok: true });
      expect(await t.session.command({ type: 'new-game' })).toEqual({ ok: true });
      await t.settle();
      // Board 2 is White's now: the game asks it to set up the start (28 to clear, 32 to fill);
      // board 1, Black's, is shown its first copy step alone.
      expect(t.paired.seatOf('white')).toBe(1);
      expect(lit(t.boards[1].frames.at(-1))).toEqual(['28 fast', '32 alternate']);
      expect(lit(t.boards[0].frames.at(-1))).toEqual(['28 fast']);
      expect(t.paired.copySteps().black).toMatchObject({ kind: 'clear', square: 27 });
      await t.move(1, 28, 32);
      expect(t.session.state().referee).not.toBeNull();
      // Board 1, Black's now, copies the start; then White's 33-29 is played on board 2.
      await t.move(0, 28, 32);
      expect(t.paired.copySteps().black).toBeNull();
      await t.move(1, 33, 29);
      expect(t.moves()).toEqual(['33-29']);
      expect(t.paired.copySteps().black).toMatchObject({ kind: 'clear', square: 32 });
      expect(lit(t.boards[0].frames.at(-1))).toEqual(['33 fast']);
    } finally {
      await t.session.close();
    }
  });
});
