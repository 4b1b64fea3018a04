/**
 * The Arduino Mega 2560 board profile (profile.json): which digital pin reads each square and
 * button, and the pins of the MAX7219 and the piezo. One source for the Firmata host link and
 * the simulator.
 *
 * Loading never throws on a bad file: `parseProfile` / `readProfile` return
 * `{ ok: false, reason }` naming the first thing wrong.
 *
 * @example
 *   const r = readProfile();
 *   if (!r.ok) throw new Error(r.reason);
 *   pinOfSquare(r.profile, '10x10', 33);   // 2 (D2)
 *   squareOfPin(r.profile, '10x10', 54);   // 40 (A0)
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { BOARD_BUTTONS, BOARD_SIZES, SQUARE_COUNT } from '../board.ts';
import type { BoardButton, BoardSize } from '../board.ts';

export type { BoardSize } from '../board.ts';
export { BOARD_SIZES, SQUARE_COUNT } from '../board.ts';

/** StandardFirmata's serial rate (Firmata.begin(57600)): the host link and the simulator speak it. */
export const FIRMATA_BAUD = 57600;

/** Arduino Mega 2560 digital pins: D0-D53, then A0-A15 as 54-69. */
export const MEGA_PIN_MIN = 0;
export const MEGA_PIN_MAX = 69;
/** Pins no input or output of the profile may use: D0/D1 (USB serial to the host), D13 (on-board LED). */
export const RESERVED_PINS: Readonly<Record<number, string>> = { 0: 'D0 (RX0, USB serial)', 1: 'D1 (TX0, USB serial)', 13: 'D13 (on-board LED)' };
/** The Mega 2560's PWM pins (analogWrite): D2-D13 and D44-D46. */
export const MEGA_PWM_PINS: ReadonlySet<number> = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 44, 45, 46]);

export interface MegaProfile {
  readonly board: string;
  readonly firmware: string;
  readonly max7219: { readonly din: number; readonly clk: number; readonly cs: number };
  readonly piezo: number;
  readonly buttons: Readonly<Record<BoardButton, number>>;
  /** squares[size][k] is the pin of square k + 1. */
  readonly squares: Readonly<Record<BoardSize, readonly number[]>>;
}

export type ProfileResult = { readonly ok: true; readonly profile: MegaProfile } | { readonly ok: false; readonly reason: string };

export const PROFILE_PATH = fileURLToPath(new URL('./profile.json', import.meta.url));

/** The Arduino label of a Mega digital pin: 'D22', or 'A0' for 54. */
export function pinLabel(pin: number): string {
  return pin >= 54 ? `A${pin - 54}` : `D${pin}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates parsed profile JSON. */
export function parseProfile(json: unknown): ProfileResult {
  const fail = (reason: string): ProfileResult => ({ ok: false, reason: `board profile: ${reason}` });
  if (!isObject(json)) return fail('not a JSON object');

  const checkPin = (v: unknown, what: string): string | null => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return `${what}: pin ${JSON.stringify(v)} is not an integer`;
    if (v < MEGA_PIN_MIN || v > MEGA_PIN_MAX) return `${what}: pin ${v} is outside the Mega's ${MEGA_PIN_MIN}-${MEGA_PIN_MAX}`;
    if (v in RESERVED_PINS) return `${what}: pin ${v} is reserved, ${RESERVED_PINS[v]}`;
    return null;
  };

  const max = json.max7219;
  if (!isObject(max)) return fail('max7219 missing');
  const piezo = json.piezo;
  if (!isObject(piezo)) return fail('piezo missing');
  const buttons = json.buttons;
  if (!isObject(buttons)) return fail('buttons missing');
  const boards = json.boards;
  if (!isObject(boards)) return fail('boards missing');

  // Outputs and buttons, shared by both sizes.
  const shared: [string, unknown][] = [
    ['max7219.din', max.din],
    ['max7219.clk', max.clk],
    ['max7219.cs', max.cs],
    ['piezo.pin', piezo.pin],
    ...BOARD_BUTTONS.map((b): [string, unknown] => [`button ${b}`, buttons[b]]),
  ];
  for (const [what, v] of shared) {
    if (v === undefined) return fail(`${what} missing`);
    const e = checkPin(v, what);
    if (e) return fail(e);
  }
  if (!MEGA_PWM_PINS.has(piezo.pin as number)) return fail(`piezo.pin: ${pinLabel(piezo.pin as number)} is not a PWM pin`);

  const squares = {} as Record<BoardSize, number[]>;
  for (const size of BOARD_SIZES) {
    const board = boards[size];
    if (!isObject(board) || !Array.isArray(board.squares)) return fail(`boards.${size}.squares missing`);
    const list = board.squares as unknown[];
    const n = SQUARE_COUNT[size];
    if (list.length < n) return fail(`${size}: square ${list.length + 1} missing (${list.length} of ${n} squares given)`);
    if (list.length > n) return fail(`${size}: ${list.length} squares given, a ${size} board has ${n}`);
    const used = new Map<number, string>(shared.map(([what, v]) => [v as number, what]));
    for (let k = 0; k < n; k++) {
      const what = `${size} square ${k + 1}`;
      if (list[k] === undefined || list[k] === null) return fail(`${what} missing`);
      const e = checkPin(list[k], what);
      if (e) return fail(e);
      const pin = list[k] as number;
      const other = used.get(pin);
      if (other) return fail(`pin ${pin} (${pinLabel(pin)}) used twice: ${other} and ${what}`);
      used.set(pin, what);
    }
    squares[size] = list as number[];
  }
  // StandardFirmata writes a port (pins 8n..8n+7) at a time, inputs' pull-ups included: an
  // input beside an output would have its pull-up switched off by the host's next write.
  const outputs = shared.slice(0, 4) as [string, number][];
  for (const size of BOARD_SIZES) {
    const inputs: [string, number][] = [
      ...squares[size].map((pin, k): [string, number] => [`${size} square ${k + 1}`, pin]),
      ...(shared.slice(4) as [string, number][]),
    ];
    for (const [what, pin] of inputs) {
      const out = outputs.find(([, o]) => o >> 3 === pin >> 3);
      if (out) return fail(`${what} on ${pinLabel(pin)} shares Firmata port ${pin >> 3} (pins ${(pin >> 3) * 8}-${(pin >> 3) * 8 + 7}) with the output ${out[0]} on ${pinLabel(out[1])}; StandardFirmata writes a whole port at a time, which would switch the input's pull-up off`);
    }
  }
  // Duplicates among the shared pins themselves.
  const seen = new Map<number, string>();
  for (const [what, v] of shared) {
    const other = seen.get(v as number);
    if (other) return fail(`pin ${v} (${pinLabel(v as number)}) used twice: ${other} and ${what}`);
    seen.set(v as number, what);
  }

  return {
    ok: true,
    profile: {
      board: typeof json.board === 'string' ? json.board : 'Arduino Mega 2560',
      firmware: typeof json.firmware === 'string' ? json.firmware : 'StandardFirmata',
      max7219: { din: max.din as number, clk: max.clk as number, cs: max.cs as number },
      piezo: piezo.pin as number,
      buttons: Object.fromEntries(BOARD_BUTTONS.map((b) => [b, buttons[b] as number])) as Record<BoardButton, number>,
      squares,
    },
  };
}

/** Reads and validates a profile file (default: hardware/firmata/profile.json). */
export function readProfile(path: string = PROFILE_PATH): ProfileResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, reason: `board profile: cannot read ${path}: ${(e as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `board profile: ${path} is not valid JSON: ${(e as Error).message}` };
  }
  return parseProfile(json);
}

/** The pin reading square `square` (1-based), or undefined when the board has no such square. */
export function pinOfSquare(profile: MegaProfile, size: BoardSize, square: number): number | undefined {
  if (!Number.isInteger(square) || square < 1) return undefined;
  return profile.squares[size][square - 1];
}

/** The square (1-based) read by `pin`, or undefined when the pin reads no square. */
export function squareOfPin(profile: MegaProfile, size: BoardSize, pin: number): number | undefined {
  const k = profile.squares[size].indexOf(pin);
  return k < 0 ? undefined : k + 1;
}

/** The button read by `pin`, or undefined. */
export function buttonOfPin(profile: MegaProfile, pin: number): BoardButton | undefined {
  return BOARD_BUTTONS.find((b) => profile.buttons[b] === pin);
}

/**
 * Where square `square`'s LED (1-based) sits on the MAX7219, as johnny-five's Led.Matrix numbers
 * it: row (k-1) div 8 (digit register row + 1), column (k-1) mod 8, which the row byte holds as
 * bit 0x80 >> column (segment DP for column 0, then A..G).
 */
export function ledOfSquare(square: number): { readonly row: number; readonly col: number; readonly bit: number } {
  const k = square - 1;
  return { row: k >> 3, col: k & 7, bit: 0x80 >> (k & 7) };
}
