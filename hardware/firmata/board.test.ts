// The simulated Firmata board (board.ts) as a host sees it: the genuine StandardFirmata on the
// simulated Mega, opened through SimulatedBinding with a real SerialPortStream at 57600 baud,
// with firmata-io and johnny-five on top, on the manual clock (binding.advance).
// Skipped, with the reason in the test name, when StandardFirmata cannot be fetched.

import { SerialPortStream } from '@serialport/stream';
import bindFirmata from 'firmata-io';
import five from 'johnny-five';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedBinding } from '../sim/binding.ts';
import { SimulatedFirmataBoard, standardFirmataMega, type SimulatedFirmataBoardOptions } from './board.ts';
import { ledOfSquare, pinOfSquare, readProfile } from './profile.ts';

let program: Uint16Array | null = null;
let skipReason = '';
try {
  program = standardFirmataMega();
} catch (e) {
  skipReason = (e as Error).message;
  console.warn(`hardware/firmata board tests skipped: ${skipReason}`);
}

type Port = SerialPortStream<SimulatedBinding>;
const opened: Port[] = [];
afterEach(async () => {
  for (const p of opened.splice(0)) if (p.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
});

/** Advances the manual clock in 10 ms steps until `done()` or `withinMs` of board time pass; returns whether done. */
async function until(binding: SimulatedBinding, done: () => boolean, withinMs: number): Promise<boolean> {
  for (let t = 0; t < withinMs && !done(); t += 10) await binding.advance(10);
  return done();
}

/**
 * Makes `process.hrtime` read the board's time until the returned function restores it:
 * johnny-five's Piezo toggles its pin from nanotimer, which polls `process.hrtime` between turns
 * of the event loop, so that the host's toggling then runs on board time, as the board does.
 */
function onBoardTime(board: SimulatedFirmataBoard): () => void {
  const ns = () => BigInt(Math.round(board.simTimeMs * 1e6));
  const spy = vi.spyOn(process, 'hrtime').mockImplementation((since?: [number, number]) => {
    const t = ns() - (since ? BigInt(since[0]) * 1_000_000_000n + BigInt(since[1]) : 0n);
    return [Number(t / 1_000_000_000n), Number(t % 1_000_000_000n)];
  });
  return () => spy.mockRestore();
}

/** Opens the board's port with SerialPortStream, firmata-io and johnny-five, and runs the board until johnny-five is ready. */
async function connect(binding: SimulatedBinding, board: SimulatedFirmataBoard, path: string) {
  const port: Port = new SerialPortStream({ binding, path, baudRate: 57600 });
  opened.push(port);
  const io = new bindFirmata.Firmata(port);
  const jb = new five.Board({ io, repl: false, debug: false, timeout: 60_000 });
  let ready = false;
  jb.once('ready', () => (ready = true));
  const sim0 = board.simTimeMs;
  const wall0 = performance.now();
  expect(await until(binding, () => ready, 5000)).toBe(true);
  return { port, io, jb, readySimMs: board.simTimeMs - sim0, readyWallMs: performance.now() - wall0 };
}

function plugged(opts: SimulatedFirmataBoardOptions = {}) {
  const board = new SimulatedFirmataBoard({ program: program!, ...opts });
  const binding = new SimulatedBinding({ clock: 'manual' });
  return { board, binding, path: binding.add(board) };
}

describe.skipIf(!program)(`SimulatedFirmataBoard${skipReason ? ` — SKIPPED: ${skipReason}` : ''}`, () => {
  it('is a 57600-baud port of the binding that johnny-five reaches ready on, after StandardFirmata reports its version', async () => {
    const { board, binding, path } = plugged();
    expect(path).toBe('/dev/sim/firmata0');
    expect(await binding.list()).toMatchObject([{ path, productId: 'firmata-mega2560-10x10', vendorId: 'simulated' }]);
    expect(binding.device(path, SimulatedFirmataBoard)).toBe(board);
    expect(() => binding.board(path)).toThrow(/not a SimulatedBoard/);

    const { io, readySimMs, readyWallMs } = await connect(binding, board, path);
    expect(board.starts).toBe(2); // powered when plugged in, reset when the port opened
    expect(io.firmware.name).toBe('StandardFirmata.ino');
    expect(io.pins.length).toBe(70);
    expect(readySimMs).toBeGreaterThan(1500); // the version blink on D13 comes first

    const wall0 = performance.now();
    const sim0 = board.simTimeMs;
    await binding.advance(500);
    const speed = (board.simTimeMs - sim0) / (performance.now() - wall0);
    console.log(`firmata board: johnny-five ready after ${readySimMs.toFixed(0)} ms sim / ${readyWallMs.toFixed(0)} ms wall; simulation ${speed.toFixed(1)}x real time`);
  });

  it('reads a reed switch and a button as LOW while closed and HIGH while open, the levels kept across a reset', async () => {
    const r = readProfile();
    if (!r.ok) throw new Error(r.reason);
    const { profile } = r;
    const { board, binding, path } = plugged({ occupied: [50] });
    board.reset(); // the levels outlive the MCU
    expect(board.occupied(50)).toBe(true);
    expect(board.occupied(1)).toBe(false);
    const { io } = await connect(binding, board, path);

    const watch = (pin: number) => {
      const seen = { value: -1 };
      io.pinMode(pin, io.MODES.INPUT);
      io.digitalWrite(pin, 1); // the pull-up, as Firmata 2.3 sets it
      io.digitalRead(pin, (v) => (seen.value = v));
      return seen;
    };
    // StandardFirmata 2.3 reports a port when its value changes from 0: square 1's port has
    // nothing else HIGH, so it shows only once square 1 reads HIGH (open).
    const sq1 = watch(pinOfSquare(profile, '10x10', 1)!);
    const sq50 = watch(pinOfSquare(profile, '10x10', 50)!);
    const clock = watch(profile.buttons.clock);
    expect(await until(binding, () => sq1.value === 1 && sq50.value === 0 && clock.value === 1, 300)).toBe(true);

    board.setSquare(1, true);
    board.setSquare(50, false);
    board.press('clock');
    expect(await until(binding, () => sq1.value === 0 && sq50.value === 1 && clock.value === 0, 100)).toBe(true);
    board.release(2); // button 2 is the clock
    expect(await until(binding, () => clock.value === 1, 100)).toBe(true);
    expect(() => board.setSquare(51, true)).toThrow(RangeError);
    expect(() => board.press('menu' as 'clock')).toThrow(RangeError);
  });

  it("lights exactly the squares johnny-five's Led.Matrix sets, bit-banged to the MAX7219 on D12/D11/D10", async () => {
    const { board, binding, path } = plugged();
    const { jb } = await connect(binding, board, path);
    const matrix = new five.Led.Matrix({ pins: { data: 12, clock: 11, cs: 10 }, board: jb });
    const at = (k: number) => ledOfSquare(k);
    for (const k of [1, 8, 9, 50]) matrix.led(at(k).row, at(k).col, 1);
    expect(await until(binding, () => board.leds().length === 4, 2000)).toBe(true);
    expect(board.leds()).toEqual([1, 8, 9, 50]);
    expect(board.max7219.normalOperation).toBe(true);
    expect(board.max7219.faults).toEqual([]);

    matrix.row(2, 0x81); // squares 17 and 24
    matrix.led(at(8).row, at(8).col, 0);
    expect(await until(binding, () => !board.max7219.isLit(8), 500)).toBe(true);
    expect(board.leds()).toEqual([1, 9, 17, 24, 50]);
  });

  it('reports the tone a johnny-five Piezo toggles on D9, and ends it when the toggling stops', async () => {
    const { board, binding, path } = plugged();
    const { jb } = await connect(binding, board, path);
    const piezo = new five.Piezo({ pin: 9, board: jb });
    const wallClock = onBoardTime(board);
    try {
      piezo.frequency(200, 300);
      // Host-toggled on board time (onBoardTime): nanotimer looks between the 1 ms steps of
      // advance() and toggles each 2.5 ms on average (200 Hz), for 300 ms of board time.
      expect(await until(binding, () => board.tones().some((t) => t.endMs !== null), 5000)).toBe(true);
    } finally {
      wallClock();
    }
    const [tone] = board.tones();
    expect(board.tones()).toHaveLength(1);
    expect(tone.edges).toBeGreaterThan(100);
    expect(tone.hz).toBeGreaterThan(180);
    expect(tone.hz).toBeLessThan(220);
    expect(tone.configuredHz).toBeNaN();
    expect(tone.durationMs).toBeGreaterThan(250);
    expect(board.piezo.sounding).toBe(false);
    console.log(`firmata board: host-toggled 200 Hz tone measured ${tone.hz.toFixed(0)} Hz, ${tone.edges} edges over ${tone.durationMs!.toFixed(0)} ms sim`);
  });

  it('loses the port when the cable is pulled, and johnny-five gets ready again once it is plugged back in', async () => {
    const { board, binding, path } = plugged({ size: '8x8' });
    const { port, io } = await connect(binding, board, path);
    const closed = new Promise<Error | null>((resolve) => port.once('close', (err: Error | null) => resolve(err)));
    binding.unplug(path);
    expect(await closed).toMatchObject({ disconnected: true });
    expect(board.powered).toBe(false);
    expect(board.leds()).toEqual([]);
    expect(await binding.list()).toEqual([]);
    let read = -1;
    io.digitalRead(22, (v) => (read = v));
    await binding.advance(100);
    expect(read).toBe(-1);

    binding.replug(path);
    expect(board.powered).toBe(true);
    const again = await connect(binding, board, path);
    expect(again.io.firmware.name).toBe('StandardFirmata.ino');
    expect(board.starts).toBe(4); // plugged in, opened, plugged back in, opened again
  });
});
