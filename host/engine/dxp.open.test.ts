import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { brazilian, czech, english, international, newGame, parseFen, russian } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import { engineErrorOf } from './testing/engineError.ts';
import { connectDxpEngine, listenDxpEngine, loopbackRefusal } from './dxp.ts';
import { connectingFakeDxp, pad32 } from './testing/fakeDxp.ts';

// Reaching a DXP engine: esocket.htm, "The idea of the DamExchange SOCKET protocol is using TCP/IP
// stream sockets ... It is also possible to let two Draughts computer programs run on one computer
// and play games making use of the loop-back address 127.0.0.1 (IPv4) or ::1 (IPv6)."

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** A port nothing listens on: one the system just gave and took back. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('connecting to an engine that listens', () => {
  it('says the connection was refused, naming the address, when nothing listens there', async () => {
    const port = await freePort();
    const e = await engineErrorOf(connectDxpEngine({ host: '127.0.0.1', port, variant: international }));
    expect([e.kind, e.engine]).toEqual(['start', `dxp:127.0.0.1:${port}`]);
    expect(e.message).toContain('connection refused');
  });

  it('says the host is unknown', async () => {
    const e = await engineErrorOf(connectDxpEngine({ host: 'no-such-host.invalid', port: 27531, variant: international, startTimeoutMs: 3000 }));
    expect(e.kind).toBe('start');
    expect(e.message).toMatch(/no such host|no answer/);
  });

  it.each([english, czech, brazilian, russian].map((v) => [v.name, v] as const))('refuses %s before connecting: DXP carries only the 10x10 board with the FMJD rules', async (_name, v) => {
    const e = await engineErrorOf(connectDxpEngine({ host: '127.0.0.1', port: 1, variant: v }));
    expect(e.kind).toBe('refused');
    expect(e.message).toContain(v.name);
  });
});

describe('listening for an engine that connects: only on a loopback address', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'board.example.org'])('refuses to listen on %s, saying why', async (host) => {
    const e = await engineErrorOf(listenDxpEngine({ host, port: 0, variant: international }));
    expect(e.kind).toBe('start');
    expect(e.message).toContain('only on a loopback address');
    if (host === '0.0.0.0' || host === '::') expect(e.message).toContain('every interface');
  });

  it.each(['127.0.0.1', '127.3.2.1', '::1', '[::1]', 'localhost', 'LOCALHOST'])('takes %s as a loopback address', (host) => {
    expect(loopbackRefusal(host)).toBe(null);
  });

  it.each(['128.0.0.1', '10.0.0.1', '::2', 'localhost.example.org'])('refuses %s', (host) => {
    expect(loopbackRefusal(host)).toContain('only on a loopback address');
  });

  it('takes the engine that connects to 127.0.0.1 and plays with it as the Initiator; a second connection is closed', async () => {
    let port = 0;
    const listening = listenDxpEngine({ host: '127.0.0.1', port: 0, variant: international, replyTimeoutMs: 500, onListening: (a) => (port = a.port) });
    while (port === 0) await new Promise((r) => setTimeout(r, 5));
    const peer = await connectingFakeDxp(port);
    const engine: Engine = await listening;
    cleanup.push(() => engine.close(), () => peer.crash());

    const start = parseFen(international, international.startFen);
    if (!start.ok) throw new Error('start');
    const thinking = engine.think(newGame(start.position), { moveTimeMs: 1000 });
    expect(await peer.next()).toBe(`R01${'dambord'.padEnd(32)}W002120A`);
    peer.send(`A${pad32('Connecting engine')}0`, 'M0000322800');
    expect((await thinking).move.from + 1).toBe(32);

    // Refused by the system (the port is closed once an engine came), or accepted and closed at once;
    // a second connection kept open fails here (next() times out).
    const second = await connectingFakeDxp(port).catch((e: NodeJS.ErrnoException) => e.code);
    expect(typeof second === 'object' ? await second.next(2000) : second).toSatisfy((r) => r === 'ECONNREFUSED' || r === null);
  });

  it('says nobody connected, and on which address, when no engine comes in time', async () => {
    const e = await engineErrorOf(listenDxpEngine({ host: '127.0.0.1', port: 0, variant: international, startTimeoutMs: 200 }));
    expect(e.kind).toBe('start');
    expect(e.message).toMatch(/no engine connected to 127\.0\.0\.1:\d+ within 0\.2 s/);
  });

  it('says the port is in use', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise<void>((r) => busy.close(() => r())));
    const port = (busy.address() as net.AddressInfo).port;
    const e = await engineErrorOf(listenDxpEngine({ host: '127.0.0.1', port, variant: international }));
    expect(e.kind).toBe('start');
    expect(e.message).toContain(`port ${port} on 127.0.0.1 is in use`);
  });
});
