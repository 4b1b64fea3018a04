/**
 * The BoardLink of the Firmata board: an Arduino Mega running stock StandardFirmata, its reed
 * switches and buttons on digital pins, a MAX7219 and a piezo, as hardware/firmata/profile.json
 * wires them. johnny-five (over firmata-io, over a serialport stream) does the talking; the
 * reader (reader.ts, sans-I/O) turns what it hears into board events. This file only moves
 * things between them: the port keeper (link/kit/reconnect.ts) opens the port at 57600 baud (which
 * resets the Arduino) and again, with backoff, when it is lost; bytes, pin levels, version
 * answers and ticks go to the reader; what the reader asks for (read the pins, a version query,
 * give up on the port) is done with firmata-io.
 *
 * LEDs: johnny-five's Led.Matrix on the MAX7219; blinking is the host redrawing rows (leds.ts).
 * Sound: johnny-five's Piezo. Both resolve when the reader confirms the firmware took them.
 */
import bindFirmata from 'firmata-io';
import type { Firmata } from 'firmata-io';
import five from 'johnny-five';
import type { BindingInterface } from '@serialport/bindings-interface';
import type { SerialPortStream } from '@serialport/stream';
import { FIRMATA_BAUD, type BoardSize, type MegaProfile, readProfile, SQUARE_COUNT } from '../../hardware/firmata/profile.ts';
import { EventChannel } from '../link/kit/channel.ts';
import { userCommandProblem } from '../link/kit/command.ts';
import type { UserCommand } from '../link/kit/command.ts';
import { PortKeeper, type ReconnectOptions } from '../link/kit/reconnect.ts';
import { LinkError, wallEvery } from '../link/types.ts';
import type { BoardEvent, BoardLink, Every, Hello, LedFrame, LinkConfig, LinkHealth, Snapshot } from '../link/types.ts';
import { blinks, ledRows } from './leds.ts';
import { FirmataReader, type ReaderAction, type ReaderInput } from './reader.ts';

/** Highest tone the link plays: each half period is one 3-byte pin write on a 57600 baud line. */
export const MAX_TONE_HZ = 500;

export interface FirmataLinkOptions {
  /** The Arduino's serial port, e.g. /dev/ttyACM0. */
  readonly path: string;
  /** The board's size: which squares of the profile are read. */
  readonly size: BoardSize;
  /** The serialport binding; default serialport's for this OS. */
  readonly binding?: BindingInterface;
  /** The board profile; default hardware/firmata/profile.json. */
  readonly profile?: MegaProfile;
  /**
   * Debounce (`make`, `break`) and heartbeat (`hb`) settings; default make 5, break 5, hb 1000.
   * `snap` is taken and has no effect: Firmata reports every change, and the link reads every
   * pin at each connection and restart.
   */
  readonly config?: Partial<LinkConfig>;
  /** Reopen backoff: first wait and longest wait in ms. Default 250 and 5000. */
  readonly reconnect?: ReconnectOptions;
  /** How long an opened port may take to answer as Firmata (ms of `now`). Default 10000. */
  readonly handshakeMs?: number;
  /** How often the debounce, blinking and heartbeat are given the time (ms). Default 5. */
  readonly tickMs?: number;
  /** How the ticks are scheduled (default: the wall clock). */
  readonly every?: Every;
  /** The host clock in ms (event times). Default `performance.now`. */
  readonly now?: () => number;
}

/** A BoardLink that also says whether the Arduino can be this board at all. */
export interface FirmataLink extends BoardLink {
  /**
   * Resolves with the board's hello once connected the first time. Rejects with a LinkError
   * whose message says what to do: `refused` when the Arduino does not answer as Firmata or its
   * pins do not match the profile, `not-found` when the port cannot be opened, `closed`.
   */
  ready(): Promise<Hello>;
}

/** Opens the Firmata board on `options.path`; connects in the background. */
export function openFirmataLink(options: FirmataLinkOptions): FirmataLink {
  return new FirmataBoardLink(options);
}

interface Connection {
  readonly io: Firmata;
  readonly board: InstanceType<typeof five.Board>;
  /** The MAX7219 once set up, and the rows it shows. */
  leds: { readonly matrix: InstanceType<typeof five.Led.Matrix>; readonly shown: number[] } | null;
  piezo: InstanceType<typeof five.Piezo> | null;
}

interface Waiter<T> {
  resolve: (v: T) => void;
  reject: (e: LinkError) => void;
}

class FirmataBoardLink implements FirmataLink {
  readonly #now: () => number;
  readonly #profile: MegaProfile;
  readonly #squares: number;
  readonly #reader: FirmataReader;
  readonly #channel = new EventChannel<BoardEvent>();
  readonly #port: PortKeeper<Connection>;
  readonly #stopTicks: () => void;
  readonly #ready: Promise<Hello>;
  #settleReady!: (r: Hello | LinkError) => void;
  readonly #replies = new Map<number, Waiter<void>>();
  #snapshotWaiters: Waiter<Snapshot>[] = [];
  #frame: LedFrame | null = null;
  #nextId = 1;
  #closed = false;

  constructor(options: FirmataLinkOptions) {
    this.#now = options.now ?? (() => performance.now());
    let profile = options.profile;
    if (!profile) {
      const r = readProfile();
      if (!r.ok) throw new Error(r.reason);
      profile = r.profile;
    }
    this.#profile = profile;
    this.#squares = SQUARE_COUNT[options.size];
    this.#reader = new FirmataReader({ profile, size: options.size, path: options.path, config: options.config, handshakeMs: options.handshakeMs });
    this.#ready = new Promise<Hello>((resolve, reject) => {
      let settled = false;
      this.#settleReady = (r) => {
        if (settled) return;
        settled = true;
        if (r instanceof LinkError) reject(r);
        else resolve(r);
      };
    });
    this.#ready.catch(() => {});
    const every = options.every ?? wallEvery;
    const tickMs = options.tickMs ?? 5;
    this.#stopTicks = every(tickMs, () => this.#tick());
    this.#port = new PortKeeper<Connection>({
      now: this.#now,
      every,
      tickMs,
      path: options.path,
      baudRate: FIRMATA_BAUD,
      binding: options.binding,
      reconnect: options.reconnect,
      create: (port) => this.#connection(port),
      opened: () => this.#step({ type: 'opened' }),
      openFailed: (why) => this.#step({ type: 'open-failed', why }),
      closed: (_conn, why) => this.#step({ type: 'closed', detail: why }),
      release: (conn) => this.#release(conn),
    });
  }

  ready(): Promise<Hello> {
    return this.#ready;
  }

  events(): AsyncIterableIterator<BoardEvent> {
    return this.#channel.iterate();
  }

  snapshot(): Promise<Snapshot> {
    if (this.#closed) return Promise.reject(new LinkError('closed', 'the link is closed'));
    const s = this.#reader.snapshot();
    if (s) return Promise.resolve(s);
    return new Promise((resolve, reject) => this.#snapshotWaiters.push({ resolve, reject }));
  }

  async setLeds(frame: LedFrame): Promise<void> {
    this.#check({ type: 'led', frame });
    this.#frame = [...frame];
    this.#drawLeds();
    await this.#confirm('LED frame');
  }

  async beep(hz: number, ms: number): Promise<void> {
    this.#check({ type: 'beep', hz, ms });
    if (this.#reader.live) this.#port.conn?.piezo?.frequency(Math.min(hz, MAX_TONE_HZ), ms);
    await this.#confirm('beep');
  }

  async configure(config: Partial<LinkConfig>): Promise<void> {
    this.#check({ type: 'cfg', config });
    this.#reader.configure(config);
  }

  health(): LinkHealth {
    const h = this.#reader.health(this.#now());
    return this.#closed ? { ...h, state: 'closed' } : h;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTicks();
    const error = new LinkError('closed', 'the link was closed');
    this.#settleReady(error);
    for (const w of this.#snapshotWaiters.splice(0)) w.reject(error);
    for (const w of this.#replies.values()) w.reject(error);
    this.#replies.clear();
    await this.#port.close();
    this.#channel.end();
  }

  /** The checks of the dambord protocol's commands (the same ranges): `closed`, or `invalid` with why. */
  #check(cmd: UserCommand): void {
    if (this.#closed) throw new LinkError('closed', 'the link is closed');
    const problem = userCommandProblem(cmd, this.#squares);
    if (problem !== null) throw new LinkError('invalid', problem);
  }

  /** Resolves once the reader confirms the firmware took what was written before. */
  #confirm(what: string): Promise<void> {
    const id = this.#nextId++;
    const done = new Promise<void>((resolve, reject) => this.#replies.set(id, { resolve, reject }));
    this.#step({ type: 'confirm', id, what });
    return done;
  }

  // ---- between johnny-five and the reader ----

  /** firmata-io and a johnny-five Board on a new port stream, everything they hear going to the reader. */
  #connection(port: SerialPortStream): Connection {
    const io = new bindFirmata.Firmata(port, { reportVersionTimeout: 2500 });
    const board = new five.Board({ io, repl: false, debug: false, sigint: false, timeout: 3_600_000 });
    const conn: Connection = { io, board, leds: null, piezo: null };
    const heard = (input: ReaderInput) => {
      if (this.#port.conn === conn) this.#step(input);
    };
    io.on('error', () => {});
    board.on('error', () => {});
    port.on('data', (data: Buffer) => heard({ type: 'bytes', data }));
    io.on('digital-read', (r: { pin: number; value: number }) => {
      // firmata-io copies what it reads into its port bytes; keep the pull-up bits set so that a
      // later write to the port leaves the pull-ups on.
      if (this.#port.conn === conn && this.#reader.reads(r.pin)) io.ports[r.pin >> 3] |= 1 << (r.pin & 7);
      heard({ type: 'pin', pin: r.pin, value: r.value });
    });
    io.on('reportversion', () => heard({ type: 'version' }));
    // StandardFirmata announces its name when it starts: after the handshake, that is a restart.
    io.on('queryfirmware', () => heard({ type: 'firmware' }));
    board.once('ready', () => heard({ type: 'ready', report: { firmware: io.firmware, protocol: io.version, pins: io.pins } }));
    return conn;
  }

  #step(input: ReaderInput): void {
    if (this.#closed) return;
    const out = this.#reader.step(input, this.#now());
    for (const e of out.events) this.#channel.push(e);
    for (const a of out.actions) this.#act(a);
    for (const r of out.replies) {
      const waiter = this.#replies.get(r.id);
      this.#replies.delete(r.id);
      if (r.ok) waiter?.resolve();
      else waiter?.reject(r.error);
    }
    if (out.ready) this.#settleReady(out.ready);
    const s = this.#snapshotWaiters.length > 0 ? this.#reader.snapshot() : null;
    if (s) for (const w of this.#snapshotWaiters.splice(0)) w.resolve(s);
  }

  #act(action: ReaderAction): void {
    const conn = this.#port.conn;
    if (!conn) return;
    switch (action.type) {
      case 'read': {
        const io = conn.io;
        conn.leds = null; // SYSTEM_RESET forgets the MAX7219's pin modes: it is set up again
        io.reset(); // reporting off, every port remembered as 0
        const inputPorts = new Map<number, number>();
        for (const pin of action.pins) {
          io.pinMode(pin, io.MODES.INPUT);
          inputPorts.set(pin >> 3, (inputPorts.get(pin >> 3) ?? 0) | (1 << (pin & 7)));
        }
        for (const [port, mask] of inputPorts) {
          io.ports[port] |= mask; // the pull-ups: writing 1 to an input pin turns its pull-up on (Firmata 2.3)
          io.writeDigitalPort(port);
        }
        for (const port of inputPorts.keys()) io.reportDigitalPin(port * 8, 1);
        return;
      }
      case 'ping':
        conn.io.reportVersion(() => {});
        return;
      case 'live':
        this.#port.connected();
        conn.piezo ??= new five.Piezo({ pin: this.#profile.piezo, board: conn.board });
        this.#drawLeds();
        return;
      case 'drop':
        this.#port.drop(conn);
        return;
    }
  }

  #tick(): void {
    if (this.#now() >= this.#reader.deadline()) this.#step({ type: 'tick' });
    if (this.#frame && blinks(this.#frame)) this.#drawLeds();
  }

  /** Rows of the LED matrix that differ from what is shown, redrawn. The MAX7219 is set up (about 2 KB of pin writes) when the first frame comes. */
  #drawLeds(): void {
    const conn = this.#port.conn;
    if (!conn || !this.#reader.live || !this.#frame) return;
    if (!conn.leds) {
      const { din, clk, cs } = this.#profile.max7219;
      conn.leds = { matrix: new five.Led.Matrix({ pins: { data: din, clock: clk, cs }, board: conn.board }), shown: [0, 0, 0, 0, 0, 0, 0, 0] };
    }
    const { matrix, shown } = conn.leds;
    const rows = ledRows(this.#frame, this.#now());
    for (let r = 0; r < 8; r++) {
      if (rows[r] === shown[r]) continue;
      matrix.row(r, rows[r]);
      shown[r] = rows[r];
    }
  }

  /** Lets johnny-five and firmata-io go of a connection before its port closes. */
  #release(conn: Connection): void {
    const timer = (conn.board as unknown as { timer: ReturnType<typeof setTimeout> | null }).timer;
    if (timer) clearTimeout(timer);
    try {
      conn.piezo?.noTone(); // also stops its timer, which would otherwise go on writing
    } catch {
      // the port is already gone
    }
    conn.io.removeAllListeners('digital-read');
    // johnny-five keeps every Board it made in a module-wide list: let this one go.
    const made = (five.Board as unknown as { cache: unknown[] }).cache;
    const at = made.indexOf(conn.board);
    if (at >= 0) made.splice(at, 1);
  }
}
