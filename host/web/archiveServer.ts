// `dambord archive serve`: the club's archive on a page of its own, read-only. A small HTTP
// server (node:http only) with the archive's page and API (archiveRoutes.ts): `/` and
// /archive.html the page, its modules, /words.json and /messages.json (pageFiles.ts), and
// /api/archive (a game's analysis by the engine too). Only GET and HEAD; a request must name the server by an address of this
// computer (http.ts, against DNS rebinding). Nothing on it changes the archive.

import type { Language } from '../words/catalogue.ts';
import { ARCHIVE_PAGE, archiveMethods, serveArchive } from './archiveRoutes.ts';
import { archiveAnalysisSlot } from './analysisRoutes.ts';
import type { AnalysisOptions } from './analysisRoutes.ts';
import { controlGuard, guardedServer, listen, send, serverUrls } from './http.ts';
import { FAVICON, HTML, pageFiles } from './pageFiles.ts';

export interface ArchiveServerOptions {
  /** The archive's folder. */
  readonly archive: string;
  /** TCP port; 0 (the default) picks any free port. */
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1: this computer only; 0.0.0.0 for the club's network). */
  readonly host?: string;
  /** The page's language (default 'en'); a viewer may choose another on the page. */
  readonly lang?: Language;
  /** How a game's analysis is run (analysisRoutes.ts): the engine and its time a position. */
  readonly analysis?: Pick<AnalysisOptions, 'limits' | 'openEngine'>;
}

export interface ArchiveServer {
  /** `http://host:port/`. */
  readonly url: string;
  readonly port: number;
  /** The page's addresses: on every interface (0.0.0.0, ::), one for each address of this computer. */
  readonly urls: readonly string[];
  /** Stops listening; resolves once closed. */
  close(): Promise<void>;
}

/**
 * Serves the archive in `options.archive` and resolves once the server listens.
 *
 * @example const web = await startArchiveServer({ archive: 'archive', port: 8080 }); // open web.url
 */
export async function startArchiveServer(options: ArchiveServerOptions): Promise<ArchiveServer> {
  const host = options.host ?? '127.0.0.1';
  const lang = options.lang ?? 'en';
  const page = pageFiles({ '/': { file: 'archive.html', type: HTML }, ...ARCHIVE_PAGE, ...FAVICON }, lang);
  const read = new Set(page.paths);
  const analysis = archiveAnalysisSlot(options.analysis);
  const server = guardedServer(controlGuard(host, false, 'dambord archive serve'), (path) => (read.has(path) ? ['GET', 'HEAD'] : archiveMethods(path)), async (req, res, path) => {
    const file = await page.read(path, req.url);
    if (file) send(res, file.status ?? 200, file.type, file.body, 'no-cache');
    else serveArchive(req, res, path, options.archive, lang, analysis);
  });
  const port = await listen(server, options.port ?? 0, host);
  const urls = serverUrls(host, port);
  return {
    url: urls.url,
    port,
    urls: urls.all,
    close: () =>
      new Promise<void>((resolve) => {
        analysis.clear();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
