import { execFile } from 'node:child_process';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayCommand, PlaySession, PlayView, SquareView } from '../game/types.ts';
import { MAX_BODY_BYTES, attachment, checkCommand, startWebServer } from './server.ts';
import type { WebServer, WebServerOptions } from './server.ts';
import { moveView, startView } from './testing/playView.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

/**
 * A test double of the game session: holds a PlayView the test changes with `set`, records
 * every command, and refuses the commands the test names.
 */
class FakeSession implements PlaySession {
  current: PlayView = startView();
  readonly commands: PlayCommand[] = [];
  readonly listeners = new Set<(view: PlayView) => void>();
  refuse: ((c: PlayCommand) => string | null) | null = null;
  throws = false;

  view(): PlayView {
    return this.current;
  }
  subscribe(listener: (view: PlayView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async command(c: PlayCommand): Promise<{ ok: true } | { ok: false; error: string }> {
    if (this.throws) throw new Error('session broke');
    this.commands.push(c);
    const error = this.refuse?.(c) ?? null;
    return error === null ? { ok: true } : { ok: false, error };
  }
  set(change: Partial<PlayView>): void {
    this.current = { ...this.current, ...change };
    for (const l of this.listeners) l(this.current);
  }
}

interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Reads server-sent events from a GET: every event, comments as `{event: 'comment'}`. */
function openSse(url: string): Promise<{ res: IncomingMessage; next(): Promise<SseEvent>; ended: Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/api/events', url), (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      const queue: SseEvent[] = [];
      const waiting: ((e: SseEvent) => void)[] = [];
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event = 'comment';
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (block.startsWith('retry:')) continue;
          const e = { event, data: data.join('\n') };
          const w = waiting.shift();
          if (w) w(e);
          else queue.push(e);
        }
      });
      resolve({
        res,
        next: () => {
          const e = queue.shift();
          return e ? Promise.resolve(e) : new Promise((r) => waiting.push(r));
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A client that asks for the event stream and never reads it. */
function idleStream(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** One request with the headers as given (Host among them), and its answer. */
function ask(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: IncomingMessage['headers']; json: { ok: boolean; error?: string; control?: boolean; tokenRequired?: boolean } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) as { ok: boolean; error?: string } });
        } catch {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: { ok: false, error: `not JSON: ${text.slice(0, 40)}` } });
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs a command to the server on `port`, with the headers given (Host is 127.0.0.1:port unless they say otherwise). */
function command(port: number, body: string, headers: Record<string, string> = {}): ReturnType<typeof ask> {
  return ask(port, 'POST', '/api/command', { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json', ...headers }, body);
}

async function post(url: string, body: string, type = 'application/json'): Promise<{ status: number; json: { ok: boolean; error?: string } }> {
  const res = await fetch(new URL('/api/command', url), { method: 'POST', headers: { 'Content-Type': type }, body });
  return { status: res.status, json: (await res.json()) as { ok: boolean; error?: string } };
}

describe('web server', () => {
  let session: FakeSession;
  let web: WebServer;
  const started: WebServer[] = [];

  async function start(options: WebServerOptions = {}): Promise<void> {
    session = new FakeSession();
    web = await startWebServer(session, { port: 0, ...options });
    started.push(web);
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.close()));
  });

  it('listens on 127.0.0.1 on a free port and reports its URL', async () => {
    await start();
    expect(web.port).toBeGreaterThan(0);
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/`);
  });

  it('serves the page, its script and its style sheet with their content types', async () => {
    await start();
    const cases: [string, string, string][] = [
      ['/', 'text/html', 'data-testid="moves"'],
      ['/app.js', 'text/javascript', 'EventSource'],
      ['/style.css', 'text/css', '.board'],
    ];
    for (const [path, type, inside] of cases) {
      const res = await fetch(new URL(path, web.url));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain(type);
      expect(await res.text(), path).toContain(inside);
    }
  });

  it('serves the page in its language: <html lang>, its words (/words.json) and their formatter', async () => {
    await start({ lang: 'nl' });
    const page = await (await fetch(web.url)).text();
    expect(page).toContain('<html lang="nl">');
    // The HTML's words are written in: the page reads right before its scripts run, and without them.
    expect(page).toContain('data-words="play.flip">Bord draaien</button>');
    expect(page).toContain('data-words-label="play.clockPress" data-words="play.clockButton" aria-label="Druk op de klok">Klok</button>');
    expect(page).toContain('<noscript data-words="common.needsJs">Deze pagina heeft JavaScript nodig.</noscript>');
    expect(page).toContain('"intl-messageformat": "/vendor/intl-messageformat.js"');
    const words = await fetch(new URL('/words.json', web.url));
    expect(words.headers.get('content-type')).toContain('application/json');
    expect(await words.json()).toMatchObject({ 'play.flip': 'Bord draaien', 'common.white': 'Wit' });
    const formatter = await fetch(new URL('/vendor/intl-messageformat.js', web.url));
    expect(formatter.headers.get('content-type')).toContain('text/javascript');
    expect(await formatter.text()).toMatch(/export \{[^}]*\bIntlMessageFormat\b/);
    expect((await fetch(new URL('/words.js', web.url))).status).toBe(200);
    // English unless told otherwise.
    await web.close();
    await start();
    expect(await (await fetch(web.url)).text()).toContain('<html lang="en">');
    expect(await (await fetch(new URL('/words.json', web.url))).json()).toMatchObject({ 'play.flip': 'Flip board' });
  });

  it('serves the catalogues of the language the page asks for (?lang=), lists every language on its switch, and answers 400 for one it does not know', async () => {
    await start({ lang: 'nl' });
    const page = await (await fetch(web.url)).text();
    // The switch names each language in itself, the server's selected.
    expect(page).toContain('<option value="nl" lang="nl" selected>Nederlands</option>');
    expect(page).toContain('<option value="ru" lang="ru">Русский</option>');
    expect(page).toContain('<option value="cs" lang="cs">Čeština</option>');
    expect(page).toContain('data-words-label="common.language" data-languages aria-label="Taal">');
    // The script the head runs first, which keeps a page remembered in another language hidden until its words are written.
    expect(page).toContain('<script src="/langFirst.js"></script>');
    expect((await fetch(new URL('/langFirst.js', web.url))).headers.get('content-type')).toContain('text/javascript');
    expect(await (await fetch(new URL('/words.json?lang=ru', web.url))).json()).toMatchObject({ 'play.flip': 'Перевернуть доску', 'common.language': 'Язык' });
    // The sentences the view carries are formatted in the page's language with its messages.
    expect(await (await fetch(new URL('/messages.json?lang=fr', web.url))).json()).toMatchObject({ 'view.captures': expect.stringContaining('doivent prendre') });
    expect(await (await fetch(new URL('/messages.json', web.url))).json()).toMatchObject({ 'view.captures': expect.stringContaining('moet slaan') });
    for (const path of ['/words.json?lang=xx', '/messages.json?lang=EN', '/words.json?lang=', '/sheet.html?lang=klingon']) {
      const res = await fetch(new URL(path, web.url));
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error, path).toMatch(/^no such language: .* \(one of en, nl, fr, ru, pt, pl, hr, bs, cs, lv, it\)$/);
    }
  });

  it('serves the live scoresheet to print, in the language the page asks for', async () => {
    await start({ lang: 'nl' });
    session.set({ pdn: '[Event "Club"]\n[White "Anna"]\n[Black "Bert"]\n[GameType "21"]\n\n1. 11-15 23-19 *\n' });
    const nl = await fetch(new URL('/sheet.html', web.url));
    expect(nl.headers.get('content-type')).toContain('text/html');
    const html = await nl.text();
    expect(html).toContain('<h1>Notatiebiljet</h1>');
    expect(html).toContain('<th>Zwart</th><th class="time">tijd</th><th>Wit</th>');
    expect(html).toContain('<td class="move">11-15</td><td class="time"></td><td class="move">23-19</td>');
    const ru = await (await fetch(new URL('/sheet.html?lang=ru', web.url))).text();
    expect(ru).toContain('<span class="label">Белые</span><span class="value">Anna</span>');
  });

  it('answers HEAD like GET, without a body', async () => {
    await start();
    const res = await fetch(new URL('/app.js', web.url), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(await res.text()).toBe('');
  });

  it('GET /api/view returns the session view as JSON', async () => {
    await start();
    session.set({ moves: [moveView(1, '11-15')] });
    const res = await fetch(new URL('/api/view', web.url));
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(session.current);
  });

  it('GET /game.pdn returns the live PDN', async () => {
    await start();
    session.set({ pdn: '[Event "Club"]\n\n1. 11-15 *\n' });
    const res = await fetch(new URL('/game.pdn', web.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-draughts-pdn');
    expect(await res.text()).toBe('[Event "Club"]\n\n1. 11-15 *\n');
  });

  it('GET /game.pdn is a download named for the game, in ASCII and in UTF-8 (RFC 6266, 8187)', async () => {
    await start();
    session.set({ pdnName: '2026.11.24 Zoë - Jan (NL).pdn' });
    const res = await fetch(new URL('/game.pdn', web.url));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="2026.11.24 Zoe - Jan (NL).pdn"; filename*=UTF-8''2026.11.24%20Zo%C3%AB%20-%20Jan%20%28NL%29.pdn`);
    expect(attachment('Σ "x".pdn')).toBe(`attachment; filename="_ _x_.pdn"; filename*=UTF-8''%CE%A3%20%22x%22.pdn`);
  });

  it('SSE sends the whole view on connect and again after every change', async () => {
    await start();
    const sse = await openSse(web.url);
    expect(sse.res.headers['content-type']).toContain('text/event-stream');
    const first = await sse.next();
    expect(first.event).toBe('view');
    expect(JSON.parse(first.data)).toEqual(startView());
    session.set({ turn: 'white', moves: [moveView(1, '11-15')] });
    const second = await sse.next();
    expect(second.event).toBe('view');
    expect(JSON.parse(second.data)).toMatchObject({ turn: 'white', moves: [{ text: '11-15' }] });
    sse.close();
  });

  it('SSE sends heartbeat comments', async () => {
    await start({ heartbeatMs: 20 });
    const sse = await openSse(web.url);
    expect((await sse.next()).event).toBe('view');
    expect(await sse.next()).toEqual({ event: 'comment', data: '' });
    sse.close();
  });

  it('unsubscribes from the session when an SSE client goes away', async () => {
    await start();
    const a = await openSse(web.url);
    const b = await openSse(web.url);
    await a.next();
    await b.next();
    expect(session.listeners.size).toBe(2);
    a.close();
    await a.ended;
    await expect.poll(() => session.listeners.size).toBe(1);
    b.close();
    await expect.poll(() => session.listeners.size).toBe(0);
  });

  it('closing the server ends the SSE streams and the subscriptions', async () => {
    await start();
    const sse = await openSse(web.url);
    await sse.next();
    await web.close();
    await sse.ended;
    expect(session.listeners.size).toBe(0);
    await expect(fetch(new URL('/api/view', web.url))).rejects.toThrow();
  });

  it('keeps what waits for clients that do not read bounded, and a reading client still gets the latest view', async () => {
    // The issue: 2,000 clients that never read grew the host to 3.5 GB. Here 24 of them (they
    // ask for the stream and never read it) while the view, 64 KB, changes 150 times.
    await start({ stallMs: 60_000 });
    const idle = await Promise.all(Array.from({ length: 24 }, () => idleStream(web.port)));
    await expect.poll(() => web.streams().open).toBe(24);
    const reader = await openSse(web.url);
    await reader.next();
    const pad = 'x'.repeat(64 * 1024);
    let peak = 0;
    for (let i = 1; i <= 150; i++) {
      session.set({ pdn: `${i} ${pad}`, moves: [moveView(i, String(i))] });
      peak = Math.max(peak, web.streams().bufferedBytes);
      await new Promise((r) => setImmediate(r));
    }
    // At most about one view and one socket buffer each, where queueing every view would hold
    // several megabytes each.
    expect(peak).toBeLessThan(25 * 256 * 1024);
    let last: PlayView;
    do last = JSON.parse((await reader.next()).data) as PlayView;
    while (last.moves[0]?.ply !== 150);
    expect(last.pdn.startsWith('150 ')).toBe(true);
    reader.close();
    for (const s of idle) s.destroy();
  });

  it('drops a client that stays blocked past the limit', async () => {
    await start({ stallMs: 200 });
    const idle = await idleStream(web.port);
    const reader = await openSse(web.url);
    await reader.next();
    await expect.poll(() => web.streams().open).toBe(2);
    const pad = 'x'.repeat(64 * 1024);
    // The view keeps changing until the idle client's socket buffers are full and it is dropped.
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (let i = 1; web.streams().open > 1 && Date.now() < deadline; i++) {
      session.set({ pdn: `${i} ${pad}` });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(web.streams().open).toBe(1);
    expect(session.listeners.size).toBe(1);
    reader.close();
    idle.destroy();
  });

  it('refuses event streams beyond the limit with 503 and takes one again when one closes', async () => {
    await start({ maxStreams: 2 });
    const a = await openSse(web.url);
    const b = await openSse(web.url);
    await Promise.all([a.next(), b.next()]);
    const refused = await fetch(new URL('/api/events', web.url));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(((await refused.json()) as { error: string }).error).toMatch(/too many pages are watching this game \(at most 2\)/);
    a.close();
    await expect.poll(() => web.streams().open).toBe(1);
    const c = await openSse(web.url);
    expect((await c.next()).event).toBe('view');
    b.close();
    c.close();
  });

  it('answers only to its own names on loopback: a foreign Host (DNS rebinding) is refused with 421', async () => {
    await start();
    for (const name of [`127.0.0.1:${web.port}`, `localhost:${web.port}`, `LOCALHOST:${web.port}`, `[::1]:${web.port}`, '127.0.0.1']) {
      expect((await ask(web.port, 'GET', '/api/view', { Host: name })).status, name).toBe(200);
    }
    for (const name of [`evil.example:${web.port}`, 'evil.example', `192.168.1.20:${web.port}`, `${hostname()}:${web.port}`, `127.0.0.1.evil.example:${web.port}`, `localhost.:${web.port}`, `a@127.0.0.1:${web.port}`]) {
      const page = await ask(web.port, 'GET', '/', { Host: name });
      expect(page.status, name).toBe(421);
      expect(page.json.error, name).toMatch(/answers only to its own addresses \(127\.0\.0\.1, localhost or \[::1\]\)/);
      expect((await command(web.port, '{"type":"draw"}', { Host: name })).status, name).toBe(421);
    }
    expect((await ask(web.port, 'GET', '/', { Host: `evil.example:${web.port}` })).json.error).toBe(`this server answers only to its own addresses (127.0.0.1, localhost or [::1]), not to "evil.example:${web.port}"`);
    // HTTP/1.0 may leave the Host out.
    const noHost = await new Promise<string>((resolve) => {
      const socket = connect(web.port, '127.0.0.1', () => socket.write('GET /api/view HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(noHost).toMatch(/^HTTP\/1.1 421 [^]*not to a request without a Host/);
    expect(session.commands).toEqual([]);
  });

  it('refuses a command from a page of another origin with 403', async () => {
    await start();
    const self = `http://127.0.0.1:${web.port}`;
    for (const origin of [`http://127.0.0.1:${web.port + 1}`, `http://evil.example:${web.port}`, `https://127.0.0.1:${web.port}`, 'null']) {
      const r = await command(web.port, '{"type":"draw"}', { Origin: origin });
      expect(r.status, origin).toBe(403);
      expect(r.json.error, origin).toBe(`a page from ${origin} may not control this game`);
    }
    expect(session.commands).toEqual([]);
    expect((await command(web.port, '{"type":"draw"}', { Origin: self })).status).toBe(200);
    expect((await command(web.port, '{"type":"draw"}', { Host: `localhost:${web.port}`, Origin: `http://localhost:${web.port}` })).status).toBe(200);
    expect((await command(web.port, '{"type":"draw"}')).status).toBe(200);
    expect(session.commands).toHaveLength(3);
  });

  it('makes a new random token at each start and prints the page with it', async () => {
    await start();
    const first = web;
    await start();
    expect(first.token).toMatch(/^[\w-]{32}$/);
    expect(web.token).not.toBe(first.token);
    expect(web.tokenRequired).toBe(false);
    expect(web.controlUrls).toEqual([`http://127.0.0.1:${web.port}/?token=${web.token}`]);
  });

  it('on loopback takes a command without a token or with the right one, not with a wrong one', async () => {
    await start();
    expect((await command(web.port, '{"type":"draw"}')).status).toBe(200);
    expect((await command(web.port, '{"type":"draw"}', { Authorization: `Bearer ${web.token}` })).status).toBe(200);
    for (const auth of [`Bearer ${web.token}x`, `Bearer ${web.token.slice(1)}`, 'Bearer', `Basic ${web.token}`, 'Bearer ']) {
      const r = await command(web.port, '{"type":"draw"}', { Authorization: auth });
      expect(r.status, auth).toBe(401);
      expect(r.json.error, auth).toMatch(/the token is not this game's/);
    }
    expect(session.commands).toHaveLength(2);
    expect((await ask(web.port, 'GET', '/api/access', { Host: `127.0.0.1:${web.port}` })).json).toEqual({ ok: true, control: true, tokenRequired: false });
  });

  it('with requireToken refuses a command without the token with 401, and the view stays open to watchers', async () => {
    await start({ requireToken: true });
    const host = { Host: `127.0.0.1:${web.port}` };
    const r = await command(web.port, '{"type":"draw"}');
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('Bearer realm="dambord"');
    expect(r.json.error).toBe('this page only watches the game: to play, open the address with the token that dambord play printed');
    expect(session.commands).toEqual([]);
    expect((await command(web.port, '{"type":"draw"}', { Authorization: `Bearer ${web.token}` })).json).toEqual({ ok: true });
    expect(session.commands).toEqual([{ type: 'draw' }]);
    expect((await ask(web.port, 'GET', '/api/access', host)).json).toEqual({ ok: true, control: false, tokenRequired: true });
    expect((await ask(web.port, 'GET', '/api/access', { ...host, Authorization: `Bearer ${web.token}` })).json).toEqual({ ok: true, control: true, tokenRequired: true });
    expect((await ask(web.port, 'GET', '/api/view', host)).status).toBe(200);
    const sse = await openSse(web.url);
    expect((await sse.next()).event).toBe('view');
    sse.close();
  });

  it('listening beyond loopback needs the token and answers to IP addresses and this computer\'s name only', async () => {
    session = new FakeSession();
    web = await startWebServer(session, { port: 0, host: '0.0.0.0' });
    started.push(web);
    expect(web.url).toBe(`http://0.0.0.0:${web.port}/`);
    expect(web.tokenRequired).toBe(true);
    expect(web.controlUrls).toContain(`http://127.0.0.1:${web.port}/?token=${web.token}`);
    const bearer = { Authorization: `Bearer ${web.token}` };
    for (const name of [`192.0.2.7:${web.port}`, `[2001:db8::7]:${web.port}`, `${hostname()}:${web.port}`, `${hostname()}.local:${web.port}`, `localhost:${web.port}`]) {
      expect((await ask(web.port, 'GET', '/api/view', { Host: name })).status, name).toBe(200);
      expect((await command(web.port, '{"type":"press","button":"clock"}', { Host: name, ...bearer })).status, name).toBe(200);
    }
    expect((await ask(web.port, 'GET', '/', { Host: `evil.example:${web.port}` })).json.error).toBe(`this server answers only to its own addresses (an IP address or this computer's name), not to "evil.example:${web.port}"`);
    expect((await command(web.port, '{"type":"draw"}', { Host: `evil.example:${web.port}`, ...bearer })).status).toBe(421);
    expect((await command(web.port, '{"type":"draw"}')).status).toBe(401);
    expect((await command(web.port, '{"type":"draw"}', { Authorization: 'Bearer guessed' })).status).toBe(401);
    expect(session.commands).toHaveLength(5);
  });

  it('POST /api/command passes every kind of command to the session', async () => {
    await start();
    const commands: PlayCommand[] = [
      { type: 'lift', square: '22' },
      { type: 'place', square: '18' },
      { type: 'press', button: 'clock' },
      { type: 'press', button: 'jadoube' },
      { type: 'press', button: 'accept' },
      { type: 'press', button: 'correct' },
      { type: 'resign', color: 'black' },
      { type: 'draw' },
    ];
    for (const c of commands) {
      expect(await post(web.url, JSON.stringify(c))).toEqual({ status: 200, json: { ok: true } });
    }
    expect(session.commands).toEqual(commands);
  });

  it('reports a command the session refuses with 409 and its message', async () => {
    await start();
    session.refuse = (c) => (c.type === 'lift' ? 'the hands are real: lift the piece on the board' : null);
    expect(await post(web.url, '{"type":"lift","square":"22"}')).toEqual({
      status: 409,
      json: { ok: false, error: 'the hands are real: lift the piece on the board' },
    });
  });

  it('reports a session that throws with 500 and keeps serving', async () => {
    await start();
    session.throws = true;
    const r = await post(web.url, '{"type":"draw"}');
    expect(r.status).toBe(500);
    expect(r.json.error).toContain('session broke');
    expect((await fetch(new URL('/api/view', web.url))).status).toBe(200);
  });

  it('refuses malformed JSON and malformed commands with 400 and a clear error', async () => {
    await start();
    const bad: [string, RegExp][] = [
      ['{"type":', /malformed JSON/],
      ['', /malformed JSON/],
      ['[1,2]', /JSON object/],
      ['null', /JSON object/],
      ['{"type":"fly"}', /unknown command type/],
      ['{"type":"lift"}', /needs a "square"/],
      ['{"type":"place","square":7}', /needs a "square"/],
      ['{"type":"press","button":"reset"}', /"button": one of jadoube, clock, accept, correct/],
      ['{"type":"resign","color":"red"}', /"color": white or black/],
    ];
    for (const [body, error] of bad) {
      const r = await post(web.url, body);
      expect(r.status, body).toBe(400);
      expect(r.json.ok, body).toBe(false);
      expect(r.json.error, body).toMatch(error);
    }
    expect(session.commands).toEqual([]);
  });

  it('refuses a body over 4 KB with 413, whether declared or streamed', async () => {
    await start();
    const big = JSON.stringify({ type: 'lift', square: '1', pad: 'x'.repeat(MAX_BODY_BYTES) });
    const r = await post(web.url, big);
    expect(r.status).toBe(413);
    expect(r.json.error).toMatch(/too large/);

    // Chunked, so no Content-Length announces it.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(new URL('/api/command', web.url), { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatch(/too large/);
    expect(session.commands).toEqual([]);
    expect((await fetch(new URL('/api/view', web.url))).status).toBe(200);
  });

  it('refuses a command that is not sent as JSON with 415', async () => {
    await start();
    const r = await post(web.url, '{"type":"draw"}', 'text/plain');
    expect(r.status).toBe(415);
    expect(r.json.error).toMatch(/application\/json/);
    expect(session.commands).toEqual([]);
  });

  it('serves the icon the page links, so that no load asks for a missing one', async () => {
    await start();
    const html = await (await fetch(new URL('/', web.url))).text();
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html)?.[1];
    expect(href).toBe('/favicon.svg');
    const icon = await fetch(new URL(href!, web.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^]*<\/svg>\s*$/);
  });

  it('answers unknown paths with 404 and wrong methods with 405 and Allow', async () => {
    await start();
    const missing = await fetch(new URL('/nope', web.url));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ ok: false, error: 'no such page: /nope' });
    expect((await fetch(new URL('/static/app.js', web.url))).status).toBe(404);
    expect((await fetch(new URL('/../server.ts', web.url))).status).toBe(404);

    const getCommand = await fetch(new URL('/api/command', web.url));
    expect(getCommand.status).toBe(405);
    expect(getCommand.headers.get('allow')).toBe('POST');
    expect(((await getCommand.json()) as { error: string }).error).toMatch(/GET is not allowed on \/api\/command/);

    const postView = await fetch(new URL('/api/view', web.url), { method: 'POST', body: '{}' });
    expect(postView.status).toBe(405);
    expect(postView.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(new URL('/', web.url), { method: 'DELETE' })).status).toBe(405);
  });

  it('ignores the query string', async () => {
    await start();
    expect((await fetch(new URL('/api/view?x=1', web.url))).status).toBe(200);
  });

  it('survives garbage on the socket', async () => {
    await start();
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(web.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1.1 400/);
    expect((await fetch(new URL('/api/view', web.url))).status).toBe(200);
  });

  it('close() can be called twice', async () => {
    await start();
    await Promise.all([web.close(), web.close()]);
    await web.close();
  });
});

describe('checkCommand', () => {
  it('keeps only the fields of the command', () => {
    expect(checkCommand({ type: 'lift', square: '32', extra: 1 })).toEqual({ ok: true, command: { type: 'lift', square: '32' } });
    expect(checkCommand({ type: 'draw', color: 'white', extra: 1 })).toEqual({ ok: true, command: { type: 'draw', color: 'white' } });
    expect(checkCommand({ type: 'draw', color: 'grey' })).toMatchObject({ ok: false });
    expect(checkCommand({ type: 'decline-draw', color: 'black', extra: 1 })).toEqual({ ok: true, command: { type: 'decline-draw', color: 'black' } });
    expect(checkCommand({ type: 'decline-draw' })).toMatchObject({ ok: false, error: expect.stringContaining('"decline-draw" needs a "color"') });
  });

  it('the computer takes an optional side and a level from 1 to 10', () => {
    expect(checkCommand({ type: 'computer', side: 'white', level: 3, extra: 1 })).toEqual({ ok: true, command: { type: 'computer', side: 'white', level: 3 } });
    expect(checkCommand({ type: 'computer', level: 10 })).toEqual({ ok: true, command: { type: 'computer', level: 10 } });
    expect(checkCommand({ type: 'computer', level: 0 })).toMatchObject({ ok: false, error: expect.stringContaining('from 1 to 10') });
    expect(checkCommand({ type: 'computer', level: 2.5 })).toMatchObject({ ok: false });
    expect(checkCommand({ type: 'computer', side: 'red' })).toMatchObject({ ok: false, error: expect.stringContaining('white or black') });
  });

  it('take back and hint against the computer carry nothing else', () => {
    expect(checkCommand({ type: 'take-back', extra: 1 })).toEqual({ ok: true, command: { type: 'take-back' } });
    expect(checkCommand({ type: 'hint' })).toEqual({ ok: true, command: { type: 'hint' } });
  });

  it('a question names what it asks, and a square or a count where it needs one', () => {
    expect(checkCommand({ type: 'query', what: 'last', count: 3 })).toEqual({ ok: true, command: { type: 'query', what: 'last', count: 3 } });
    expect(checkCommand({ type: 'query', what: 'diagonals', square: '32' })).toEqual({ ok: true, command: { type: 'query', what: 'diagonals', square: '32' } });
    expect(checkCommand({ type: 'query', what: 'everything' })).toMatchObject({ ok: false, error: expect.stringContaining('turn, last, clocks, rows, diagonals, kinds, square') });
    expect(checkCommand({ type: 'query', what: 'last', count: 0 })).toMatchObject({ ok: false });
  });
});

describe('the page script (static/app.js)', () => {
  const appUrl = new URL('./static/app.js', import.meta.url);

  it('is a valid ES module', async () => {
    const text = await readFile(appUrl, 'utf8');
    const child = execFile(process.execPath, ['--input-type=module', '--check']);
    const done = new Promise<{ code: number | null; err: string }>((resolve) => {
      let err = '';
      child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (code) => resolve({ code, err }));
    });
    child.stdin?.end(text);
    expect(await done).toEqual({ code: 0, err: '' });
  });

  it('loads in Node without a document and exports its helpers', async () => {
    const path: string = appUrl.href;
    const app = (await import(/* @vite-ignore */ path)) as Record<string, (...args: unknown[]) => unknown>;
    expect(app.formatClock(3_723_000)).toBe('1:02:03');
    expect(app.formatClock(245_000)).toBe('4:05');
    expect(app.formatClock(9_750)).toBe('9.7');
    expect(app.formatClock(-5)).toBe('0.0');
    expect(
      app.pairMoves([
        { ply: 1, side: 'white', text: '32-28' },
        { ply: 2, side: 'black', text: '19-23' },
        { ply: 3, side: 'white', text: '28x19' },
      ]),
    ).toEqual([
      { number: 1, first: { ply: 1, text: '32-28' }, second: { ply: 2, text: '19-23' } },
      { number: 2, first: { ply: 3, text: '28x19' }, second: null },
    ]);
    expect(app.pairMoves([{ ply: 2, side: 'black', text: '19-23' }])).toEqual([{ number: 1, first: null, second: { ply: 2, text: '19-23' } }]);
    const sq = (piece: SquareView['piece'], sensed: boolean, led = 'off'): SquareView => ({ name: '32', row: 6, col: 3, piece, sensed, led } as SquareView);
    expect(app.squareLabel(sq('wk', true, 'slow'))).toBe('32: white king, LED blinking slowly');
    expect(app.squareLabel(sq('bm', false), { clear: false, fill: true })).toBe('32: black man, lifted, to fill');
    expect(app.squareLabel(sq(null, true))).toBe('32: a piece the game does not have here');
    expect(app.squareLabel(sq(null, false))).toBe('32: empty');
    expect(app.piecesInHand([sq('wm', false), sq('bm', false), sq(null, true)])).toBe(1);
    expect(app.linkSummary({ state: 'lost', health: null })).toBe('lost');
    expect(app.linkSummary({ state: 'connected', health: { linesOk: 120, crcErrors: 2, gaps: 1, reconnects: 3 } })).toBe('connected, 120 lines, 3 faults');
    expect(app.linkSummary({ state: 'connected', firmware: '1.0.0', health: { linesOk: 12 } })).toBe('connected (dambord 1.0.0), 12 lines, no faults');
    expect(app.linkSummary({ state: 'connected', firmware: 'StandardFirmata.ino 2.3', health: { linesOk: 40, timeouts: 1 } })).toBe('connected (StandardFirmata.ino 2.3), 40 messages, 1 fault');
  });

  it('announces new moves and the result politely, irregularities at once', async () => {
    const path: string = appUrl.href;
    const app = (await import(/* @vite-ignore */ path)) as { announcements(a: PlayView | null, b: PlayView): { polite: string[]; assertive: string[] } };
    const a = startView();
    const b: PlayView = {
      ...a,
      moves: [moveView(1, '11-15')],
      irregularity: { code: 'touch-move', article: '5.4.3', message: 'White touched 22 and moved 23', decision: 'decide', status: 'pending', decides: 'black', choices: { accept: '23-18 stands and Black moves next', correct: 'the position before it is put back and White plays again, with the piece on 22 (touched, 3.11)' }, required: 'White must play the piece on 22 (touched, 3.11)' },
      result: { result: '0-2', reason: 'White resigned', article: '' },
    };
    expect(app.announcements(a, b)).toEqual({
      polite: ['Black: 11-15', 'Game over: 0-2, White resigned'],
      assertive: ['Irregularity, article 5.4.3: White touched 22 and moved 23. Black decides: accept or correct.'],
    });
    expect(app.announcements(b, b)).toEqual({ polite: [], assertive: [] });
  });
});
