/**
 * Opening a board's port and opening it again, written once for both links (serialLink.ts and
 * firmata/firmataLink.ts).
 *
 * - {@link Backoff}, the policy, is pure: the wait before the next attempt doubles from
 *   `initialMs` up to `maxMs`, and starts again from `initialMs` once the link says it is
 *   connected.
 * - {@link PortKeeper} is the shell: it makes a `SerialPortStream`, opens it, and when opening
 *   fails, the port closes by itself (a pulled cable) or the link gives up on it (`drop`), shuts
 *   it and tries again after the backoff, until `close()`. What the link does with an open port
 *   is the link's (its callbacks); the keeper only moves the port through its life. The waits
 *   are on the link's clock (its `now` and `every`), so that a link on a simulated board's clock
 *   retries in board time.
 */
import type { BindingInterface } from '@serialport/bindings-interface';
import { SerialPortStream } from '@serialport/stream';
import type { Every } from '../types.ts';

/** Reopen backoff: first wait and longest wait in ms. Default 250 and 5000. */
export interface ReconnectOptions {
  readonly initialMs?: number;
  readonly maxMs?: number;
}

/** The waits between attempts to open a port (pure: no timer, no clock). */
export class Backoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  #waitMs: number;

  constructor(options: ReconnectOptions = {}) {
    this.#initialMs = options.initialMs ?? 250;
    this.#maxMs = options.maxMs ?? 5000;
    this.#waitMs = this.#initialMs;
  }

  /** The wait before the next attempt (ms); the one after it is twice as long, up to `maxMs`. */
  next(): number {
    const wait = this.#waitMs;
    this.#waitMs = Math.min(this.#waitMs * 2, this.#maxMs);
    return wait;
  }

  /** The link is connected: the next wait is `initialMs` again. */
  reset(): void {
    this.#waitMs = this.#initialMs;
  }
}

/** serialport's binding for this OS, loaded when first needed. */
export async function defaultBinding(): Promise<BindingInterface> {
  const { SerialPort } = await import('serialport');
  return SerialPort.binding as unknown as BindingInterface;
}

/** What a link gives {@link PortKeeper}: where the port is, and what to do at each step of its life. */
export interface PortKeeperOptions<C> {
  readonly path: string;
  readonly baudRate: number;
  /** The serialport binding; default serialport's for this OS (loaded when first needed). */
  readonly binding?: BindingInterface;
  readonly reconnect?: ReconnectOptions;
  /** The link's clock (ms) and how it is given the time: the waits are measured on them. */
  readonly now: () => number;
  readonly every: Every;
  /** How often a wait looks at the clock (ms). */
  readonly tickMs: number;
  /** A new port stream, not open yet: the link's connection over it, its listeners attached. */
  create(port: SerialPortStream): C;
  /** The port of `conn` opened. */
  opened(conn: C): void;
  /** An attempt to open the port failed (no binding, no such port, busy...). */
  openFailed(why: string): void;
  /** The open port of `conn` closed by itself (the cable was pulled). */
  closed(conn: C, why: string): void;
  /** Undoes what `create` set up; the keeper closes the port after it. */
  release(conn: C): void | Promise<void>;
}

/**
 * Keeps a link's port open, reopening it with {@link Backoff} until `close()`: see the file
 * comment. Starts opening at once. Stream errors never go unhandled: they surface as a failed
 * open or a `closed`.
 */
export class PortKeeper<C> {
  readonly #o: PortKeeperOptions<C>;
  readonly #backoff: Backoff;
  #current: { readonly conn: C; readonly port: SerialPortStream } | null = null;
  /** Stops the wait for the next attempt, while one is waited for. */
  #retry: (() => void) | null = null;
  #stopped = false;

  constructor(options: PortKeeperOptions<C>) {
    this.#o = options;
    this.#backoff = new Backoff(options.reconnect);
    void this.#open();
  }

  /** The connection whose port is open or opening, if any. */
  get conn(): C | null {
    return this.#current?.conn ?? null;
  }

  /** The link is connected: the next wait starts again from the shortest. */
  connected(): void {
    this.#backoff.reset();
  }

  /** The link gives up on `conn` (no answer, wrong firmware): its port is shut and opened again after the backoff. */
  drop(conn: C): void {
    const current = this.#current;
    if (current === null || current.conn !== conn) return;
    this.#current = null;
    void this.#shut(current);
    this.#schedule();
  }

  /** Stops for good: no more attempts; shuts the port if one is open. */
  async close(): Promise<void> {
    this.#stopped = true;
    this.#retry?.();
    this.#retry = null;
    const current = this.#current;
    this.#current = null;
    if (current !== null) await this.#shut(current);
  }

  async #open(): Promise<void> {
    if (this.#stopped) return;
    let binding: BindingInterface;
    try {
      binding = this.#o.binding ?? (await defaultBinding());
    } catch (e) {
      this.#failed(`no serialport binding: ${String(e)}`);
      return;
    }
    if (this.#stopped) return;
    const port = new SerialPortStream({ binding, path: this.#o.path, baudRate: this.#o.baudRate, autoOpen: false });
    port.on('error', () => {});
    const current = { conn: this.#o.create(port), port };
    port.on('close', (err: Error | null) => {
      if (this.#current !== current) return;
      this.#current = null;
      this.#o.closed(current.conn, err?.message ?? 'the port closed');
      void this.#shut(current);
      this.#schedule();
    });
    this.#current = current;
    port.open((err) => {
      if (this.#current !== current || this.#stopped) {
        // Shut (or closed for good) while it was opening: what just opened is closed again, or
        // the port stays held and, for a simulated board, its clock keeps the process alive.
        if (!err && port.isOpen) port.close(() => {});
        return;
      }
      if (err) {
        this.#current = null;
        void this.#shut(current);
        this.#failed(err.message);
        return;
      }
      this.#o.opened(current.conn);
    });
  }

  #failed(why: string): void {
    this.#o.openFailed(why);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped || this.#retry !== null) return;
    const at = this.#o.now() + this.#backoff.next();
    const stop = this.#o.every(this.#o.tickMs, () => {
      if (this.#retry !== stop || this.#o.now() < at) return;
      stop();
      this.#retry = null;
      void this.#open();
    });
    this.#retry = stop;
  }

  async #shut({ conn, port }: { readonly conn: C; readonly port: SerialPortStream }): Promise<void> {
    await this.#o.release(conn);
    if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    port.destroy();
  }
}
