// The simulated boards behind serialport's BindingInterface: host code opens them with
// SerialPortStream and reads them with ReadlineParser exactly as it would a real board.
// The binding runs on the manual clock here (binding.advance), except in the one real-time test.
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPortStream } from '@serialport/stream';
import { afterEach, describe, expect, it } from 'vitest';
import { CanceledError, SimulatedBinding } from './binding.ts';
import { SimulatedBoard } from './board.ts';
import { checkLine, frame } from './testkit.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

type Port = SerialPortStream<SimulatedBinding>;

const opened: Port[] = [];
afterEach(async () => {
  for (const p of opened.splice(0)) if (p.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
});

/** Opens a port with SerialPortStream and a ReadlineParser; lines land in `lines`. */
async function openLines(binding: SimulatedBinding, path: string, baudRate = 115200) {
  const port: Port = new SerialPortStream({ binding, path, baudRate, autoOpen: false });
  opened.push(port);
  const lines: string[] = [];
  port.pipe(new ReadlineParser({ delimiter: '\n' })).on('data', (l: string) => lines.push(l));
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  return { port, lines };
}

/** Advances the manual clock in 1 ms steps until `done()` or `withinMs` pass; returns whether done. */
async function until(binding: SimulatedBinding, done: () => boolean, withinMs = 200): Promise<boolean> {
  for (let t = 0; t < withinMs; t++) {
    if (done()) return true;
    await binding.advance(1);
  }
  return done();
}

const body = (l: string) => checkLine(l).body;

describe('SimulatedBinding', () => {
  it('lists the plugged-in boards as simulated ports', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const a = binding.add(new SimulatedBoard({ size: '10x10' }));
    const b = binding.add(new SimulatedBoard({ size: '8x8' }));
    expect([a, b]).toEqual(['/dev/sim/dambord0', '/dev/sim/dambord1']);
    const list = await binding.list();
    expect(list.map((p) => p.path)).toEqual([a, b]);
    expect(list[1]).toMatchObject({ manufacturer: 'dambord simulator (avr8js)', vendorId: 'simulated', productId: 'dambord-8x8' });
    binding.unplug(a);
    expect((await binding.list()).map((p) => p.path)).toEqual([b]);
  });

  it('carries lines both ways through SerialPortStream and ReadlineParser', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const board = new SimulatedBoard({ size: '10x10', occupied: [31, 32] });
    const path = binding.add(board);
    const { port, lines } = await openLines(binding, path);
    expect(await until(binding, () => lines.length >= 2, 100)).toBe(true);
    expect(lines.map(body)).toEqual([
      'HELLO dambord 2.0.0 proto=2 squares=50 buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=0',
      expect.stringMatching(/^SNAP 0 \d+ 00000C0000000 0$/),
    ]);
    expect(lines.every((l) => checkLine(l).crcOk)).toBe(true);

    const pattern = Array.from({ length: 50 }, (_, i) => ([28, 32, 34].includes(i + 1) ? '1' : '0')).join('');
    port.write(frame(`LED ${pattern}`));
    expect(await until(binding, () => lines.map(body).includes('OK LED'))).toBe(true);
    expect(board.leds()).toEqual([28, 32, 34]);

    board.setSquare(32, false);
    expect(await until(binding, () => lines.some((l) => body(l).startsWith('EV ')))).toBe(true);
    expect(body(lines.find((l) => body(l).startsWith('EV '))!)).toMatch(/^EV 1 \d+ L 32 0000040000000 0$/);
  });

  it('resets the board when the port opens, so the host gets the HELLO of a board that was already running', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const board = new SimulatedBoard({ size: '8x8' });
    const path = binding.add(board);
    await binding.advance(1500); // HELLO, SNAP, a heartbeat: sent to nobody
    const { lines } = await openLines(binding, path);
    expect(await until(binding, () => lines.length >= 2, 100)).toBe(true);
    expect(body(lines[0])).toMatch(/^HELLO dambord 2\.0\.0 proto=2 squares=32 .* boot=1$/);
    expect(body(lines[1])).toMatch(/^SNAP 0 /);
  });

  it('resets the board when DTR goes off and on again, as avrdude and terminals do', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(new SimulatedBoard());
    const { port, lines } = await openLines(binding, path);
    expect(await until(binding, () => lines.length >= 2)).toBe(true);
    await new Promise<void>((resolve) => port.set({ dtr: false }, () => resolve()));
    await binding.advance(10);
    expect(lines.filter((l) => body(l).startsWith('HELLO'))).toHaveLength(1);
    await new Promise<void>((resolve) => port.set({ dtr: true }, () => resolve()));
    expect(await until(binding, () => lines.filter((l) => body(l).startsWith('HELLO')).length === 2)).toBe(true);
    expect(body(lines.filter((l) => body(l).startsWith('HELLO'))[1])).toMatch(/boot=1$/);
  });

  it('loses the port when the cable is pulled and finds it again when it is plugged back in', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const board = new SimulatedBoard({ size: '10x10', occupied: [20] });
    const path = binding.add(board);
    const { port, lines } = await openLines(binding, path);
    expect(await until(binding, () => lines.length >= 2)).toBe(true);
    const closed = new Promise<Error | null>((resolve) => port.once('close', (err: Error | null) => resolve(err)));
    binding.unplug(path);
    const err = await closed;
    expect(err).toMatchObject({ disconnected: true });
    expect(port.isOpen).toBe(false);
    expect(board.powered).toBe(false);
    expect(await binding.list()).toEqual([]);
    await expect(binding.open({ path, baudRate: 115200 })).rejects.toThrow(/No such file/);
    await binding.advance(50);

    board.setSquare(21, true); // moved while the cable was out: the host sees it in the new SNAP
    binding.replug(path);
    expect((await binding.list()).map((p) => p.path)).toEqual([path]);
    await binding.advance(50); // it boots (boot=1) with nobody listening
    const again = await openLines(binding, path);
    expect(await until(binding, () => again.lines.length >= 2)).toBe(true);
    expect(body(again.lines[0])).toMatch(/boot=2$/);
    expect(body(again.lines[1])).toMatch(/^SNAP 0 \d+ 0000000180000 0$/);
  });

  it('drains once the bytes are in the firmware, flushes what is not, and cancels reads on close', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const board = new SimulatedBoard();
    const path = binding.add(board);
    const port = await binding.open({ path, baudRate: 115200 });
    await binding.advance(60); // booted: HELLO and SNAP wait to be read
    await port.write(Buffer.from(frame('HELLO')));
    expect(board.rxPending).toBe(10); // 'HELLO*XXXX\n': the first of its 11 bytes is already on the wire
    let drained = false;
    const drain = port.drain().then(() => (drained = true));
    await binding.advance(0.5);
    expect(drained).toBe(false);
    await binding.advance(2); // 9 bytes at 86.8 µs each: under a millisecond
    await drain;
    expect(drained).toBe(true);
    const read = await port.read(Buffer.alloc(64), 0, 64);
    expect(read.bytesRead).toBeGreaterThan(0);
    await port.write(Buffer.from(frame('SNAP')));
    await port.flush();
    expect(board.rxPending).toBe(0);
    const pending = port.read(Buffer.alloc(8), 0, 8);
    await port.flush(); // and whatever the board had sent is gone too
    await port.close();
    await expect(pending).rejects.toBeInstanceOf(CanceledError);
    expect(port.isOpen).toBe(false);
    await expect(binding.open({ path, baudRate: 115200 })).resolves.toBeDefined();
  });

  it('refuses a second opener, an unknown path and bad options', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(new SimulatedBoard({ size: '8x8' }));
    const port = await binding.open({ path, baudRate: 115200 });
    await expect(binding.open({ path, baudRate: 115200 })).rejects.toThrow(/lock/);
    await expect(binding.open({ path: '/dev/sim/nothing', baudRate: 115200 })).rejects.toThrow(/No such file/);
    await expect(binding.open({ path, baudRate: 0 })).rejects.toThrow(TypeError);
    expect(await port.getBaudRate()).toEqual({ baudRate: 115200 });
    expect(await port.get()).toEqual({ cts: false, dsr: false, dcd: false });
    await port.close();
    await expect(port.close()).rejects.toThrow(/not open/);
  });

  it('garbles every byte at a wrong baud rate, and works once update() sets 115200', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(new SimulatedBoard({ size: '8x8' }));
    const { port, lines } = await openLines(binding, path, 9600);
    let bytes = 0;
    port.on('data', (d: Buffer) => (bytes += d.length));
    await binding.advance(50);
    expect(bytes).toBeGreaterThan(100);
    expect(lines).toEqual([]);
    await new Promise<void>((resolve) => port.update({ baudRate: 115200 }, () => resolve()));
    port.write(frame('HELLO'));
    expect(await until(binding, () => lines.some((l) => l.includes('HELLO dambord')))).toBe(true);
  });

  it("runs the host's periodic work on the manual clock: `every` falls due in board time, between the steps", async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const board = new SimulatedBoard({ size: '8x8' });
    binding.add(board);
    const at: number[] = [];
    const stop = binding.every(25, () => at.push(Math.round(board.simTimeMs)));
    await binding.advance(100);
    expect(at).toEqual([25, 50, 75, 100]);
    await binding.advance(60, 60); // one step of 60 ms: what fell due in it runs after it, each time
    expect(at).toEqual([25, 50, 75, 100, 160, 160]);
    stop();
    await binding.advance(100);
    expect(at).toHaveLength(6);
  });

  it('runs an open board on the wall clock with the real-time driver, and stops it on close', async () => {
    const binding = new SimulatedBinding({ clock: 'realtime', realtime: { unref: true } });
    const board = new SimulatedBoard({ size: '10x10' });
    const path = binding.add(board);
    const wall0 = performance.now();
    const { port, lines } = await openLines(binding, path);
    expect(board.realtimeRunning).toBe(true);
    await new Promise<void>((resolve, reject) => {
      // A guard: the heartbeat comes after 1 s, later on a busy machine (the driver falls behind).
      const timer = setTimeout(() => reject(new Error(`no HB in ${WAIT_LIMIT_MS} ms of wall time: ${JSON.stringify(lines)}`)), WAIT_LIMIT_MS);
      const check = setInterval(() => {
        if (lines.some((l) => body(l).startsWith('HB '))) {
          clearTimeout(timer);
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    const wall = performance.now() - wall0;
    // The first heartbeat is due 1 s of board time after start: the board kept up with the wall clock.
    expect(board.simTimeMs).toBeGreaterThan(1000);
    expect(board.simTimeMs).toBeLessThan(wall + 50);
    await new Promise<void>((resolve) => port.close(() => resolve()));
    expect(board.realtimeRunning).toBe(false);
    const stopped = board.simTimeMs;
    await new Promise((r) => setTimeout(r, 50));
    expect(board.simTimeMs).toBe(stopped);
  });
});
