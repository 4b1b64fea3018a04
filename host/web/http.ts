// What the play page's server and the broadcast server share: reading and answering requests,
// which addresses a request may name, and the token that gives control of games.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 4096;

/** The body of `req`, or null when it passes {@link MAX_BODY_BYTES}. */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}


/** Whether `host`, an interface to listen on, is this computer only. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/**
 * Whether a request's Host header names this server: on loopback 127.x.x.x, localhost or [::1];
 * beyond it also any IP literal and this computer's hostname (and hostname.local). A DNS name
 * of somewhere else, what a DNS-rebinding page sends, is not.
 */
export function hostAllowed(header: string | undefined, loopbackOnly: boolean): boolean {
  if (header === undefined || !/^[\w.:[\]-]+$/.test(header)) return false;
  let name: string;
  try {
    name = new URL(`http://${header}`).hostname;
  } catch {
    return false;
  }
  const literal = name.startsWith('[') ? (isIP(name.slice(1, -1)) === 6 ? name.slice(1, -1) : '') : isIP(name) === 4 ? name : '';
  if (isLoopback(literal || name)) return true;
  if (loopbackOnly) return false;
  const self = hostname().toLowerCase();
  return literal !== '' || name === self || name === `${self}.local`;
}

/** The addresses of this computer's interfaces, loopback first (of one family, or both when null). */
export function interfaceAddresses(family: 'IPv4' | null): string[] {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  const chosen = all.filter((a) => family === null || a.family === family).filter((a) => !a.address.startsWith('fe80:'));
  chosen.sort((a, b) => Number(b.internal) - Number(a.internal));
  return chosen.length > 0 ? chosen.map((a) => a.address) : ['127.0.0.1'];
}


/** A token's SHA-256: tokens are compared by it, so the comparison takes the same time whatever their lengths. */
export function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}


/** Answers with `body` (a JSON error, a page, a feed), unless the answer has begun. */
export function send(res: ServerResponse, status: number, type: string, body: string | Buffer, cache: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': cache,
    'X-Content-Type-Options': 'nosniff',
    // The page's address may hold the token: it is not handed on to another site.
    'Referrer-Policy': 'no-referrer',
  });
  res.end(body);
}


/** Answers with a JSON error `{ok:false,error}`. */
export function fail(res: ServerResponse, status: number, error: string): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify({ ok: false, error }), 'no-store');
}

/**
 * Who may control the games a server serves: the Host a request names (this computer's
 * addresses only, against DNS rebinding), the token made at start (needed beyond loopback, or
 * always with `requireToken`), as `Authorization: Bearer <token>`.
 */
export interface ControlGuard {
  readonly token: string;
  readonly tokenRequired: boolean;
  readonly loopback: boolean;
  /** Null when the request's Host names this server, else what to answer (421). */
  hostRefused(req: IncomingMessage): string | null;
  /** Null when `req` may control the games, else why not (401). `program` names the command that printed the token. */
  mayControl(req: IncomingMessage): string | null;
}

/** The guard of a server listening on `host`; `program` is named in the refusals ("dambord play"). */
export function controlGuard(host: string, requireToken: boolean, program: string): ControlGuard {
  const loopback = isLoopback(host);
  const tokenRequired = requireToken || !loopback;
  const token = randomBytes(24).toString('base64url');
  const tokenDigest = digest(token);
  return {
    token,
    tokenRequired,
    loopback,
    hostRefused(req) {
      const name = req.headers.host;
      if (hostAllowed(name, loopback)) return null;
      return `this server answers only to its own addresses (${loopback ? '127.0.0.1, localhost or [::1]' : 'an IP address or this computer\'s name'}), not to ${name === undefined ? 'a request without a Host' : `"${name}"`}`;
    },
    mayControl(req) {
      const auth = req.headers.authorization;
      if (auth === undefined) return tokenRequired ? `this page only watches the game: to play, open the address with the token that ${program} printed` : null;
      const given = /^Bearer +(\S+) *$/i.exec(auth)?.[1];
      if (given !== undefined && timingSafeEqual(digest(given), tokenDigest)) return null;
      return `the token is not this game's: open the address with the token that ${program} printed`;
    },
  };
}

/** Starts `server` listening on `host:port` (0: any free port) and resolves with the port; a later server error never crashes the host. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {});
  return (server.address() as AddressInfo).port;
}

/** The addresses to give people for a server on `host:port`: each of this computer's addresses when it listens on all of them. */
export function serverUrls(host: string, port: number): { readonly url: string; readonly all: readonly string[] } {
  const at = (h: string): string => `http://${h.includes(':') ? `[${h}]` : h}:${port}/`;
  const hosts = host === '0.0.0.0' || host === '::' ? interfaceAddresses(host === '::' ? null : 'IPv4') : [host];
  return { url: at(host), all: hosts.map(at) };
}

/**
 * A server whose every request is first checked: its target read (400 when malformed), its
 * Host named by `guard` (421 otherwise), its path one that `methods` knows (404) and its method
 * one of those (405 with an Allow header); then `handle` gets it with its path. An error thrown
 * there is a 500 with a JSON error, and a client that sends garbage a plain 400: nothing a
 * client sends takes the server down.
 */
export function guardedServer(guard: ControlGuard, methods: (path: string) => readonly string[] | null, handle: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>): Server {
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      fail(res, 400, 'malformed request target');
      return;
    }
    const refused = guard.hostRefused(req);
    if (refused !== null) {
      res.setHeader('Connection', 'close');
      fail(res, 421, refused);
      return;
    }
    const allowed = methods(path);
    if (!allowed) {
      fail(res, 404, `no such page: ${path}`);
      return;
    }
    const method = req.method ?? 'GET';
    if (!allowed.includes(method)) {
      res.setHeader('Allow', allowed.join(', '));
      fail(res, 405, `${method} is not allowed on ${path} (allowed: ${allowed.join(', ')})`);
      return;
    }
    handle(req, res, path).catch((e: unknown) => fail(res, 500, `internal error: ${e instanceof Error ? e.message : String(e)}`));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

/**
 * `Content-Disposition` for a download named `name` (RFC 6266): `filename` in plain ASCII for
 * old clients (letters stripped of their accents, anything else `_`), `filename*` the name itself
 * in UTF-8 (RFC 8187).
 *
 * @example attachment('2026.11.24 Jan - Zoë.pdn') // 'attachment; filename="2026.11.24 Jan - Zoe.pdn"; filename*=UTF-8\'\'2026.11.24%20Jan%20-%20Zo%C3%AB.pdn'
 */
export function attachment(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

