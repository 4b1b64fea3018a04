/**
 * The board-link contract as one test suite, run against every peer a link can have (as
 * node-serialport runs one suite against its mock and its real bindings): contract.test.ts runs
 * it on the mock peer, the dambord firmware in avr8js and StandardFirmata in avr8js.
 *
 * What every link must do (types.ts): its first event is `connected` with the hello and the
 * board's occupancy; lifts, places and buttons come in order with board time that never goes
 * back; setLeds, beep and configure resolve and the LEDs reach the board; a bad argument is
 * `invalid`; a vanished port is `lost`, the link keeps trying with backoff and comes back
 * `resynced` with the changes made while it was away; close() ends the events and every later
 * call rejects with `closed`, never with an unhandled rejection.
 *
 * The cases run in order on one link, as one session at the board would, so that the slow peers
 * (an AVR simulated instruction by instruction) connect once. A peer that cannot show a case
 * names it in `cannot`, with why: the case is skipped with the reason in its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SquareSet } from '../../../rules/squareSet.ts';
import type { BoardButton, BoardEvent, BoardLink, LedFrame } from '../types.ts';
import { LinkError } from '../types.ts';

/** A link opened on a peer, and the peer's hands and eyes. Squares are internal indices. */
export interface LinkPeer {
  readonly link: BoardLink;
  /** Puts a piece on or lifts it off a square of the board. */
  setSquare(square: number, occupied: boolean): void;
  setButton(button: BoardButton, down: boolean): void;
  /** Runs the peer (its clock, and the link's ticks on it) until `done()` or `withinMs` of its time passed; says whether done. */
  until(done: () => boolean, withinMs: number): Promise<boolean>;
  /** Pulls the board's cable out. */
  unplug(): void;
  /** Puts it back. */
  replug(): void;
  /** The squares whose LED the board lights now. */
  leds(): readonly number[];
  /** How many tones the board has played. */
  tones(): number;
  /** Stops what the peer runs besides the link. */
  dispose(): void | Promise<void>;
}

/** The cases a peer may be unable to show. */
export type ContractCase = 'beep-heard';

export interface ContractOptions {
  /** Squares (indices) with a piece when the peer starts; the suite moves 32 to 28, 31 to 26 and lifts 1. */
  readonly start: SquareSet;
  /** Skip the whole suite, saying why (the peer cannot run here). */
  readonly skip?: string;
  /** Cases this peer cannot show, each with why. */
  readonly cannot?: Partial<Record<ContractCase, string>>;
  /** Time limit of one case, wall ms. Default 20000. */
  readonly timeoutMs?: number;
}

const text = (e: BoardEvent): string =>
  e.type === 'link' ? `${e.state}` : e.type === 'button' ? `${e.button} ${e.down ? 'down' : 'up'}` : `${e.type} ${e.square + 1}`;

/** The occupancy the events build, from `connected` on. */
function replay(events: readonly BoardEvent[]): SquareSet {
  let occ = SquareSet.EMPTY;
  for (const e of events) {
    if (e.type === 'link' && e.state === 'connected') occ = e.occupancy;
    else if (e.type === 'lift') occ = occ.without(e.square);
    else if (e.type === 'place') occ = occ.with(e.square);
  }
  return occ;
}

/** Registers the contract's cases for the peer `open` makes: see the file comment. */
export function boardLinkContract(name: string, open: () => LinkPeer | Promise<LinkPeer>, options: ContractOptions): void {
  const timeout = options.timeoutMs ?? 20_000;
  const title = options.skip ? `${name} — SKIPPED: ${options.skip}` : name;
  describe.skipIf(options.skip !== undefined)(`board-link contract: ${title}`, () => {
    let peer: LinkPeer;
    const events: BoardEvent[] = [];
    let pump: Promise<void>;
    let board = options.start;
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    const since = (from: number) => events.slice(from).filter((e) => e.type !== 'link').map(text);
    const done = <T>(p: Promise<T>) => {
      let settled = false;
      void p.then(() => (settled = true), () => (settled = true));
      return () => settled;
    };
    /** Waits, running the peer, for a promise of the link. */
    const settle = async <T>(p: Promise<T>, withinMs: number): Promise<T> => {
      await peer.until(done(p), withinMs);
      return p;
    };
    const move = (square: number, occupied: boolean) => {
      peer.setSquare(square, occupied);
      board = occupied ? board.with(square) : board.without(square);
    };
    const onlyOn = (squares: readonly number[]): LedFrame => Array.from({ length: 50 }, (_, i) => (squares.includes(i) ? 'on' : 'off'));

    const test = (what: string, fn: () => Promise<void>, needs?: ContractCase) => {
      const why = needs && options.cannot?.[needs];
      if (why) it.skip(`${what} — skipped: ${why}`, fn);
      else it(what, fn, timeout);
    };

    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      peer = await open();
      pump = (async () => {
        for await (const e of peer.link.events()) events.push(e);
      })();
      await peer.until(() => events.length > 0, 10_000);
    }, timeout);

    afterAll(async () => {
      await peer?.link.close();
      await peer?.dispose();
      process.off('unhandledRejection', onUnhandled);
    });

    test('its first event is connected, with the hello and the occupancy of the board', async () => {
      const first = events[0];
      expect(first?.type === 'link' && first.state).toBe('connected');
      if (first?.type !== 'link' || first.state !== 'connected') return;
      expect(first.hello).toMatchObject({ squares: 50, buttons: 4 });
      expect(first.occupancy.equals(options.start)).toBe(true);
      expect(first.buttons).toEqual([]);
      expect((await peer.link.snapshot()).occupancy.equals(options.start)).toBe(true);
      expect(peer.link.health().state).toBe('connected');
    });

    test('a fresh board connects without a fault or a repair, and its health gives whole milliseconds', async () => {
      await peer.until(() => false, 2000); // past the time an answer was due (1000 ms)
      const { state, linesOk, msSinceLastLine, msSinceLastValidLine, ...counters } = peer.link.health();
      expect(state).toBe('connected');
      expect(linesOk).toBeGreaterThan(0);
      expect(Object.entries(counters).filter(([, n]) => n !== 0)).toEqual([]);
      for (const ms of [msSinceLastLine, msSinceLastValidLine]) expect(Number.isInteger(ms), `${ms}`).toBe(true);
    });

    test('it reports a lift and a place in order, with board time that never goes back', async () => {
      const from = events.length;
      move(31, false);
      expect(await peer.until(() => since(from).length === 1, 1000)).toBe(true);
      move(27, true);
      expect(await peer.until(() => since(from).length === 2, 1000)).toBe(true);
      expect(since(from)).toEqual(['lift 32', 'place 28']);
      const ts = events.map((e) => e.t);
      expect(ts).toEqual([...ts].sort((a, b) => a - b));
      expect((await peer.link.snapshot()).occupancy.equals(board)).toBe(true);
    });

    test('it reports a button pressed and released', async () => {
      const from = events.length;
      peer.setButton('clock', true);
      expect(await peer.until(() => since(from).length === 1, 1000)).toBe(true);
      expect((await peer.link.snapshot()).buttons).toEqual(['clock']);
      peer.setButton('clock', false);
      expect(await peer.until(() => since(from).length === 2, 1000)).toBe(true);
      expect(since(from)).toEqual(['clock down', 'clock up']);
      expect(events.slice(from).every((e) => e.type === 'button' && e.source === 'board' && e.t >= events[from - 1].t)).toBe(true);
    });

    test('setLeds and beep resolve; the LEDs reach the board', async () => {
      await settle(peer.link.setLeds(onlyOn([27, 31])), 3000);
      expect(peer.leds()).toEqual([27, 31]);
      await settle(peer.link.beep(440, 50), 3000);
      await settle(peer.link.configure({ make: 5, break: 5 }), 3000);
      await settle(peer.link.setLeds(onlyOn([])), 3000);
      expect(peer.leds()).toEqual([]);
    });

    test(
      'beep resolves once the board took it, and the board plays the tone',
      async () => {
        const before = peer.tones();
        await settle(peer.link.beep(880, 30), 3000);
        expect(await peer.until(() => peer.tones() > before, 100)).toBe(true);
      },
      'beep-heard',
    );

    test('a bad argument is refused with invalid', async () => {
      await expect(peer.link.setLeds(Array.from({ length: 32 }, () => 'on'))).rejects.toMatchObject({ code: 'invalid' });
      await expect(peer.link.beep(20, 100)).rejects.toMatchObject({ code: 'invalid' });
      await expect(peer.link.configure({ make: 300 })).rejects.toMatchObject({ code: 'invalid' });
    });

    test('a vanished port is lost; the link keeps trying and comes back resynced with what changed meanwhile', async () => {
      const from = events.length;
      const failures = peer.link.health().openFailures;
      peer.unplug();
      expect(await peer.until(() => events.slice(from).some((e) => e.type === 'link' && e.state === 'lost'), 1000)).toBe(true);
      expect(events.slice(from).find((e) => e.type === 'link')).toMatchObject({ state: 'lost', reason: 'port' });
      expect(peer.link.health().state).toBe('lost');
      move(30, false); // moved while the board was away
      move(25, true);
      expect(await peer.until(() => peer.link.health().openFailures > failures, 2000)).toBe(true); // tried, and tried again later
      peer.replug();
      const isBack = (e: BoardEvent) => e.type === 'link' && e.state !== 'lost';
      expect(await peer.until(() => events.slice(from).some(isBack), 8000)).toBe(true);
      const back = events.slice(from).find(isBack);
      expect(back && 'occupancy' in back && back.occupancy.equals(board)).toBe(true);
      expect(replay(events).equals(board)).toBe(true);
      expect(peer.link.health()).toMatchObject({ state: 'connected' });
      expect(peer.link.health().reconnects).toBeGreaterThanOrEqual(1);
      const after = events.length;
      move(0, false); // and it still reads the board
      expect(await peer.until(() => since(after).length === 1, 1000)).toBe(true);
      expect(since(after)).toEqual(['lift 1']);
      const ts = events.map((e) => e.t);
      expect(ts).toEqual([...ts].sort((a, b) => a - b));
    });

    test('close() ends the events; a command waiting and every later call reject with closed', async () => {
      const waiting = peer.link.beep(440, 50);
      const next = peer.link.events().next();
      await peer.link.close();
      await expect(waiting).rejects.toBeInstanceOf(LinkError);
      await expect(waiting).rejects.toMatchObject({ code: 'closed' });
      await expect(next).resolves.toMatchObject({ done: true });
      await pump;
      for (const call of [() => peer.link.setLeds(onlyOn([])), () => peer.link.beep(440, 50), () => peer.link.configure({}), () => peer.link.snapshot()]) {
        await expect(call()).rejects.toMatchObject({ name: 'LinkError', code: 'closed' });
      }
      expect(peer.link.health().state).toBe('closed');
      await peer.link.close();
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    });
  });
}
