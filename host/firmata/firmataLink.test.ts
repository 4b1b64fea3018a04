// The Firmata board link end to end: the genuine StandardFirmata (fetched from the npm registry,
// hardware/firmata/fetch.mjs) on the simulated Mega 2560 behind the simulated serialport
// binding, read by firmata-io and johnny-five through a real SerialPortStream. The clock is the
// simulated board's, moved by the test. Skipped, saying why, when the firmware cannot be fetched.
// What every link does (connect, moves, buttons, LEDs, a pulled cable, close) is the board-link
// contract's (host/link/contract.test.ts); here, what only this link does.

import five from 'johnny-five';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedFirmataBoard } from '../../hardware/firmata/board.ts';
import { fetchStandardFirmata } from '../../hardware/firmata/fetch.mjs';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../hardware/sim/board.ts';
import { loadIntelHex } from '../../hardware/sim/ihex.ts';
import { clockedEvery } from '../link/testing/clockedEvery.ts';
import type { BoardEvent, LedFrame } from '../link/types.ts';
import { LinkError } from '../link/types.ts';
import { openFirmataLink, type FirmataLink } from './firmataLink.ts';

const fetched = fetchStandardFirmata();
const skipReason = fetched.ok ? '' : ` — SKIPPED: StandardFirmata could not be fetched: ${fetched.error}`;

/** The international start position: squares 1-20 and 31-50. Squares 3-10 (D24-D31) fill Firmata port 3, which then reads 0 and is never reported. */
const START = [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 31)];

const links: FirmataLink[] = [];
afterEach(async () => {
  for (const l of links.splice(0)) await l.close();
});

/** A simulated Firmata board on a manual clock, its link, and what the link delivers. */
function rig(occupied: readonly number[] = START) {
  const board = new SimulatedFirmataBoard({ size: '10x10', occupied });
  const binding = new SimulatedBinding({ clock: 'manual' });
  const path = binding.add(board);
  // The link's ticks (debounce, blinking, heartbeat) run on the board's clock, as its `now` does.
  const ticks = clockedEvery(() => board.simTimeMs);
  const link = openFirmataLink({ path, binding, size: '10x10', now: () => board.simTimeMs, every: ticks.every, reconnect: { initialMs: 20, maxMs: 100 } });
  links.push(link);
  const events: BoardEvent[] = [];
  void (async () => {
    for await (const e of link.events()) events.push(e);
  })();
  /** Runs the board until `done()` or `withinMs` of board time; returns whether done. */
  const until = async (done: () => boolean, withinMs: number): Promise<boolean> => {
    const end = board.simTimeMs + withinMs;
    while (!done() && board.simTimeMs < end) {
      await binding.advance(10);
      if (ticks.run()) await new Promise((r) => setImmediate(r));
    }
    return done();
  };
  const connected = () => until(() => events.some((e) => e.type === 'link' && e.state === 'connected'), 5000);
  return { board, binding, path, link, events, until, connected };
}

const squaresOf = (events: readonly BoardEvent[]) =>
  events.flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}${e.source === 'snapshot' ? ' (snapshot)' : ''}`] : []));

describe.skipIf(!fetched.ok)(`Firmata board link (StandardFirmata on a Mega in avr8js, johnny-five)${skipReason}`, () => {
  it('shows LED frames on the MAX7219 through Led.Matrix, blinking squares turning with time', async () => {
    const r = rig();
    expect(await r.connected()).toBe(true);
    const frame: LedFrame = Array.from({ length: 50 }, (_, i) => (i === 27 || i === 31 ? 'on' : i === 18 ? 'fast' : i === 49 ? 'slow' : 'off'));
    const shown = r.link.setLeds(frame);
    let done = false;
    void shown.then(() => (done = true));
    expect(await r.until(() => done, 3000)).toBe(true);
    expect(r.board.leds()).toEqual(expect.arrayContaining([28, 32]));
    expect(r.board.leds().every((s) => [19, 28, 32, 50].includes(s))).toBe(true);
    const seen19 = new Set<boolean>();
    const seen50 = new Set<boolean>();
    await r.until(() => {
      seen19.add(r.board.leds().includes(19));
      seen50.add(r.board.leds().includes(50));
      return seen19.size === 2 && seen50.size === 2;
    }, 3000);
    expect([...seen19].sort()).toEqual([false, true]);
    expect([...seen50].sort()).toEqual([false, true]);
    const off = r.link.setLeds(Array.from({ length: 50 }, () => 'off'));
    done = false;
    void off.then(() => (done = true));
    expect(await r.until(() => done, 3000)).toBe(true);
    expect(r.board.leds()).toEqual([]);
  });

  it('beeps on the piezo pin', async () => {
    const r = rig();
    expect(await r.connected()).toBe(true);
    let done = false;
    void r.link.beep(440, 300).then(() => (done = true));
    expect(await r.until(() => done, 2000)).toBe(true);
    await r.until(() => r.board.tones().some((t) => t.endMs !== null), 3000);
    const tone = r.board.tones()[0];
    expect(tone).toBeDefined();
    expect(tone.edges).toBeGreaterThan(10);
  });

  it('lets go of the johnny-five Board of every attempt to reopen a pulled cable', async () => {
    const r = rig();
    expect(await r.connected()).toBe(true);
    r.binding.unplug(r.path);
    expect(await r.until(() => r.link.health().openFailures >= 2, 1000)).toBe(true);
    r.binding.replug(r.path);
    expect(await r.until(() => r.events.some((e) => e.type === 'link' && e.state === 'resynced'), 8000)).toBe(true);
    expect((five.Board as unknown as { cache: unknown[] }).cache.length).toBe(1);
  });

  it('loses a board that falls silent with its port open (3 heartbeat periods), and takes it back when it answers again', async () => {
    const r = rig();
    expect(await r.connected()).toBe(true);
    r.board.powerOff(); // a brown-out: the USB link stays, the Mega stops
    expect(await r.until(() => r.events.some((e) => e.type === 'link' && e.state === 'lost'), 5000)).toBe(true);
    const lost = r.events.find((e) => e.type === 'link' && e.state === 'lost');
    expect(lost?.type === 'link' && lost.state === 'lost' && lost.reason).toBe('heartbeat');
    expect(r.link.health().heartbeatLosses).toBe(1);
    r.board.setSquare(50, false);
    r.board.powerOn();
    expect(await r.until(() => r.events.some((e) => e.type === 'link' && e.state === 'resynced'), 8000)).toBe(true);
    expect(squaresOf(r.events)).toEqual(['lift 50 (snapshot)']);
  });

  it('reads every pin again when the Arduino restarts (reset button) and goes on, the LEDs shown again', async () => {
    const r = rig();
    expect(await r.connected()).toBe(true);
    let shown = false;
    void r.link.setLeds(Array.from({ length: 50 }, (_, i) => (i === 0 ? 'on' : 'off'))).then(() => (shown = true));
    expect(await r.until(() => shown, 3000)).toBe(true);
    expect(r.board.leds()).toEqual([1]);
    r.board.max7219.powerUp(); // as if the chip lost its registers too
    r.board.reset();
    r.board.setSquare(35, false); // lifted while the Mega boots
    expect(await r.until(() => r.events.some((e) => e.type === 'link' && e.state === 'resynced'), 5000)).toBe(true);
    const resynced = r.events.find((e) => e.type === 'link' && e.state === 'resynced');
    expect(resynced?.type === 'link' && resynced.state === 'resynced' && resynced.reason).toBe('reboot');
    expect(squaresOf(r.events)).toEqual(['lift 35 (snapshot)']);
    expect(r.link.health().reboots).toBe(1);
    expect(await r.until(() => r.board.leds().join() === '1', 3000)).toBe(true);
    r.board.setSquare(35, true);
    expect(await r.until(() => squaresOf(r.events).at(-1) === 'place 35', 500)).toBe(true);
  });

  it('says so when the Arduino answers but not as Firmata (a board running the dambord firmware)', async () => {
    const board = new SimulatedBoard({ size: '10x10' });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openFirmataLink({ path, binding, size: '10x10', now: () => board.simTimeMs, handshakeMs: 800 });
    links.push(link);
    let error: unknown = null;
    link.ready().catch((e: unknown) => (error = e));
    // The board's time is stepped (the handshake gives up after 800 ms of it), never waited for.
    const sim0 = board.simTimeMs;
    while (error === null && board.simTimeMs - sim0 < 10_000) await binding.advance(20);
    expect(error).toBeInstanceOf(LinkError);
    expect((error as LinkError).code).toBe('refused');
    expect((error as LinkError).message).toMatch(/answers, but not as Firmata at 57600 baud.*Upload StandardFirmata.*without --firmata/);
  });

  it('says so when the pins do not match the profile (StandardFirmata for the Uno: 20 pins)', async () => {
    if (!fetched.ok) return;
    class UnoWithFirmata extends SimulatedBoard {
      override readonly baudRate = 57600;
    }
    const board = new UnoWithFirmata({ size: '10x10', program: loadIntelHex(fetched.hex.uno) });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openFirmataLink({ path, binding, size: '10x10', now: () => board.simTimeMs });
    links.push(link);
    let error: unknown = null;
    link.ready().catch((e: unknown) => (error = e));
    const end = board.simTimeMs + 6000;
    while (error === null && board.simTimeMs < end) await binding.advance(20);
    expect((error as LinkError).code).toBe('refused');
    expect((error as LinkError).message).toMatch(/runs StandardFirmata.ino, but this Arduino has 20 pins \(an Uno or Nano\?\).*up to A15 \(69\).*Arduino Mega 2560/);
  });

  it('says so when the port cannot be opened', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const link = openFirmataLink({ path: '/dev/sim/nothing', binding, size: '8x8' });
    links.push(link);
    await expect(link.ready()).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/cannot open \/dev\/sim\/nothing/) });
  });
});
