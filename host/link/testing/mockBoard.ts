/**
 * TEST PEER, not the firmware. A fake dambord board on a `@serialport/binding-mock` port: the
 * protocol model of boardPeer.ts, given time (heartbeats, periodic snapshots: the wall clock, or a
 * test's own clock, steppedClock.ts) and a port.
 * It stands in for the real firmware, which another engineer is writing in C to run in the
 * avr8js simulator; once that runs, link tests should run against it too.
 *
 * `createMockPorts()` wraps binding-mock, which can create ports but not remove one, so that a
 * test can also pull a cable out (`unplug`: reads fail with EIO, as a vanished USB device's do,
 * and the port disappears from `list()`) and put it back (`plug`).
 */
import type { BindingInterface, OpenOptions, PortInfo } from '@serialport/bindings-interface';
import { MockBinding } from '@serialport/binding-mock';
import type { CreatePortOptions, MockPortBinding } from '@serialport/binding-mock';
import { wallEvery, type BoardButton, type Every } from '../types.ts';
import { BoardPeer } from '../protocol/boardPeer.ts';
import type { BoardPeerOptions } from '../protocol/boardPeer.ts';

/** What happens to one line on its way out of the mock board. */
export type LineFault = 'drop' | 'corrupt' | 'duplicate' | 'delay';

interface PortEntry {
  present: boolean;
  options: CreatePortOptions;
  onOpen?: (port: MockPortBinding) => void;
  open: MockPortBinding | null;
}

export interface MockPorts {
  /** A binding for `SerialPortStream` and `discoverBoard`. */
  readonly binding: BindingInterface;
  /** Creates a port; `onOpen` sees every opening of it (attach a MockBoard there). */
  add(path: string, options?: CreatePortOptions & { onOpen?: (port: MockPortBinding) => void }): void;
  /** The cable is pulled: the open port fails with EIO and the path disappears. */
  unplug(path: string): void;
  /** The cable is back: the path can be listed and opened again. */
  plug(path: string): void;
  /** How many times `path` was opened. */
  opens(path: string): number;
}

function eio(): Error {
  return Object.assign(new Error('EIO: i/o error, the device is gone'), { code: 'EIO' });
}

/** Port paths over binding-mock's global registry: call once per test (it resets the registry). */
export function createMockPorts(): MockPorts {
  MockBinding.reset();
  const ports = new Map<string, PortEntry>();
  const openCounts = new Map<string, number>();

  const binding: BindingInterface = {
    async list(): Promise<PortInfo[]> {
      const all = await MockBinding.list();
      return all.filter((p) => ports.get(p.path)?.present === true);
    },
    async open(options: OpenOptions) {
      const entry = ports.get(options.path);
      if (entry === undefined || !entry.present) throw Object.assign(new Error(`ENOENT: no such file or directory, cannot open ${options.path}`), { code: 'ENOENT' });
      const port = await MockBinding.open(options);
      entry.open = port;
      openCounts.set(options.path, (openCounts.get(options.path) ?? 0) + 1);
      entry.onOpen?.(port);
      return port;
    },
  };

  return {
    binding,
    add(path, { onOpen, ...options } = {}) {
      MockBinding.createPort(path, options);
      ports.set(path, { present: true, options, onOpen, open: null });
    },
    unplug(path) {
      const entry = ports.get(path);
      if (entry === undefined) return;
      entry.present = false;
      const port = entry.open;
      entry.open = null;
      if (port === null || !port.isOpen) return;
      // A vanished device: every read and write fails with EIO (not `canceled`), which
      // SerialPortStream turns into a 'close' with a DisconnectedError.
      port.read = () => Promise.reject(eio());
      port.write = () => Promise.reject(eio());
      const fire = () => {
        const pending = (port as unknown as { pendingRead: ((err?: Error) => void) | null }).pendingRead;
        if (pending) {
          (port as unknown as { pendingRead: null }).pendingRead = null;
          pending(eio());
        }
      };
      fire();
      setImmediate(fire);
    },
    plug(path) {
      const entry = ports.get(path);
      if (entry === undefined) return;
      MockBinding.createPort(path, entry.options);
      entry.present = true;
    },
    opens(path) {
      return openCounts.get(path) ?? 0;
    },
  };
}

export interface MockBoardOptions extends BoardPeerOptions {
  /** Start sending heartbeats and periodic snapshots by the board's own settings. Default true. */
  readonly timers?: boolean;
  /** Restart (new boot number, banner) every time the port is opened, as an Arduino does on DTR. Default false. */
  readonly resetOnOpen?: boolean;
  /** The board's clock, ms (its `ms` counts from its start on it). Default `performance.now`. */
  readonly now?: () => number;
  /** Its timers (heartbeats, snapshots) on that clock. Default the wall clock, `wallEvery`. */
  readonly every?: Every;
}

/**
 * A fake board on a mock port. Hands act through `lift`/`place`/`press`/`release`, each with
 * an optional fault for the line it sends; `silent` stops every line (a hung board).
 *
 * @example
 * const ports = createMockPorts();
 * const board = new MockBoard({ occupancy: START });
 * ports.add('/dev/ttyMOCK0', { onOpen: (p) => board.attach(p) });
 * const link = openSerialLink({ path: '/dev/ttyMOCK0', binding: ports.binding });
 * // or on a clock of the test's own (steppedClock.ts): new MockBoard({ occupancy: START, now: clock.now, every: clock.every })
 */
export class MockBoard {
  readonly peer: BoardPeer;
  /** While true the board sends nothing and ignores what it receives. */
  silent = false;
  /** Every line received, as text. */
  readonly heard: string[] = [];
  private port: MockPortBinding | null = null;
  private delayed: string[] = [];
  private readonly now: () => number;
  private readonly every: Every;
  private started: number;
  private hbTimer: (() => void) | null = null;
  private snapTimer: (() => void) | null = null;
  private partial = '';
  private readonly timers: boolean;
  private readonly resetOnOpen: boolean;

  constructor(options: MockBoardOptions = {}) {
    this.peer = new BoardPeer(options);
    this.timers = options.timers ?? true;
    this.resetOnOpen = options.resetOnOpen ?? false;
    this.now = options.now ?? (() => performance.now());
    this.every = options.every ?? wallEvery;
    this.started = this.now();
  }

  /** Connects the board to a freshly opened mock port (see `createMockPorts().add`). */
  attach(port: MockPortBinding): void {
    this.port = port;
    this.partial = '';
    const write = port.write.bind(port);
    port.write = async (buffer: Buffer) => {
      await write(buffer);
      if (this.port === port) this.receive(buffer.toString('latin1'));
    };
    if (this.resetOnOpen) this.reboot(this.peer.boot + 1);
    this.schedule();
  }

  /** Stops the timers (call at the end of a test). */
  stop(): void {
    this.hbTimer?.();
    this.snapTimer?.();
    this.hbTimer = this.snapTimer = null;
    this.port = null;
  }

  private clock(): void {
    this.peer.ms = Math.floor(this.now() - this.started) >>> 0;
  }

  /** Runs `fn` once, `ms` from now on the board's clock; returns the function that cancels it. */
  private after(ms: number, fn: () => void): () => void {
    const cancel = this.every(ms, () => {
      cancel();
      fn();
    });
    return cancel;
  }

  private schedule(): void {
    if (!this.timers) return;
    this.hbTimer?.();
    this.snapTimer?.();
    this.hbTimer = this.snapTimer = null;
    const { hb, snap } = this.peer.config;
    if (hb > 0)
      this.hbTimer = this.after(hb, () => {
        this.hbTimer = null;
        this.heartbeat();
        this.schedule();
      });
    if (snap > 0)
      this.snapTimer = this.after(snap, () => {
        this.snapTimer = null;
        this.clock();
        this.send(this.peer.snapLine());
      });
  }

  private receive(text: string): void {
    this.clock();
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.heard.push(line);
      if (this.silent) continue;
      const before = this.peer.config;
      for (const answer of this.peer.handle(line)) this.send(answer);
      if (this.peer.config !== before) this.schedule();
    }
  }

  /** Sends a line to the host as the board would (lost while no port is attached or open). */
  send(line: string, fault?: LineFault): void {
    const port = this.port;
    if (this.silent || port === null || !port.isOpen) return;
    switch (fault) {
      case 'drop':
        return;
      case 'delay':
        this.delayed.push(line);
        return;
      case 'duplicate':
        port.emitData(line + line);
        break;
      case 'corrupt': {
        const i = line.indexOf(' ') + 1;
        port.emitData(line.slice(0, i) + String.fromCharCode(line.charCodeAt(i) ^ 0x01) + line.slice(i + 1));
        break;
      }
      default:
        port.emitData(line);
    }
    // A delayed line goes out after the next one: a reorder.
    if (this.delayed.length > 0) {
      const late = this.delayed;
      this.delayed = [];
      for (const l of late) port.emitData(l);
    }
  }

  lift(square: number, fault?: LineFault): void {
    this.clock();
    this.send(this.peer.lift(square), fault);
  }

  place(square: number, fault?: LineFault): void {
    this.clock();
    this.send(this.peer.place(square), fault);
  }

  press(button: BoardButton, fault?: LineFault): void {
    this.clock();
    this.send(this.peer.press(button), fault);
  }

  release(button: BoardButton, fault?: LineFault): void {
    this.clock();
    this.send(this.peer.release(button), fault);
  }

  heartbeat(fault?: LineFault): void {
    this.clock();
    this.send(this.peer.heartbeatLine(), fault);
  }

  /** The board restarts with a new boot number and sends its banner (`fault` applies to the HELLO). */
  reboot(boot: number, fault?: LineFault): void {
    const [hello, snap] = this.peer.reboot(boot);
    this.started = this.now();
    this.schedule();
    this.send(hello, fault);
    this.send(snap);
  }

  /** Raw bytes to the host, as they are (garbage, half lines...). */
  raw(data: string | Buffer): void {
    if (this.port?.isOpen) this.port.emitData(data);
  }
}
