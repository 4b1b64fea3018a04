import { spawn } from 'node:child_process';
import type { BoardSize } from '../../../hardware/board.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fetchStandardFirmata } from '../../../hardware/firmata/fetch.mjs';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';

const usage = `Usage: dambord flash --port P [--board 10x10|8x8 | --firmata] [--baud B] [--programmer ID] [--dry-run]
       dambord flash --dry-run [--board 10x10|8x8 | --firmata] [--baud B] [--programmer ID]

Programs a dambord board (an ATmega328P, Arduino Nano class) with the firmware that ships in
firmware/hex, through its bootloader, with Debian's avrdude (apt-get install avrdude). With
--firmata, programs an Arduino Mega 2560 with stock StandardFirmata instead (the build fetched
from the npm registry by npm run setup), for dambord play --firmata.

Options:
  --port P         the serial port of the board, e.g. /dev/ttyUSB0 (needed but for --dry-run)
  --board SIZE     10x10 (default, 50 squares) or 8x8 (32 squares)
  --firmata        an Arduino Mega 2560 with StandardFirmata (any board size)
  --baud B         the bootloader's speed: 115200 (default; Optiboot, and the Mega's) or
                   57600 (older Nanos)
  --programmer ID  avrdude's programmer id (default: arduino; wiring for the Mega)
  --dry-run        print the avrdude command instead of running it; without --port, PORT
                   stands for the serial port in it

Examples:
  dambord flash --port /dev/ttyUSB0
  dambord flash --port /dev/ttyUSB0 --board 8x8 --baud 57600
  dambord flash --firmata --port /dev/ttyACM0
  dambord flash --dry-run
`;

/** What a dry run without --port writes where the serial port goes. */
export const PORT_PLACEHOLDER = 'PORT';

/** The committed firmware image of a board size. */
export function firmwareHex(board: BoardSize): string {
  return fileURLToPath(new URL(`../../../firmware/hex/dambord-${board}.hex`, import.meta.url));
}

/** `dambord flash`: writes the committed firmware to a real board with avrdude. */
export const flashCommand: Command = {
  name: 'flash',
  summary: 'Program a real board with the dambord firmware (avrdude)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { port: 'string', board: 'string', baud: 'string', programmer: 'string', 'dry-run': 'boolean', firmata: 'boolean' });
    if (!args.ok) return usageError(io, 'flash', args.error);
    const { options, positionals } = args;
    if (positionals.length > 0) return usageError(io, 'flash', `unexpected argument "${positionals[0]}"`);
    const dryRun = options['dry-run'];
    if (!options.port && !dryRun) return usageError(io, 'flash', '--port is missing: name the serial port of the board, e.g. --port /dev/ttyUSB0');
    const board = options.board ?? '10x10';
    if (board !== '10x10' && board !== '8x8') return usageError(io, 'flash', `--board must be 10x10 or 8x8, not "${board}"`);
    const baud = options.baud ?? '115200';
    if (!/^\d+$/.test(baud)) return usageError(io, 'flash', `--baud must be a number such as 115200 or 57600, not "${baud}"`);
    let hex: string;
    if (options.firmata) {
      const fetched = fetchStandardFirmata();
      if (!fetched.ok) {
        io.stderr.write(`dambord flash: StandardFirmata for the Mega could not be fetched from the npm registry (${fetched.error}); run npm run setup where the registry can be reached, or upload it from the Arduino IDE (File > Examples > Firmata > StandardFirmata)\n`);
        return EXIT.io;
      }
      hex = fetched.hex.mega;
    } else {
      hex = firmwareHex(board);
      if (!existsSync(hex)) {
        io.stderr.write(`dambord flash: the firmware image ${hex} is missing; run 'make -C firmware' to build it\n`);
        return EXIT.io;
      }
    }
    // The Mega 2560's bootloader speaks STK500v2 (avrdude's "wiring"); the Nano's Optiboot STK500v1 ("arduino").
    const [part, programmer] = options.firmata ? ['atmega2560', 'wiring'] : ['atmega328p', 'arduino'];
    const port = options.port ?? PORT_PLACEHOLDER;
    const cmd = ['avrdude', '-p', part, '-c', options.programmer ?? programmer, '-P', port, '-b', baud, '-D', '-U', `flash:w:${hex}:i`];
    if (dryRun) {
      if (!options.port)
        io.stderr.write(`dambord flash: no --port given: ${PORT_PLACEHOLDER} stands for the board's serial port (${options.firmata ? '/dev/ttyACM0 for a Mega' : '/dev/ttyUSB0 for a Nano'}; ls /dev/ttyUSB* /dev/ttyACM*)\n`);
      io.stdout.write(`${cmd.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}\n`);
      return EXIT.ok;
    }
    if (!existsSync(port)) {
      io.stderr.write(`dambord flash: there is no serial port ${port}; plug the board in and check the port name (ls /dev/ttyUSB* /dev/ttyACM*)\n`);
      return EXIT.io;
    }
    return runAvrdude(cmd, io);
  },
};

function runAvrdude(cmd: string[], io: Io): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => io.stdout.write(d));
    child.stderr.on('data', (d: Buffer) => io.stderr.write(d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      io.stderr.write(
        e.code === 'ENOENT' ? 'dambord flash: avrdude is not installed; install it with apt-get install avrdude (npm run setup does)\n' : `dambord flash: cannot run avrdude: ${e.message}\n`,
      );
      resolve(EXIT.io);
    });
    child.on('close', (code) => {
      if (code === 0) io.stdout.write('dambord flash: done; the board restarts with the new firmware\n');
      else io.stderr.write(`dambord flash: avrdude failed (exit ${code}); check the port, the --baud of the bootloader, and that no other program holds the port\n`);
      resolve(code === 0 ? EXIT.ok : EXIT.checkFailed);
    });
  });
}
