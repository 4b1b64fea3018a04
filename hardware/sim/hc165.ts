/**
 * A chain of 74HC165 parallel-in, serial-out shift registers with the reed switches and buttons
 * on their inputs, as hardware/pinmap.json wires them (`wiring()` of hardware/gen-pins.mjs).
 *
 * 74HC165 function table (TI SCLS116, Nexperia 74HC165): while SH/LD (PL) is low the
 * registers load A-H asynchronously and CLK is ignored; with PL high (and CLK INH low) each
 * rising CLK edge shifts one place towards QH, the last register taking its SER (tied high).
 * QH of register 1 drives the MCU's data pin. Chain bit k (k = 0 shows first on QH) is what
 * `wiring().inputs[k]` names: square k + 1, then the buttons, then unused inputs.
 *
 * The pull-ups: every input has a 10 kΩ pull-up and its switch to ground, so an open switch
 * (no piece, button up) and an unused input read high, a closed one low. avr8js does not model
 * pull-ups at all, so they live here: this model puts the level, not the switch state, on QH.
 *
 * Counts every load (PL falling edge) with its board cycle, for the scan-rate figure.
 */

import { PinState, type AVRIOPort } from 'avr8js';
import type { Wiring } from '../gen-pins.mjs';
import type { Mcu } from './mcu.ts';

/** An ATmega328P port bit, as `parsePin` of gen-pins.mjs gives it. */
export interface PortBit {
  readonly port: string;
  readonly bit: number;
}

/** The three pins of the chain on the MCU. */
export interface ChainPins {
  readonly pl: PortBit;
  readonly clk: PortBit;
  readonly data: PortBit;
}

/** The avr8js port object of a port letter on an Mcu. */
export function portOf(mcu: Mcu, letter: string): AVRIOPort {
  if (letter === 'B') return mcu.portB;
  if (letter === 'C') return mcu.portC;
  if (letter === 'D') return mcu.portD;
  throw new Error(`no port ${letter} on the ATmega328P model`);
}

export class Hc165Chain {
  readonly wiring: Wiring;
  /** Switch states per chain bit: true = closed (piece present, button pressed). */
  private readonly closed: boolean[];
  /** The shift register contents as levels (true = high), bit 0 on QH. */
  private readonly reg: boolean[];
  private plLow = false;
  private detachFn: (() => void) | null = null;
  private dataPort: AVRIOPort | null = null;
  private dataBit = 0;
  private mcu: Mcu | null = null;
  /** Parallel loads (PL falling edges) since construction. */
  loads = 0;
  /** Shifts (rising CLK edges with PL high) since construction. */
  shifts = 0;
  /** Called at every load with the board cycle. */
  onLoad: ((cycle: number) => void) | null = null;

  constructor(wiring: Wiring) {
    this.wiring = wiring;
    this.closed = wiring.inputs.map(() => false);
    this.reg = wiring.inputs.map(() => true);
  }

  /** Closes or opens the reed switch of a square (1-based). */
  setSquare(square: number, occupied: boolean): void {
    this.setInput(this.bitOf('square', square), occupied);
  }

  /** Presses or releases a button (1-based, or its name from the pin map). */
  setButton(button: number | string, pressed: boolean): void {
    this.setInput(this.bitOf('button', button), pressed);
  }

  /** Whether the switch on chain bit k is closed. */
  isClosed(bit: number): boolean {
    return this.closed[bit];
  }

  /** Whether a square's switch is closed (a piece on it). */
  occupied(square: number): boolean {
    return this.closed[this.bitOf('square', square)];
  }

  /** Whether a button is held. */
  pressed(button: number | string): boolean {
    return this.closed[this.bitOf('button', button)];
  }

  /** Chain bit of a square or button; throws on one the board does not have (programmer error). */
  bitOf(kind: 'square' | 'button', which: number | string): number {
    for (const input of this.wiring.inputs) {
      if (kind === 'square' && input.kind === 'square' && input.square === which) return input.bit;
      if (kind === 'button' && input.kind === 'button' && (input.button === which || input.name === which)) return input.bit;
    }
    throw new RangeError(`the ${this.wiring.size} board has no ${kind} ${String(which)}`);
  }

  /** Connects the chain to an MCU's pins; a previous MCU is disconnected (the chain keeps its contents). */
  attach(mcu: Mcu, pins: ChainPins): void {
    this.detach();
    const plPort = portOf(mcu, pins.pl.port);
    const clkPort = portOf(mcu, pins.clk.port);
    this.mcu = mcu;
    this.dataPort = portOf(mcu, pins.data.port);
    this.dataBit = pins.data.bit;
    // Levels as the chip sees them: low only while the MCU drives the pin low (an undriven pin
    // counts as high, as the board's pull-ups would make it).
    let clkHigh = clkPort.pinState(pins.clk.bit) !== PinState.Low;
    this.plLow = plPort.pinState(pins.pl.bit) === PinState.Low;
    const listener = () => {
      const low = plPort.pinState(pins.pl.bit) === PinState.Low;
      if (low !== this.plLow) {
        this.plLow = low;
        if (low) {
          this.loads++;
          this.onLoad?.(mcu.cycles);
          this.load();
        }
      }
      const high = clkPort.pinState(pins.clk.bit) !== PinState.Low;
      if (high !== clkHigh) {
        clkHigh = high;
        if (high && !this.plLow) this.shift();
      }
    };
    plPort.addListener(listener);
    if (clkPort !== plPort) clkPort.addListener(listener);
    this.detachFn = () => {
      plPort.removeListener(listener);
      clkPort.removeListener(listener);
    };
    if (this.plLow) this.load();
    else this.drive();
  }

  /** Disconnects from the MCU (at its reset or power-off). */
  detach(): void {
    this.detachFn?.();
    this.detachFn = null;
    this.dataPort = null;
    this.mcu = null;
  }

  private setInput(bit: number, closed: boolean): void {
    this.closed[bit] = closed;
    if (this.plLow) this.load(); // PL low: the registers follow their inputs
  }

  /** The level on input k: the pull-up holds it high unless the switch pulls it low; unused inputs are tied high. */
  private level(k: number): boolean {
    return !this.closed[k];
  }

  private load(): void {
    for (let k = 0; k < this.reg.length; k++) this.reg[k] = this.level(k);
    this.drive();
  }

  private shift(): void {
    this.shifts++;
    for (let k = 0; k < this.reg.length - 1; k++) this.reg[k] = this.reg[k + 1];
    this.reg[this.reg.length - 1] = true; // SER of the last register is tied to 5V
    this.drive();
  }

  private drive(): void {
    if (this.dataPort && this.mcu) this.dataPort.setPin(this.dataBit, this.reg[0]);
  }
}
