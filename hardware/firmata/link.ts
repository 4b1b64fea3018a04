/**
 * A simulated Arduino Mega 2560 running a flash image (stock StandardFirmata), with its USART0
 * bridged to a Node Duplex stream that firmata-io (and so johnny-five) can use as its transport.
 *
 * Host to board: bytes written to the stream are queued and fed to the USART one at a time,
 * each when the previous one's receive is complete (the pacing of hardware/sim/board.ts), so
 * nothing is lost to avr8js's single-byte receiver. Board to host: each byte the firmware sends
 * is pushed to the stream when its stop bit is out (one character time after the write to UDR0).
 *
 * Time: `advance(ms)` runs the board deterministically; the stream's driver runs it on the
 * wall clock (`speed` simulated ms per wall ms; Infinity, the default, runs flat out in slices,
 * about 3 times real time here) while the stream is open. As a real Arduino resets on DTR,
 * opening the stream resets the MCU, so the firmware's version report at boot reaches the host.
 *
 * Inputs (reed switches) are levels the test drives with setPin; they survive a reset.
 *
 * @example
 *   const mega = new SimulatedMega({ program });
 *   const io = new Firmata(mega.openStream());
 *   const board = new five.Board({ io, repl: false, debug: false });
 *   mega.setPin(22, false);            // the reed switch on D22 closes
 */

import { Duplex } from 'node:stream';
import { Mega2560 } from './mega.ts';

export type TxListener = (byte: number) => void;

export interface StreamOptions {
  /** Simulated ms per wall ms; Infinity (default) runs as fast as it can. */
  readonly speed?: number;
  /** Simulated ms run per slice before yielding to I/O (default 2). */
  readonly sliceMs?: number;
}

export class SimulatedMega {
  private readonly program: Uint16Array;
  private mega: Mega2560;
  private readonly inputs = new Map<number, boolean>();
  private readonly txListeners = new Set<TxListener>();
  private rxQueue: number[] = [];
  /** Cycles run by MCUs before the last reset, so simTimeMs keeps one time line. */
  private epochCycles = 0;
  private stream: Duplex | null = null;
  private timer: NodeJS.Immediate | NodeJS.Timeout | null = null;
  /** MCU starts (construction and each reset). */
  starts = 0;

  constructor(opts: { readonly program: Uint16Array }) {
    this.program = opts.program;
    this.mega = this.boot();
  }

  /** The running MCU (replaced on reset). */
  get mcu(): Mega2560 {
    return this.mega;
  }

  /** Simulated ms since construction. */
  get simTimeMs(): number {
    return ((this.epochCycles + this.mega.cpu.cycles) * 1000) / this.mega.clockHz;
  }

  /** Runs the board `ms` simulated milliseconds. */
  advance(ms: number): void {
    this.mega.runCycles(Math.round((ms * this.mega.clockHz) / 1000));
  }

  /** Restarts the firmware (DTR); driven input levels stay. */
  reset(): void {
    this.epochCycles += this.mega.cpu.cycles;
    this.rxQueue = [];
    this.mega = this.boot();
  }

  /** Drives an Arduino digital pin (true = high: an open switch with the pull-up; false = closed to ground). */
  setPin(pin: number, high: boolean): void {
    this.inputs.set(pin, high);
    this.mega.setDigitalPin(pin, high);
  }

  /** Bytes to the board, paced into the USART. */
  rx(bytes: Iterable<number>): void {
    for (const b of bytes) this.rxQueue.push(b & 0xff);
    this.feed();
  }

  onTx(listener: TxListener): () => void {
    this.txListeners.add(listener);
    return () => this.txListeners.delete(listener);
  }

  /**
   * A Duplex for firmata-io: emits 'open' on the next tick, resets the MCU and runs it on the
   * wall clock until the stream is destroyed or closeStream() is called.
   */
  openStream(opts: StreamOptions = {}): Duplex {
    if (this.stream) throw new Error('SimulatedMega: a stream is already open');
    let off: (() => void) | null = null;
    const stream = new Duplex({
      read: () => {},
      write: (chunk: Buffer, _enc, cb) => {
        this.rx(chunk);
        cb();
      },
      destroy: (err, cb) => {
        this.stopDriver();
        off?.();
        if (this.stream === stream) this.stream = null;
        cb(err);
      },
    });
    this.stream = stream;
    off = this.onTx((b) => stream.push(Buffer.of(b)));
    process.nextTick(() => {
      if (stream.destroyed) return;
      this.reset();
      stream.emit('open');
      this.startDriver(opts);
    });
    return stream;
  }

  /** Stops the driver and destroys the open stream, if any. */
  closeStream(): void {
    this.stopDriver();
    this.stream?.destroy();
    this.stream = null;
  }

  private startDriver(opts: StreamOptions): void {
    const speed = opts.speed ?? Infinity;
    const sliceMs = opts.sliceMs ?? 2;
    const wall0 = performance.now();
    const sim0 = this.simTimeMs;
    const step = (): void => {
      this.timer = null;
      if (!this.stream) return;
      const target = Number.isFinite(speed) ? sim0 + (performance.now() - wall0) * speed : Infinity;
      const run = Math.min(sliceMs, target - this.simTimeMs);
      if (run > 0) this.advance(run);
      if (!this.stream) return;
      this.timer = run >= sliceMs ? setImmediate(step) : setTimeout(step, 1);
    };
    this.timer = setImmediate(step);
  }

  private stopDriver(): void {
    if (this.timer) {
      clearImmediate(this.timer as NodeJS.Immediate);
      clearTimeout(this.timer as NodeJS.Timeout);
      this.timer = null;
    }
  }

  private boot(): Mega2560 {
    const mega = new Mega2560({ program: this.program });
    this.starts++;
    for (const [pin, high] of this.inputs) mega.setDigitalPin(pin, high);
    mega.usart.onByteTransmit = (byte) => {
      mega.cpu.addClockEvent(() => {
        if (this.mega !== mega) return;
        for (const l of this.txListeners) l(byte);
      }, mega.usartCyclesPerChar);
    };
    mega.usart.onRxComplete = () => this.feed();
    // The receiver may be switched on with bytes waiting: feed them then.
    const ucsrb = 0xc1;
    const orig = mega.cpu.writeHooks[ucsrb];
    mega.cpu.writeHooks[ucsrb] = (value, old, addr, mask) => {
      const r = orig ? orig(value, old, addr, mask) : undefined;
      if (!r) mega.cpu.data[ucsrb] = value;
      this.feed();
      return true;
    };
    return mega;
  }

  private feed(): void {
    const usart = this.mega.usart;
    if (this.rxQueue.length === 0 || usart.rxBusy || !usart.rxEnable) return;
    if (usart.writeByte(this.rxQueue[0]) === true) this.rxQueue.shift();
  }
}
