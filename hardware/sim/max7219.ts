/**
 * The MAX7219 LED driver with the square LEDs of a board, fed from the MCU's hardware SPI
 * (`attach`, the dambord board) or bit-banged on three GPIO pins (`attachPins`, the Firmata
 * board, where johnny-five's LedControl shifts each word out with digitalWrites).
 *
 * MAX7219 datasheet (Maxim 19-4452): 16-bit words, MSB first, D15-D12 ignored, D11-D8 the
 * register address (Table 2), D7-D0 the data, sampled on the rising CLK edge (SPI mode 0);
 * the last 16 bits shifted in are latched on the rising edge of LOAD. Registers: no-op (0),
 * digits 0-7 (1-8), decode mode (9, Table 4; Code B font, Table 5), intensity (0xA, Table 7),
 * scan limit (0xB, Table 8: digits 0..N are shown), shutdown (0xC, Table 3: 0 = shutdown,
 * 1 = normal operation), display test (0xF, Table 10: 1 = every LED on). At power-up the
 * registers are cleared and the chip is in shutdown (display blank).
 *
 * Over SPI the bytes come from avr8js's SPI peripheral: each transfer completes (SPIF set, the
 * byte shifted into the MAX7219) `transferCycles` after the firmware writes SPDR, as on the
 * chip, through a clock event. Bit-banged, DIN is sampled at each rising CLK edge ("regardless
 * of the state of LOAD", datasheet), seen, as the edges of LOAD (CS), through the ports'
 * listeners (they see every write that changes a port's output). The chip outlives an MCU
 * reset: attach to the new MCU, the registers stay.
 *
 * Which LED a square has comes with the board (`LedMap`): on the dambord board square k's LED
 * is on digit (k - 1) / 8, segment bit (k - 1) % 8 (`wiring().leds`); on the Firmata board see
 * ledOfSquare in hardware/firmata/profile.ts.
 */

import { PinState, type AVRIOPort } from 'avr8js';
import { portOf, type PortBit } from './hc165.ts';
import type { Mcu } from './mcu.ts';

/** The square LEDs on the chip: square k's LED is segment `bit` of `digit` (0-7). */
export interface LedMap {
  readonly size: string;
  readonly leds: readonly { readonly square: number; readonly digit: number; readonly bit: number }[];
}

/** What a latch reads of the MCU for its time stamp. */
export interface BoardClock {
  /** Board cycles. */
  readonly cycles: number;
  readonly clockHz: number;
}

/** A pin of an MCU: a port and a bit. */
export interface PortPin {
  readonly port: AVRIOPort;
  readonly bit: number;
}

/** The three pins of a bit-banged MAX7219. */
export interface Max7219Pins {
  readonly din: PortPin;
  readonly clk: PortPin;
  /** LOAD (CS). */
  readonly cs: PortPin;
}

/** The level on a pin as the chip sees it: what the MCU drives, high when it drives nothing. */
const isHigh = (p: PortPin): boolean => p.port.pinState(p.bit) !== PinState.Low;

/** One word latched by a rising LOAD edge. */
export interface Max7219Latch {
  /** Board cycle of the LOAD edge. */
  readonly cycle: number;
  /** The same in board milliseconds. */
  readonly ms: number;
  /** Register address (D11-D8). */
  readonly register: number;
  /** Data (D7-D0). */
  readonly data: number;
}

export const MAX7219_REGISTER = {
  noop: 0x0,
  digit0: 0x1,
  decodeMode: 0x9,
  intensity: 0xa,
  scanLimit: 0xb,
  shutdown: 0xc,
  displayTest: 0xf,
} as const;

/** Code B font (Table 5): segments DP A B C D E F G as bits 7..0, for the codes 0-15. */
const CODE_B = [0x7e, 0x30, 0x6d, 0x79, 0x33, 0x5b, 0x5f, 0x70, 0x7f, 0x7b, 0x01, 0x4f, 0x37, 0x0e, 0x67, 0x00];

export class Max7219 {
  readonly wiring: LedMap;
  /** Digit registers 0-7 as latched. */
  readonly digits = new Uint8Array(8);
  decodeMode = 0;
  intensity = 0;
  scanLimit = 0;
  /** Shutdown register: false = shutdown (power-up state), true = normal operation. */
  normalOperation = false;
  displayTest = false;
  /** The latches since construction or clearLog, the last `logLimit` of them at least. */
  readonly log: Max7219Latch[] = [];
  logLimit = 10_000;
  /** Called at every latch. */
  onLatch: ((latch: Max7219Latch) => void) | null = null;
  /** Things the firmware did that the chip would not take as meant (SPI mode, bit order, word length). */
  readonly faults: string[] = [];
  private shift = 0;
  private bitsIn = 0;
  private detachFn: (() => void) | null = null;
  private readonly ledOf: { digit: number; bit: number }[] = [];

  constructor(wiring: LedMap) {
    this.wiring = wiring;
    for (const led of wiring.leds) this.ledOf[led.square] = { digit: led.digit, bit: led.bit };
  }

  /** Connects to an MCU's SPI and LOAD pin (the previous MCU is let go; registers are kept). */
  attach(mcu: Mcu, load: PortBit): void {
    this.detach();
    const spi = mcu.spi;
    spi.onByte = (value) => {
      if (spi.spiMode !== 0) this.fault(`SPI mode ${spi.spiMode}, the MAX7219 needs mode 0`);
      const wire = spi.dataOrder === 'lsbFirst' ? reverse8(value) : value;
      if (spi.dataOrder === 'lsbFirst') this.fault('SPI sends LSB first, the MAX7219 reads MSB first');
      mcu.cpu.addClockEvent(() => {
        this.shift = ((this.shift << 8) | wire) & 0xffff;
        this.bitsIn += 8;
        spi.completeTransfer(0); // MISO is not connected: DOUT goes nowhere
      }, spi.transferCycles);
    };
    const port = portOf(mcu, load.port);
    const listener = this.loadWatcher(mcu, { port, bit: load.bit });
    port.addListener(listener);
    this.detachFn = () => {
      port.removeListener(listener);
      spi.onByte = () => undefined;
    };
  }

  /** Connects to three GPIO pins driven bit by bit (DIN, CLK, LOAD/CS); the registers are kept. */
  attachPins(mcu: BoardClock, pins: Max7219Pins): void {
    this.detach();
    let clk = isHigh(pins.clk);
    const load = this.loadWatcher(mcu, pins.cs);
    const listener = () => {
      if (isHigh(pins.clk) !== clk) {
        clk = !clk;
        if (clk) {
          this.shift = ((this.shift << 1) | (isHigh(pins.din) ? 1 : 0)) & 0xffff;
          this.bitsIn++;
        }
      }
      load();
    };
    const ports = new Set([pins.din.port, pins.clk.port, pins.cs.port]);
    for (const p of ports) p.addListener(listener);
    this.detachFn = () => {
      for (const p of ports) p.removeListener(listener);
    };
  }

  detach(): void {
    this.detachFn?.();
    this.detachFn = null;
  }

  /** Whether the LED of a square (1-based) is lit now. */
  isLit(square: number): boolean {
    const led = this.ledOf[square];
    if (!led) throw new RangeError(`the ${this.wiring.size} board has no square ${square}`);
    if (!this.normalOperation) return false;
    if (this.displayTest) return true;
    if (led.digit > this.scanLimit) return false;
    return (this.segments(led.digit) & (1 << led.bit)) !== 0;
  }

  /** The squares whose LED is lit now, ascending. */
  litSquares(): number[] {
    const out: number[] = [];
    for (const led of this.wiring.leds) if (this.isLit(led.square)) out.push(led.square);
    return out;
  }

  /** Segments of a digit as driven (DP A B C D E F G = bits 7..0), after Code B decoding. */
  segments(digit: number): number {
    const v = this.digits[digit];
    if (this.decodeMode & (1 << digit)) return (v & 0x80) | CODE_B[v & 0x0f];
    return v;
  }

  /** Power-up state (datasheet: registers cleared, display blank, shutdown mode); the log is kept. */
  powerUp(): void {
    this.digits.fill(0);
    this.decodeMode = 0;
    this.intensity = 0;
    this.scanLimit = 0;
    this.normalOperation = false;
    this.displayTest = false;
    this.shift = 0;
    this.bitsIn = 0;
  }

  clearLog(): void {
    this.log.length = 0;
  }

  /** A port listener that latches on LOAD's rising edge and starts a word on its falling one. */
  private loadWatcher(mcu: BoardClock, load: PortPin): () => void {
    let high = isHigh(load);
    return () => {
      if (isHigh(load) === high) return;
      high = !high;
      if (high) this.latch(mcu);
      else this.bitsIn = 0;
    };
  }

  private latch(mcu: BoardClock): void {
    if (this.bitsIn !== 16 && this.bitsIn !== 0) this.fault(`${this.bitsIn} bits shifted in before LOAD, not 16`);
    this.bitsIn = 0;
    const register = (this.shift >> 8) & 0x0f;
    const data = this.shift & 0xff;
    if (register >= 1 && register <= 8) this.digits[register - 1] = data;
    else if (register === MAX7219_REGISTER.decodeMode) this.decodeMode = data;
    else if (register === MAX7219_REGISTER.intensity) this.intensity = data & 0x0f;
    else if (register === MAX7219_REGISTER.scanLimit) this.scanLimit = data & 0x07;
    else if (register === MAX7219_REGISTER.shutdown) this.normalOperation = (data & 1) === 1;
    else if (register === MAX7219_REGISTER.displayTest) this.displayTest = (data & 1) === 1;
    const cycle = mcu.cycles;
    const entry: Max7219Latch = { cycle, ms: (cycle * 1000) / mcu.clockHz, register, data };
    this.log.push(entry);
    if (this.log.length >= 2 * this.logLimit) this.log.splice(0, this.log.length - this.logLimit);
    this.onLatch?.(entry);
  }

  private fault(text: string): void {
    if (this.faults.length < 100 && !this.faults.includes(text)) this.faults.push(text);
  }
}

function reverse8(b: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 1 << (7 - i);
  return r;
}
