/**
 * The simulated Firmata board: an Arduino Mega 2560 running the genuine stock StandardFirmata
 * (fetched by fetch.mjs) on the avr8js ATmega2560 of mega.ts, wired as profile.json says: a reed
 * switch per square and the four buttons on input pins, a MAX7219 bit-banged on DIN/CLK/CS and
 * a piezo on a digital pin. A `SimulatedDevice` (hardware/sim/avrBoard.ts): plug it into
 * SimulatedBinding and open it at 57600 baud, as firmata-io and johnny-five open a real Mega.
 *
 * Inputs: a reed switch or button closes its pin to GND, so occupied / pressed = LOW, and empty
 * / released = HIGH, the pull-up's level (avr8js does not model pull-ups: the level is driven
 * from outside on the pin, and kept across resets and power cycles). While the firmware drives
 * the pin as an output (StandardFirmata makes every digital pin an output at boot, until the
 * host asks for an input), the external level does not matter.
 *
 * Outputs: the MAX7219 takes the words the host shifts out with digitalWrites (johnny-five's
 * Led.Matrix), DIN sampled at each rising CLK edge, latched at the rising edge of CS; its LEDs
 * are on the squares of `ledOfSquare` (profile.ts). The piezo reports the tones the host
 * toggles on its pin (PinPiezo of hardware/sim/piezo.ts).
 *
 * Opening the port resets the MCU (DTR), as on a real Mega: StandardFirmata blinks its version
 * on D13 for about 1.6 s of board time, then reports it, and johnny-five gets ready.
 *
 * @example
 *   const board = new SimulatedFirmataBoard({ size: '10x10', occupied: [1, 2, 3] });
 *   const binding = new SimulatedBinding({ clock: 'manual' });
 *   const path = binding.add(board);                 // '/dev/sim/firmata0'
 *   const port = new SerialPortStream({ binding, path, baudRate: 57600 });
 *   const io = new (bindFirmata.Firmata)(port);
 *   board.setSquare(3, false);                        // a piece lifted: D24 reads HIGH
 *   board.leds();                                     // squares lit by the host's Led.Matrix
 */

import { AvrBoard, type PortIdentity } from '../sim/avrBoard.ts';
import { loadIntelHex } from '../sim/ihex.ts';
import { Max7219, type LedMap } from '../sim/max7219.ts';
import { PinPiezo, type Tone } from '../sim/piezo.ts';
import { fetchStandardFirmata } from './fetch.mjs';
import { MEGA2560_FLASH_BYTES, MEGA_CLOCK_HZ, Mega2560 } from './mega.ts';
import { FIRMATA_BAUD, SQUARE_COUNT, ledOfSquare, pinOfSquare, readProfile, type BoardSize, type MegaProfile } from './profile.ts';
import { BOARD_BUTTONS } from '../board.ts';
import type { BoardButton } from '../board.ts';

export type { Tone } from '../sim/piezo.ts';


export interface SimulatedFirmataBoardOptions {
  /** Board size (default 10x10). */
  readonly size?: BoardSize;
  /** Flash image, MEGA2560_FLASH_BYTES long; default the fetched StandardFirmata (standardFirmataMega()). */
  readonly program?: Uint16Array;
  /** The wiring; default profile.json (readProfile()). */
  readonly profile?: MegaProfile;
  /** Squares (1-based) with a piece when the board starts. */
  readonly occupied?: Iterable<number>;
  /** Whether the board is powered (USB plugged in) from the start (default true). */
  readonly powered?: boolean;
}

let standardFirmata: Uint16Array | null = null;

/** The genuine StandardFirmata for the Mega 2560 (fetched by fetch.mjs, loaded once); throws when it cannot be fetched. */
export function standardFirmataMega(): Uint16Array {
  if (!standardFirmata) {
    const r = fetchStandardFirmata();
    if (!r.ok) throw new Error(`no StandardFirmata for the simulated Mega: ${r.error}`);
    standardFirmata = loadIntelHex(r.hex.mega, MEGA2560_FLASH_BYTES);
  }
  return standardFirmata;
}

/** The MAX7219 LEDs of a board size: square k on digit row, segment bit 7 - col (bit value 0x80 >> col). */
function ledMap(size: BoardSize): LedMap {
  const leds = Array.from({ length: SQUARE_COUNT[size] }, (_, i) => {
    const { row, col } = ledOfSquare(i + 1);
    return { square: i + 1, digit: row, bit: 7 - col };
  });
  return { size, leds };
}

export class SimulatedFirmataBoard extends AvrBoard<Mega2560> {
  readonly size: BoardSize;
  readonly baudRate = FIRMATA_BAUD;
  readonly identity: PortIdentity;
  readonly profile: MegaProfile;
  readonly max7219: Max7219;
  readonly piezo = new PinPiezo();
  private readonly program: Uint16Array;
  /** The level each input pin (squares and buttons) is held at from outside: true = high (open). */
  private readonly levels = new Map<number, boolean>();

  constructor(opts: SimulatedFirmataBoardOptions = {}) {
    super(MEGA_CLOCK_HZ);
    this.size = opts.size ?? '10x10';
    this.identity = { manufacturer: 'dambord simulator (avr8js)', vendorId: 'simulated', productId: `firmata-mega2560-${this.size}`, pathStem: 'firmata' };
    this.program = opts.program ?? standardFirmataMega();
    if (opts.profile) this.profile = opts.profile;
    else {
      const r = readProfile();
      if (!r.ok) throw new Error(r.reason);
      this.profile = r.profile;
    }
    this.max7219 = new Max7219(ledMap(this.size));
    for (const pin of [...this.profile.squares[this.size], ...BOARD_BUTTONS.map((b) => this.profile.buttons[b])]) this.levels.set(pin, true);
    for (const sq of opts.occupied ?? []) this.setSquare(sq, true);
    if (opts.powered ?? true) this.powerOn();
  }

  // ---- the hands ----

  /** Puts a piece on (true) or lifts it off (false) a square, 1-based: its pin reads LOW while occupied. */
  setSquare(square: number, occupied: boolean): void {
    this.drive(this.squarePin(square), !occupied);
  }

  /** Whether a square's reed switch is closed. */
  occupied(square: number): boolean {
    return this.levels.get(this.squarePin(square)) === false;
  }

  /** Presses a button: 1-4 or jadoube, clock, accept, correct. Its pin reads LOW while pressed. */
  press(button: number | BoardButton): void {
    this.drive(this.buttonPin(button), false);
  }

  release(button: number | BoardButton): void {
    this.drive(this.buttonPin(button), true);
  }

  // ---- what the board shows ----

  /** Squares whose LED is lit now, ascending (none while unpowered). */
  leds(): number[] {
    return this.powered ? this.max7219.litSquares() : [];
  }

  /** Every tone the piezo played, the sounding one last with endMs null (configuredHz NaN: no timer to read). */
  tones(): Tone[] {
    return this.piezo.tones();
  }

  // ---- wiring it together (AvrBoard) ----

  protected createMcu(epochCycles: number): Mega2560 {
    return new Mega2560({ program: this.program, epochCycles });
  }

  protected attachModels(mega: Mega2560): void {
    for (const [pin, high] of this.levels) mega.setDigitalPin(pin, high);
    const { din, clk, cs } = this.profile.max7219;
    this.max7219.attachPins(mega, { din: mega.portPin(din), clk: mega.portPin(clk), cs: mega.portPin(cs) });
    this.piezo.attach(mega, mega.portPin(this.profile.piezo));
  }

  protected detachModels(): void {
    this.max7219.detach();
    this.piezo.detach();
  }

  /** At power-up the MAX7219 is blank and in shutdown. */
  protected override powerUpModels(): void {
    this.max7219.powerUp();
  }

  private drive(pin: number, high: boolean): void {
    this.levels.set(pin, high);
    this.mcu?.setDigitalPin(pin, high);
  }

  private squarePin(square: number): number {
    const pin = pinOfSquare(this.profile, this.size, square);
    if (pin === undefined) throw new RangeError(`the ${this.size} board has no square ${square}`);
    return pin;
  }

  private buttonPin(button: number | string): number {
    const name = typeof button === 'number' ? BOARD_BUTTONS[button - 1] : BOARD_BUTTONS.find((b) => b === button);
    if (!name) throw new RangeError(`the board has no button ${String(button)}`);
    return this.profile.buttons[name];
  }
}
