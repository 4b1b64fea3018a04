import net from 'node:net';
import type { Variant } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import { NO_LOG } from './engineLog.ts';
import { dxpVariantRefusal } from './dxpGame.ts';
import { DxpSession } from './dxpSession.ts';

/**
 * Where a DXP engine is: the host and port to connect to, or to listen on for it (DXP's port is
 * 27531, `DXP_PORT`), and how long to wait for it. dambord is always the Initiator: it asks
 * for each game (GAMEREQ), whichever side opened the connection.
 */
export interface DxpOptions {
  readonly host: string;
  readonly port: number;
  readonly variant: Variant;
  readonly log?: EngineLog;
  /** dambord's name in GAMEREQ (at most 32 characters are sent); `dambord` by default. */
  readonly name?: string;
  /** ms to reach the engine (connect, 10 000 by default) or for it to connect (listen, 60 000). */
  readonly startTimeoutMs?: number;
  /** ms to wait for GAMEACC and for an acknowledging GAMEEND; 10 000 by default. */
  readonly replyTimeoutMs?: number;
  /**
   * ms after a move's time plus 10% in which the engine's MOVE is still heard, and refused as
   * slow; with nothing by then, the engine is silent. 2 000 by default.
   */
  readonly graceMs?: number;
  /** Listening only: called once the port is open, with its address (port 0 gets a free port). */
  readonly onListening?: (address: { readonly host: string; readonly port: number }) => void;
}

/**
 * A DXP engine that listens: dambord connects to `host:port` and is the Initiator. Refused
 * (EngineError 'refused') for a variant DXP does not carry (see `dxpCarries`: international
 * only); EngineError 'start' naming the address and the system's reason when the engine cannot
 * be reached (refused, unreachable, unknown host, no answer in time).
 */
export async function connectDxpEngine(opts: DxpOptions): Promise<Engine> {
  const label = `dxp:${opts.host}:${opts.port}`;
  refuseVariant(label, opts.variant);
  const timeout = opts.startTimeoutMs ?? 10_000;
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect({ host: opts.host, port: opts.port });
    const timer = setTimeout(() => {
      s.destroy();
      reject(new EngineError(label, 'start', `no answer from ${opts.host}:${opts.port} within ${timeout / 1000} s (is the engine running and listening there?)`));
    }, timeout);
    s.once('connect', () => {
      clearTimeout(timer);
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new EngineError(label, 'start', `cannot connect to ${opts.host}:${opts.port}: ${whyNot(error)}`));
    });
  });
  return session(socket, label, opts);
}

/**
 * A DXP engine that connects: dambord listens on `host:port`, which must be a loopback address
 * (127.0.0.0/8, ::1 or localhost: a board in a club's network must not listen on every
 * interface), takes the first engine that connects, refuses any other connection, and is the
 * Initiator. EngineError 'start' for another address, a port in use, or no engine within the
 * time; 'refused' for a variant DXP does not carry.
 */
export async function listenDxpEngine(opts: DxpOptions): Promise<Engine> {
  const label = `dxp-listen:${opts.host}:${opts.port}`;
  refuseVariant(label, opts.variant);
  const notLoopback = loopbackRefusal(opts.host);
  if (notLoopback) throw new EngineError(label, 'start', notLoopback);
  const timeout = opts.startTimeoutMs ?? 60_000;
  const log = opts.log ?? NO_LOG;
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    let taken: net.Socket | null = null;
    const server = net.createServer((s) => {
      if (taken) {
        log.note(label, `a second connection from ${s.remoteAddress} refused`);
        s.destroy();
        return;
      }
      taken = s;
      clearTimeout(timer);
      server.close();
      resolve(s);
    });
    server.maxConnections = 1;
    const timer = setTimeout(() => {
      server.close();
      reject(new EngineError(label, 'start', `no engine connected to ${opts.host}:${port()} within ${timeout / 1000} s`));
    }, timeout);
    const port = () => (server.address() as net.AddressInfo | null)?.port ?? opts.port;
    server.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const why = error.code === 'EADDRINUSE' ? `port ${opts.port} on ${opts.host} is in use (another program listens there; choose another port)` : whyNot(error);
      reject(new EngineError(label, 'start', `cannot listen on ${opts.host}:${opts.port}: ${why}`));
    });
    server.listen(opts.port, opts.host, () => {
      log.note(label, `waiting for an engine on ${opts.host}:${port()}`);
      opts.onListening?.({ host: opts.host, port: port() });
    });
  });
  return session(socket, label, opts);
}

function session(socket: net.Socket, label: string, opts: DxpOptions): Engine {
  socket.setNoDelay(true);
  const log = opts.log ?? NO_LOG;
  log.note(label, 'connected');
  return new DxpSession(socket, {
    label,
    variant: opts.variant,
    log,
    name: opts.name ?? 'dambord',
    replyTimeoutMs: opts.replyTimeoutMs ?? 10_000,
    graceMs: opts.graceMs ?? 2_000,
  });
}

function refuseVariant(label: string, v: Variant): void {
  const refusal = dxpVariantRefusal(v);
  if (refusal) throw new EngineError(label, 'refused', refusal);
}

/** Why `host` may not be listened on, or null for a loopback address. */
export function loopbackRefusal(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || (net.isIPv4(bare) && bare.startsWith('127.'))) return null;
  const every = bare === '0.0.0.0' || bare === '::' || bare === '';
  return `${every ? 'listening on every interface' : `listening on ${host}`} is refused: dambord listens for a DXP engine only on a loopback address (127.0.0.1, ::1 or localhost), so that nobody else on the network (a club's network) can connect to the board; run the engine on this computer, or let dambord connect to it (dxp:HOST:PORT)`;
}

function whyNot(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused (nothing listens there: is the engine running, on that port?)';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `the host is unreachable (${error.code})`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `no such host (${error.code})`;
    case 'EADDRNOTAVAIL':
      return `the address is not this computer's (${error.code})`;
    case 'EACCES':
      return `not allowed to use that port (${error.code})`;
    default:
      return error.message;
  }
}
