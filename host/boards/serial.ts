// The dambord board: the dambord firmware, on a real serial port or simulated (the committed
// firmware in avr8js), read through the serial protocol.

import { existsSync } from 'node:fs';
import { why } from '../files/read.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { simulatedBoardFor } from '../sim/boards.ts';
import type { BoardKind, SteppedOptions, SteppedBoard } from './kind.ts';

/** The committed firmware in avr8js on stepped time, read through the serial protocol on its clock. */
function stepped(o: SteppedOptions): SteppedBoard {
  const { board, binding, path } = simulatedBoardFor(o.start, o.start.board, 'manual');
  const link = openSerialLink({ path, binding, now: () => board.simTimeMs, every: binding.every, wrap: o.wrap, reconnect: o.reconnect });
  return { board, binding, link, silent: 'the simulated board did not say HELLO' };
}

/** The real dambord board on a serial port, or an error naming the port that is not there. */
export const dambordBoard: BoardKind = {
  name: 'dambord',
  noun: 'board',
  findable: true,
  stepped,
  async open(port, o) {
    if (port === null) return simulatedBoard.open(null, o);
    const missing = noPort(port, o.who, true);
    if (missing) return missing;
    return { ok: true, link: openSerialLink({ path: port }), hands: null, path: port };
  },
};

/** The simulator: the committed firmware in avr8js, on the wall clock, holding `o.pieces`. */
export const simulatedBoard: BoardKind = {
  name: 'sim',
  noun: 'board',
  findable: false,
  stepped,
  simulates: { name: 'firmware', help: ['the committed firmware in avr8js, about a tenth', '  of a core per board'], heavy: 'the firmware in avr8js, about a tenth of a core each' },
  async open(_port, o) {
    try {
      const { board, binding, path } = simulatedBoardFor(o.start, o.pieces, 'realtime');
      return { ok: true, link: openSerialLink({ path, binding }), hands: board, path };
    } catch (e) {
      return { ok: false, error: `the ${o.who ? 'second ' : ''}simulated board cannot start: ${why(e)}` };
    }
  },
};

/** The error for a serial port that is not there (null: it is), naming whose board it was for. */
export function noPort(port: string, who: string | undefined, findable: boolean): { ok: false; error: string } | null {
  if (existsSync(port)) return null;
  const check = 'check the port name (ls /dev/ttyUSB* /dev/ttyACM*)';
  return { ok: false, error: who ? `there is no serial port ${port} for ${who}; plug it in and ${check}` : `there is no serial port ${port}; plug the board in and ${check}${findable ? ', or use --find' : ''}` };
}
