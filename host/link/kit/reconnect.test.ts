// Reopening a port: the backoff policy by itself, and the keeper on mock ports with its waits
// on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { Backoff, PortKeeper } from './reconnect.ts';
import { clockedEvery } from '../testing/clockedEvery.ts';
import { createMockPorts } from '../testing/mockBoard.ts';

describe('Backoff', () => {
  it('doubles the wait up to the longest, and starts again from the shortest once connected', () => {
    const b = new Backoff({ initialMs: 20, maxMs: 100 });
    expect([b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([20, 40, 80, 100, 100]);
    b.reset();
    expect(b.next()).toBe(20);
    expect(new Backoff().next()).toBe(250);
  });
});

describe('PortKeeper', () => {
  it('tries to open a missing port at the backoff times of its clock, opens it once it is there, and again after it closes', async () => {
    const ports = createMockPorts();
    let now = 0;
    const clock = clockedEvery(() => now);
    const log: string[] = [];
    const keeper = new PortKeeper<number>({
      path: '/dev/ttyLATER',
      baudRate: 115200,
      binding: ports.binding,
      reconnect: { initialMs: 20, maxMs: 50 },
      now: () => now,
      every: clock.every,
      tickMs: 1,
      create: (port) => {
        port.on('data', () => {}); // reading, as a link does: how a pulled cable is noticed
        return now;
      },
      opened: () => log.push(`opened @${now}`),
      openFailed: () => log.push(`failed @${now}`),
      closed: () => log.push(`closed @${now}`),
      release: () => {},
    });
    const run = async (to: number) => {
      for (; now < to; now++) {
        clock.run();
        await new Promise((r) => setImmediate(r));
      }
    };
    await run(100);
    expect(log).toEqual(['failed @0', 'failed @20', 'failed @60']);
    ports.add('/dev/ttyLATER');
    await run(200);
    expect(log.slice(3)).toEqual(['opened @110']);
    keeper.connected();
    ports.unplug('/dev/ttyLATER');
    ports.plug('/dev/ttyLATER');
    await run(260);
    expect(log.slice(4)).toEqual(['closed @200', 'opened @220']);
    await keeper.close();
    await run(400);
    expect(log.length).toBe(6);
  });

  it('closed while its port is still opening: the port is closed again once it opens, not left held', async () => {
    const ports = createMockPorts();
    ports.add('/dev/ttySLOW');
    const opened: { isOpen: boolean }[] = [];
    let letOpen = () => {};
    const slow = new Promise<void>((resolve) => (letOpen = resolve));
    const binding = {
      list: () => ports.binding.list(),
      open: async (options: Parameters<typeof ports.binding.open>[0]) => {
        await slow; // until the test lets it open
        const port = await ports.binding.open(options);
        opened.push(port);
        return port;
      },
    };
    const log: string[] = [];
    const keeper = new PortKeeper<null>({
      path: '/dev/ttySLOW',
      baudRate: 115200,
      binding,
      now: () => 0,
      every: clockedEvery(() => 0).every,
      tickMs: 1,
      create: () => null,
      opened: () => log.push('opened'),
      openFailed: () => log.push('failed'),
      closed: () => log.push('closed'),
      release: () => {},
    });
    await keeper.close();
    letOpen();
    // The mock port opens and closes on process.nextTick: a few turns of the event loop.
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    expect(opened).toHaveLength(1);
    expect(opened[0].isOpen).toBe(false);
    expect(log).toEqual([]);
  });
});
