// The broadcast's HTTP server, in front of a round store (host/broadcast/store.ts): the feeds the
// draughts sites poll, the viewers' page and its server-sent events, all read-only; and, on an
// event's own host, each board's view and commands, which need the token beyond loopback.
//
// Routes:
//   GET /                      the viewers' page (static/watch.html): the round, or one board with ?board=N;
//                              its modules, /words.json (its words in the server's `lang`, or
//                              another's with ?lang=xx), /messages.json and
//                              /vendor/intl-messageformat.js (host/web/pageFiles.ts)
//   GET /api/round             the round as viewers see it (RoundSnapshot JSON)
//   GET /api/round/events      server-sent events: `event: round` (the snapshot) first, then
//                              `event: board` (a BoardEvent) for every change, each with its id;
//                              a viewer reconnecting with Last-Event-ID gets the changes it
//                              missed, or the snapshot again when they are no longer kept; a
//                              `: heartbeat` comment every 15 s. A viewer that does not read is
//                              cut once a megabyte waits for it (it reconnects and catches up).
//   GET /feed/round.pdn        every game of the round in board order (feeds.ts), ETag / 304
//   GET /feed/round.json       the same as {"games":[{"pdn"}]}
//   GET /feed/board/N.pdn      board N's game (also N.PDN, as lidraughts asks for it)
//                              The PDN feeds name a file to save them as (Content-Disposition:
//                              `club-night-r3-board-2.pdn`, `club-night-r3.pdn`: ASCII only)
//   GET /api/round/board/N/plies  board N's positions ply by ply (plies.ts BoardPlies), from what
//                              viewers may see of its scoresheet: for stepping back through the game
//   With an event's boards (`control`):
//   GET /api/board/N/view      board N's PlayView, as the arbiter sees it, ahead of the broadcast
//                              delay: the token beyond loopback (401)
//   POST /api/board/N/command  a PlayCommand for board N (as /api/command of dambord play): the
//                              token beyond loopback (401), never from another origin (403)
// HEAD works wherever GET does (except the event stream). Bad requests get a JSON error.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlaySession } from '../game/types.ts';
import type { Language } from '../words/catalogue.ts';
import { controlGuard, fail, guardedServer, listen, send, serverUrls } from '../web/http.ts';
import { serveCommand } from '../web/command.ts';
import { CSS, FAVICON, HTML, modules, pageFiles } from '../web/pageFiles.ts';
import type { StaticFile } from '../web/pageFiles.ts';
import { notModified } from './feeds.ts';
import { boardPlies } from './plies.ts';
import type { BoardPlies } from './plies.ts';
import type { Feed, RoundStore, StoreEvent } from './store.ts';

/** The boards of an event run on this host, for their views and commands. */
export interface EventControl {
  /** Board `n`'s session, or null when this host runs no such board. */
  session(n: number): PlaySession | null;
}

export interface BroadcastServerOptions {
  /** TCP port (0, the default: any free port). */
  readonly port?: number;
  /** Interface (default 127.0.0.1); beyond loopback the commands need the token. */
  readonly host?: string;
  /** The boards' commands need the token on loopback too. */
  readonly requireToken?: boolean;
  /** The event's boards on this host: their views and commands are served. */
  readonly control?: EventControl;
  /** Milliseconds between heartbeat comments (default 15000). */
  readonly heartbeatMs?: number;
  /** Most viewers' streams at once (default 20,000); one more is answered 503. */
  readonly maxStreams?: number;
  /**
   * Bytes that may wait for one viewer before it is cut (default 1 MB). A batch of changes is
   * written at once when it reaches this size, so a viewer holds at most twice it and one
   * change (a state is at most the store's maxBytes) whatever arrives.
   */
  readonly maxQueuedBytes?: number;
  /** The longest a change waits to be written with the changes after it (ms, default 20; 0: the changes of one turn of the event loop together). */
  readonly batchMs?: number;
  /** The language of the viewers' page's words (default 'en'): its HTML's `lang` and the catalogue it gets. */
  readonly lang?: Language;
}

export interface BroadcastServer {
  readonly url: string;
  readonly port: number;
  /** The token for the boards' commands (see `control`). */
  readonly token: string;
  readonly tokenRequired: boolean;
  /** The viewers' streams open now. */
  streams(): number;
  /** The most bytes waiting to be sent to one viewer now (at most maxQueuedBytes and a batch: see the option). */
  queuedBytes(): number;
  close(): Promise<void>;
}

const STATIC: Readonly<Record<string, StaticFile>> = {
  '/': { file: 'watch.html', type: HTML },
  '/watch.html': { file: 'watch.html', type: HTML },
  '/watch.css': { file: 'watch.css', type: CSS },
  '/style.css': { file: 'style.css', type: CSS },
  '/theme.css': { file: 'theme.css', type: CSS },
  ...FAVICON,
  // The page's ES modules (watch.js and what it imports).
  ...modules(['watch', 'watchModel', 'watchStream', 'watchRound', 'watchBoard', 'watchDraw', 'watchSteps', 'watchStandings', 'format', 'board', 'notices', 'live', 'html', 'pieces', 'prefs']),
};
const PDN = 'application/x-draughts-pdn; charset=utf-8';

/**
 * A file name to save a feed as, from the event, the round and the board: words of ASCII letters
 * and digits joined by `-` (`Club night`, round 3, board 2: `club-night-r3-board-2.pdn`); accents
 * dropped, anything else a separator, at most 80 characters; `round.pdn` when nothing is left.
 */
export function feedFileName(event: string, round: string, board?: number): string {
  const words = (s: string): string =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const knownRound = /^[?.-]*$/.test(round.trim()) ? '' : words(round);
  const parts = [words(event), knownRound && `r${knownRound}`, board === undefined ? '' : `board-${board}`].filter(Boolean);
  const name = parts.join('-').slice(0, 80).replace(/-+$/, '');
  return `${name || 'round'}.pdn`;
}
const JSON_TYPE = 'application/json; charset=utf-8';

/** Serves `store`'s round; resolves once the server listens. */
export async function startBroadcastServer(store: RoundStore, options: BroadcastServerOptions = {}): Promise<BroadcastServer> {
  const host = options.host ?? '127.0.0.1';
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreams = options.maxStreams ?? 20_000;
  const maxQueued = options.maxQueuedBytes ?? 1 << 20;
  const batchMs = options.batchMs ?? 20;
  const guard = controlGuard(host, options.requireToken === true, 'dambord event');
  const page = pageFiles(STATIC, options.lang ?? 'en');
  const pagePaths = new Set(page.paths);
  const streams = new Set<ServerResponse>();
  // One listener on the store for every stream: a change is framed once and written to each.
  // Changes are written to the viewers in batches, one write a viewer every batchMs at most: a
  // write to a socket costs about as much as the bytes in it, and 1,000 viewers of 200 boards
  // would otherwise take a write a viewer for every move of every board.
  let pending: string[] = [];
  let pendingChars = 0;
  let batch: NodeJS.Timeout | null = null;
  const flush = (): void => {
    if (batch) clearTimeout(batch);
    batch = null;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    for (const res of streams) write(res, text);
  };
  const unsubscribe = store.subscribe((e: StoreEvent) => {
    pending.push(e.frame);
    pendingChars += e.frame.length;
    // A batch is never larger than what may wait for a viewer (and one change).
    if (pendingChars >= maxQueued) flush();
    else batch ??= setTimeout(flush, batchMs);
  });
  const heartbeat = setInterval(() => {
    for (const res of streams) write(res, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref?.();

  /** Writes to a viewer's stream; one with more than maxQueued bytes waiting is cut (it reconnects with its Last-Event-ID). */
  function write(res: ServerResponse, text: string): void {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > maxQueued) {
      res.destroy();
      return;
    }
    res.write(text);
  }

  /** The methods a path answers: the pages, API and feeds to anyone; the boards' routes only on an event's own host. */
  const methods = (path: string): readonly string[] | null => {
    if (path === '/api/round/events') return ['GET'];
    if (pagePaths.has(path) || knownGet(path)) return ['GET', 'HEAD'];
    const board = /^\/api\/board\/\d{1,4}\/(view|command)$/.exec(path);
    if (!board || !options.control) return null;
    return board[1] === 'command' ? ['POST'] : ['GET', 'HEAD'];
  };
  const server = guardedServer(guard, methods, handle);

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const file = await page.read(path, req.url);
    if (file) {
      send(res, file.status ?? 200, file.type, file.body, 'no-cache');
      return;
    }
    if (path === '/api/round') {
      send(res, 200, JSON_TYPE, JSON.stringify(store.snapshot()), 'no-store');
      return;
    }
    if (path === '/api/round/events') {
      openStream(req, res);
      return;
    }
    if (path === '/feed/round.pdn') return feed(req, res, store.roundPdn(), PDN, feedFileName(store.event, store.snapshot().round));
    if (path === '/feed/round.json') return feed(req, res, store.roundJson(), JSON_TYPE);
    const boardFeed = /^\/feed\/board\/(\d{1,4})\.(pdn|PDN)$/.exec(path);
    if (boardFeed) {
      const f = store.boardPdn(Number(boardFeed[1]));
      if (!f) fail(res, 404, `board ${boardFeed[1]} is not in round ${store.snapshot().round || '(none yet)'}`);
      else feed(req, res, f, PDN, feedFileName(store.event, store.snapshot().round, Number(boardFeed[1])));
      return;
    }
    const plies = /^\/api\/round\/board\/(\d{1,4})\/plies$/.exec(path);
    if (plies) {
      const found = pliesOf(Number(plies[1]));
      if (!found) fail(res, 404, `board ${plies[1]} is not in round ${store.snapshot().round || '(none yet)'}`);
      else send(res, 200, JSON_TYPE, JSON.stringify(found), 'no-cache');
      return;
    }
    // Only the boards' routes are left (methods() knows them only with `control`).
    const boardRoute = /^\/api\/board\/(\d{1,4})\/(view|command)$/.exec(path);
    if (boardRoute && options.control) await boardRequest(req, res, Number(boardRoute[1]), boardRoute[2] as 'view' | 'command', options.control);
  }

  /** The positions of each board's game read last, by board: read again only when the board's state changes. */
  const pliesRead = new Map<number, BoardPlies>();
  function pliesOf(n: number): BoardPlies | null {
    const b = store.board(n);
    if (!b) return null;
    const had = pliesRead.get(n);
    if (had && had.rev === b.rev) return had;
    const read = boardPlies({ board: n, rev: b.rev, variant: b.variant, pdn: b.pdn, firstPly: b.moves[0]?.ply ?? 1 });
    pliesRead.set(n, read);
    return read;
  }

  function feed(req: IncomingMessage, res: ServerResponse, f: Feed, type: string, fileName?: string): void {
    res.setHeader('ETag', f.etag);
    if (fileName) res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    if (notModified(f.etag, req.headers['if-none-match'])) {
      res.writeHead(304, { 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    send(res, 200, type, f.body, 'no-cache');
  }

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    if (streams.size >= maxStreams) {
      res.setHeader('Retry-After', '10');
      res.setHeader('Connection', 'close');
      fail(res, 503, `too many viewers at once (at most ${maxStreams}); try again later`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' });
    req.socket.setNoDelay(true);
    // What is waiting goes to the viewers already here: the new one has it from the store below.
    flush();
    const last = req.headers['last-event-id'];
    const missed = typeof last === 'string' ? store.since(last) : null;
    // What the viewer has not seen: the changes since its last event, or the whole round.
    let text = 'retry: 2000\n\n';
    text += missed === null ? store.snapshotFrame() : missed.map((e) => e.frame).join('');
    res.write(text);
    streams.add(res);
    const gone = (): void => {
      streams.delete(res);
    };
    req.on('close', gone);
    res.on('close', gone);
    res.on('error', gone);
  }

  async function boardRequest(req: IncomingMessage, res: ServerResponse, n: number, what: 'view' | 'command', control: EventControl): Promise<void> {
    const session = control.session(n);
    if (what === 'view') {
      // The game as it stands, ahead of any broadcast delay: for the arbiter, as the commands are.
      const refused = guard.mayControl(req);
      if (refused !== null) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="dambord"');
        fail(res, 401, refused);
      } else if (!session) fail(res, 404, `this host runs no board ${n}`);
      else send(res, 200, JSON_TYPE, JSON.stringify(session.view()), 'no-store');
      return;
    }
    await serveCommand(req, res, guard, { what: 'the boards of this event', session, missing: `this host runs no board ${n}` });
  }

  const port = await listen(server, options.port ?? 0, host);
  let closing: Promise<void> | null = null;
  return {
    url: serverUrls(host, port).url,
    port,
    token: guard.token,
    tokenRequired: guard.tokenRequired,
    streams: () => streams.size,
    queuedBytes: () => [...streams].reduce((most, res) => Math.max(most, res.writableLength), 0),
    close() {
      closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        if (batch) clearTimeout(batch);
        clearInterval(heartbeat);
        for (const res of streams) res.destroy();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Whether `path` is one of the read-only APIs or feeds. */
function knownGet(path: string): boolean {
  return path === '/api/round' || /^\/api\/round\/board\/\d{1,4}\/plies$/.test(path) || path === '/feed/round.pdn' || path === '/feed/round.json' || /^\/feed\/board\/\d{1,4}\.(pdn|PDN)$/.test(path);
}
