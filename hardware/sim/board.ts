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
 * The serial link behaves as the Nano's USB-serial chip does: bytes from the host go into the
 * USART one at a time at the link's rate (a byte every 10 bit times at 115200 baud; they wait
 * while the receiver is off, and one that arrives before the firmware has read the previous one
 * overwrites it, as on the chip); bytes from the firmware reach `onTx` listeners when their stop
 * bit has gone out. `reset()` is what DTR does to a real Nano when a host opens the port (the
 * bootloader's delay is not modelled: the firmware starts at once).
 *
 * @example
 *   const board = new SimulatedBoard({ size: '10x10', occupied: [1, 2, 3] });
 *   board.onTx((bytes) => text += Buffer.from(bytes).toString('latin1'));
 *   board.advance(50);                  // HELLO and SNAP are out
 *   board.setSquare(3, false);          // a piece lifted
 *   board.advance(10);                  // ... "EV 1 ... L 3*HH"
 *   board.rx(frame('LED ' + '1'.padEnd(50, '0')));   // frame() of testkit.ts adds *HH and \n
 *   board.advance(20); board.leds();    // [1]
 */

import { readFileSync } from 'node:fs';
import { EEPROMMemoryBackend, usart0Config } from 'avr8js';
import { parsePin, wiring as wiringOf, type PinMap, type Wiring } from '../gen-pins.mjs';
import { Hc165Chain, type ChainPins, type PortBit } from './hc165.ts';
import { loadIntelHex } from './ihex.ts';
import { Max7219 } from './max7219.ts';
import { CLOCK_HZ, EEPROM_BYTES, Mcu } from './mcu.ts';
import { Piezo, type Tone } from './piezo.ts';

export type BoardSize = '10x10' | '8x8';
export type { Tone } from './piezo.ts';

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

/** Options of the real-time driver. */
export interface RealtimeOptions {
  /** Simulated ms per wall ms (default 1: real time). */
  readonly speed?: number;
  /** Wall ms between slices (default 4). */
  readonly sliceMs?: number;
  /** Whether the driver's timer may let the process exit (default false: it keeps it alive, like a board on the desk). */
  readonly unref?: boolean;
}

export type TxListener = (bytes: Uint8Array) => void;
export type RxListener = (byte: number) => void;

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

export class SimulatedBoard {
  readonly size: BoardSize;
  readonly wiring: Wiring;
  readonly chain: Hc165Chain;
  readonly max7219: Max7219;
  readonly piezo: Piezo;
  /** The EEPROM; it keeps its content across resets and power cycles. */
  readonly eeprom: EEPROMMemoryBackend;
  /** Times the MCU has started (power-on or reset). */
  starts = 0;
  /** Bytes from the host that overwrote an unread one in the USART (lost, as on the chip: data overrun). */
  rxOverruns = 0;
  private readonly program: Uint16Array;
  private readonly idleSkip: boolean;
  private readonly chainPins: ChainPins;
  private readonly loadPin: PortBit;
  private readonly piezoPin: PortBit;
  private current: Mcu | null = null;
  private offCycles = 0;
  private readonly txListeners = new Set<TxListener>();
  private readonly rxListeners = new Set<RxListener>();
  private rxQueue: number[] = [];
  private rxHead = 0;
  private rxInFlight = -1;
  private driver: { timer: NodeJS.Timeout | NodeJS.Immediate | null; stop: boolean } | null = null;
  /** How far the real-time driver is behind the wall clock, ms (0 when it keeps up). */
  lagMs = 0;

  constructor(opts: SimulatedBoardOptions = {}) {
    this.size = opts.size ?? '10x10';
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

  // ---- time ----

  /** Board cycles since the board was created. */
  get simCycles(): number {
    return this.current ? this.current.cycles : this.offCycles;
  }

  /** Board milliseconds since the board was created (fractional). */
  get simTimeMs(): number {
    return (this.simCycles * 1000) / CLOCK_HZ;
  }

  /** The running MCU (null while unpowered), for instrumentation. */
  get mcu(): Mcu | null {
    return this.current;
  }

  /** Runs the board for `ms` simulated milliseconds. Deterministic. */
  advance(ms: number): void {
    this.runUntil(this.simTimeMs + ms);
  }

  /** Runs the board until its time is at least `ms`. */
  runUntil(ms: number): void {
    const target = Math.round((ms * CLOCK_HZ) / 1000);
    if (this.current) this.current.runCycles(target - this.current.cycles);
    else this.offCycles = Math.max(this.offCycles, target);
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
    return this.current ? this.max7219.litSquares() : [];
  }

  /** Every tone the piezo played, the sounding one last with endMs null. */
  tones(): Tone[] {
    return this.piezo.tones();
  }

  // ---- the serial link ----

  /** Listens to the bytes the board sends (each when its stop bit is out). Returns the unsubscribe function. */
  onTx(listener: TxListener): () => void {
    this.txListeners.add(listener);
    return () => this.txListeners.delete(listener);
  }

  /** Listens to each byte as the USART receives it (its stop bit in). Returns the unsubscribe function. */
  onRx(listener: RxListener): () => void {
    this.rxListeners.add(listener);
    return () => this.rxListeners.delete(listener);
  }

  /** Bytes from the host, queued and fed to the USART at the link's rate. A string is sent as latin1. */
  rx(data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    for (const b of bytes) this.rxQueue.push(b);
    this.feed();
  }

  /** Bytes from the host not yet in the USART. */
  get rxPending(): number {
    return this.rxQueue.length - this.rxHead;
  }

  /** Whether every byte from the host has gone into the USART (none queued, none on the wire). */
  get rxIdle(): boolean {
    return this.rxHead >= this.rxQueue.length && this.rxInFlight < 0;
  }

  /** Discards the bytes from the host not yet in the USART. */
  clearRx(): void {
    this.rxQueue = [];
    this.rxHead = 0;
  }

  // ---- power and reset ----

  get powered(): boolean {
    return this.current !== null;
  }

  /** Resets the MCU (as DTR does when a host opens the port): the firmware starts again; EEPROM, switches and MAX7219 registers stay. */
  reset(): void {
    if (!this.current) return;
    this.boot();
  }

  /** Cuts the power (USB unplugged): the MCU stops, the MAX7219 forgets its registers. Time goes on. */
  powerOff(): void {
    if (!this.current) return;
    this.offCycles = this.current.cycles;
    this.teardown();
    this.current = null;
  }

  /** Powers the board (USB plugged in): the MAX7219 comes up blank and in shutdown, the firmware starts. */
  powerOn(): void {
    if (this.current) return;
    this.max7219.powerUp();
    this.boot();
  }

  // ---- the real-time driver ----

  /** Whether the real-time driver runs. */
  get realtimeRunning(): boolean {
    return this.driver !== null;
  }

  /**
   * Runs the board on the wall clock until stopRealtime(): every `sliceMs` it runs the simulated
   * time up to the wall time since it started (times `speed`), at most 50 ms of it per slice so
   * that I/O is served in between. If it falls more than a second behind (a debugger, a long GC), it forgets
   * the backlog instead of racing to catch up. `lagMs` says how far behind it is.
   */
  startRealtime(opts: RealtimeOptions = {}): void {
    if (this.driver) return;
    const speed = opts.speed ?? 1;
    const sliceMs = opts.sliceMs ?? 4;
    let wall0 = performance.now();
    let sim0 = this.simTimeMs;
    const driver: { timer: NodeJS.Timeout | NodeJS.Immediate | null; stop: boolean } = { timer: null, stop: false };
    this.driver = driver;
    const step = () => {
      if (driver.stop) return;
      const target = sim0 + (performance.now() - wall0) * speed;
      this.runUntil(Math.min(target, this.simTimeMs + 50));
      this.lagMs = Math.max(0, target - this.simTimeMs);
      if (this.lagMs > 1000) {
        wall0 = performance.now();
        sim0 = this.simTimeMs;
        this.lagMs = 0;
      }
      if (driver.stop) return;
      driver.timer = this.lagMs > sliceMs ? setImmediate(step) : setTimeout(step, sliceMs);
      if (opts.unref) driver.timer.unref();
    };
    driver.timer = setTimeout(step, sliceMs);
    if (opts.unref) driver.timer.unref();
  }

  /** Stops the real-time driver; simulated time stands still until the board is run again. */
  stopRealtime(): void {
    const d = this.driver;
    if (!d) return;
    d.stop = true;
    if (d.timer) {
      clearTimeout(d.timer as NodeJS.Timeout);
      clearImmediate(d.timer as NodeJS.Immediate);
    }
    this.driver = null;
    this.lagMs = 0;
  }

  // ---- wiring it together ----

  private boot(): void {
    const epochCycles = this.simCycles;
    this.teardown();
    this.rxInFlight = -1;
    const mcu = new Mcu({ program: this.program, eeprom: this.eeprom, epochCycles, idleSkip: this.idleSkip });
    this.current = mcu;
    this.starts++;
    this.chain.attach(mcu, this.chainPins);
    this.max7219.attach(mcu, this.loadPin);
    this.piezo.attach(mcu, this.piezoPin);
    mcu.usart.onByteTransmit = (byte) => {
      mcu.cpu.addClockEvent(() => {
        if (this.current !== mcu) return;
        const bytes = Uint8Array.of(byte);
        for (const l of this.txListeners) l(bytes);
      }, mcu.usartCyclesPerChar);
    };
    let completed = 0;
    let read = 0;
    const udr = usart0Config.UDR;
    const readUdr = mcu.cpu.readHooks[udr];
    mcu.cpu.readHooks[udr] = (addr) => {
      if (read < completed) read = completed;
      return readUdr(addr);
    };
    mcu.usart.onRxComplete = () => {
      if (read < completed) this.rxOverruns++;
      completed++;
      const byte = this.rxInFlight;
      this.rxInFlight = -1;
      if (byte >= 0) for (const l of this.rxListeners) l(byte);
      this.feed();
    };
    // The receiver may be switched on with bytes waiting: feed them then.
    const ucsrb = usart0Config.UCSRB;
    const orig = mcu.cpu.writeHooks[ucsrb];
    mcu.cpu.writeHooks[ucsrb] = (value, old, addr, mask) => {
      const r = orig ? orig(value, old, addr, mask) : undefined;
      if (!r) mcu.cpu.data[ucsrb] = value;
      this.feed();
      return true;
    };
  }

  private teardown(): void {
    this.chain.detach();
    this.max7219.detach();
    this.piezo.detach();
  }

  /** Starts the next queued byte into the USART if it is free. */
  private feed(): void {
    const mcu = this.current;
    if (!mcu || this.rxHead >= this.rxQueue.length) return;
    const usart = mcu.usart;
    if (usart.rxBusy || !usart.rxEnable) return;
    const byte = this.rxQueue[this.rxHead];
    if (usart.writeByte(byte) !== true) return;
    this.rxHead++;
    if (this.rxHead >= this.rxQueue.length) this.clearRx();
    else if (this.rxHead > 4096) {
      this.rxQueue = this.rxQueue.slice(this.rxHead);
      this.rxHead = 0;
    }
    this.rxInFlight = byte;
  }
}
