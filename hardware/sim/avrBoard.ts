/**
 * What every simulated AVR board shares: the USB serial link to its USART0, power and reset,
 * one time line across resets and power cycles, and the drivers that move simulated time
 * (`advance`/`runUntil`, deterministic; `startRealtime`, on the wall clock).
 *
 * A board is a subclass of `AvrBoard` that says how to make its MCU and which models (switches,
 * LED driver, piezo) to wire to each new MCU; the dambord-firmware board (board.ts) and the
 * StandardFirmata Mega (hardware/firmata/board.ts) are two. What the serialport binding
 * (binding.ts) needs of a board is `SimulatedDevice`.
 *
 * The serial link behaves as an Arduino's USB-serial chip does: bytes from the host go into the
 * USART one at a time at the link's rate (a byte every 10 bit times; they wait while the
 * receiver is off, and one that arrives before the firmware has read the previous one
 * overwrites it, as on the chip: `rxOverruns`); bytes from the firmware reach `onTx` listeners
 * when their stop bit has gone out. `reset()` is what DTR does when a host opens the port (no
 * bootloader delay: the firmware starts at once). Both AVRs have USART0 at the same addresses.
 */

import { usart0Config, type AVRUSART, type CPU } from 'avr8js';

/** What AvrBoard needs of an MCU model (mcu.ts's Mcu, hardware/firmata/mega.ts's Mega2560). */
export interface AvrMcu {
  readonly cpu: CPU;
  readonly clockHz: number;
  readonly usart: AVRUSART;
  /** Cycles one character takes on USART0 at its present settings. */
  readonly usartCyclesPerChar: number;
  /** Board cycles: since the board was created, across resets (the MCU's own count plus its epoch). */
  readonly cycles: number;
  /** Runs until at least `n` more cycles have passed. */
  runCycles(n: number): void;
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

/** How a simulated board shows up in a port listing. */
export interface PortIdentity {
  readonly manufacturer: string;
  readonly vendorId: string;
  readonly productId: string;
  /** Stem of the default port path: `/dev/sim/<stem>N`. */
  readonly pathStem: string;
}

/** What the serialport binding (binding.ts) needs of a simulated board. */
export interface SimulatedDevice {
  /** Board size ('10x10' or '8x8'), for the port's serial number. */
  readonly size: string;
  /** The baud rate its firmware talks at; a port opened at another rate garbles every byte. */
  readonly baudRate: number;
  readonly identity: PortIdentity;
  readonly powered: boolean;
  /** Board milliseconds since the board was created, across resets and power cycles. */
  readonly simTimeMs: number;
  /** Whether every byte from the host has gone into the USART. */
  readonly rxIdle: boolean;
  powerOn(): void;
  powerOff(): void;
  /** What DTR does: the firmware starts again. */
  reset(): void;
  startRealtime(opts?: RealtimeOptions): void;
  stopRealtime(): void;
  /** Runs the board until its time is at least `ms`. */
  runUntil(ms: number): void;
  onTx(listener: TxListener): () => void;
  onRx(listener: RxListener): () => void;
  /** Bytes from the host, fed to the USART at the link's rate. */
  rx(data: Uint8Array | string): void;
  /** Discards the bytes from the host not yet in the USART. */
  clearRx(): void;
}

interface Driver {
  timer: NodeJS.Timeout | NodeJS.Immediate | null;
  stop: boolean;
}

export abstract class AvrBoard<M extends AvrMcu> implements SimulatedDevice {
  abstract readonly size: string;
  abstract readonly baudRate: number;
  abstract readonly identity: PortIdentity;
  /** Times the MCU has started (power-on or reset). */
  starts = 0;
  /** Bytes from the host that overwrote an unread one in the USART (lost, as on the chip: data overrun). */
  rxOverruns = 0;
  /** How far the real-time driver is behind the wall clock, ms (0 when it keeps up). */
  lagMs = 0;
  private readonly clockHz: number;
  private current: M | null = null;
  private offCycles = 0;
  private readonly txListeners = new Set<TxListener>();
  private readonly rxListeners = new Set<RxListener>();
  private rxQueue: number[] = [];
  private rxHead = 0;
  private rxInFlight = -1;
  private driver: Driver | null = null;

  /** `clockHz`: the board's crystal, for its time while unpowered. */
  protected constructor(clockHz: number) {
    this.clockHz = clockHz;
  }

  /** A new MCU running the firmware, its cycle count starting at `epochCycles`. */
  protected abstract createMcu(epochCycles: number): M;
  /** Wires the models around the board to a new MCU (after a power-on or reset). */
  protected abstract attachModels(mcu: M): void;
  /** Lets the models go of the MCU that stops (reset or power-off). */
  protected abstract detachModels(): void;
  /** Puts the models in their power-up state (before the MCU starts); default nothing. */
  protected powerUpModels(): void {}

  // ---- time ----

  /** Board cycles since the board was created. */
  get simCycles(): number {
    return this.current ? this.current.cycles : this.offCycles;
  }

  /** Board milliseconds since the board was created (fractional). */
  get simTimeMs(): number {
    return (this.simCycles * 1000) / this.clockHz;
  }

  /** The running MCU (null while unpowered), for instrumentation. */
  get mcu(): M | null {
    return this.current;
  }

  /** Runs the board for `ms` simulated milliseconds. Deterministic. */
  advance(ms: number): void {
    this.runUntil(this.simTimeMs + ms);
  }

  /** Runs the board until its time is at least `ms` (so that a loop on `simTimeMs < ms` ends). */
  runUntil(ms: number): void {
    let target = Math.round((ms * this.clockHz) / 1000);
    // Rounded down, the cycle count could stop a fraction of a cycle short of `ms` for good.
    if ((target * 1000) / this.clockHz < ms) target++;
    if (this.current) this.current.runCycles(target - this.current.cycles);
    else this.offCycles = Math.max(this.offCycles, target);
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

  /** Resets the MCU (as DTR does when a host opens the port): the firmware starts again; what is outside the MCU stays. */
  reset(): void {
    if (!this.current) return;
    this.boot();
  }

  /** Cuts the power (USB unplugged): the MCU stops. Time goes on. */
  powerOff(): void {
    if (!this.current) return;
    this.offCycles = this.current.cycles;
    this.detachModels();
    this.current = null;
  }

  /** Powers the board (USB plugged in): the models come up in their power-up state, the firmware starts. */
  powerOn(): void {
    if (this.current) return;
    this.powerUpModels();
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
    const driver: Driver = { timer: null, stop: false };
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
    this.detachModels();
    this.rxInFlight = -1;
    const mcu = this.createMcu(epochCycles);
    this.current = mcu;
    this.starts++;
    this.attachModels(mcu);
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
