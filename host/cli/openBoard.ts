// The game's board as a command's options name it (host/boards/registry.ts): its kind, and the
// port named or found among the serial ports by its hello; what goes wrong said for the command.

import { boardChosen } from '../boards/registry.ts';
import { discoverBoard } from '../link/discover.ts';
import type { Seat } from '../play/table.ts';
import { EXIT, usageError } from './command.ts';
import type { Io } from './command.ts';
import { why } from './input.ts';

/** The options that name a game's board: `--port P`, `--find` and the kinds' switches (`--firmata`). */
export interface BoardChoice {
  readonly port?: string;
  readonly find?: boolean;
  readonly [option: string]: unknown;
}

/**
 * The game's board as `dambord COMMAND`'s options name it: the board on `--port`, one found among
 * the serial ports by its hello (`--find`), or the simulator, of the kind they choose; a real
 * board's wait told on `io.stdout`. What goes wrong is said on `io.stderr` and its exit code returned.
 */
export async function boardSeat(command: string, choice: BoardChoice, io: Io): Promise<Seat | number> {
  let port = choice.port ?? null;
  // A port to be found (--find) is a port: the kind is a real board's.
  const kind = boardChosen(choice, port ?? (choice.find ? '' : null));
  if (!kind.findable && choice.find) return usageError(io, command, `--find looks for the dambord firmware's hello, which a ${kind.noun} does not say: name its port with --port`);
  if (port === null && choice.find) {
    try {
      port = (await discoverBoard({ timeoutMs: 3000 })).path;
    } catch (e) {
      io.stderr.write(`dambord ${command}: no board found: ${why(e)}\nPlug the board in, or name its port with --port.\n`);
      return EXIT.io;
    }
  }
  return { kind, port, waiting: (m) => io.stdout.write(`dambord ${command}: ${m}\n`) };
}
