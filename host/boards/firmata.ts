// The Firmata board: an Arduino Mega running stock StandardFirmata (hardware/firmata), read
// through johnny-five, on a real serial port or simulated in avr8js.

import { why } from '../files/read.ts';
import { openFirmataLink } from '../firmata/firmataLink.ts';
import type { BoardHands } from '../play/pairedLinks.ts';
import { boardSizeOf, simulatedFirmataBoardFor } from '../sim/boards.ts';
import type { SimulatedBinding } from '../../hardware/sim/binding.ts';
import type { BoardKind } from './kind.ts';
import { noPort } from './serial.ts';

/** An Arduino Mega with StandardFirmata on `port`, or simulated; ready once it has said its firmware. */
export const firmataBoard: BoardKind = {
  name: 'firmata',
  switch: 'firmata',
  help: ['the board is an Arduino Mega with StandardFirmata (hardware/firmata),', 'read through johnny-five; with --port P the Arduino on P'],
  noun: 'Firmata board',
  runs: 'StandardFirmata on a Mega',
  findable: false,
  stepped(o) {
    const { board, binding, path } = simulatedFirmataBoardFor(o.start, o.start.board, 'manual');
    const link = openFirmataLink({ path, binding, size: boardSizeOf(o.start), now: () => board.simTimeMs, every: binding.every, reconnect: o.reconnect });
    return { board, binding, link, silent: 'the simulated Firmata board did not answer' };
  },
  async open(port, o) {
    let path = port ?? '';
    let binding: SimulatedBinding | undefined;
    let hands: BoardHands | null = null;
    if (port === null) {
      try {
        ({ board: hands, binding, path } = simulatedFirmataBoardFor(o.start, o.pieces, 'realtime'));
      } catch (e) {
        return { ok: false, error: `the ${o.who ? 'second ' : ''}simulated board cannot start: ${why(e)}` };
      }
    } else {
      const missing = noPort(port, o.who, false);
      if (missing) return missing;
    }
    const link = openFirmataLink({ path, binding, size: boardSizeOf(o.start) });
    if (!binding) o.waiting?.(`waiting for StandardFirmata on ${path} (the Arduino restarts when the port opens; up to 10 s)`);
    try {
      await link.ready();
    } catch (e) {
      await link.close();
      return { ok: false, error: o.who ? `${o.who}: ${why(e)}` : why(e) };
    }
    return { ok: true, link, hands, path };
  },
};
