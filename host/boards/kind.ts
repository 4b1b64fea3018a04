// What a kind of board is to dambord: how it is opened as a link, what it is called, and the
// command-line switch and help line that choose it. The kinds themselves are in registry.ts.

import type { Duplex } from 'node:stream';
import type { Position } from '../../rules/index.ts';
import type { SimulatedBinding } from '../../hardware/sim/binding.ts';
import type { ReconnectOptions } from '../link/kit/reconnect.ts';
import type { BoardLink } from '../link/types.ts';
import type { SimulatedHands } from '../play/session.ts';

/** What a board is opened with. */
export interface BoardOptions {
  /** The game's start position (its size chooses the board's size and wiring). */
  readonly start: Position;
  /** What a simulated board holds when it starts (piece codes by internal index). */
  readonly pieces: Uint8Array;
  /** Whose board beside the game's it is (`Black's board`), named in the messages; absent: the game's board. */
  readonly who?: string;
  /** Told while a real board gets ready after its port opens (a Firmata board restarts). */
  readonly waiting?: (message: string) => void;
}

/** The board opened: its link, the simulator's hands (null for a real board), its port. */
export type OpenedBoard = { readonly ok: true; readonly link: BoardLink; readonly hands: SimulatedHands | null; readonly path: string } | { readonly ok: false; readonly error: string };

/** What a simulated board on stepped time is opened with: its start, and what its link is given. */
export interface SteppedOptions {
  /** The game's start position: the board holds its pieces. */
  readonly start: Position;
  /** Something between the port and a serial link (fault injection, host/link/testing/fault.ts). */
  readonly wrap?: (port: Duplex) => Duplex;
  readonly reconnect: ReconnectOptions;
}

/** A simulated board on stepped time: its hands, the binding that steps it, the link that reads it on the board's clock. */
export interface SteppedBoard {
  /** The hands on its switches and buttons, its time (ms since it started) and its reset (a brown-out). */
  readonly board: SimulatedHands & { readonly simTimeMs: number; reset(): void };
  readonly binding: SimulatedBinding;
  readonly link: BoardLink;
  /** Said when the board never answers (`the simulated board did not say HELLO`). */
  readonly silent: string;
}

/**
 * A kind of board: the dambord board on a serial port, the Firmata board, the simulator, the
 * model board. A new kind is a folder of its own and one entry in the registry.
 *
 * @example
 * const opened = await kind.open('/dev/ttyUSB0', { start, pieces });
 * if (opened.ok) say(`on ${boardName(kind, opened)}`);
 */
export interface BoardKind {
  /** Its name in the registry (`dambord`, `firmata`, `sim`, `model`). */
  readonly name: string;
  /** The boolean option that chooses it (`firmata` for `--firmata`); absent: chosen by the other options. */
  readonly switch?: string;
  /** Its line in the commands' help, after the option: the lines of the description. */
  readonly help?: readonly string[];
  /** It says the dambord hello, so `--find` can find it among the serial ports. */
  readonly findable: boolean;
  /** What people call it: `board`, `Firmata board` (see registry.ts boardName). */
  readonly noun: string;
  /** What its simulator runs, said where the board is named in full (`StandardFirmata on a Mega`). */
  readonly runs?: string;
  /**
   * As the simulated boards of an event: its name for `--sim-board` (`firmware`), the lines of
   * its help, and, when each such board costs much, what it runs at what cost (said when an event
   * simulates more than 8). Absent: an event does not simulate it.
   */
  readonly simulates?: { readonly name: string; readonly help: readonly string[]; readonly heavy?: string };
  /** Its simulator on stepped time, for hands that play a script on it (host/sim/throughSim.ts); absent: none. */
  readonly stepped?: (o: SteppedOptions) => SteppedBoard;
  /** Opens it on the serial port `port`, or, null, simulated holding `o.pieces`; what went wrong, for people. */
  open(port: string | null, o: BoardOptions): Promise<OpenedBoard>;
}
