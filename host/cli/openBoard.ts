// A board for `dambord play`: the simulator (the committed firmware in avr8js, or StandardFirmata
// on a simulated Mega) or a real board on a serial port, opened as a link. The game's board and,
// with --second-board, Black's own board beside it are opened alike.

import { existsSync } from 'node:fs';
import type { Position } from '../../rules/index.ts';
import type { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { openFirmataLink } from '../firmata/firmataLink.ts';
import { discoverBoard } from '../link/discover.ts';
import { openSerialLink } from '../link/serialLink.ts';
import type { BoardLink } from '../link/types.ts';
import type { BoardHands } from '../play/pairedLinks.ts';
import { boardSizeOf, simulatedBoardFor, simulatedFirmataBoardFor } from '../sim/boards.ts';
import { EXIT, usageError } from './command.ts';
import type { Io } from './command.ts';
import { why } from './input.ts';

/** What a board is opened with. */
export interface BoardOptions {
  /** The game's start position (its size chooses the Firmata board's wiring). */
  readonly start: Position;
  /** What a simulated board holds when it starts (piece codes by internal index). */
  readonly pieces: Uint8Array;
  /** The board runs StandardFirmata (hardware/firmata), not the dambord firmware. */
  readonly firmata: boolean;
  /** Whose board beside the game's it is (`Black's board`), named in the messages; absent: the game's board. */
  readonly who?: string;
  /** Told while a real Firmata board restarts as its port opens. */
  readonly waiting?: (message: string) => void;
}

/** The board opened: its link, the simulator's hands (null for a real board), its port. */
export type OpenedBoard = { readonly ok: true; readonly link: BoardLink; readonly hands: BoardHands | null; readonly path: string } | { readonly ok: false; readonly error: string };

/** Opens the board on the serial port `port`, or, null, a simulated board holding `o.pieces`. */
export async function openBoard(port: string | null, o: BoardOptions): Promise<OpenedBoard> {
  let path = port ?? '';
  let binding: SimulatedBinding | undefined;
  let hands: BoardHands | null = null;
  if (port === null) {
    try {
      ({ board: hands, binding, path } = o.firmata ? simulatedFirmataBoardFor(o.start, o.pieces, 'realtime') : simulatedBoardFor(o.start, o.pieces, 'realtime'));
    } catch (e) {
      return { ok: false, error: `the ${o.who ? 'second ' : ''}simulated board cannot start: ${why(e)}` };
    }
  } else if (!existsSync(port)) {
    const check = 'check the port name (ls /dev/ttyUSB* /dev/ttyACM*)';
    return { ok: false, error: o.who ? `there is no serial port ${port} for ${o.who}; plug it in and ${check}` : `there is no serial port ${port}; plug the board in and ${check}${o.firmata ? '' : ', or use --find'}` };
  }
  if (!o.firmata) return { ok: true, link: openSerialLink({ path, binding }), hands, path };
  const firmata = openFirmataLink({ path, binding, size: boardSizeOf(o.start) });
  if (!binding) o.waiting?.(`waiting for StandardFirmata on ${path} (the Arduino restarts when the port opens; up to 10 s)`);
  try {
    await firmata.ready();
  } catch (e) {
    await firmata.close();
    return { ok: false, error: o.who ? `${o.who}: ${why(e)}` : why(e) };
  }
  return { ok: true, link: firmata, hands, path };
}

/** The options that name a game's board: `--port P`, `--find`, `--firmata`. */
export interface BoardChoice {
  readonly port?: string;
  readonly find: boolean;
  readonly firmata: boolean;
}

/**
 * The game's board as `dambord COMMAND`'s options name it: the board on `--port`, one found among
 * the serial ports by its hello (`--find`), or the simulator; StandardFirmata with `--firmata`.
 * What goes wrong is said on `io.stderr` and its exit code returned.
 */
export async function openChosenBoard(command: string, choice: BoardChoice, o: Omit<BoardOptions, 'firmata' | 'waiting'>, io: Io): Promise<Extract<OpenedBoard, { ok: true }> | number> {
  let path = choice.port;
  if (choice.firmata && choice.find) return usageError(io, command, '--find looks for the dambord firmware\'s hello, which a Firmata board does not say: name its port with --port');
  if (!path && choice.find) {
    try {
      path = (await discoverBoard({ timeoutMs: 3000 })).path;
    } catch (e) {
      io.stderr.write(`dambord ${command}: no board found: ${why(e)}\nPlug the board in, or name its port with --port.\n`);
      return EXIT.io;
    }
  }
  const opened = await openBoard(path ?? null, { ...o, firmata: choice.firmata, waiting: (m) => io.stdout.write(`dambord ${command}: ${m}\n`) });
  if (!opened.ok) {
    io.stderr.write(`dambord ${command}: ${opened.error}\n`);
    return EXIT.io;
  }
  return opened;
}
