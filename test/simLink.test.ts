// The host's serial link against the real firmware on the simulated board (avr8js, committed
// hex): found among the ports by its hello, events in order, LEDs on the MAX7219, and the USB
// cable pulled out and put back mid-game with a move made while it was out.
import { describe, expect, it } from 'vitest';
import { SimulatedBinding } from '../hardware/sim/binding.ts';
import { SimulatedBoard } from '../hardware/sim/board.ts';
import { discoverBoard } from '../host/link/discover.ts';
import { openSerialLink } from '../host/link/serialLink.ts';
import type { BoardEvent, LedPattern } from '../host/link/types.ts';

const START = [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 31)];

describe('serial link to the simulated board running the firmware', () => {
  it('finds the board by its hello among the ports', async () => {
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(new SimulatedBoard({ size: '8x8' }));
    // Discovery's timeout and asking on board time: the board says hello in its first milliseconds.
    let settled = false;
    const finding = discoverBoard({ binding, every: binding.every });
    finding.then(() => (settled = true), () => (settled = true));
    for (let ms = 0; !settled && ms < 10_000; ms += 10) await binding.advance(10);
    const found = await finding;
    expect(found.path).toBe(path);
    expect(found.hello.squares).toBe(32);
  });

  it('delivers moves, lights LEDs, and survives the cable pulled out and put back', async () => {
    const board = new SimulatedBoard({ size: '10x10', occupied: START });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openSerialLink({ path, binding, now: () => board.simTimeMs, every: binding.every, reconnect: { initialMs: 20, maxMs: 100 } });
    const got: BoardEvent[] = [];
    const pump = (async () => {
      for await (const e of link.events()) got.push(e);
    })();
    const moves = () => got.flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}`] : []));
    await binding.advance(500);
    expect(got[0]).toMatchObject({ type: 'link', state: 'connected' });

    board.setSquare(32, false);
    await binding.advance(200);
    board.setSquare(28, true);
    await binding.advance(200);
    expect(moves()).toEqual(['lift 32', 'place 28']);

    const frame: LedPattern[] = Array.from({ length: 50 }, (_, i) => (i === 27 || i === 31 ? 'on' : 'off'));
    const lit = link.setLeds(frame);
    await binding.advance(50);
    await lit;
    expect(board.leds()).toEqual([28, 32]);

    binding.unplug(path);
    await binding.advance(300);
    board.setSquare(19, false); // the move is made while the cable is out
    board.setSquare(23, true);
    binding.replug(path);
    await binding.advance(1500);
    expect(moves()).toEqual(['lift 32', 'place 28', 'lift 19', 'place 23']);
    expect(got.some((e) => e.type === 'link' && e.state === 'lost')).toBe(true);
    expect(got.some((e) => e.type === 'link' && e.state === 'resynced')).toBe(true);
    expect(board.leds()).toEqual([28, 32]); // the link lights the LEDs again after the restart
    const h = link.health();
    expect(h.reconnects).toBeGreaterThanOrEqual(1);
    expect(h.snapshotsUsed).toBeGreaterThanOrEqual(1);
    await link.close();
    await pump;
  });
});
