/**
 * The serial link end to end over @serialport/binding-mock: SerialPortStream, LineSplitter,
 * codec and sequencer against a fake board (the TEST PEER of testing/mockBoard.ts, which can
 * corrupt, drop, duplicate and reorder lines as the firmware cannot be made to).
 *
 * What every link does (connect, moves, buttons, LEDs, a pulled cable, close) is the board-link
 * contract's, run on this peer and on the firmware in avr8js (contract.test.ts); here, what is
 * the serial protocol's own: the lines on the wire and every repair.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SquareSet } from '../../rules/squareSet.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { createFaultInjector } from './testing/fault.ts';
import type { FaultInjector } from './testing/fault.ts';
import { openSerialLink } from './serialLink.ts';
import type { SerialLinkOptions } from './serialLink.ts';
import { createMockPorts, MockBoard } from './testing/mockBoard.ts';
import type { MockBoardOptions, MockPorts } from './testing/mockBoard.ts';
import type { BoardEvent, BoardLink, LedFrame, LinkHealth, SerialLinkHealth } from './types.ts';

const PATH = '/dev/ttyDAMBORD0';
const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);

async function until(what: string, cond: () => boolean, timeoutMs = WAIT_LIMIT_MS): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!cond()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Rig {
  ports: MockPorts;
  board: MockBoard;
  link: BoardLink;
  got: BoardEvent[];
  /** Lift/place/button events as text, in order. */
  moves(): string[];
  links(): string[];
  health(): LinkHealth;
}

/** The occupancy the delivered events build, from the `connected` event on. */
function replayed(r: Rig): SquareSet {
  let occ = SquareSet.EMPTY;
  for (const e of r.got) {
    if (e.type === 'link' && e.state === 'connected') occ = e.occupancy;
    else if (e.type === 'lift') occ = occ.without(e.square);
    else if (e.type === 'place') occ = occ.with(e.square);
  }
  return occ;
}

let rigs: Rig[] = [];

afterEach(async () => {
  for (const r of rigs) {
    await r.link.close();
    r.board.stop();
  }
  rigs = [];
});

async function rig(board: MockBoardOptions = {}, link: Partial<SerialLinkOptions> = {}, connect = true): Promise<Rig> {
  const ports = createMockPorts();
  const b = new MockBoard({ occupancy: START, ...board });
  ports.add(PATH, { onOpen: (p) => b.attach(p) });
  const l = openSerialLink({ path: PATH, binding: ports.binding, config: { hb: 100 }, replyTimeoutMs: 200, reconnect: { initialMs: 20, maxMs: 80 }, tickMs: 5, ...link });
  const got: BoardEvent[] = [];
  void (async () => {
    for await (const e of l.events()) got.push(e);
  })();
  const r: Rig = {
    ports,
    board: b,
    link: l,
    got,
    moves: () => got.flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}`] : e.type === 'button' ? [`${e.button} ${e.down ? 'down' : 'up'}`] : [])),
    links: () => got.flatMap((e) => (e.type === 'link' ? [`${e.state} ${'reason' in e ? e.reason : ''}`.trim()] : [])),
    health: () => l.health(),
  };
  rigs.push(r);
  if (connect) await l.snapshot();
  return r;
}

describe('serial link: connecting and talking', () => {
  it('connects: HELLO, SNAP and its settings; reports the board and the occupancy', async () => {
    const r = await rig({ boot: 7 });
    await until('connected', () => r.links().length > 0);
    const first = r.got[0];
    expect(first.type === 'link' && first.state === 'connected' && first.hello.boot === 7 && first.occupancy.equals(START)).toBe(true);
    expect(r.board.heard.map((l) => l.split('*')[0])).toEqual(['HELLO', 'SNAP', 'CFG hb=100']);
    expect(await r.link.snapshot()).toMatchObject({ squares: 50, seq: 0, buttons: [] });
    expect(r.health()).toMatchObject({ state: 'connected', crcErrors: 0, reconnects: 0 });
  });

  it('LEDs, sound and settings reach the board and resolve; bad arguments reject without a line sent', async () => {
    const r = await rig();
    const frame: LedFrame = Array.from({ length: 50 }, (_, i) => (i === 27 ? 'on' : i === 31 ? 'slow' : 'off'));
    await r.link.setLeds(frame);
    await r.link.beep(880, 120);
    await r.link.configure({ make: 20, snap: 0 });
    expect(r.board.peer.leds).toEqual(frame);
    expect(r.board.peer.beeps).toEqual([{ hz: 880, ms: 120 }]);
    expect(r.board.peer.config).toMatchObject({ make: 20, snap: 0, hb: 100 });
    const heard = r.board.heard.length;
    await expect(r.link.setLeds(['on'])).rejects.toMatchObject({ code: 'invalid' });
    await expect(r.link.beep(20, 100)).rejects.toMatchObject({ code: 'invalid' });
    await expect(r.link.configure({ hb: -1 })).rejects.toMatchObject({ code: 'invalid' });
    expect(r.board.heard.length).toBe(heard);
  });
});

describe('serial link: every fault repaired and counted', () => {
  it('a corrupted line: CRC error counted, the gap repaired by RESEND', async () => {
    const r = await rig();
    r.board.lift(31, 'corrupt');
    r.board.place(27);
    await until('2 events', () => r.moves().length === 2);
    expect(r.moves()).toEqual(['lift 32', 'place 28']);
    expect(r.health()).toMatchObject({ crcErrors: 1, gaps: 1, gapsRepaired: 1, resends: 1 });
    expect(r.board.heard.some((l) => l.startsWith('RESEND 1*'))).toBe(true);
  });

  it('a lost line: repaired by RESEND; a lost last line: found by the heartbeat', async () => {
    const r = await rig();
    r.board.lift(31, 'drop');
    r.board.place(27);
    await until('2 events', () => r.moves().length === 2);
    r.board.lift(27, 'drop'); // nothing follows: the next HB names it
    await until('3 events', () => r.moves().length === 3);
    expect(r.moves()).toEqual(['lift 32', 'place 28', 'lift 28']);
    expect(r.health()).toMatchObject({ gaps: 2, gapsRepaired: 2 });
  });

  it('a duplicate: dropped and counted', async () => {
    const r = await rig();
    r.board.lift(31, 'duplicate');
    r.board.place(27);
    await until('2 events', () => r.moves().length === 2);
    await new Promise((res) => setTimeout(res, 30));
    expect(r.moves()).toEqual(['lift 32', 'place 28']);
    expect(r.health().duplicatesDropped).toBe(1);
  });

  it('a reorder: held and released in order', async () => {
    const r = await rig();
    r.board.lift(31, 'delay');
    r.board.place(27);
    await until('2 events', () => r.moves().length === 2);
    expect(r.moves()).toEqual(['lift 32', 'place 28']);
    expect(r.health().outOfOrder).toBe(1);
  });

  it('ERR GONE: the ring lost the gap; a snapshot is turned into events in square order', async () => {
    const r = await rig({ ring: 4 });
    r.board.lift(31, 'drop');
    r.board.place(27, 'drop');
    r.board.lift(0, 'drop');
    r.board.press('jadoube', 'drop');
    r.board.release('jadoube', 'drop');
    r.board.place(25);
    await until('resynced', () => r.links().includes('resynced gone'));
    expect(r.moves()).toEqual(['lift 1', 'place 26', 'place 28', 'lift 32']);
    expect(r.got.filter((e) => e.type === 'lift' || e.type === 'place').every((e) => 'source' in e && e.source === 'snapshot')).toBe(true);
    expect(r.health()).toMatchObject({ snapshotsUsed: 1, errorReplies: 1, state: 'connected' });
    expect((await r.link.snapshot()).occupancy.equals(r.board.peer.occupancy)).toBe(true);
  });

  it('a board reset mid-stream: new boot seen, settings and LEDs restored, the difference delivered', async () => {
    const r = await rig();
    const frame: LedFrame = Array.from({ length: 50 }, (_, i) => (i < 5 ? 'fast' : 'off'));
    await r.link.setLeds(frame);
    r.board.lift(31);
    await until('1 event', () => r.moves().length === 1);
    r.board.reboot(8);
    r.board.lift(0); // seq 1 of the new boot
    await until('resynced', () => r.links().includes('resynced reboot'));
    await until('1 more event', () => r.moves().length === 2);
    expect(r.moves()).toEqual(['lift 32', 'lift 1']);
    await until('LEDs restored', () => r.board.peer.leds[0] === 'fast');
    expect(r.board.peer.config.hb).toBe(100);
    expect(r.health()).toMatchObject({ reboots: 1, state: 'connected' });
    r.board.place(0);
    await until('the new boot goes on', () => r.moves().length === 3);
    const ts = r.got.map((e) => e.t);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
  });

  it('the cable pulled out and put back: lost, reopened with backoff, missed events resent, resynced', async () => {
    const r = await rig();
    r.board.lift(31);
    await until('1 event', () => r.moves().length === 1);
    r.ports.unplug(PATH);
    await until('lost', () => r.links().includes('lost port'));
    expect(r.health().state).toBe('lost');
    r.board.place(27); // nobody hears it
    r.board.lift(0);
    await until('failed reopen attempts', () => r.health().openFailures >= 2);
    r.ports.plug(PATH);
    await until('resynced', () => r.links().includes('resynced reconnect'));
    await until('3 events', () => r.moves().length === 3);
    expect(r.moves()).toEqual(['lift 32', 'place 28', 'lift 1']);
    expect(r.got.filter((e) => e.type !== 'link').every((e) => 'source' in e && e.source === 'board')).toBe(true);
    expect(r.ports.opens(PATH)).toBe(2);
    expect(r.health()).toMatchObject({ reconnects: 1, state: 'connected', snapshotsUsed: 0 });
    r.board.place(31);
    await until('4 events', () => r.moves().length === 4);
  });

  it('heartbeat loss: 3 silent periods -> lost and HELLO; the board speaks again -> resynced', async () => {
    const r = await rig();
    await until('a few heartbeats', () => r.health().linesOk >= 6);
    r.board.silent = true;
    await until('lost', () => r.links().includes('lost heartbeat'));
    await until('HELLO asked', () => r.board.heard.filter((l) => l.startsWith('HELLO*')).length >= 2);
    expect(r.health()).toMatchObject({ state: 'lost', heartbeatLosses: 1 });
    expect(r.health().msSinceLastValidLine).toBeGreaterThan(300);
    r.board.silent = false;
    await until('resynced', () => r.links().includes('resynced heartbeat'));
    r.board.lift(31);
    await until('1 event', () => r.moves().length === 1);
    expect(r.health().state).toBe('connected');
  });

  it('garbage from the board is counted, never fatal', async () => {
    const r = await rig();
    r.board.raw(Buffer.from([0x00, 0xff, 0x0a]));
    r.board.raw('EV 1 2 L 3*00\n');
    r.board.raw(`${'x'.repeat(300)}\n`);
    r.board.raw('PING*00\r\n');
    r.board.raw('\n');
    r.board.lift(31);
    await until('1 event', () => r.moves().length === 1);
    const h = r.health() as SerialLinkHealth; // a serial link has every counter
    expect(h.crcErrors + h.syntaxErrors + h.longLines).toBeGreaterThanOrEqual(4);
    expect(h.longLines).toBe(1);
    expect(r.moves()).toEqual(['lift 32']);
  });

  it('4 MB without a line end: counted as one long line, the link goes on at the next line', async () => {
    const r = await rig();
    // (The splitter's time is linear in the input: host/link/lines.test.ts.)
    for (let i = 0; i < 64; i++) r.board.raw(Buffer.alloc(64 * 1024, 0x45));
    r.board.raw('\n');
    r.board.lift(31);
    await until('1 event', () => r.moves().length === 1);
    expect(r.health().longLines).toBe(1);
    expect(r.moves()).toEqual(['lift 32']);
  });

  it('a corrupted command: the board answers ERR CRC, the link sends it again', async () => {
    let faults: FaultInjector | null = null;
    const r = await rig({}, { wrap: (port) => (faults ??= createFaultInjector({ seed: 1 })).wrap(port) });
    const injector = faults as unknown as FaultInjector;
    injector.write.rates = { flip: 1 };
    const done = r.link.setLeds(Array.from({ length: 50 }, () => 'on'));
    injector.write.rates = {};
    await done;
    expect(r.board.peer.leds.every((p) => p === 'on')).toBe(true);
    expect(r.board.peer.refused.length).toBe(1);
    expect(r.health()).toMatchObject({ errorReplies: 1, retries: 1, commandFailures: 0 });
  });

  it('a port that does not exist yet: open retried with backoff until it appears', async () => {
    const r = await rig({}, { path: '/dev/ttyLATER' }, false);
    await until('failed opens', () => r.health().openFailures >= 3);
    expect(r.health().state).toBe('connecting');
    r.ports.add('/dev/ttyLATER', { onOpen: (p) => r.board.attach(p) });
    const snap = await r.link.snapshot();
    expect(snap.occupancy.equals(START)).toBe(true);
  });

});

describe('serial link: a session through the fault injector', () => {
  it('drops, duplicates, reorders and flips on both sides; the link ends in step with the board', async () => {
    let faults: FaultInjector | null = null;
    const make = () => createFaultInjector({ seed: 20240601, read: { drop: 0.08, duplicate: 0.08, reorder: 0.08, flip: 0.08 }, write: { drop: 0.05, flip: 0.05 } });
    const r = await rig({ ring: 256 }, { wrap: (port) => (faults ??= make()).wrap(port) });
    const truth: string[] = [];
    for (let i = 0; i < 60; i++) {
      const sq = (i * 7) % 50;
      if (r.board.peer.occupancy.has(sq)) {
        r.board.lift(sq);
        truth.push(`lift ${sq + 1}`);
      } else {
        r.board.place(sq);
        truth.push(`place ${sq + 1}`);
      }
      await new Promise((res) => setTimeout(res, 3));
    }
    const injector = faults as unknown as FaultInjector;
    injector.read.rates = {};
    injector.write.rates = {};
    await until('in step', () => r.health().state === 'connected' && replayed(r).equals(r.board.peer.occupancy));
    const snap = await r.link.snapshot();
    expect(snap.occupancy.equals(r.board.peer.occupancy)).toBe(true);
    const h = r.health() as SerialLinkHealth; // a serial link has every counter
    if (h.snapshotsUsed === 0) expect(r.moves()).toEqual(truth);
    expect(injector.stats.read.dropped + injector.stats.read.flipped + injector.stats.read.duplicated + injector.stats.read.reordered).toBeGreaterThan(0);
    expect(h.crcErrors + h.syntaxErrors).toBeGreaterThan(0);
  });
});
