// The board-link contract (testing/contract.ts) run against the three peers a link can have:
// the mock peer (a TypeScript model of the dambord firmware on @serialport/binding-mock) and the
// serial link; the dambord firmware in avr8js and the serial link; StandardFirmata on a Mega in
// avr8js and the Firmata link (johnny-five). Every peer runs on its own clock, moved by the
// suite, with the links' ticks on it: the avr8js boards' time, the mock board's steppedClock.
import { existsSync } from 'node:fs';
import { SimulatedFirmataBoard } from '../../hardware/firmata/board.ts';
import { hexPath } from '../../hardware/firmata/fetch.mjs';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../hardware/sim/board.ts';
import { SquareSet } from '../../rules/squareSet.ts';
import { openFirmataLink } from '../firmata/firmataLink.ts';
import { openSerialLink } from './serialLink.ts';
import { clockedEvery } from './testing/clockedEvery.ts';
import { boardLinkContract, type LinkPeer } from './testing/contract.ts';
import { createMockPorts, MockBoard } from './testing/mockBoard.ts';
import { steppedClock } from './testing/steppedClock.ts';
import type { BoardLink } from './types.ts';

/** The international start position: squares 1-20 and 31-50 (indices 0-19, 30-49). */
const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);
const RECONNECT = { initialMs: 20, maxMs: 100 };

/** The mock board on binding-mock, the link and the board on the test's own clock. */
function mockPeer(): LinkPeer {
  const path = '/dev/ttyDAMBORD0';
  const ports = createMockPorts();
  const clock = steppedClock();
  const { now, every } = clock;
  const board = new MockBoard({ occupancy: START, now, every });
  ports.add(path, { onOpen: (p) => board.attach(p) });
  const link = openSerialLink({ path, binding: ports.binding, config: { hb: 100 }, replyTimeoutMs: 200, reconnect: RECONNECT, tickMs: 5, now, every });
  return {
    link,
    setSquare: (square, occupied) => (occupied ? board.place(square) : board.lift(square)),
    setButton: (button, down) => (down ? board.press(button) : board.release(button)),
    until: clock.until,
    unplug: () => ports.unplug(path),
    replug: () => ports.plug(path),
    leds: () => board.peer.leds.flatMap((p, i) => (p === 'off' ? [] : [i])),
    tones: () => board.peer.beeps.length,
    dispose: () => board.stop(),
  };
}

/** An avr8js board behind the simulated binding on its manual clock, the link's ticks on the board's clock. */
function simulatedPeer(board: SimulatedBoard | SimulatedFirmataBoard, openLink: (o: { path: string; binding: SimulatedBinding; now: () => number; every: ReturnType<typeof clockedEvery>['every'] }) => BoardLink): LinkPeer {
  const binding = new SimulatedBinding({ clock: 'manual' });
  const path = binding.add(board);
  const now = () => board.simTimeMs;
  const ticks = clockedEvery(now);
  const link = openLink({ path, binding, now, every: ticks.every });
  return {
    link,
    setSquare: (square, occupied) => board.setSquare(square + 1, occupied),
    setButton: (button, down) => (down ? board.press(button) : board.release(button)),
    async until(done, withinMs) {
      const end = board.simTimeMs + withinMs;
      while (!done() && board.simTimeMs < end) {
        await binding.advance(5);
        if (ticks.run()) await new Promise((r) => setImmediate(r));
      }
      return done();
    },
    unplug: () => binding.unplug(path),
    replug: () => binding.replug(path),
    leds: () => board.leds().map((s) => s - 1),
    tones: () => board.tones().length,
    dispose: () => {},
  };
}

const occupied = [...START].map((i) => i + 1);

boardLinkContract('the mock peer, serial link', mockPeer, { start: START });

boardLinkContract(
  'the dambord firmware in avr8js, serial link',
  () => simulatedPeer(new SimulatedBoard({ size: '10x10', occupied }), (o) => openSerialLink({ ...o, reconnect: RECONNECT })),
  { start: START },
);

const firmataMissing = existsSync(hexPath('mega')) ? undefined : `StandardFirmata is not in node_modules/.cache/dambord-firmata: run \`npm run setup\``;
boardLinkContract(
  'StandardFirmata in avr8js, Firmata link',
  () => simulatedPeer(new SimulatedFirmataBoard({ size: '10x10', occupied }), (o) => openFirmataLink({ ...o, size: '10x10', reconnect: RECONNECT })),
  {
    start: START,
    skip: firmataMissing,
    cannot: { 'beep-heard': 'StandardFirmata has no tone command to acknowledge: johnny-five toggles the piezo pin on the wall clock (firmataLink.test.ts checks the tone on the pin)' },
  },
);
