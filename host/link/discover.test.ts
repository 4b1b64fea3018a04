/**
 * Discovery over @serialport/binding-mock. The board is the TypeScript TEST PEER of
 * testing/mockBoard.ts, standing in for the firmware (written in parallel, for avr8js).
 * Discovery's timeouts and asking run on the test's own clock (testing/steppedClock.ts), so
 * that a port answers in time however busy the machine is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { discoverBoard, DiscoveryError, type DiscoverOptions } from './discover.ts';
import { framedV1 } from './testing/frame.ts';
import { createMockPorts, MockBoard } from './testing/mockBoard.ts';
import { steppedClock, type SteppedClock } from './testing/steppedClock.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

const boards: MockBoard[] = [];
afterEach(() => {
  for (const b of boards.splice(0)) b.stop();
});

/** discoverBoard on `clock`, moved until it settles (a hang guard: WAIT_LIMIT_MS of the clock's time). */
async function discoverOn(clock: SteppedClock, options: DiscoverOptions): ReturnType<typeof discoverBoard> {
  let settled = false;
  const found = discoverBoard({ ...options, every: clock.every });
  found.then(() => (settled = true), () => (settled = true));
  await clock.until(() => settled, WAIT_LIMIT_MS);
  return found;
}

function world() {
  const ports = createMockPorts();
  const board = new MockBoard({ boot: 3, squares: 32, timers: false });
  boards.push(board);
  ports.add('/dev/ttyS0'); // a port with nothing on it
  ports.add('/dev/ttyACM0', {
    // another device: it answers every write with its own chatter
    onOpen: (p) => {
      const write = p.write.bind(p);
      p.write = async (b: Buffer) => {
        await write(b);
        if (p.isOpen) p.emitData('temperature=21.5\r\nOK\r\n');
      };
    },
  });
  return { ports, board };
}

describe('discoverBoard', () => {
  it('finds the port whose device answers a dambord HELLO, after trying the others', async () => {
    const { ports, board } = world();
    ports.add('/dev/ttyUSB0', { onOpen: (p) => board.attach(p), manufacturer: 'wch.cn' });
    const found = await discoverOn(steppedClock(), { binding: ports.binding, timeoutMs: 150, helloEveryMs: 40 });
    expect(found.path).toBe('/dev/ttyUSB0');
    expect(found.hello).toEqual(expect.objectContaining({ squares: 32, boot: 3, fw: '2.0.0', ring: 64 }));
    expect(found.hello).not.toHaveProperty('proto');
    expect(found.info.manufacturer).toBe('wch.cn');
    expect(ports.opens('/dev/ttyS0')).toBe(1);
    // The port is closed again: a link can open it.
    expect(await ports.binding.open({ path: '/dev/ttyUSB0', baudRate: 115200 })).toBeTruthy();
  });

  it('a board that restarts on open and is deaf for a while is asked again', async () => {
    const ports = createMockPorts();
    const clock = steppedClock();
    const board = new MockBoard({ timers: false, now: clock.now });
    boards.push(board);
    board.silent = true;
    ports.add('/dev/ttyUSB1', {
      onOpen: (p) => {
        board.attach(p);
        const hear = clock.every(60, () => {
          hear();
          board.silent = false;
        });
      },
    });
    const found = await discoverOn(clock, { binding: ports.binding, timeoutMs: 1000, helloEveryMs: 30 });
    expect(found.path).toBe('/dev/ttyUSB1');
    expect(board.heard.filter((l) => l.startsWith('HELLO')).length).toBeGreaterThan(1);
  });

  it('when none answers, the error lists every port tried and what happened', async () => {
    const { ports } = world();
    ports.add('/dev/ttyBUSY');
    await ports.binding.open({ path: '/dev/ttyBUSY', baudRate: 115200 }); // held by someone else
    const err = await discoverOn(steppedClock(), { binding: ports.binding, timeoutMs: 100, helloEveryMs: 40 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscoveryError);
    const d = err as DiscoveryError;
    expect(d.code).toBe('not-found');
    expect(d.tried.map((t) => [t.path, t.outcome])).toEqual([
      ['/dev/ttyS0', 'no-answer'],
      ['/dev/ttyACM0', 'not-dambord'],
      ['/dev/ttyBUSY', 'open-failed'],
    ]);
    expect(d.message).toContain('/dev/ttyACM0 (not-dambord');
    expect(d.message).toContain('locked');
  });

  it('a board of link protocol 1 (firmware 1.x) is named, with the command that flashes the new firmware', async () => {
    const ports = createMockPorts();
    ports.add('/dev/ttyOLD', {
      // it answers every line of protocol 2 as protocol 1 does: no checksum it knows
      onOpen: (p) => {
        const write = p.write.bind(p);
        p.write = async (b: Buffer) => {
          await write(b);
          if (p.isOpen) p.emitData(`${framedV1('ERR SYNTAX no checksum')}\n`);
        };
      },
    });
    const err = (await discoverOn(steppedClock(), { binding: ports.binding, timeoutMs: 1000, helloEveryMs: 20 }).catch((e: unknown) => e)) as DiscoveryError;
    expect(err.tried.map((t) => t.outcome)).toEqual(['old-firmware']);
    expect(err.message).toMatch(/link protocol 1: flash the new one with dambord flash --port \/dev\/ttyOLD/);
  });

  it('no ports at all, or none passing the filter, is a clear error too', async () => {
    const ports = createMockPorts();
    await expect(discoverBoard({ binding: ports.binding })).rejects.toThrow('no serial ports found');
    const w = world();
    w.ports.add('/dev/ttyUSB0', { onOpen: (p) => w.board.attach(p) });
    const found = await discoverBoard({ binding: w.ports.binding, timeoutMs: WAIT_LIMIT_MS, filter: (p) => p.path.includes('USB') });
    expect(found.path).toBe('/dev/ttyUSB0');
    expect(w.ports.opens('/dev/ttyS0')).toBe(0);
  });
});
