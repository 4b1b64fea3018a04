// At the board nothing goes unsaid (dambord issue 28): with no clock, a complete irregular move
// is shown on the page and written in the log at once, said by speech once the hands have left it
// standing for a moment (the session's ticks bring the time), and again only when it changes;
// nobody decides it before play goes on (FMJD 5.4, 5.7). The board is a link fed by the test.
import { EventEmitter, on } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, parseSquare, variants } from '../../rules/index.ts';
import { tournament } from '../game/referee/policy.ts';
import type { BoardEvent, BoardLink } from '../link/types.ts';
import { zeroCounters } from '../link/types.ts';
import { announce, createAnnouncer } from '../speech/announce.ts';
import type { Announcement } from '../speech/announce.ts';
import { startSession } from './session.ts';

const v = variants.international;

/** A session on a board whose events the test sends, its time and its 100 ms ticks the test's. */
function atTheBoard() {
  const bus = new EventEmitter();
  const stop = new AbortController();
  const link: BoardLink = {
    events: () =>
      (async function* () {
        try {
          for await (const [e] of on(bus, 'event', { signal: stop.signal })) yield e as BoardEvent;
        } catch {
          return;
        }
      })(),
    snapshot: () => Promise.reject(new Error('not kept')),
    setLeds: async () => {},
    beep: async () => {},
    configure: async () => {},
    health: () => ({ state: 'connected', ...zeroCounters(), openFailures: 0, msSinceLastLine: null, msSinceLastValidLine: null }),
    close: async () => stop.abort(),
  };
  let t = 0;
  let seq = 0;
  let tick = () => {};
  let announcer = createAnnouncer('en');
  const spoken: Announcement[] = [];
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error('start FEN');
  const session = startSession({
    start: start.position,
    policy: tournament,
    link,
    now: () => t,
    every: (_ms, fn) => ((tick = fn), () => {}),
    observe: (seen) => {
      const r = announce(announcer, seen);
      announcer = r.announcer;
      spoken.push(...r.said);
    },
  });
  const flush = () => new Promise((r) => setImmediate(r));
  const send = async (e: BoardEvent) => {
    bus.emit('event', e);
    await flush();
  };
  return {
    session,
    spoken,
    async connect() {
      const occupied = [...start.position.board.keys()].filter((sq) => start.position.board[sq] !== 0);
      await send({ type: 'link', state: 'connected', hello: { fw: 'test', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} }, occupancy: SquareSet.from(occupied), buttons: [], t });
    },
    /** One action every 200 ms: `lift 32`, `place 28`. */
    async hands(script: string) {
      for (const line of script.trim().split('\n')) {
        const [what, square] = line.split(' ');
        t += 200;
        await send({ type: what as 'lift' | 'place', square: parseSquare(v, square), t, seq: ++seq, source: 'board' });
      }
    },
    /** `ms` of board time, the session looking at its clock every 100 ms. */
    async wait(ms: number) {
      for (let left = ms; left > 0; left -= 100) {
        t += 100;
        tick();
        await flush();
      }
    },
  };
}

// 1. 32-28 19-23 2. 33-29? although 28x19 is compulsory (FMJD 4.2, 5.4.6), then Black's 18-22?
// although 23x32 is.
const WHITE = 'White played 33-29 although a capture was compulsory. Black decides once White presses the clock or Black moves.';
const WHITE_SAID = 'White played 33 to 29 although a capture was compulsory. Black decides once White presses the clock or Black moves.';
const BLACK = 'Black played 18-22 although a capture was compulsory. White decides once Black presses the clock or White moves.';
const BLACK_SAID = 'Black played 18 to 22 although a capture was compulsory. White decides once Black presses the clock or White moves.';

describe('issue 28: a complete irregular move at a board with no clock', () => {
  it('FMJD 5.4.6, 5.7: on the page and in the log at once, said after 2 s of stillness, once; the next one when it comes; nothing decided', async () => {
    const b = atTheBoard();
    try {
      await b.connect();
      await b.hands('lift 32\nplace 28\nlift 19\nplace 23\nlift 33\nplace 29');
      let view = b.session.view();
      expect(view.irregularity).toBeNull();
      expect(view.foresight.map((f) => f.message)).toEqual([WHITE]);
      expect(view.log.filter((l) => l === WHITE)).toHaveLength(1);
      const told = () => b.spoken.filter((a) => a.kind === 'irregularity').map((a) => a.text);

      await b.wait(1500);
      expect(told()).toEqual([]);
      await b.wait(700);
      expect(told()).toEqual([WHITE_SAID]);
      await b.wait(5000);
      expect(told()).toEqual([WHITE_SAID]);
      expect(b.session.view().log.filter((l) => l === WHITE)).toHaveLength(1);

      // Black plays on with a move that is irregular in turn: both foreseen, only the new one said.
      await b.hands('lift 18\nplace 22');
      view = b.session.view();
      expect(view.irregularity).toBeNull();
      expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
      expect(view.foresight.map((f) => f.message)).toEqual([WHITE, BLACK]);
      expect(view.log.filter((l) => l === WHITE || l === BLACK)).toEqual([WHITE, BLACK]);
      await b.wait(2500);
      expect(told()).toEqual([WHITE_SAID, BLACK_SAID]);
    } finally {
      await b.session.close();
    }
  });
});
