// Types of hardware/gen-pins.mjs for the TypeScript that imports it (tests, the simulator).

/** hardware/pinmap.json as the generator reads it. */
export interface PinMap {
  mcu: string;
  clockHz: number;
  uart: { baud: number; rx: string; tx: string };
  shiftIn: { pl: { pin: string; arduino: string }; clk: { pin: string; arduino: string }; data: { pin: string; arduino: string } };
  max7219: { din: { pin: string; arduino: string }; clk: { pin: string; arduino: string }; load: { pin: string; arduino: string } };
  piezo: { pin: string; arduino: string };
  statusLed: { pin: string; arduino: string };
  boards: Record<string, { squares: number; registers: number; buttons: string[] }>;
}

/** One input of the 74HC165 chain: bit k (k = 0 read first) is register k / 8 + 1, input SHIFT_ORDER[k % 8]. */
export type ChainInput = { bit: number; register: number; input: string; chipPin: number } & (
  | { kind: 'square'; square: number }
  | { kind: 'button'; button: number; name: string }
  | { kind: 'unused' }
);

/** The LED of a square: MAX7219 digit (0-7, register digit + 1) and segment bit (7 = DP ... 0 = G). */
export interface SquareLed {
  square: number;
  digit: number;
  register: number;
  bit: number;
  segment: string;
  digitPin: number;
  segmentPin: number;
}

export interface Wiring {
  size: string;
  squares: number;
  registers: number;
  buttons: string[];
  inputs: ChainInput[];
  leds: SquareLed[];
}

export const SHIFT_ORDER: readonly string[];
export const HC165_PIN: Readonly<Record<string, number>>;
export const SEGMENT_OF_BIT: readonly string[];
export const MAX7219_DIGIT_PIN: readonly number[];
export const MAX7219_SEGMENT_PIN: Readonly<Record<string, number>>;

/** Parses an ATmega328P port bit such as "PD2"; throws on anything else. */
export function parsePin(name: string): { port: string; bit: number };
/** Square numbers of each row from the top (0 = a light square), a1 dark. */
export function darkSquares(size: string): number[][];
/** The wiring of one board size ("10x10" or "8x8") as data. */
export function wiring(pinmap: PinMap, size: string): Wiring;
/** Every named pin: [macro stem, port bit, Arduino pin, description]. */
export function pinList(pinmap: PinMap): [string, string, string, string][];
/** The text of firmware/include/pins.h. */
export function pinsHeader(pinmap: PinMap): string;
/** The text of hardware/wiring.md. */
export function wiringDoc(pinmap: PinMap): string;
