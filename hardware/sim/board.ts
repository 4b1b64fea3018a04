/**
 * The simulated dambord board: the committed firmware (firmware/hex/*.hex) running on an avr8js
 * ATmega328P (mcu.ts), wired as hardware/pinmap.json says to the 74HC165 chain with its reed
 * switches and buttons (hc165.ts), the MAX7219 and its square LEDs (max7219.ts) and the piezo
 * (piezo.ts), with the USB serial link as bytes in and out.
 *
 * Time is simulated: it moves only when the board is run, by `advance(ms)` (deterministic,
 * for tests) or by the real-time driver `startRealtime()` (which keeps the simulated clock on
 * the wall clock, for a person or a host at the other end). Every figure it reports is in board
 * milliseconds since the board was created (`simTimeMs`), across resets and power cycles.
 *
 * The serial link, power, reset and the time drivers are AvrBoard's (avrBoard.ts): the Nano's
 * USB-serial chip at 115200 baud, DTR resetting the MCU.
 *
 * @example
 *   const board = new SimulatedBoard({ size: '10x10', occupied: [1, 2, 3] });
 *   board.onTx((bytes) => text += Buffer.from(bytes).toString('latin1'));
 *   board.advance(50);                  // HELLO and SNAP are out
 *   board.setSquare(3, false);          // a piece lifted
 *   board.advance(10);                  // ... "EV 1 ... L 3 0000000000003 0*HHHH"
 *   board.rx(frame('LED ' + '1'.padEnd(50, '0')));   // frame() of testkit.ts adds *HHHH and \n
 *   board.advance(20); board.leds();    // [1]
 */

import { readFileSync } from 'node:fs';
import { EEPROMMemoryBackend } from 'avr8js';
import { parsePin, wiring as wiringOf, type PinMap, type Wiring } from '../gen-pins.mjs';
import { Hc165Chain, type ChainPins, type PortBit } from './hc165.ts';
import { loadIntelHex } from './ihex.ts';
import { Max7219 } from './max7219.ts';
import { CLOCK_HZ, EEPROM_BYTES, Mcu } from './mcu.ts';
import { Piezo, type Tone } from './piezo.ts';
import { AvrBoard, type PortIdentity } from './avrBoard.ts';

import type { BoardSize } from '../board.ts';

export type { BoardSize } from '../board.ts';
export type { Tone } from './piezo.ts';
export type { RealtimeOptions, RxListener, TxListener } from './avrBoard.ts';

export interface SimulatedBoardOptions {
  /** Board size, as in hardware/pinmap.json (default 10x10). */
  readonly size?: BoardSize;
  /** Flash image; default the committed firmware/hex/dambord-<size>.hex. */
  readonly program?: Uint16Array;
  /** Squares (1-based) with a piece when the board starts. */
  readonly occupied?: Iterable<number>;
  /** Initial EEPROM content (copied; default erased, 0xFF). */
  readonly eeprom?: Uint8Array;
  /** Whether the board is powered (USB plugged in) from the start (default true). */
  readonly powered?: boolean;
  /** Halt the CPU in SLEEP until an interrupt (default true; see mcu.ts). */
  readonly idleSkip?: boolean;
}

const here = new URL('./', import.meta.url);
export const PINMAP: PinMap = JSON.parse(readFileSync(new URL('../pinmap.json', here), 'utf8')) as PinMap;

const programs = new Map<string, Uint16Array>();
/** The committed firmware of a board size (read once). */
export function committedFirmware(size: BoardSize): Uint16Array {
  let p = programs.get(size);
  if (!p) {
    p = loadIntelHex(new URL(`../../firmware/hex/dambord-${size}.hex`, here));
    programs.set(size, p);
  }
  return p;
}

function pin(name: string): PortBit {
  return parsePin(name);
}

export class SimulatedBoard extends AvrBoard<Mcu> {
  readonly size: BoardSize;
  readonly baudRate = PINMAP.uart.baud;
  readonly identity: PortIdentity;
  readonly wiring: Wiring;
  readonly chain: Hc165Chain;
  readonly max7219: Max7219;
  readonly piezo: Piezo;
  /** The EEPROM; it keeps its content across resets and power cycles. */
  readonly eeprom: EEPROMMemoryBackend;
  private readonly program: Uint16Array;
  private readonly idleSkip: boolean;
  private readonly chainPins: ChainPins;
  private readonly loadPin: PortBit;
  private readonly piezoPin: PortBit;

  constructor(opts: SimulatedBoardOptions = {}) {
    super(CLOCK_HZ);
    this.size = opts.size ?? '10x10';
    this.identity = { manufacturer: 'dambord simulator (avr8js)', vendorId: 'simulated', productId: `dambord-${this.size}`, pathStem: 'dambord' };
    this.wiring = wiringOf(PINMAP, this.size);
    this.program = opts.program ?? committedFirmware(this.size);
    this.idleSkip = opts.idleSkip ?? true;
    this.chain = new Hc165Chain(this.wiring);
    this.max7219 = new Max7219(this.wiring);
    this.piezo = new Piezo();
    this.eeprom = new EEPROMMemoryBackend(EEPROM_BYTES);
    if (opts.eeprom) this.eeprom.memory.set(opts.eeprom.subarray(0, EEPROM_BYTES));
    this.chainPins = { pl: pin(PINMAP.shiftIn.pl.pin), clk: pin(PINMAP.shiftIn.clk.pin), data: pin(PINMAP.shiftIn.data.pin) };
    this.loadPin = pin(PINMAP.max7219.load.pin);
    this.piezoPin = pin(PINMAP.piezo.pin);
    for (const sq of opts.occupied ?? []) this.chain.setSquare(sq, true);
    if (opts.powered ?? true) this.powerOn();
  }

  // ---- the hands ----

  /** Puts a piece on (true) or lifts it off (false) a square, 1-based in the board's own numbering. */
  setSquare(square: number, occupied: boolean): void {
    this.chain.setSquare(square, occupied);
  }

  /** Whether a square's reed switch is closed. */
  occupied(square: number): boolean {
    return this.chain.occupied(square);
  }

  /** Presses a button: 1-4 or jadoube, clock, accept, correct. */
  press(button: number | string): void {
    this.chain.setButton(button, true);
  }

  release(button: number | string): void {
    this.chain.setButton(button, false);
  }

  // ---- what the board shows ----

  /** Squares whose LED is lit now, ascending (none while unpowered). */
  leds(): number[] {
    return this.powered ? this.max7219.litSquares() : [];
  }

  /** Every tone the piezo played, the sounding one last with endMs null. */
  tones(): Tone[] {
    return this.piezo.tones();
  }

  // ---- wiring it together (AvrBoard) ----

  /** A reset keeps the EEPROM (passed to each new MCU), the switches and the MAX7219 registers; a power cycle blanks the MAX7219. */
  protected createMcu(epochCycles: number): Mcu {
    return new Mcu({ program: this.program, eeprom: this.eeprom, epochCycles, idleSkip: this.idleSkip });
  }

  protected attachModels(mcu: Mcu): void {
    this.chain.attach(mcu, this.chainPins);
    this.max7219.attach(mcu, this.loadPin);
    this.piezo.attach(mcu, this.piezoPin);
  }

  protected detachModels(): void {
    this.chain.detach();
    this.max7219.detach();
    this.piezo.detach();
  }

  protected override powerUpModels(): void {
    this.max7219.powerUp();
  }
}
