// The kinds of board dambord plays on, one entry each: the dambord board on a serial port, the
// Firmata board, the simulator (the firmware in avr8js) and the model board. A command's options
// choose one (boardChosen); its help lines and switches come from here.

import { firmataBoard } from './firmata.ts';
import type { BoardKind } from './kind.ts';
import { modelBoard } from './model.ts';
import { dambordBoard, simulatedBoard } from './serial.ts';

/** Every kind of board, the real ones first. */
export const BOARD_KINDS: readonly BoardKind[] = [dambordBoard, firmataBoard, simulatedBoard, modelBoard];

/** The boolean options that switch a kind on (`--firmata`), for parseArgs. */
export const BOARD_SWITCHES: Readonly<Record<string, 'boolean'>> = Object.fromEntries(BOARD_KINDS.flatMap((k) => (k.switch ? [[k.switch, 'boolean' as const]] : [])));

/** The options that name a game's board (`--port P`, `--find` and the switches), for parseArgs. */
export const BOARD_SPEC = { port: 'string', find: 'boolean', ...BOARD_SWITCHES } as const;

/** The help lines of `--port`, `--find` and the switches, the descriptions starting at `column` (of the commands' usage). */
export function boardHelp(column: number): string {
  const lines: [string, readonly string[]][] = [
    ['--port P', ['a real dambord board on serial port P, e.g. /dev/ttyUSB0']],
    ['--find', ['find a real board among the serial ports by its hello']],
    ...BOARD_KINDS.flatMap((k): [string, readonly string[]][] => (k.switch && k.help ? [[`--${k.switch}`, k.help]] : [])),
  ];
  return lines.flatMap(([option, help]) => help.map((line, i) => (i === 0 ? `  ${option}`.padEnd(column) : ' '.repeat(column)) + line)).join('\n');
}

/**
 * The kind the options name: the one whose switch is on (`--firmata`), else the dambord board
 * on a port, else the simulator (the firmware in avr8js).
 *
 * @example
 * boardChosen({ firmata: true }, '/dev/ttyACM0').name // 'firmata'
 * boardChosen({}, null).name                           // 'sim'
 */
export function boardChosen(switches: Readonly<Record<string, unknown>>, port: string | null): BoardKind {
  const switched = BOARD_KINDS.find((k) => k.switch !== undefined && switches[k.switch] === true);
  if (switched) return switched;
  return port !== null ? dambordBoard : simulatedBoard;
}

/** A kind an event may simulate. */
type SimBoardKind = BoardKind & { readonly simulates: NonNullable<BoardKind['simulates']> };

/** The kinds an event may simulate (`--sim-board`), the default first. */
export const SIM_BOARDS = BOARD_KINDS.filter((k): k is SimBoardKind => k.simulates !== undefined);

/**
 * The kind an event's simulated boards are, by its `--sim-board` name (undefined: the default),
 * or the error for a name no kind has.
 *
 * @example simBoardNamed('model') // { ok: true, kind: modelBoard }
 */
export function simBoardNamed(name: string | undefined): { ok: true; kind: SimBoardKind } | { ok: false; error: string } {
  const kind = name === undefined ? SIM_BOARDS[0] : SIM_BOARDS.find((k) => k.simulates.name === name);
  return kind ? { ok: true, kind } : { ok: false, error: `--sim-board must be ${SIM_BOARDS.map((k) => k.simulates.name).join(' or ')}, not "${name}"` };
}

/** The help of `--sim-board B`: each kind's name and lines (the default's marked), the descriptions starting at `column`. */
export function simBoardHelp(column: number): string {
  const lines = SIM_BOARDS.flatMap((k, i) => k.simulates.help.map((line, j) => (j === 0 ? `${k.simulates.name}${i === 0 ? ' (default)' : ''}: ${line}` : line)));
  return lines.map((line, i) => (i === 0 ? '  --sim-board B'.padEnd(column) : ' '.repeat(column)) + line).join('\n');
}

/**
 * A board for people: a real one by its port (`/dev/ttyUSB0`, `the Firmata board on
 * /dev/ttyACM0`), a simulated one as `the simulated board` (`a`: with that article instead;
 * `full`: with what its simulator runs).
 */
export function boardName(kind: BoardKind, opened: { readonly hands: unknown; readonly path: string }, how: { article?: 'the' | 'a'; full?: boolean } = {}): string {
  if (opened.hands) return `${how.article ?? 'the'} simulated ${kind.noun}${how.full && kind.runs ? ` (${kind.runs})` : ''}`;
  return kind.noun === 'board' ? opened.path : `the ${kind.noun} on ${opened.path}`;
}
