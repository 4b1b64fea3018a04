/**
 * The BoardLink of the Firmata board: an Arduino Mega running stock StandardFirmata, its reed
 * switches and buttons on digital pins, a MAX7219 and a piezo, as hardware/firmata/profile.json
 * wires them. johnny-five (over firmata-io, over a serialport stream) does the talking; this
 * file turns what it hears into the board events every other part of the host already knows.
 *
 * - Connect: open the port at 57600 baud (which resets the Arduino), wait for Firmata's version
 *   and capabilities, check every pin of the profile exists and supports its use (check.ts).
 * - Snapshot, by reading every pin: SYSTEM_RESET (the firmware then remembers every port as 0),
 *   each switch pin INPUT with its pull-up, reporting on for its port. StandardFirmata reports a
 *   port when its value differs from what it remembers, so after two round trips (the second
 *   answered after a whole loop() has read the inputs) every port not reported reads 0: all its
 *   switches closed.
 * - Changes: Firmata reports each port as it changes; the host debounces (debounce.ts, time
 *   passed in) and delivers lifts, places and button presses in time order with the host's
 *   clock as `t`.
 * - LEDs: johnny-five's Led.Matrix on the MAX7219; blinking is the host redrawing rows (leds.ts).
 *   Sound: johnny-five's Piezo.
 * - A restart of the Arduino (it announces its firmware when it starts) is `resynced` with
 *   reason `reboot`, after every pin is read again.
 * - A vanished port, or 3 heartbeat periods without an answer to Firmata's version query, is
 *   `lost`; the link reopens the port with backoff and, when the board answers again, reads every
 *   pin and delivers the differences before `resynced`.
 *
 * Confirmations: Firmata acknowledges nothing, so `setLeds` and `beep` resolve when an answer
 * to a version query sent after their writes comes back: the firmware has then taken every
 * byte before it.
 */
import bindFirmata from 'firmata-io';
import type { Firmata } from 'firmata-io';
import five from 'johnny-five';
import type { BindingInterface } from '@serialport/bindings-interface';
import { SerialPortStream } from '@serialport/stream';
import { BUTTONS, FIRMATA_BAUD, type BoardSize, type MegaProfile, readProfile, SQUARE_COUNT } from '../../hardware/firmata/profile.ts';
import { SquareSet } from '../../rules/squareSet.ts';
import { EventChannel } from '../link/channel.ts';
import { commandProblem } from '../link/protocol/encode.ts';
import type { UserCommand } from '../link/protocol/sequencer.ts';
import { nextSeq } from '../link/protocol/seq.ts';
import { defaultBinding } from '../link/serialLink.ts';
import { BOARD_BUTTONS, LinkError, wallEvery, zeroCounters } from '../link/types.ts';
import type { BoardButton, BoardEvent, BoardLink, Every, Hello, LedFrame, LinkConfig, LinkHealth, Snapshot } from '../link/types.ts';
import { checkPins } from './check.ts';
import { createDebounce, debounce, releaseInOrder, type DebounceChange, type DebounceState } from './debounce.ts';
import { blinks, ledRows } from './leds.ts';

/** Highest tone the link plays: each half period is one 3-byte pin write on a 57600 baud line. */
export const MAX_TONE_HZ = 500;
const PING_TIMEOUT_MS = 2000;
const DEFAULT_CONFIG: LinkConfig = { make: 5, break: 5, snap: 0, hb: 1000 };

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
  readonly reconnect?: { readonly initialMs?: number; readonly maxMs?: number };
  /** How long an opened port may take to answer as Firmata (wall ms). Default 10000. */
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
  readonly port: SerialPortStream;
  readonly io: Firmata;
  readonly board: InstanceType<typeof five.Board>;
  /** Bytes heard before Firmata was recognised (to tell the player what answered instead). */
  readonly heard: number[];
  /** The MAX7219 once set up, and the rows it shows. */
  leds: { readonly matrix: InstanceType<typeof five.Led.Matrix>; readonly shown: number[] } | null;
  piezo: InstanceType<typeof five.Piezo> | null;
  /** Raw level of each switch (true: closed), squares then buttons. */
  readonly raw: boolean[];
  /** Ports reported since reporting was switched on. */
  readonly reported: Set<number>;
  live: boolean;
  handshake: ReturnType<typeof setTimeout> | null;
}

class FirmataBoardLink implements FirmataLink {
  readonly #o: FirmataLinkOptions;
  readonly #now: () => number;
  readonly #profile: MegaProfile;
  readonly #pins: readonly number[];
  readonly #indexOfPin = new Map<number, number>();
  readonly #squares: number;
  readonly #channel = new EventChannel<BoardEvent>();
  #config: LinkConfig;
  #conn: Connection | null = null;
  #state: LinkHealth['state'] = 'connecting';
  #deb: DebounceState | null = null;
  #held: DebounceChange[] = [];
  /** Switch levels as delivered (squares then buttons). */
  #delivered: boolean[] | null = null;
  #hello: Hello | null = null;
  #seq = 0;
  #lastT = 0;
  #frame: LedFrame | null = null;
  #pings: Promise<unknown> = Promise.resolve();
  #pinging = false;
  #lastPingAt = -Infinity;
  #lastHeardAt: number | null = null;
  #settleQueued = false;
  #closed = false;
  #backoffMs: number;
  #retry: ReturnType<typeof setTimeout> | null = null;
  readonly #stopTicks: () => void;
  #ready: { promise: Promise<Hello>; resolve: (h: Hello) => void; reject: (e: LinkError) => void; settled: boolean };
  #snapshotWaiters: { resolve: (s: Snapshot) => void; reject: (e: LinkError) => void }[] = [];
  #count = { messages: 0, reconnects: 0, openFailures: 0, heartbeatLosses: 0, timeouts: 0, commandFailures: 0, connects: 0, reboots: 0 };

  constructor(options: FirmataLinkOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
    let profile = options.profile;
    if (!profile) {
      const r = readProfile();
      if (!r.ok) throw new Error(r.reason);
      profile = r.profile;
    }
    this.#profile = profile;
    this.#squares = SQUARE_COUNT[options.size];
    this.#pins = [...profile.squares[options.size], ...BUTTONS.map((b) => profile.buttons[b])];
    this.#pins.forEach((pin, i) => this.#indexOfPin.set(pin, i));
    this.#config = { ...DEFAULT_CONFIG, ...options.config };
    this.#backoffMs = options.reconnect?.initialMs ?? 250;
    let resolve!: (h: Hello) => void;
    let reject!: (e: LinkError) => void;
    const promise = new Promise<Hello>((res, rej) => ((resolve = res), (reject = rej)));
    promise.catch(() => {});
    this.#ready = { promise, resolve, reject, settled: false };
    this.#stopTicks = (options.every ?? wallEvery)(options.tickMs ?? 5, () => this.#tick());
    void this.#connect();
  }

  ready(): Promise<Hello> {
    return this.#ready.promise;
  }

  events(): AsyncIterableIterator<BoardEvent> {
    return this.#channel.iterate();
  }

  snapshot(): Promise<Snapshot> {
    if (this.#closed) return Promise.reject(new LinkError('closed', 'the link is closed'));
    const s = this.#snapshotNow();
    if (s) return Promise.resolve(s);
    return new Promise((resolve, reject) => this.#snapshotWaiters.push({ resolve, reject }));
  }

  async setLeds(frame: LedFrame): Promise<void> {
    this.#check({ type: 'led', frame });
    this.#frame = [...frame];
    const conn = this.#live();
    this.#drawLeds(conn);
    await this.#confirm(conn, 'LED frame');
  }

  async beep(hz: number, ms: number): Promise<void> {
    this.#check({ type: 'beep', hz, ms });
    const conn = this.#live();
    conn.piezo?.frequency(Math.min(hz, MAX_TONE_HZ), ms);
    await this.#confirm(conn, 'beep');
  }

  async configure(config: Partial<LinkConfig>): Promise<void> {
    this.#check({ type: 'cfg', config });
    this.#config = { ...this.#config, ...config };
    if (this.#deb) this.#deb = { ...this.#deb, makeMs: this.#config.make, breakMs: this.#config.break };
  }

  /** The checks of the dambord protocol's commands (the same ranges): `closed`, or `invalid` with why. */
  #check(cmd: UserCommand): void {
    if (this.#closed) throw new LinkError('closed', 'the link is closed');
    const problem = commandProblem(cmd, this.#squares);
    if (problem !== null) throw new LinkError('invalid', problem);
  }

  health(): LinkHealth {
    const c = this.#count;
    const since = this.#lastHeardAt === null ? null : Math.max(0, this.#now() - this.#lastHeardAt);
    return {
      ...zeroCounters(),
      state: this.#closed ? 'closed' : this.#state,
      linesOk: c.messages,
      snapshotsUsed: Math.max(0, c.connects - 1),
      reconnects: c.reconnects,
      openFailures: c.openFailures,
      reboots: c.reboots,
      heartbeatLosses: c.heartbeatLosses,
      timeouts: c.timeouts,
      commandFailures: c.commandFailures,
      msSinceLastLine: since,
      msSinceLastValidLine: since,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTicks();
    if (this.#retry) clearTimeout(this.#retry);
    const error = new LinkError('closed', 'the link was closed');
    this.#settleReady(error);
    for (const w of this.#snapshotWaiters.splice(0)) w.reject(error);
    const conn = this.#conn;
    this.#conn = null;
    if (conn) await this.#shut(conn);
    this.#channel.end();
  }

  // ---- connecting ----

  async #connect(): Promise<void> {
    if (this.#closed) return;
    let binding: BindingInterface;
    try {
      binding = this.#o.binding ?? (await defaultBinding());
    } catch (e) {
      this.#failOpen(`no serialport binding: ${String(e)}`);
      return;
    }
    if (this.#closed) return;
    const port = new SerialPortStream({ binding, path: this.#o.path, baudRate: FIRMATA_BAUD, autoOpen: false });
    const io = new bindFirmata.Firmata(port, { reportVersionTimeout: 2500 });
    const board = new five.Board({ io, repl: false, debug: false, sigint: false, timeout: 3_600_000 });
    const conn: Connection = {
      port, io, board, heard: [], leds: null, piezo: null,
      raw: this.#pins.map(() => false), reported: new Set(), live: false, handshake: null,
    };
    // Errors surface as a failed open, a 'close' or the handshake's time limit; none may go unhandled.
    port.on('error', () => {});
    io.on('error', () => {});
    board.on('error', () => {});
    port.on('data', (data: Buffer) => {
      if (this.#conn !== conn) return;
      this.#lastHeardAt = this.#now();
      for (const b of data) {
        if (b >= 0x80 && b !== 0xf7) this.#count.messages++;
        if (!conn.live && conn.heard.length < 256) conn.heard.push(b);
      }
    });
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) => {
      if (this.#conn !== conn) return;
      this.#drop(conn, 'port', err?.message ?? 'the port closed');
    });
    io.on('digital-read', (r: { pin: number; value: number }) => this.#heardPin(conn, r.pin, r.value));
    this.#conn = conn;
    port.open((err) => {
      if (this.#conn !== conn) return;
      if (err) {
        this.#conn = null;
        void this.#shut(conn);
        this.#failOpen(err.message);
        return;
      }
      conn.handshake = setTimeout(() => this.#handshakeFailed(conn), this.#o.handshakeMs ?? 10_000);
    });
    board.once('ready', () => {
      if (this.#conn !== conn) return;
      if (conn.handshake) clearTimeout(conn.handshake);
      void this.#start(conn).catch((e: unknown) => {
        if (this.#conn === conn) this.#drop(conn, 'port', `the board stopped answering while starting: ${String(e)}`);
      });
    });
  }

  #failOpen(why: string): void {
    this.#count.openFailures++;
    if (this.#count.openFailures === 1 && !this.#hello) {
      this.#settleReady(new LinkError('not-found', `cannot open ${this.#o.path}: ${why}; plug the Arduino in and check the port name (ls /dev/ttyACM* /dev/ttyUSB*)`));
    }
    this.#scheduleReconnect();
  }

  #handshakeFailed(conn: Connection): void {
    if (this.#conn !== conn) return;
    const heard = conn.heard;
    const what = heard.length === 0
      ? `${this.#o.path} is silent: no Firmata version came`
      : `${this.#o.path} answers, but not as Firmata at ${FIRMATA_BAUD} baud (${heard.length} bytes of something else)`;
    const reason = `${what}. Upload StandardFirmata to the Arduino Mega (dambord flash --firmata --port ${this.#o.path}, or the Arduino IDE: File > Examples > Firmata > StandardFirmata); a board running the dambord firmware is played without --firmata`;
    if (!this.#hello) this.#settleReady(new LinkError('refused', reason));
    this.#drop(conn, 'port', reason);
  }

  /** Firmata is ready: check the pins, read every switch, set up the LEDs and the piezo. */
  async #start(conn: Connection): Promise<void> {
    const io = conn.io;
    const mismatch = checkPins(this.#profile, this.#o.size, io.pins);
    if (mismatch) {
      const reason = `the Arduino on ${this.#o.path} runs ${io.firmware.name ?? 'Firmata'}, but ${mismatch}`;
      if (!this.#hello) this.#settleReady(new LinkError('refused', reason));
      this.#drop(conn, 'port', reason);
      return;
    }
    await this.#readBoard(conn);
    if (this.#conn !== conn) return;
    this.#count.connects++;
    this.#backoffMs = this.#o.reconnect?.initialMs ?? 250;
    this.#resync(conn, 'reconnect');
    conn.piezo = new five.Piezo({ pin: this.#profile.piezo, board: conn.board });
    this.#drawLeds(conn);
    // StandardFirmata announces its name when it starts: after the handshake, that is a restart
    // (a reset button, a brown-out), which forgets the pin modes and the reporting.
    conn.io.on('queryfirmware', () => {
      if (this.#conn !== conn || !conn.live) return;
      this.#count.reboots++;
      conn.live = false;
      conn.leds = null;
      void this.#readBoard(conn)
        .then(() => {
          if (this.#conn !== conn) return;
          this.#resync(conn, 'reboot');
          this.#drawLeds(conn); // the MAX7219 is set up again and shown the frame
        })
        .catch((e: unknown) => {
          if (this.#conn === conn) this.#drop(conn, 'port', `the board stopped answering after a restart: ${String(e)}`);
        });
    });
  }

  /** Reads every switch: see the file comment. Leaves `conn.raw` the levels and the connection live. */
  async #readBoard(conn: Connection): Promise<void> {
    const io = conn.io;
    io.reset(); // SYSTEM_RESET: reporting off, every port remembered as 0
    const inputPorts = new Map<number, number>();
    for (const pin of this.#pins) {
      io.pinMode(pin, io.MODES.INPUT);
      inputPorts.set(pin >> 3, (inputPorts.get(pin >> 3) ?? 0) | (1 << (pin & 7)));
    }
    for (const [port, mask] of inputPorts) {
      io.ports[port] |= mask; // the pull-ups: writing 1 to an input pin turns its pull-up on (Firmata 2.3)
      io.writeDigitalPort(port);
    }
    conn.reported.clear();
    for (const port of inputPorts.keys()) io.reportDigitalPin(port * 8, 1);
    await this.#ping(conn);
    await this.#ping(conn);
    if (this.#conn !== conn) return;
    this.#pins.forEach((pin, i) => {
      if (!conn.reported.has(pin >> 3)) conn.raw[i] = true; // the port read 0: every switch on it closed
    });
    conn.live = true;
  }

  /** The switches as read at (re)connection become the link's picture of the board. */
  #resync(conn: Connection, reason: 'reconnect' | 'reboot'): void {
    const now = this.#now();
    const levels = [...conn.raw];
    this.#deb = createDebounce({ makeMs: this.#config.make, breakMs: this.#config.break, count: levels.length, initial: levels });
    this.#held = [];
    const t = this.#stamp(now);
    const previous = this.#delivered;
    this.#delivered = levels;
    this.#state = 'connected';
    const hello = this.#makeHello(conn);
    this.#hello = hello;
    const occupancy = this.#occupancy();
    const buttons = this.#buttons();
    if (!previous) {
      this.#channel.push({ type: 'link', state: 'connected', hello, occupancy, buttons, t });
      this.#settleReady(hello);
    } else {
      // Lifts before places, then buttons: what turns the old picture into the new one.
      const changed = levels.flatMap((closed, i) => (closed !== previous[i] ? [i] : []));
      const squares = changed.filter((i) => i < this.#squares);
      const order = [...squares.filter((i) => !levels[i]), ...squares.filter((i) => levels[i]), ...changed.filter((i) => i >= this.#squares)];
      for (const i of order) this.#channel.push(this.#eventOf(i, levels[i], t, 'snapshot'));
      this.#channel.push({ type: 'link', state: 'resynced', reason, hello, occupancy, buttons, t });
    }
    const s = this.#snapshotNow();
    if (s) for (const w of this.#snapshotWaiters.splice(0)) w.resolve(s);
  }

  #makeHello(conn: Connection): Hello {
    const fw = conn.io.firmware;
    const name = fw.name ?? 'Firmata';
    const version = fw.version ? `${fw.version.major}.${fw.version.minor}` : '?';
    return {
      fw: `${name} ${version}`,
      squares: this.#squares,
      buttons: BUTTONS.length,
      caps: ['leds', 'blink', 'beep', 'snapshot', 'config', 'heartbeat'],
      ring: 0,
      boot: this.#count.connects,
      extra: { firmata: `${conn.io.version.major ?? '?'}.${conn.io.version.minor ?? '?'}`, board: this.#profile.board },
    };
  }

  // ---- switches ----

  #heardPin(conn: Connection, pin: number, value: number): void {
    if (this.#conn !== conn) return;
    const i = this.#indexOfPin.get(pin);
    if (i === undefined) return;
    // firmata-io copies what it reads into its port bytes; keep the pull-up bits set so that a
    // later write to the port leaves the pull-ups on.
    conn.io.ports[pin >> 3] |= 1 << (pin & 7);
    conn.reported.add(pin >> 3);
    conn.raw[i] = value === 0;
    if (!conn.live || this.#settleQueued) return;
    this.#settleQueued = true;
    queueMicrotask(() => {
      this.#settleQueued = false;
      this.#settle();
    });
  }

  /** Debounces the raw levels at the present time and delivers what has settled, in time order. */
  #settle(): void {
    const conn = this.#conn;
    if (!conn?.live || !this.#deb) return;
    const r = debounce(this.#deb, this.#now(), conn.raw);
    if (r.error) return;
    this.#deb = r.state;
    const { release, hold } = releaseInOrder(r.state, [...this.#held, ...r.changes]);
    this.#held = hold;
    for (const c of release) {
      this.#delivered![c.index] = c.pressed;
      this.#channel.push(this.#eventOf(c.index, c.pressed, this.#stamp(c.t), 'board'));
    }
  }

  #eventOf(index: number, closed: boolean, t: number, source: 'board' | 'snapshot'): BoardEvent {
    this.#seq = nextSeq(this.#seq);
    if (index < this.#squares) return { type: closed ? 'place' : 'lift', square: index, t, seq: this.#seq, source };
    return { type: 'button', button: BOARD_BUTTONS[index - this.#squares], down: closed, t, seq: this.#seq, source };
  }

  /** A time for an event: never before the last one. */
  #stamp(t: number): number {
    this.#lastT = Math.max(this.#lastT, t);
    return this.#lastT;
  }

  #occupancy(): SquareSet {
    const d = this.#delivered ?? [];
    return SquareSet.of(...d.slice(0, this.#squares).flatMap((closed, i) => (closed ? [i] : [])));
  }

  #buttons(): BoardButton[] {
    const d = this.#delivered ?? [];
    return BOARD_BUTTONS.filter((_, b) => d[this.#squares + b]);
  }

  #snapshotNow(): Snapshot | null {
    if (!this.#delivered) return null;
    return { squares: this.#squares, occupancy: this.#occupancy(), buttons: this.#buttons(), seq: this.#seq, t: this.#lastT };
  }

  // ---- time: debounce, blinking, heartbeat ----

  #tick(): void {
    const conn = this.#conn;
    if (!conn?.live) return;
    this.#settle();
    if (this.#frame && blinks(this.#frame)) this.#drawLeds(conn);
    const hb = this.#config.hb;
    if (hb <= 0) return;
    const now = this.#now();
    if (this.#lastHeardAt !== null && now - this.#lastHeardAt > 3 * hb) {
      this.#count.heartbeatLosses++;
      this.#drop(conn, 'heartbeat', `no answer for ${Math.round(now - this.#lastHeardAt)} ms`);
      return;
    }
    if (!this.#pinging && now - this.#lastPingAt >= hb) {
      this.#lastPingAt = now;
      this.#ping(conn).catch(() => {});
    }
  }

  /** Rows of the LED matrix that differ from what is shown, redrawn. The MAX7219 is set up (about 2 KB of pin writes) when the first frame comes. */
  #drawLeds(conn: Connection): void {
    if (!conn.live || !this.#frame) return;
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

  // ---- round trips ----

  /** Firmata's version query, one at a time: its answer means the firmware has read every byte sent before it. */
  #ping(conn: Connection): Promise<void> {
    const p = this.#pings.then(
      () =>
        new Promise<void>((resolve, reject) => {
          if (this.#conn !== conn) return reject(new LinkError('closed', 'the board is not connected'));
          this.#pinging = true;
          const answered = () => {
            clearTimeout(timer);
            this.#pinging = false;
            resolve();
          };
          const timer = setTimeout(() => {
            conn.io.removeListener('reportversion', answered);
            this.#pinging = false;
            this.#count.timeouts++;
            reject(new LinkError('timeout', `no answer from the board within ${PING_TIMEOUT_MS} ms`));
          }, PING_TIMEOUT_MS);
          conn.io.reportVersion(answered);
        }),
    );
    this.#pings = p.catch(() => {});
    return p;
  }

  #live(): Connection {
    const conn = this.#conn;
    if (!conn?.live) {
      this.#count.commandFailures++;
      throw new LinkError('timeout', 'the board is not connected; the link shows the LEDs again when it is back');
    }
    return conn;
  }

  async #confirm(conn: Connection, what: string): Promise<void> {
    try {
      await this.#ping(conn);
    } catch (e) {
      this.#count.commandFailures++;
      throw e instanceof LinkError ? new LinkError(e.code, `${what}: ${e.message}`) : e;
    }
  }

  // ---- losing and closing ----

  #drop(conn: Connection, reason: 'port' | 'heartbeat', detail: string): void {
    if (this.#conn !== conn) return;
    this.#conn = null;
    const wasLive = conn.live;
    void this.#shut(conn);
    if (wasLive) {
      this.#state = 'lost';
      this.#channel.push({ type: 'link', state: 'lost', reason, detail, t: this.#stamp(this.#now()) });
    }
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#retry !== null) return;
    const wait = this.#backoffMs;
    this.#backoffMs = Math.min(this.#backoffMs * 2, this.#o.reconnect?.maxMs ?? 5000);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (this.#hello) this.#count.reconnects++;
      void this.#connect();
    }, wait);
    this.#retry.unref();
  }

  async #shut(conn: Connection): Promise<void> {
    conn.live = false;
    if (conn.handshake) clearTimeout(conn.handshake);
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
    if (conn.port.isOpen) await new Promise<void>((resolve) => conn.port.close(() => resolve()));
    conn.port.destroy();
  }

  #settleReady(result: Hello | LinkError): void {
    if (this.#ready.settled) return;
    this.#ready.settled = true;
    if (result instanceof LinkError) this.#ready.reject(result);
    else this.#ready.resolve(result);
  }
}
