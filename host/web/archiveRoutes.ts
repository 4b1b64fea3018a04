// The club's archive on the page (read-only), served by the play page's server (server.ts) and by
// `dambord archive serve` (archiveServer.ts):
//
//   GET /archive.html                   the archive's page (static/archive.html, archive.js, archive.css)
//   GET /api/archive?player=&event=&from=&to=
//                                       the games a search finds (host/archive/search.ts), newest first, as
//                                       {ok, total, games: [{id, date, event, round, board, white,
//                                       black, result, variant}]}, at most MOST_LISTED of them;
//                                       400 for a date that is not one; 404 for a folder that
//                                       holds no archive yet (NO_ARCHIVE_YET)
//   GET /api/archive/<id>               one game to step through: its facts, the board's squares,
//                                       the start and the board after each move (ArchiveGameView)
//   GET /api/archive/<id>.pdn           its PDN, to download (named by host/game/view.ts pdnName)
//   GET /api/archive/<id>/sheet.html    its scoresheet to print (host/archive/sheet.ts), in the
//                                       server's language or another with ?lang=xx
//   GET /api/archive/<id>/analysis      its analysis by the engine as it goes, server-sent events as
//                                       the play page's /api/analysis (analysisRoutes.ts); GET
//                                       /api/archive/<id>/analysis.pdn the PDN with it once done
//                                       (404 before), named as the game's with ` analysed`
//
// An id is 12 hex digits (host/archive/identity.ts gameId); anything else is 404. The index is
// read on every request (store.ts loadIndex, its entries checked): for a club's archive of 2,000
// games 15 to 30 ms and a search 3 to 8 ms more (measured on a shared 2-core machine), and the
// page always shows what the archive holds now, a game imported meanwhile too;
// a game's file is read through readArchivedGame (its players as the archive shows them), which reads only files inside the archive.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readPdn, squareName } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import { scoresheetHtml } from '../archive/sheet.ts';
import { boardOf } from '../archive/entry.ts';
import { searchDate, searchGames } from '../archive/search.ts';
import type { GameSearch } from '../archive/search.ts';
import { loadIndex, noArchive, readArchivedGame } from '../archive/store.ts';
import type { ArchivedGame } from '../archive/entry.ts';
import { boardText, pdnName } from '../game/view.ts';
import type { Language } from '../words/catalogue.ts';
import { attachment, fail, send } from './http.ts';
import { CSS, HTML, askedLanguage, modules } from './pageFiles.ts';
import { gameToAnalyse } from './analysisJob.ts';
import type { AnalysisSlot } from './analysisSlot.ts';
import type { StaticFile } from './pageFiles.ts';

/** The archive page's files, for a server's static files. */
export const ARCHIVE_PAGE: Readonly<Record<string, StaticFile>> = {
  '/archive.html': { file: 'archive.html', type: HTML },
  '/archive.css': { file: 'archive.css', type: CSS },
  '/analysis.css': { file: 'analysis.css', type: CSS },
  '/theme.css': { file: 'theme.css', type: CSS },
  '/watch.css': { file: 'watch.css', type: CSS },
  ...modules(['archive', 'archiveGame', 'analysis', 'watchDraw', 'format', 'html', 'pieces']),
};

/** Most games a search lists; `total` says how many it found. */
export const MOST_LISTED = 500;

/** A game of the archive in a search's list. */
export interface ArchiveListed {
  readonly id: string;
  readonly date: string;
  readonly event: string;
  readonly round: string;
  /** The board it was played on, when known (`dambord event`'s games). */
  readonly board: number | null;
  readonly white: string;
  readonly black: string;
  readonly result: string;
  readonly variant: string;
}

/** A game to step through on the page: its facts, its board, its moves with the board after each. */
export interface ArchiveGameView extends ArchiveListed {
  readonly site: string;
  /** Squares a side, and each playing square's name and place (row 0 at the top, Black's side). */
  readonly size: number;
  readonly squares: readonly { readonly name: string; readonly row: number; readonly col: number }[];
  /** The board before the first move and after each, one character a square: `w` `W` `b` `B` `.`. */
  readonly startBoard: string;
  readonly moves: readonly { readonly ply: number; readonly side: 'white' | 'black'; readonly text: string; readonly board: string; readonly squares: readonly string[]; readonly captured: readonly string[] }[];
  /** The name its PDN downloads as. */
  readonly pdnName: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GAME_PATH = /^\/api\/archive\/([0-9a-f]{12})(\.pdn|\/sheet\.html|\/analysis|\/analysis\.pdn)?$/;

/** The methods a path of the archive's API answers (GET and HEAD), null for a path it does not have. */
export function archiveMethods(path: string): readonly string[] | null {
  if (path.endsWith('/analysis') && GAME_PATH.test(path)) return ['GET'];
  return path === '/api/archive' || GAME_PATH.test(path) ? ['GET', 'HEAD'] : null;
}

/** The API's error for a folder that holds no archive (yet): no index.json. */
export const NO_ARCHIVE_YET = 'the folder holds no archive yet';

/**
 * Answers a request to the archive's API of the archive in `dir` (undefined: the server keeps
 * none, 404), the sheet in `lang` unless the request asks for another; a game's analysis in
 * `analysis` (none: 404). False for a path that is not the API's.
 */
export function serveArchive(req: IncomingMessage, res: ServerResponse, path: string, dir: string | undefined, lang: Language, analysis?: AnalysisSlot): boolean {
  const game = GAME_PATH.exec(path);
  if (path !== '/api/archive' && !game) return false;
  if (dir === undefined) {
    fail(res, 404, 'this server keeps no archive');
    return true;
  }
  // A folder with no index.json (an archive not made yet, or moved away while served): said, not
  // an empty list (static/archive.js says it in the viewer's language, by these words).
  if (noArchive(dir) !== undefined) return (fail(res, 404, NO_ARCHIVE_YET), true);
  const index = loadIndex(dir).index;
  if (!game) {
    const search = searchOf(new URL(req.url ?? path, 'http://localhost').searchParams);
    if (!search.ok) return (fail(res, 400, search.error), true);
    const found = searchGames(index, search.search).reverse();
    send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, total: found.length, games: found.slice(0, MOST_LISTED).map(listed) }), 'no-store');
    return true;
  }
  const [, id, kind] = game;
  const entry = index.games.find((g) => g.id === id);
  if (!entry) return (fail(res, 404, `no game in the archive has the id ${id}`), true);
  const text = readArchivedGame(dir, entry);
  if (kind === '.pdn') {
    res.setHeader('Content-Disposition', attachment(pdnName(entry.date, entry, lang)));
    send(res, 200, 'application/x-draughts-pdn; charset=utf-8', text, 'no-store');
    return true;
  }
  const pdn = readPdn(text).games[0];
  if (!pdn) return (fail(res, 500, `the archive's file of game ${id} holds no game`), true);
  if (kind === '/analysis' || kind === '/analysis.pdn') return (serveAnalysis(res, kind, text, entry, lang, analysis), true);
  if (kind === '/sheet.html') {
    const asked = askedLanguage(req.url ?? path, lang);
    if (!asked.ok) return (fail(res, 400, asked.error), true);
    send(res, 200, HTML, scoresheetHtml(pdn, asked.lang), 'no-store');
    return true;
  }
  send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, game: gameView(entry, pdn, lang) }), 'no-store');
  return true;
}

/** A filed game's analysis (its events), or its PDN with the analysis once done. */
function serveAnalysis(res: ServerResponse, kind: string, text: string, entry: ArchivedGame, lang: Language, analysis: AnalysisSlot | undefined): void {
  if (!analysis) return fail(res, 404, 'this server analyses no games');
  const game = gameToAnalyse(text);
  if (!game.ok) return fail(res, 409, game.error);
  if (kind === '/analysis') return analysis.stream(res, analysis.start(entry.id, game.game, game.moves));
  const analysed = analysis.pdn(entry.id);
  if (analysed === null) return fail(res, 404, `no analysis of game ${entry.id} yet: ask for it first (GET /api/archive/${entry.id}/analysis)`);
  res.setHeader('Content-Disposition', attachment(pdnName(entry.date, entry, lang).replace(/\.pdn$/, ' analysed.pdn')));
  send(res, 200, 'application/x-draughts-pdn; charset=utf-8', analysed, 'no-store');
}

/** The search a request's query asks for (`player`, `event`, `from`, `to`; empty ones left out), or why its dates cannot be read. */
function searchOf(q: URLSearchParams): { ok: true; search: GameSearch } | { ok: false; error: string } {
  const search: { -readonly [K in keyof GameSearch]: GameSearch[K] } = {};
  const player = q.get('player')?.trim();
  const event = q.get('event')?.trim();
  if (player) search.player = player.slice(0, 200);
  if (event) search.event = event.slice(0, 200);
  for (const side of ['from', 'to'] as const) {
    const text = q.get(side)?.trim();
    if (!text) continue;
    const date = searchDate(text);
    if (!date.ok) return { ok: false, error: `${side}: ${date.error}` };
    search[side] = date.date;
  }
  return { ok: true, search };
}

function listed(g: ArchivedGame): ArchiveListed {
  return { id: g.id, date: g.date, event: g.event, round: g.round, board: boardOf(g.file) ?? null, white: g.white, black: g.black, result: g.result, variant: g.variant };
}

/** The game `entry` of the archive, read from its file as `pdn`, to step through. */
function gameView(entry: ArchivedGame, pdn: PdnGame, lang: Language): ArchiveGameView {
  const v = pdn.variant;
  const g = v.geometry;
  const names = (squares: readonly number[]) => squares.map((sq) => squareName(v, sq));
  const site = pdn.tags.find((t) => t.name.toLowerCase() === 'site')?.value.trim() ?? '';
  const moves: ArchiveGameView['moves'][number][] = [];
  for (const item of pdn.line) {
    if (item.kind !== 'ply') continue;
    const m = item.move;
    moves.push({ ply: moves.length + 1, side: item.before.turn, text: item.text, board: boardText(item.after), squares: names([m.from, ...m.path]), captured: names(m.captured) });
  }
  return {
    ...listed(entry),
    site: /^[?-]*$/.test(site) ? '' : site,
    size: g.size,
    squares: Array.from({ length: g.squares }, (_, i) => ({ name: squareName(v, i), row: g.row[i], col: g.col[i] })),
    startBoard: boardText(pdn.start),
    moves,
    pdnName: pdnName(entry.date, entry, lang),
  };
}
