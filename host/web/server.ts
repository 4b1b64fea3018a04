// The web page of a game: a small HTTP server (node:http only) in front of a PlaySession.
//
// Routes:
//   GET  /            the page (static/index.html)
//   GET  /app.js      the page's script and the ES modules it imports (/hands.js, ...), hand-written
//                     and checked by tsc (static/tsconfig.json), no build step
//   GET  /style.css   the page's style sheet, and /theme.css its colours (shared with the viewers' page)
//   GET  /favicon.svg the page's icon (a corner of the board with a man of each colour)
//   GET  /words.json  the page's words in the server's `lang` (host/words/page/), or in another with
//                     ?lang=xx (400 for a language not known); /messages.json likewise the
//                     catalogue of the sentences in the view (host/words/messages/), and
//                     /vendor/intl-messageformat.js the formatter the page reads them with (pageFiles.ts)
//   GET  /api/view    the PlayView as JSON
//   GET  /api/access  whether this request may control the game: {ok:true, control, tokenRequired}
//   GET  /api/events  server-sent events: `event: view` with the whole PlayView on connect and
//                     after every change; a `: heartbeat` comment every 15 s. At most 64 streams
//                     at once (503 beyond). A client that does not keep up is skipped past: while
//                     its buffer is full it gets nothing more, then only the latest view; one
//                     blocked for 30 s is dropped (its EventSource reconnects)
//   POST /api/command a PlayCommand as JSON (Content-Type: application/json, at most 4 KB);
//                     200 {ok:true}, 400 {ok:false,error} for a malformed request, 401 without
//                     the token where it is needed (or with a wrong one), 403 from another
//                     origin, 409 when the session refuses the command, 413 for a larger body,
//                     415 for another content type
//   GET  /game.pdn    the live scoresheet
//   GET  /sheet.html  the live scoresheet in the FMJD form, to print (host/archive/sheet.ts), its
//                     words in the server's `lang` or another with ?lang=xx (400 for one not known)
//   GET  /api/analysis, /analysis.pdn  the game's analysis by the engine, as it goes, and its PDN
//                     (analysisRoutes.ts); never while a game under the tournament policy is played
//   GET  /archive.html the club's archive (the `archive` option), read-only: its page and its API
//                     under /api/archive (archiveRoutes.ts)
// Anything else: 404; a known path with a wrong method: 405 with an Allow header. HEAD works
// wherever GET does (except the event stream).
//
// The server answers every bad request with a JSON error and never lets one take it down.
//
// Who may do what. Anyone who reaches the server may watch (the page, the view, the events,
// the PDN); controlling the game (POST /api/command) is for the people at the board.
// - Host: a request must name the server by an address of this computer, never a DNS name of
//   somewhere else; that is what a DNS-rebinding page on another site would send (421). On
//   loopback (the default): 127.x.x.x, localhost or [::1]; beyond it also any IP literal and
//   this computer's hostname (and hostname.local).
// - Origin: a command sent by a web page must come from this page's own origin (403); another
//   site's page, even without reading the answer, changes nothing. No Origin is a program, not
//   a browser. (Requiring application/json also means a cross-origin fetch needs a CORS
//   preflight, which this server never grants.)
// - Token: a random token is made at start. Beyond loopback every command must carry it as
//   `Authorization: Bearer <token>` (401 without it or with a wrong one); the page takes it from
//   its address, `/?token=...`, which dambord play prints for the people at the board, and a
//   page opened without it only watches. On loopback a command without a token is taken (the
//   computer's own user), one with a wrong token is not; `requireToken` asks for it there too.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlaySession, PlayView } from '../game/types.ts';
import type { Language } from '../words/catalogue.ts';
import { MAX_BODY_BYTES, attachment, controlGuard, fail, guardedServer, listen, send, serverUrls } from './http.ts';
import { serveCommand } from './command.ts';
import { ARCHIVE_PAGE, archiveMethods, serveArchive } from './archiveRoutes.ts';
import { ANALYSIS_METHODS, analysisRoutes, archiveAnalysisSlot } from './analysisRoutes.ts';
import type { AnalysisOptions } from './analysisRoutes.ts';
import { CSS, FAVICON, HTML, askedLanguage, modules, pageFiles } from './pageFiles.ts';
import { readPdn } from '../../rules/index.ts';
import { scoresheetHtml } from '../archive/sheet.ts';
import type { StaticFile } from './pageFiles.ts';

export { checkCommand } from './command.ts';
export type { CheckedCommand } from './command.ts';

export { MAX_BODY_BYTES, attachment };

/** Most event streams open at once, unless the options say otherwise. */
export const MAX_STREAMS = 64;

export interface WebServerOptions {
  /** TCP port; 0 (the default) picks any free port. */
  readonly port?: number;
  /**
   * Interface to listen on; `127.0.0.1` (the default) is this computer only. `0.0.0.0` reaches
   * the page from a phone on the same network: anyone on it can then watch, and only a request
   * with the token can control the game.
   */
  readonly host?: string;
  /** Every command needs the token, on loopback too (default: only when listening beyond loopback). */
  readonly requireToken?: boolean;
  /** Milliseconds between SSE heartbeat comments (default 15000). */
  readonly heartbeatMs?: number;
  /** Most event streams open at once (default {@link MAX_STREAMS}); one more is refused with 503. */
  readonly maxStreams?: number;
  /** Milliseconds an event stream may stay blocked (its client not reading) before it is dropped (default 30000). */
  readonly stallMs?: number;
  /** The language of the page's words (default 'en'): its HTML's `lang` and the catalogue it gets. */
  readonly lang?: Language;
  /** The folder of the club's archive that /archive.html shows (read-only); none: the page says there is none. */
  readonly archive?: string;
  /** How the game's analysis is run (analysisRoutes.ts): the engine, its time, the policy where the view names none. */
  readonly analysis?: AnalysisOptions;
}

export interface WebServer {
  /** `http://host:port/`. */
  readonly url: string;
  readonly port: number;
  /** The secret that gives control of the game, made at start. */
  readonly token: string;
  /** Whether a command needs the token (listening beyond loopback, or `requireToken`). */
  readonly tokenRequired: boolean;
  /**
   * The page with the token, `http://host:port/?token=...`: the address for the people at the
   * board. Listening on every interface (0.0.0.0, ::), one for each address of this computer.
   */
  readonly controlUrls: readonly string[];
  /** The event streams open now, and the bytes waiting in their buffers for their clients to read. */
  streams(): { readonly open: number; readonly bufferedBytes: number };
  /** Ends every event stream, stops listening and resolves when the server has closed. */
  close(): Promise<void>;
}

const STATIC: Readonly<Record<string, StaticFile>> = {
  '/': { file: 'index.html', type: HTML },
  '/index.html': { file: 'index.html', type: HTML },
  '/style.css': { file: 'style.css', type: CSS },
  '/theme.css': { file: 'theme.css', type: CSS },
  '/setup.css': { file: 'setup.css', type: CSS },
  '/computer.css': { file: 'computer.css', type: CSS },
  ...FAVICON,
  ...ARCHIVE_PAGE,
  // The page's ES modules (app.js and what it imports).
  ...modules(['app', 'setup', 'format', 'board', 'notices', 'prefs', 'live', 'html', 'pieces', 'playState', 'connection', 'hands', 'review', 'controls', 'render', 'boardView', 'moveList', 'panels', 'analysis', 'computer']),
};

/** The methods each known path but the page's answers. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  '/api/view': ['GET', 'HEAD'],
  '/api/access': ['GET', 'HEAD'],
  '/api/events': ['GET'],
  '/api/command': ['POST'],
  '/game.pdn': ['GET', 'HEAD'],
  '/sheet.html': ['GET', 'HEAD'],
  ...ANALYSIS_METHODS,
};

/** How long a closing server waits for its requests to end before it cuts them, in ms. */
const CLOSE_GRACE_MS = 1000;

/**
 * Serves the page of `session` and resolves once the server listens.
 *
 * @example
 * const web = await startWebServer(session, { port: 8080 });
 * console.log(`open ${web.url}`);
 * // ...
 * await web.close();
 */
export async function startWebServer(session: PlaySession, options: WebServerOptions = {}): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreams = options.maxStreams ?? MAX_STREAMS;
  const stallMs = options.stallMs ?? 30_000;
  const streams = new Set<ServerResponse>();
  const guard = controlGuard(host, options.requireToken === true, 'dambord play');
  const { token, tokenRequired } = guard;
  // Every stream gets the same text for a view: it is made once.
  let framed: { view: PlayView; text: string } | null = null;
  const frame = (view: PlayView): string => {
    if (framed?.view !== view) framed = { view, text: `event: view\ndata: ${JSON.stringify(view)}\n\n` };
    return framed.text;
  };

  const page = pageFiles(STATIC, options.lang ?? 'en');
  const allowed: Readonly<Record<string, readonly string[]>> = { ...Object.fromEntries(page.paths.map((p) => [p, ['GET', 'HEAD']])), ...ALLOWED };
  const analysis = analysisRoutes(session, options.analysis);
  const archiveAnalysis = archiveAnalysisSlot(options.analysis);
  const server = guardedServer(guard, (path) => allowed[path] ?? archiveMethods(path), handle);

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const file = await page.read(path, req.url);
    if (file) {
      send(res, file.status ?? 200, file.type, file.body, 'no-cache');
      return;
    }
    if (serveArchive(req, res, path, options.archive, options.lang ?? 'en', archiveAnalysis)) return;
    if (analysis.serve(req, res, path)) return;
    switch (path) {
      case '/api/view':
        send(res, 200, 'application/json; charset=utf-8', JSON.stringify(session.view()), 'no-store');
        return;
      case '/api/access':
        send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ ok: true, control: guard.mayControl(req) === null, tokenRequired }), 'no-store');
        return;
      case '/game.pdn': {
        // A download named for the game: its date and players (the view's pdnName).
        const view = session.view();
        res.setHeader('Content-Disposition', attachment(view.pdnName || 'game.pdn'));
        send(res, 200, 'application/x-draughts-pdn; charset=utf-8', view.pdn, 'no-store');
        return;
      }
      case '/sheet.html': {
        const asked = askedLanguage(req.url ?? path, options.lang ?? 'en');
        if (!asked.ok) return fail(res, 400, asked.error);
        send(res, 200, HTML, scoresheetHtml(readPdn(session.view().pdn).games[0], asked.lang), 'no-store');
        return;
      }
      case '/api/events':
        openStream(req, res);
        return;
      case '/api/command':
        await serveCommand(req, res, guard, { what: 'this game', session });
        return;
    }
  }

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    if (streams.size >= maxStreams) {
      res.setHeader('Retry-After', '10');
      res.setHeader('Connection', 'close');
      fail(res, 503, `too many pages are watching this game (at most ${maxStreams}); try again later`);
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
      // Proxies (nginx) must not buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    streams.add(res);
    // A client that does not read: once its buffer is full nothing more is queued for it. Each
    // view replaces the one before, so when it drains it gets only the latest; one that stays
    // blocked for stallMs is dropped.
    let blocked: NodeJS.Timeout | null = null;
    let behind: PlayView | null = null;
    const write = (text: string): void => {
      if (res.writableEnded || res.destroyed || res.write(text)) return;
      blocked ??= setTimeout(() => res.destroy(), stallMs);
    };
    const push = (view: PlayView): void => {
      if (blocked) behind = view;
      else write(frame(view));
    };
    res.on('drain', () => {
      if (blocked) clearTimeout(blocked);
      blocked = null;
      const latest = behind;
      behind = null;
      if (latest) push(latest);
    });
    write('retry: 2000\n\n');
    const unsubscribe = session.subscribe(push);
    const heartbeat = setInterval(() => {
      if (!blocked) write(': heartbeat\n\n');
    }, heartbeatMs);
    let done = false;
    const cleanUp = (): void => {
      if (done) return;
      done = true;
      clearInterval(heartbeat);
      if (blocked) clearTimeout(blocked);
      unsubscribe();
      streams.delete(res);
    };
    req.on('close', cleanUp);
    res.on('close', cleanUp);
    res.on('error', cleanUp);
    try {
      push(session.view());
    } catch (e) {
      write(`event: error\ndata: ${JSON.stringify(e instanceof Error ? e.message : String(e))}\n\n`);
    }
  }

  const port = await listen(server, options.port ?? 0, host);
  const urls = serverUrls(host, port);

  let closing: Promise<void> | null = null;
  return {
    url: urls.url,
    port,
    token,
    tokenRequired,
    controlUrls: urls.all.map((u) => `${u}?token=${token}`),
    streams: () => ({ open: streams.size, bufferedBytes: [...streams].reduce((sum, res) => sum + res.writableLength, 0) }),
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        analysis.close();
        archiveAnalysis.clear();
        // A stream whose client does not read would never finish: it is cut.
        for (const res of streams) {
          if (res.writableLength > 0) res.destroy();
          else res.end();
        }
        streams.clear();
        server.close(() => resolve());
        server.closeIdleConnections();
        // A page's EventSource asks again at once on a kept-alive socket, which would keep the
        // server open for ever: whatever is still open after a second is cut.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
      return closing;
    },
  };
}
