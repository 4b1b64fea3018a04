/**
 * A serialport binding (`BindingInterface` of @serialport/bindings-interface) whose ports are
 * simulated boards (any `SimulatedDevice` of avrBoard.ts: the dambord-firmware SimulatedBoard,
 * or the StandardFirmata Mega of hardware/firmata/board.ts), so that host code opens a
 * simulated board exactly as it opens a real one:
 *
 *   const binding = new SimulatedBinding();
 *   const path = binding.add(new SimulatedBoard({ size: '10x10' }));   // '/dev/sim/dambord0'
 *   const port = new SerialPortStream({ binding, path, baudRate: 115200 });
 *   port.pipe(new ReadlineParser()).on('data', (line) => ...);      // HELLO ..., SNAP ...
 *
 * It behaves as an Arduino (Nano or Mega) on a USB-serial chip does:
 * - `list()` names every plugged-in board (manufacturer and vendorId say it is simulated).
 * - `open()` asserts DTR, which resets the board, so its HELLO and first SNAP reach the host
 *   that just opened it (a board already running has sent them to nobody). Bytes the board
 *   sends while no port is open are lost. One opener at a time.
 * - `write()` resolves once the bytes are queued in the "USB chip"; they reach the firmware at
 *   the link's rate. `drain()` resolves when all of them are in. `flush()` discards what the
 *   host has not read and what has not reached the firmware.
 * - `set({ dtr })`: DTR going from off to on resets the board (as avrdude and terminals do).
 * - A baud rate other than the board's (`baudRate`: 115200 for dambord, 57600 for Firmata)
 *   garbles every byte (the host reads NULs, the firmware gets 0xFF), as a mismatched line
 *   would; `update()` can put it right.
 * - `unplug(path)` pulls the USB cable: the port leaves `list()`, the board loses power, an open
 *   port's pending read fails with a non-cancel error (so SerialPortStream closes with a
 *   disconnect error) and later reads and writes fail; `replug(path)` plugs it back in (the
 *   board boots; open the port again to talk to it).
 *
 * Time: with `clock: 'realtime'` (the default) a board runs on the wall clock while its port
 * is open (SimulatedDevice.startRealtime). With `clock: 'manual'` nothing runs by itself: a test moves
 * simulated time with `await binding.advance(ms)`, which lets the streams' promises settle
 * between steps. Deterministic, as far as the host's own code is: give the link the binding's
 * `every` (its periodic work, in simulated time between the steps) and the board's `simTimeMs`
 * as its clock, and a slow machine makes a run slower, never different.
 */

import type { BindingInterface, BindingPortInterface, OpenOptions, PortInfo, PortStatus, SetOptions, UpdateOptions } from '@serialport/bindings-interface';
import type { RealtimeOptions, SimulatedDevice } from './avrBoard.ts';
import { SimulatedBoard } from './board.ts';
import { clockedEvery } from './clockedEvery.ts';

export interface SimulatedBindingOptions {
  /** 'realtime' (default): an open port's board runs on the wall clock. 'manual': only advance() moves time. */
  readonly clock?: 'realtime' | 'manual';
  /** Options of the real-time driver. */
  readonly realtime?: RealtimeOptions;
  /** Folder of the port paths (default `/dev/sim/`). */
  readonly prefix?: string;
}

/** An error of a read or write cut short by close(): SerialPortStream ignores it. */
export class CanceledError extends Error {
  readonly canceled = true;
}

/** The error a port's I/O fails with once its board is unplugged: SerialPortStream treats it as a disconnect. */
export class DisconnectedError extends Error {
  readonly disconnected = true;
}

interface Entry {
  readonly path: string;
  readonly board: SimulatedDevice;
  readonly info: PortInfo;
  present: boolean;
  port: SimulatedPort | null;
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SimulatedBinding implements BindingInterface<SimulatedPort, OpenOptions, PortInfo> {
  readonly clock: 'realtime' | 'manual';
  private readonly realtime: RealtimeOptions;
  private readonly prefix: string;
  private readonly entries = new Map<string, Entry>();
  private count = 0;
  /** Simulated ms that advance() has moved. */
  private timeMs = 0;
  /** The links' periodic work, due on the binding's time. */
  private readonly ticks = clockedEvery(() => this.timeMs);

  constructor(opts: SimulatedBindingOptions = {}) {
    this.clock = opts.clock ?? 'realtime';
    this.realtime = opts.realtime ?? {};
    this.prefix = opts.prefix ?? '/dev/sim/';
  }

  /** Plugs a board in under `path` (default `/dev/sim/<identity.pathStem>N`, e.g. /dev/sim/dambord0); returns the path. */
  add(board: SimulatedDevice, path?: string): string {
    const n = this.count++;
    const { manufacturer, vendorId, productId, pathStem } = board.identity;
    const p = path ?? `${this.prefix}${pathStem}${n}`;
    if (this.entries.has(p)) throw new Error(`${p} is already a simulated port`);
    const info: PortInfo = { path: p, manufacturer, serialNumber: `SIM-${board.size}-${n}`, pnpId: undefined, locationId: undefined, productId, vendorId };
    this.entries.set(p, { path: p, board, info, present: true, port: null });
    board.powerOn();
    return p;
  }

  /** The board behind a path; with `kind` (a board class), checked to be one: `device(path, SimulatedFirmataBoard)`. */
  device(path: string): SimulatedDevice;
  device<D extends SimulatedDevice>(path: string, kind: abstract new (...args: never[]) => D): D;
  device(path: string, kind?: abstract new (...args: never[]) => SimulatedDevice): SimulatedDevice {
    const board = this.entry(path).board;
    if (kind && !(board instanceof kind)) throw new Error(`${path} is a ${(board as object).constructor.name}, not a ${kind.name}`);
    return board;
  }

  /** The dambord-firmware board behind a path (throws for another kind of board). */
  board(path: string): SimulatedBoard {
    return this.device(path, SimulatedBoard);
  }

  /** The open port of a path, if any (for tests). */
  port(path: string): SimulatedPort | null {
    return this.entry(path).port;
  }

  /** Whether a board's cable is plugged in. */
  isPresent(path: string): boolean {
    return this.entry(path).present;
  }

  /** Pulls the board's USB cable: see the file comment. */
  unplug(path: string): void {
    const e = this.entry(path);
    if (!e.present) return;
    e.present = false;
    e.board.stopRealtime();
    e.board.powerOff();
    e.port?.disconnect(new DisconnectedError(`${path}: the device was unplugged`));
  }

  /** Plugs the cable back in: the board powers up and boots; the port is listed again. */
  replug(path: string): void {
    const e = this.entry(path);
    if (e.present) return;
    e.present = true;
    e.board.powerOn();
  }

  /**
   * Manual clock: runs every board `ms` simulated milliseconds in steps of `stepMs`, letting
   * the event loop (streams, parsers, the host's promises) run after each step.
   */
  async advance(ms: number, stepMs = 1): Promise<void> {
    const boards = [...this.entries.values()].map((e) => e.board);
    const ends = boards.map((b) => b.simTimeMs + ms);
    const end = this.timeMs + ms;
    for (let done = false; !done; ) {
      done = true;
      boards.forEach((b, i) => {
        const to = Math.min(ends[i], b.simTimeMs + stepMs);
        b.runUntil(to);
        if (b.simTimeMs < ends[i]) done = false;
      });
      this.timeMs = Math.min(end, this.timeMs + stepMs);
      await yieldToIo();
      if (this.ticks.run()) await yieldToIo();
    }
  }

  /**
   * The host's periodic work on the manual clock (the `every` option of the links,
   * host/link/types.ts `Every`): `fn` runs each `ms` of simulated time, between the steps of
   * advance(), as many times as it fell due. Returns the function that stops it.
   *
   * @example
   *   const binding = new SimulatedBinding({ clock: 'manual' });
   *   const path = binding.add(board);
   *   const link = openSerialLink({ path, binding, now: () => board.simTimeMs, every: binding.every });
   *   await binding.advance(100); // the board, the port and the link's ticks: 100 ms of board time
   */
  readonly every = (ms: number, fn: () => void): (() => void) => this.ticks.every(ms, fn);

  async list(): Promise<PortInfo[]> {
    await nextTick();
    return [...this.entries.values()].filter((e) => e.present).map((e) => ({ ...e.info }));
  }

  async open(options: OpenOptions): Promise<SimulatedPort> {
    if (!options || typeof options !== 'object' || Array.isArray(options)) throw new TypeError('"options" is not an object');
    if (!options.path) throw new TypeError('"path" is not a valid port');
    if (!options.baudRate) throw new TypeError('"baudRate" is not a valid baudRate');
    const openOptions: Required<OpenOptions> = {
      dataBits: 8,
      lock: true,
      stopBits: 1,
      parity: 'none',
      rtscts: false,
      xon: false,
      xoff: false,
      xany: false,
      hupcl: true,
      ...options,
    };
    await nextTick();
    const e = this.entries.get(openOptions.path);
    if (!e || !e.present) throw new Error(`Error: No such file or directory, cannot open ${openOptions.path}`);
    if (e.port) throw new Error('Error Resource temporarily unavailable Cannot lock port');
    const port = new SimulatedPort(e.board, openOptions, () => this.closed(e));
    e.port = port;
    e.board.reset(); // DTR asserted on open: the Arduino resets
    if (this.clock === 'realtime') e.board.startRealtime(this.realtime);
    return port;
  }

  private closed(e: Entry): void {
    e.port = null;
    if (this.clock === 'realtime') e.board.stopRealtime();
  }

  private entry(path: string): Entry {
    const e = this.entries.get(path);
    if (!e) throw new Error(`no simulated port ${path}`);
    return e;
  }
}

/** An open simulated port. */
export class SimulatedPort implements BindingPortInterface {
  readonly openOptions: Required<OpenOptions>;
  isOpen = true;
  private readonly board: SimulatedDevice;
  private readonly onClose: () => void;
  private incoming: Buffer[] = [];
  private incomingBytes = 0;
  private pendingRead: { resolve: () => void; reject: (err: Error) => void } | null = null;
  private readonly drains: { resolve: () => void; reject: (err: Error) => void }[] = [];
  private gone: DisconnectedError | null = null;
  private dtr = true;
  private readonly offTx: () => void;
  private readonly offRx: () => void;

  constructor(board: SimulatedDevice, openOptions: Required<OpenOptions>, onClose: () => void) {
    this.board = board;
    this.openOptions = { ...openOptions };
    this.onClose = onClose;
    this.offTx = board.onTx((bytes) => this.fromBoard(bytes));
    this.offRx = board.onRx(() => this.checkDrains());
  }

  /** Whether the host's baud rate matches the board's. */
  get baudMatches(): boolean {
    return this.openOptions.baudRate === this.board.baudRate;
  }

  async close(): Promise<void> {
    if (!this.isOpen) throw new Error('Port is not open');
    this.isOpen = false;
    this.offTx();
    this.offRx();
    this.incoming = [];
    this.incomingBytes = 0;
    this.dtr = false; // hupcl: DTR drops (an Arduino does not reset on that edge)
    const read = this.pendingRead;
    this.pendingRead = null;
    read?.reject(new CanceledError('port is closed'));
    for (const d of this.drains.splice(0)) d.reject(new CanceledError('port is closed'));
    this.onClose();
  }

  async read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
    if (!Buffer.isBuffer(buffer)) throw new TypeError('"buffer" is not a Buffer');
    if (typeof offset !== 'number' || Number.isNaN(offset)) throw new TypeError('"offset" is not an integer');
    if (typeof length !== 'number' || Number.isNaN(length)) throw new TypeError('"length" is not an integer');
    if (buffer.length < offset + length) throw new Error('buffer is too small');
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.pendingRead) throw new Error('a read is already pending');
    while (this.incomingBytes === 0) {
      if (this.gone) throw this.gone;
      await new Promise<void>((resolve, reject) => {
        this.pendingRead = { resolve, reject };
      });
      this.pendingRead = null;
    }
    let bytesRead = 0;
    while (bytesRead < length && this.incoming.length > 0) {
      const chunk = this.incoming[0];
      const n = Math.min(chunk.length, length - bytesRead);
      chunk.copy(buffer, offset + bytesRead, 0, n);
      bytesRead += n;
      if (n === chunk.length) this.incoming.shift();
      else this.incoming[0] = chunk.subarray(n);
    }
    this.incomingBytes -= bytesRead;
    return { buffer, bytesRead };
  }

  async write(buffer: Buffer): Promise<void> {
    if (!Buffer.isBuffer(buffer)) throw new TypeError('"buffer" is not a Buffer');
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.gone) throw this.gone;
    const bytes = this.baudMatches ? Buffer.from(buffer) : Buffer.alloc(buffer.length, 0xff);
    await nextTick();
    if (!this.isOpen) throw new CanceledError('Write canceled');
    if (this.gone) throw this.gone;
    this.board.rx(bytes);
  }

  async update(options: UpdateOptions): Promise<void> {
    if (typeof options !== 'object' || options === null) throw new TypeError('"options" is not an object');
    if (typeof options.baudRate !== 'number') throw new TypeError('"options.baudRate" is not a number');
    if (!this.isOpen) throw new Error('Port is not open');
    await nextTick();
    this.openOptions.baudRate = options.baudRate;
  }

  async set(options: SetOptions): Promise<void> {
    if (typeof options !== 'object' || options === null) throw new TypeError('"options" is not an object');
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.gone) throw this.gone;
    await nextTick();
    const dtr = options.dtr ?? true; // every flag takes its default when not given
    if (dtr && !this.dtr) this.board.reset();
    this.dtr = dtr;
  }

  async get(): Promise<PortStatus> {
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.gone) throw this.gone;
    await nextTick();
    return { cts: false, dsr: false, dcd: false }; // the Arduino's USB chip has none of them wired
  }

  async getBaudRate(): Promise<{ baudRate: number }> {
    if (!this.isOpen) throw new Error('Port is not open');
    await nextTick();
    return { baudRate: this.openOptions.baudRate };
  }

  async flush(): Promise<void> {
    if (!this.isOpen) throw new Error('Port is not open');
    await nextTick();
    this.incoming = [];
    this.incomingBytes = 0;
    this.board.clearRx();
    this.checkDrains();
  }

  async drain(): Promise<void> {
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.gone) throw this.gone;
    await nextTick();
    if (this.board.rxIdle) return;
    await new Promise<void>((resolve, reject) => this.drains.push({ resolve, reject }));
  }

  /** The cable was pulled: pending and later I/O fail with `err`. */
  disconnect(err: DisconnectedError): void {
    if (this.gone) return;
    this.gone = err;
    const read = this.pendingRead;
    this.pendingRead = null;
    read?.reject(err);
    for (const d of this.drains.splice(0)) d.reject(err);
  }

  private fromBoard(bytes: Uint8Array): void {
    if (!this.isOpen || this.gone) return;
    this.incoming.push(this.baudMatches ? Buffer.from(bytes) : Buffer.alloc(bytes.length, 0));
    this.incomingBytes += bytes.length;
    const read = this.pendingRead;
    if (read) {
      this.pendingRead = null;
      process.nextTick(read.resolve);
    }
  }

  private checkDrains(): void {
    if (this.drains.length === 0 || !this.board.rxIdle) return;
    for (const d of this.drains.splice(0)) d.resolve();
  }
}
