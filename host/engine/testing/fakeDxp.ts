import net from 'node:net';

/**
 * A fake DXP engine for tests: a real TCP peer on 127.0.0.1 that a test scripts message by
 * message. It knows only layer 1 (esocket.htm: "a message of 1 to 127 characters is sent as data
 * through stream sockets after adding a '\0' character at the end of the message"): the test
 * writes every message it sends by hand from the protocol's pages, and reads what dambord sent
 * as text. Written apart from dambord's codec, so that a test does not check the codec with
 * itself.
 */
export class FakeDxpPeer {
  /** Every message received, in order (without its NUL). */
  readonly received: string[] = [];
  private pending = '';
  private waiting: ((text: string | null) => void) | null = null;
  private read = 0;
  private closedFlag = false;

  constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('latin1');
      let nul: number;
      while ((nul = this.pending.indexOf('\0')) >= 0) {
        this.received.push(this.pending.slice(0, nul));
        this.pending = this.pending.slice(nul + 1);
      }
      this.wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closedFlag = true;
      this.wake();
    });
  }

  /** The next message dambord sends (in order), or null when the connection closed first; rejects after `ms`. */
  next(ms = 5000): Promise<string | null> {
    if (this.read < this.received.length) return Promise.resolve(this.received[this.read++]);
    if (this.closedFlag) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`the fake DXP engine heard nothing within ${ms} ms (it has: ${JSON.stringify(this.received)})`));
      }, ms);
      this.waiting = (text) => {
        clearTimeout(timer);
        resolve(text);
      };
    });
  }

  /** Sends each message with its NUL, all in one write (several messages in one packet). */
  send(...messages: string[]): void {
    this.socket.write(messages.map((m) => `${m}\0`).join(''), 'latin1');
  }

  /** Sends raw bytes as they are: a message split over writes, garbage, a missing NUL. */
  sendBytes(bytes: Uint8Array | string): void {
    this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  }

  /** Whether dambord closed the connection. */
  get closed(): boolean {
    return this.closedFlag;
  }

  /** Closes the connection as a crashing engine does (no GAMEEND). */
  crash(): void {
    this.socket.destroy();
  }

  private wake(): void {
    if (!this.waiting) return;
    if (this.read < this.received.length) {
      const w = this.waiting;
      this.waiting = null;
      w(this.received[this.read++]);
    } else if (this.closedFlag) {
      const w = this.waiting;
      this.waiting = null;
      w(null);
    }
  }
}

/** A fake engine that listens on 127.0.0.1 (a free port) for dambord to connect; `peer()` is the connection once made. */
export async function listeningFakeDxp(): Promise<{ readonly port: number; peer(): Promise<FakeDxpPeer>; close(): Promise<void> }> {
  const peers: FakeDxpPeer[] = [];
  let arrived: ((p: FakeDxpPeer) => void) | null = null;
  const server = net.createServer((socket) => {
    const p = new FakeDxpPeer(socket);
    peers.push(p);
    arrived?.(p);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    peer: () => (peers[0] ? Promise.resolve(peers[0]) : new Promise((resolve) => (arrived = resolve))),
    close: async () => {
      for (const p of peers) p.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fake engine that connects to dambord listening on 127.0.0.1:`port`. */
export function connectingFakeDxp(port: number, host = '127.0.0.1'): Promise<FakeDxpPeer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(new FakeDxpPeer(socket)));
    socket.once('error', reject);
  });
}

/** A name padded to GAMEACC's 32 positions (egameacc.htm: "add trailing blanks at the right"). */
export function pad32(name: string): string {
  return name.padEnd(32, ' ');
}
