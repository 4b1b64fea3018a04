/**
 * Reading the Firmata board, as a deterministic state machine: the serial link's sequencer for
 * StandardFirmata. `step(input, now)` takes what the Arduino said (its report, pin levels,
 * version answers), the port's life and the host's time in milliseconds, and returns the board
 * events to deliver, the actions for the shell (firmataLink.ts: read the pins, send a version
 * query, show the LEDs, give up on the port) and the answers to the user's commands.
 * `deadline()` says when it next wants the time. No timer, no clock, no johnny-five: the shell
 * feeds it, tests drive it by hand.
 *
 * A connection: the port opens; the Arduino answers as Firmata within `handshakeMs` (`ready`,
 * with its report); every pin of the profile must exist and support its use (check.ts); then
 * the board is read: SYSTEM_RESET (the firmware then remembers every port as 0), each switch
 * pin INPUT with its pull-up, reporting on for its port. StandardFirmata reports a port when
 * its value differs from what it remembers, so after two version round trips (the second
 * answered after a whole loop() has read the inputs) every port not reported reads 0: all its
 * switches closed. The first read is `connected`; later ones deliver the difference from what
 * was delivered before `resynced` (`reconnect`, or `reboot` when the firmware announced itself
 * again: a reset button, a brown-out).
 *
 * Live: every pin change is debounced (debounce.ts) and delivered in time order with the host's
 * time as `t`. A version query every heartbeat period; 3 periods without a byte is `lost`
 * (`heartbeat`). Firmata acknowledges nothing, so a command is confirmed by a version query
 * sent after it: its answer means the firmware has taken every byte before it. Queries go one
 * at a time, each given up on after {@link PING_TIMEOUT_MS}.
 */
import { FIRMATA_BAUD, SQUARE_COUNT, type BoardSize, type MegaProfile } from '../../hardware/firmata/profile.ts';
import { SquareSet } from '../../rules/squareSet.ts';
import type { Reply } from '../link/kit/command.ts';
import { nextSeq } from '../link/kit/seq.ts';
import { BOARD_BUTTONS, LinkError } from '../link/types.ts';
import type { BoardButton, BoardEvent, Hello, LinkConfig, LinkHealth, Snapshot } from '../link/types.ts';
import { checkPins, type FirmataPinInfo } from './check.ts';
import { createDebounce, debounce, releaseInOrder, type DebounceChange, type DebounceState } from './debounce.ts';

/** How long a version query may go unanswered (ms). */
export const PING_TIMEOUT_MS = 2000;
const DEFAULT_CONFIG: LinkConfig = { make: 5, break: 5, snap: 0, hb: 1000 };
const NOT_CONNECTED = 'the board is not connected; the link shows the LEDs again when it is back';

/** What the Arduino says it is, as firmata-io learnt it in the handshake. */
export interface FirmataReport {
  /** The firmware's name and version (REPORT_FIRMWARE). */
  readonly firmware: { readonly name?: string; readonly version?: { readonly major: number; readonly minor: number } };
  /** The Firmata protocol version it speaks (REPORT_VERSION). */
  readonly protocol: { readonly major?: number; readonly minor?: number };
  /** The modes each pin supports (the capability response). */
  readonly pins: readonly FirmataPinInfo[];
}

export type ReaderInput =
  /** The port opened: the handshake starts. */
  | { readonly type: 'opened' }
  /** An attempt to open the port failed. */
  | { readonly type: 'open-failed'; readonly why: string }
  /** The port closed by itself (a pulled cable). */
  | { readonly type: 'closed'; readonly detail: string }
  /** Bytes arrived from the Arduino, any bytes. */
  | { readonly type: 'bytes'; readonly data: Iterable<number> }
  /** The Arduino answered as Firmata (johnny-five is ready). */
  | { readonly type: 'ready'; readonly report: FirmataReport }
  /** A reported pin level (1 high: open, 0 low: closed). */
  | { readonly type: 'pin'; readonly pin: number; readonly value: number }
  /** An answer to a version query. */
  | { readonly type: 'version' }
  /** The firmware announced its name: after the handshake, it restarted. */
  | { readonly type: 'firmware' }
  /** A command (`what`: `LED frame`, `beep`) was written: answer `id` once the firmware has taken it. */
  | { readonly type: 'confirm'; readonly id: number; readonly what: string }
  /** Time passed: call by {@link FirmataReader.deadline}. */
  | { readonly type: 'tick' };

export type ReaderAction =
  /** Read the board: SYSTEM_RESET, each of `pins` INPUT with its pull-up, reporting on for its port (the MAX7219 is set up again after it). */
  | { readonly type: 'read'; readonly pins: readonly number[] }
  /** Send a version query. */
  | { readonly type: 'ping' }
  /** The board is read and live: the connection is made; show the LED frame. */
  | { readonly type: 'live' }
  /** Give up on this connection: shut the port and open it again later. */
  | { readonly type: 'drop' };

export interface ReaderOutput {
  /** Events to deliver, in order. */
  readonly events: BoardEvent[];
  /** What the shell does, in order, after delivering the events. */
  readonly actions: ReaderAction[];
  readonly replies: Reply[];
  /** The outcome of the first connection, given once: the board's hello, or why this Arduino cannot be the board. */
  ready: Hello | LinkError | null;
}

export interface ReaderOptions {
  readonly profile: MegaProfile;
  readonly size: BoardSize;
  /** The port's path, for the messages that tell the player what to do. */
  readonly path: string;
  /** Debounce (`make`, `break`) and heartbeat (`hb`); default make 5, break 5, hb 1000. */
  readonly config?: Partial<LinkConfig>;
  /** How long an opened port may take to answer as Firmata (ms). Default 10000. */
  readonly handshakeMs?: number;
}

type Ping =
  | { readonly kind: 'read'; readonly last: boolean; readonly reason: 'reconnect' | 'reboot' }
  | { readonly kind: 'heartbeat' }
  | { readonly kind: 'confirm'; readonly id: number; readonly what: string };

export class FirmataReader {
  readonly #o: ReaderOptions;
  readonly #squares: number;
  /** The pins read, squares then buttons. */
  readonly #pins: readonly number[];
  readonly #indexOfPin = new Map<number, number>();
  readonly #handshakeMs: number;
  #config: LinkConfig;
  #phase: 'down' | 'handshake' | 'reading' | 'live' = 'down';
  #state: LinkHealth['state'] = 'connecting';
  #openedAt = 0;
  #report: FirmataReport | null = null;
  /** Bytes heard on this connection before it went live (at most 256 counted). */
  #heard = 0;
  /** Raw level of each switch (true: closed), squares then buttons. */
  #raw: boolean[];
  /** Ports reported since reporting was switched on. */
  readonly #reported = new Set<number>();
  #deb: DebounceState | null = null;
  #held: DebounceChange[] = [];
  /** Switch levels as delivered. */
  #delivered: boolean[] | null = null;
  #hello: Hello | null = null;
  #readyGiven = false;
  #seq = 0;
  #lastT = 0;
  #queue: Ping[] = [];
  #sent: { readonly ping: Ping; readonly at: number } | null = null;
  #lastPingAt = -Infinity;
  #lastHeardAt: number | null = null;
  #out: ReaderOutput = { events: [], actions: [], replies: [], ready: null };
  #count = { messages: 0, reconnects: 0, openFailures: 0, heartbeatLosses: 0, timeouts: 0, commandFailures: 0, connects: 0, reboots: 0 };

  constructor(options: ReaderOptions) {
    this.#o = options;
    this.#squares = SQUARE_COUNT[options.size];
    this.#pins = [...options.profile.squares[options.size], ...BOARD_BUTTONS.map((b) => options.profile.buttons[b])];
    this.#pins.forEach((pin, i) => this.#indexOfPin.set(pin, i));
    this.#raw = this.#pins.map(() => false);
    this.#config = { ...DEFAULT_CONFIG, ...options.config };
    this.#handshakeMs = options.handshakeMs ?? 10_000;
  }

  /** Whether the board is read and its changes are being delivered. */
  get live(): boolean {
    return this.#phase === 'live';
  }

  /** Whether `pin` is one of the switches read. */
  reads(pin: number): boolean {
    return this.#indexOfPin.has(pin);
  }

  /** New debounce and heartbeat settings; the rest are kept. */
  configure(config: Partial<LinkConfig>): void {
    this.#config = { ...this.#config, ...config };
    if (this.#deb) this.#deb = { ...this.#deb, makeMs: this.#config.make, breakMs: this.#config.break };
  }

  step(input: ReaderInput, now: number): ReaderOutput {
    this.#out = { events: [], actions: [], replies: [], ready: null };
    this.#handle(input, now);
    return this.#out;
  }

  /** The next time (host ms) a `tick` has something to do; Infinity: nothing until another input. */
  deadline(): number {
    let at = Infinity;
    if (this.#phase === 'handshake') at = this.#openedAt + this.#handshakeMs;
    if (this.#sent) at = Math.min(at, this.#sent.at + PING_TIMEOUT_MS);
    if (this.#phase !== 'live') return at;
    for (const sw of this.#deb?.switches ?? []) {
      if (sw.raw !== sw.stable) at = Math.min(at, sw.since + (sw.raw ? this.#config.make : this.#config.break));
    }
    const hb = this.#config.hb;
    if (hb > 0) {
      if (this.#lastHeardAt !== null) at = Math.min(at, this.#lastHeardAt + 3 * hb);
      if (!this.#sent) at = Math.min(at, this.#lastPingAt + hb);
    }
    return at;
  }

  /** The board after every event delivered; null before the first read. */
  snapshot(): Snapshot | null {
    if (!this.#delivered) return null;
    return { squares: this.#squares, occupancy: this.#occupancy(), buttons: this.#buttons(), seq: this.#seq, t: this.#lastT };
  }

  health(now: number): LinkHealth {
    const c = this.#count;
    // Whole milliseconds: the host's clock (performance.now) has fractions nobody needs.
    const since = this.#lastHeardAt === null ? null : Math.max(0, Math.round(now - this.#lastHeardAt));
    return {
      state: this.#state,
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

  #handle(input: ReaderInput, now: number): void {
    switch (input.type) {
      case 'opened':
        if (this.#hello) this.#count.reconnects++;
        this.#phase = 'handshake';
        this.#openedAt = now;
        this.#heard = 0;
        this.#raw = this.#pins.map(() => false);
        return;
      case 'open-failed':
        if (this.#hello) this.#count.reconnects++;
        this.#count.openFailures++;
        if (this.#count.openFailures === 1 && !this.#hello) {
          this.#giveReady(new LinkError('not-found', `cannot open ${this.#o.path}: ${input.why}; plug the Arduino in and check the port name (ls /dev/ttyACM* /dev/ttyUSB*)`));
        }
        return;
      case 'closed':
        this.#drop('port', input.detail, now, false);
        return;
      case 'bytes':
        this.#lastHeardAt = now;
        for (const b of input.data) {
          if (b >= 0x80 && b !== 0xf7) this.#count.messages++;
          if (this.#phase !== 'live' && this.#heard < 256) this.#heard++;
        }
        return;
      case 'ready':
        if (this.#phase === 'handshake') this.#checkReport(input.report, now);
        return;
      case 'pin': {
        const i = this.#indexOfPin.get(input.pin);
        if (i === undefined) return;
        this.#reported.add(input.pin >> 3);
        this.#raw[i] = input.value === 0;
        if (this.#phase === 'live') this.#settle(now);
        return;
      }
      case 'version':
        if (this.#sent) this.#answered(this.#sent.ping, null, now);
        return;
      case 'firmware':
        if (this.#phase !== 'live') return;
        this.#count.reboots++;
        this.#read('reboot', now);
        return;
      case 'confirm':
        if (this.#phase !== 'live') {
          this.#count.commandFailures++;
          this.#out.replies.push({ id: input.id, ok: false, error: new LinkError('timeout', NOT_CONNECTED) });
          return;
        }
        this.#ping({ kind: 'confirm', id: input.id, what: input.what }, now);
        return;
      case 'tick':
        this.#tick(now);
        return;
    }
  }

  #tick(now: number): void {
    if (this.#phase === 'handshake' && now - this.#openedAt >= this.#handshakeMs) {
      this.#handshakeFailed(now);
      return;
    }
    if (this.#sent && now - this.#sent.at >= PING_TIMEOUT_MS) {
      this.#count.timeouts++;
      this.#answered(this.#sent.ping, new LinkError('timeout', `no answer from the board within ${PING_TIMEOUT_MS} ms`), now);
    }
    if (this.#phase !== 'live') return;
    this.#settle(now);
    const hb = this.#config.hb;
    if (hb <= 0) return;
    if (this.#lastHeardAt !== null && now - this.#lastHeardAt > 3 * hb) {
      this.#count.heartbeatLosses++;
      this.#drop('heartbeat', `no answer for ${Math.round(now - this.#lastHeardAt)} ms`, now, true);
      return;
    }
    if (!this.#sent && now - this.#lastPingAt >= hb) {
      this.#lastPingAt = now;
      this.#ping({ kind: 'heartbeat' }, now);
    }
  }

  // ---- connecting ----

  #handshakeFailed(now: number): void {
    const path = this.#o.path;
    const what = this.#heard === 0
      ? `${path} is silent: no Firmata version came`
      : `${path} answers, but not as Firmata at ${FIRMATA_BAUD} baud (${this.#heard} bytes of something else)`;
    const reason = `${what}. Upload StandardFirmata to the Arduino Mega (dambord flash --firmata --port ${path}, or the Arduino IDE: File > Examples > Firmata > StandardFirmata); a board running the dambord firmware is played without --firmata`;
    if (!this.#hello) this.#giveReady(new LinkError('refused', reason));
    this.#drop('port', reason, now, true);
  }

  #checkReport(report: FirmataReport, now: number): void {
    const mismatch = checkPins(this.#o.profile, this.#o.size, report.pins);
    if (mismatch) {
      const reason = `the Arduino on ${this.#o.path} runs ${report.firmware.name ?? 'Firmata'}, but ${mismatch}`;
      if (!this.#hello) this.#giveReady(new LinkError('refused', reason));
      this.#drop('port', reason, now, true);
      return;
    }
    this.#report = report;
    this.#read('reconnect', now);
  }

  /** Starts reading every switch (see the file comment): two version round trips. */
  #read(reason: 'reconnect' | 'reboot', now: number): void {
    this.#phase = 'reading';
    this.#reported.clear();
    this.#out.actions.push({ type: 'read', pins: this.#pins });
    this.#ping({ kind: 'read', last: false, reason }, now);
    this.#ping({ kind: 'read', last: true, reason }, now);
  }

  /** The board is read: the switches as read become the link's picture of the board. */
  #readDone(reason: 'reconnect' | 'reboot', now: number): void {
    this.#pins.forEach((pin, i) => {
      if (!this.#reported.has(pin >> 3)) this.#raw[i] = true; // the port read 0: every switch on it closed
    });
    this.#phase = 'live';
    if (reason === 'reconnect') this.#count.connects++;
    const levels = [...this.#raw];
    this.#deb = createDebounce({ makeMs: this.#config.make, breakMs: this.#config.break, count: levels.length, initial: levels });
    this.#held = [];
    const t = this.#stamp(now);
    const previous = this.#delivered;
    this.#delivered = levels;
    this.#state = 'connected';
    const hello = this.#makeHello();
    this.#hello = hello;
    const occupancy = this.#occupancy();
    const buttons = this.#buttons();
    if (!previous) {
      this.#out.events.push({ type: 'link', state: 'connected', hello, occupancy, buttons, t });
      this.#giveReady(hello);
    } else {
      // Lifts before places, then buttons: what turns the old picture into the new one.
      const changed = levels.flatMap((closed, i) => (closed !== previous[i] ? [i] : []));
      const squares = changed.filter((i) => i < this.#squares);
      const order = [...squares.filter((i) => !levels[i]), ...squares.filter((i) => levels[i]), ...changed.filter((i) => i >= this.#squares)];
      for (const i of order) this.#out.events.push(this.#eventOf(i, levels[i], t, 'snapshot'));
      this.#out.events.push({ type: 'link', state: 'resynced', reason, hello, occupancy, buttons, t });
    }
    this.#out.actions.push({ type: 'live' });
  }

  #makeHello(): Hello {
    const fw = this.#report?.firmware ?? {};
    const protocol = this.#report?.protocol ?? {};
    const version = fw.version ? `${fw.version.major}.${fw.version.minor}` : '?';
    return {
      fw: `${fw.name ?? 'Firmata'} ${version}`,
      squares: this.#squares,
      buttons: BOARD_BUTTONS.length,
      caps: ['leds', 'blink', 'beep', 'snapshot', 'config', 'heartbeat'],
      ring: 0,
      boot: this.#count.connects,
      extra: { firmata: `${protocol.major ?? '?'}.${protocol.minor ?? '?'}`, board: this.#o.profile.board },
    };
  }

  #giveReady(result: Hello | LinkError): void {
    if (this.#readyGiven) return;
    this.#readyGiven = true;
    this.#out.ready = result;
  }

  // ---- switches ----

  /** Debounces the raw levels at `now` and delivers what has settled, in time order. */
  #settle(now: number): void {
    if (!this.#deb) return;
    const r = debounce(this.#deb, now, this.#raw);
    if (r.error) return;
    this.#deb = r.state;
    const { release, hold } = releaseInOrder(r.state, [...this.#held, ...r.changes]);
    this.#held = hold;
    for (const c of release) {
      this.#delivered![c.index] = c.pressed;
      this.#out.events.push(this.#eventOf(c.index, c.pressed, this.#stamp(c.t), 'board'));
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

  // ---- version queries ----

  /** Queues a version query; sends it when none is waiting for its answer. */
  #ping(ping: Ping, now: number): void {
    this.#queue.push(ping);
    this.#sendNext(now);
  }

  #sendNext(now: number): void {
    if (this.#sent || this.#queue.length === 0) return;
    this.#sent = { ping: this.#queue.shift()!, at: now };
    this.#out.actions.push({ type: 'ping' });
  }

  /** The query waiting was answered (`error` null) or given up on. */
  #answered(ping: Ping, error: LinkError | null, now: number): void {
    this.#sent = null;
    this.#settlePing(ping, error, now);
    if (this.#phase !== 'down') this.#sendNext(now);
  }

  #settlePing(ping: Ping, error: LinkError | null, now: number): void {
    if (ping.kind === 'confirm') {
      if (error) this.#count.commandFailures++;
      this.#out.replies.push(error ? { id: ping.id, ok: false, error: new LinkError(error.code, `${ping.what}: ${error.message}`) } : { id: ping.id, ok: true });
    } else if (ping.kind === 'read' && this.#phase === 'reading') {
      if (error) this.#drop('port', `the board stopped answering ${ping.reason === 'reboot' ? 'after a restart' : 'while starting'}: ${String(error)}`, now, true);
      else if (ping.last) this.#readDone(ping.reason, now);
    }
  }

  // ---- losing ----

  /** The connection is gone (`own`: the reader gives up on it and asks the shell to shut it). */
  #drop(reason: 'port' | 'heartbeat', detail: string, now: number, own: boolean): void {
    if (this.#phase === 'down') return;
    this.#phase = 'down';
    const waiting = [...(this.#sent ? [this.#sent.ping] : []), ...this.#queue];
    this.#sent = null;
    this.#queue = [];
    const gone = new LinkError('closed', 'the board is not connected');
    for (const p of waiting) this.#settlePing(p, gone, now);
    if (this.#state === 'connected') {
      this.#state = 'lost';
      this.#out.events.push({ type: 'link', state: 'lost', reason, detail, t: this.#stamp(now) });
    }
    if (own) this.#out.actions.push({ type: 'drop' });
  }
}
