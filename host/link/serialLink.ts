/**
 * The BoardLink over the dambord firmware's serial protocol (docs/protocol.md): a
 * `SerialPortStream` on any serialport binding, `LineSplitter` for lines (lines.ts), the sans-I/O codec
 * and the sequencer for everything else. This file only moves bytes and time: it opens the
 * port (again and again, with backoff, when it closes or vanishes), feeds lines and ticks to
 * the sequencer and writes the commands it returns.
 */
import type { Duplex } from 'node:stream';
import type { BindingInterface } from '@serialport/bindings-interface';
import type { SerialPortStream } from '@serialport/stream';
import { EventChannel } from './kit/channel.ts';
import { LineSplitter } from './lines.ts';
import { decodeBoardLine } from './protocol/decode.ts';
import { encodeCommand } from './protocol/encode.ts';
import { LIMITS } from './protocol/messages.ts';
import type { HostCommand } from './protocol/messages.ts';
import { Sequencer } from './protocol/sequencer.ts';
import { PortKeeper, type ReconnectOptions } from './kit/reconnect.ts';
import type { SequencerInput, SequencerOptions } from './protocol/sequencer.ts';
import type { UserCommand } from './kit/command.ts';
import { LinkError, wallEvery } from './types.ts';
import type { BoardEvent, BoardLink, Every, LedFrame, LinkConfig, SerialLinkHealth, Snapshot } from './types.ts';

export interface SerialLinkOptions extends Omit<SequencerOptions, 'config'> {
  /** The port's path, e.g. `/dev/ttyUSB0` (see discover.ts to find it). */
  readonly path: string;
  /** The serialport binding; default: serialport's binding for this OS (loaded when first needed). */
  readonly binding?: BindingInterface;
  /** Default 115200 (docs/protocol.md). */
  readonly baudRate?: number;
  /** Board settings sent at every connect and restart. Default `{ hb: 1000 }`. */
  readonly config?: Partial<LinkConfig>;
  /** Something between the port and the link, e.g. `createFaultInjector(...).wrap` (testing/fault.ts). */
  readonly wrap?: (port: Duplex) => Duplex;
  /** Reopen backoff: first wait and longest wait in ms. Default 250 and 5000. */
  readonly reconnect?: ReconnectOptions;
  /** How often the sequencer is given the time (ms). Default 25. */
  readonly tickMs?: number;
  /** How the ticks are scheduled (default: the wall clock). */
  readonly every?: Every;
  /** The host clock in ms. Default `performance.now`. */
  readonly now?: () => number;
}

/**
 * Opens a link to the board on `options.path`. Returns at once; the link connects in the
 * background and keeps reconnecting until `close()`. The first event is `connected`.
 *
 * @example
 * const link = openSerialLink({ path: '/dev/ttyUSB0', config: { hb: 1000, snap: 10000 } });
 * const snap = await link.snapshot();
 */
export function openSerialLink(options: SerialLinkOptions): BoardLink {
  return new SerialLink(options);
}

interface Connection {
  /** The port, or what `wrap` put between it and the link. */
  readonly io: Duplex;
  readonly wrapped: boolean;
  readonly parser: LineSplitter;
  open: boolean;
}

class SerialLink implements BoardLink {
  readonly #now: () => number;
  readonly #seq: Sequencer;
  readonly #channel = new EventChannel<BoardEvent>();
  readonly #replies = new Map<number, { resolve: () => void; reject: (e: LinkError) => void }>();
  #snapshotWaiters: { resolve: (s: Snapshot) => void; reject: (e: LinkError) => void }[] = [];
  readonly #port: PortKeeper<Connection>;
  #closed = false;
  #nextId = 1;
  #openFailures = 0;
  readonly #stopTicks: () => void;

  constructor(options: SerialLinkOptions) {
    this.#now = options.now ?? (() => performance.now());
    this.#seq = new Sequencer({ ...options, config: options.config ?? { hb: 1000 } });
    const every = options.every ?? wallEvery;
    const tickMs = options.tickMs ?? 25;
    this.#stopTicks = every(tickMs, () => this.#step({ type: 'tick' }));
    this.#port = new PortKeeper<Connection>({
      now: this.#now,
      every,
      tickMs,
      path: options.path,
      baudRate: options.baudRate ?? 115200,
      binding: options.binding,
      reconnect: options.reconnect,
      create: (port) => this.#connection(port, options.wrap),
      opened: (conn) => {
        conn.open = true;
        this.#port.connected();
        this.#step({ type: 'open' });
      },
      openFailed: () => this.#openFailures++,
      closed: (conn, why) => {
        conn.open = false;
        this.#step({ type: 'close', reason: why });
      },
      release: (conn) => {
        conn.open = false;
        conn.io.unpipe(conn.parser);
        conn.parser.removeAllListeners('data');
        conn.parser.destroy();
        if (conn.wrapped) conn.io.destroy();
      },
    });
  }

  events(): AsyncIterableIterator<BoardEvent> {
    return this.#channel.iterate();
  }

  snapshot(): Promise<Snapshot> {
    if (this.#closed) return Promise.reject(new LinkError('closed', 'the link is closed'));
    const s = this.#seq.snapshot();
    if (s !== null) return Promise.resolve(s);
    return new Promise((resolve, reject) => this.#snapshotWaiters.push({ resolve, reject }));
  }

  setLeds(frame: LedFrame): Promise<void> {
    return this.#command({ type: 'led', frame });
  }

  beep(hz: number, ms: number): Promise<void> {
    return this.#command({ type: 'beep', hz, ms });
  }

  configure(config: Partial<LinkConfig>): Promise<void> {
    return this.#command({ type: 'cfg', config });
  }

  health(): SerialLinkHealth {
    const h = this.#seq.health(this.#now());
    return { ...h, state: this.#closed ? 'closed' : h.state, openFailures: this.#openFailures };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTicks();
    await this.#port.close();
    const error = new LinkError('closed', 'the link was closed');
    for (const r of this.#replies.values()) r.reject(error);
    this.#replies.clear();
    for (const w of this.#snapshotWaiters) w.reject(error);
    this.#snapshotWaiters = [];
    this.#channel.end();
  }

  /** A new port stream, wrapped, its lines going to the sequencer while it is the link's port. */
  #connection(port: SerialPortStream, wrap: SerialLinkOptions['wrap']): Connection {
    const io = wrap ? wrap(port) : port;
    const parser = io.pipe(new LineSplitter(LIMITS.maxLine));
    const conn: Connection = { io, wrapped: io !== port, parser, open: false };
    io.on('error', () => {});
    parser.on('error', () => {});
    parser.on('data', (line: string) => {
      if (this.#port.conn === conn) this.#step({ type: 'line', decoded: decodeBoardLine(line) });
    });
    return conn;
  }

  #command(command: UserCommand): Promise<void> {
    if (this.#closed) return Promise.reject(new LinkError('closed', 'the link is closed'));
    const id = this.#nextId++;
    const done = new Promise<void>((resolve, reject) => this.#replies.set(id, { resolve, reject }));
    this.#step({ type: 'command', id, command });
    return done;
  }

  #step(input: SequencerInput): void {
    if (this.#closed) return;
    const out = this.#seq.step(input, this.#now());
    for (const c of out.commands) this.#write(c);
    for (const e of out.events) this.#channel.push(e);
    for (const r of out.replies) {
      const waiter = this.#replies.get(r.id);
      this.#replies.delete(r.id);
      if (r.ok) waiter?.resolve();
      else waiter?.reject(r.error);
    }
    if (this.#snapshotWaiters.length > 0) {
      const s = this.#seq.snapshot();
      if (s !== null) {
        for (const w of this.#snapshotWaiters) w.resolve(s);
        this.#snapshotWaiters = [];
      }
    }
  }

  #write(cmd: HostCommand): void {
    const conn = this.#port.conn;
    if (conn === null || !conn.open) return;
    conn.io.write(encodeCommand(cmd));
  }
}
