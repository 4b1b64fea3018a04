/**
 * Finds a dambord board among the serial ports: opens each candidate in turn, asks `HELLO`
 * (again every `helloEveryMs`: an Arduino restarts when the port opens and hears nothing while
 * its bootloader runs) and takes the first port that answers with a valid dambord `HELLO`.
 */
import type { BindingInterface, PortInfo } from '@serialport/bindings-interface';
import { SerialPortStream } from '@serialport/stream';
import { LineSplitter } from './lines.ts';
import { decodeBoardLine } from './protocol/decode.ts';
import { encodeCommand } from './protocol/encode.ts';
import { LIMITS } from './protocol/messages.ts';
import { LinkError } from './types.ts';
import type { Every, Hello } from './types.ts';

export interface DiscoverOptions {
  /** The serialport binding; default: serialport's binding for this OS. */
  readonly binding?: BindingInterface;
  /** Default 115200. */
  readonly baudRate?: number;
  /** How long to wait for a HELLO on each port (ms). Default 3000. */
  readonly timeoutMs?: number;
  /** How often to ask HELLO while waiting (ms). Default 500. */
  readonly helloEveryMs?: number;
  /** Which listed ports to try (default: all). */
  readonly filter?: (port: PortInfo) => boolean;
  /** The time of the timeout and the asking: default the wall clock, keeping the process alive while it waits. */
  readonly every?: Every;
}

/** {@link Every} on the wall clock that keeps the process alive (`setInterval`). */
const keptEvery: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  return () => clearInterval(timer);
};

/** The board found. */
export interface Discovered {
  readonly path: string;
  readonly hello: Hello;
  readonly info: PortInfo;
}

/** What happened on one port. */
export interface Tried {
  readonly path: string;
  /**
   * `no-answer`: nothing valid within the timeout; `not-dambord`: lines came, none a dambord
   * HELLO; `old-firmware`: a dambord board of link protocol 1, which needs the new firmware;
   * `open-failed`: the port would not open.
   */
  readonly outcome: 'no-answer' | 'not-dambord' | 'old-firmware' | 'open-failed';
  readonly detail: string;
}

/** No port answered; `tried` says what happened on each. */
export class DiscoveryError extends LinkError {
  constructor(readonly tried: readonly Tried[]) {
    super(
      'not-found',
      tried.length === 0
        ? 'no dambord board: no serial ports found'
        : `no dambord board answered HELLO on ${tried.length} port(s): ${tried.map((t) => `${t.path} (${t.outcome}: ${t.detail})`).join('; ')}`,
    );
    this.name = 'DiscoveryError';
  }
}

type Probe = { ok: true; hello: Hello } | { ok: false; tried: Tried };

function probe(binding: BindingInterface, info: PortInfo, options: DiscoverOptions): Promise<Probe> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const every = options.every ?? keptEvery;
  return new Promise((resolve) => {
    const port = new SerialPortStream({ binding, path: info.path, baudRate: options.baudRate ?? 115200, autoOpen: false });
    const parser = port.pipe(new LineSplitter(LIMITS.maxLine));
    let lines = 0;
    let invalid = 0;
    let legacy = 0;
    let settled = false;
    let stopAsking: (() => void) | null = null;
    const finish = (result: Probe) => {
      if (settled) return;
      settled = true;
      stopTimer();
      stopAsking?.();
      parser.removeAllListeners('data');
      const done = () => {
        port.destroy();
        resolve(result);
      };
      if (port.isOpen) port.close(done);
      else done();
    };
    const stopTimer = every(timeoutMs, () =>
      finish({
        ok: false,
        tried: lines === 0 ? { path: info.path, outcome: 'no-answer', detail: `no line in ${timeoutMs} ms` } : { path: info.path, outcome: 'not-dambord', detail: `${lines} line(s), ${invalid} not valid, no dambord HELLO` },
      }),
    );
    port.on('error', () => {});
    parser.on('error', () => {});
    parser.on('data', (line: string) => {
      lines++;
      const d = decodeBoardLine(line);
      if (!d.ok) {
        invalid++;
        // A board of link protocol 1 answers every line of this one with one of its own.
        if (d.error.kind === 'legacy' && (d.error.fw !== undefined || ++legacy >= 3)) {
          const fw = d.error.fw === undefined ? 'an older dambord firmware' : `dambord firmware ${d.error.fw}`;
          finish({ ok: false, tried: { path: info.path, outcome: 'old-firmware', detail: `${fw}, which speaks link protocol 1: flash the new one with dambord flash --port ${info.path}` } });
        }
      } else if (d.message.type === 'hello') {
        const { type: _type, proto: _proto, ...hello } = d.message;
        finish({ ok: true, hello });
      }
    });
    port.open((err) => {
      if (err) {
        finish({ ok: false, tried: { path: info.path, outcome: 'open-failed', detail: err.message } });
        return;
      }
      const ask = () => {
        if (port.isOpen) port.write(encodeCommand({ type: 'hello' }));
      };
      ask();
      stopAsking = every(options.helloEveryMs ?? 500, ask);
    });
  });
}

/**
 * The first port, in `list()` order, whose device answers a valid dambord `HELLO`. Ports are
 * tried one at a time and closed again (open it with `openSerialLink` afterwards). Rejects with
 * `DiscoveryError` (code `not-found`) listing every port tried and what happened there.
 *
 * @example
 * const { path, hello } = await discoverBoard();
 * const link = openSerialLink({ path });
 */
export async function discoverBoard(options: DiscoverOptions = {}): Promise<Discovered> {
  const binding = options.binding ?? ((await import('serialport')).SerialPort.binding as unknown as BindingInterface);
  const ports = (await binding.list()).filter(options.filter ?? (() => true));
  const tried: Tried[] = [];
  for (const info of ports) {
    const r = await probe(binding, info, options);
    if (r.ok) return { path: info.path, hello: r.hello, info };
    tried.push(r.tried);
  }
  throw new DiscoveryError(tried);
}
