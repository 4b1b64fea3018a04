// Issue 29, finding 2: the club's archive served read-only, by the play page's server (its
// `archive` option) and by `dambord archive serve`, from real games (the NK 2009's rounds 1 and
// 2, test/fixtures/oracles/games, imported by importPdn): the search under /api/archive, a game
// by its id (12 hex digits, nothing else), its PDN and its sheet; the play page links to it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importPdn } from '../archive/import.ts';
import { readIndex, writeIndex } from '../archive/store.ts';
import type { PlaySession, PlayView } from '../game/types.ts';
import { startArchiveServer } from './archiveServer.ts';
import type { ArchiveGameView, ArchiveListed } from './archiveRoutes.ts';
import { startWebServer } from './server.ts';
import { startView } from './testing/playView.ts';

const games = fileURLToPath(new URL('../../test/fixtures/oracles/games/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-routes-'));
const archive = path.join(work, 'archive');
importPdn(archive, [path.join(games, 'nk ronde 01.pdn'), path.join(games, 'nk ronde 02.pdn')]);
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  rmSync(work, { recursive: true, force: true });
});

/** A session that only shows the start of a game: the play page's server needs one. */
const session: PlaySession = {
  view: (): PlayView => startView(),
  subscribe: () => () => {},
  command: async () => ({ ok: true }),
};

async function playServer(dir: string | undefined): Promise<string> {
  const web = await startWebServer(session, { port: 0, ...(dir === undefined ? {} : { archive: dir }) });
  closing.push(() => web.close());
  return web.url;
}

const json = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string; total?: number; games?: ArchiveListed[]; game?: ArchiveGameView } };
};

describe('the archive on the play page\'s server (its archive option)', () => {
  it('serves /archive.html, and the play page links to it', async () => {
    const url = await playServer(archive);
    const page = await fetch(new URL('/archive.html', url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form id="search"');
    expect(await (await fetch(url)).text()).toMatch(/<a href="\/archive\.html"[^>]*>Past games \(the archive\)<\/a>/);
    for (const file of ['/archive.js', '/archiveGame.js', '/watchDraw.js', '/archive.css', '/watch.css']) expect((await fetch(new URL(file, url))).status, file).toBe(200);
  });

  it('searches as archive list does, newest first; "derkx b" finds Derkx,B. in both rounds', async () => {
    const url = await playServer(archive);
    const r = await json(new URL('/api/archive?player=derkx+b', url).href);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.games!.map((g) => [g.date, g.white, g.black, g.result, g.board])).toEqual([
      ['2009.04.09', 'Derkx, B.', 'Zweerink, J.', '0-2', null],
      ['2009.04.08', 'Derkx, B.', 'Meijer, Hein', '2-0', null],
    ]);
    expect((await json(new URL('/api/archive?event=nk&from=2009-04-08&to=2009.04.08', url).href)).body.total).toBe(7);
    expect(await json(new URL('/api/archive?to=2009.04.31', url).href)).toEqual({ status: 400, body: { ok: false, error: 'to: "2009.04.31" is not a date: write it YYYY.MM.DD, as 2009.04.08' } });
  });

  it('a game by its id: its moves with the board after each, its PDN named for it, its sheet in the language asked', async () => {
    const url = await playServer(archive);
    const id = (await json(new URL('/api/archive?player=meijer&to=2009.04.08', url).href)).body.games![0].id;
    const g = (await json(new URL(`/api/archive/${id}`, url).href)).body.game!;
    // 1. 34-29 17-22 as the NK's file writes them: 34 emptied, 29 taken (international, 50 squares).
    expect(g.moves.slice(0, 2).map((m) => [m.side, m.text, m.squares])).toEqual([['white', '34-29', ['34', '29']], ['black', '17-22', ['17', '22']]]);
    expect(g.moves).toHaveLength(117);
    expect([g.startBoard[33], g.moves[0].board[33], g.moves[0].board[28]]).toEqual(['w', '.', 'w']);
    const pdn = await fetch(new URL(`/api/archive/${id}.pdn`, url));
    expect(pdn.headers.get('content-disposition')).toBe(`attachment; filename="2009.04.08 Derkx, B. - Meijer, Hein.pdn"; filename*=UTF-8''2009.04.08%20Derkx%2C%20B.%20-%20Meijer%2C%20Hein.pdn`);
    expect(await pdn.text()).toContain('[White "Derkx, B."]');
    const sheet = await fetch(new URL(`/api/archive/${id}/sheet.html?lang=nl`, url));
    expect(await sheet.text()).toContain('<html lang="nl">');
    expect((await fetch(new URL(`/api/archive/${id}/sheet.html?lang=xx`, url))).status).toBe(400);
  });

  it.each([
    ['/api/archive/000000000000', 404, 'no game in the archive has the id 000000000000'],
    ['/api/archive/bdb9', 404, 'no such page: /api/archive/bdb9'],
    ['/api/archive/BDB9BFEDE147', 404, 'no such page: /api/archive/BDB9BFEDE147'],
    ['/api/archive/..%2F..%2Findex.json', 404, 'no such page: /api/archive/..%2F..%2Findex.json'],
  ])('%s is %i', async (target, status, error) => {
    const url = await playServer(archive);
    expect(await json(new URL(target, url).href)).toEqual({ status, body: { ok: false, error } });
  });

  it('an index entry whose file leaves the archive is never read (store.ts checks it)', async () => {
    const own = path.join(work, 'tampered');
    importPdn(own, [path.join(games, 'nk ronde 01.pdn')]);
    const index = readIndex(own);
    const secret = path.join(work, 'secret.pdn');
    writeFileSync(secret, '[Event "secret"]\n1. 32-28 *\n');
    writeIndex(own, { ...index, games: index.games.map((g, i) => (i === 0 ? { ...g, file: '../secret.pdn' } : g)) });
    const url = await playServer(own);
    const r = await fetch(new URL(`/api/archive/${index.games[0].id}.pdn`, url));
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('secret');
  });

  it('without an archive the page is there and the API says there is none; POST is refused', async () => {
    const url = await playServer(undefined);
    expect((await fetch(new URL('/archive.html', url))).status).toBe(200);
    expect(await json(new URL('/api/archive', url).href)).toEqual({ status: 404, body: { ok: false, error: 'this server keeps no archive' } });
    expect((await fetch(new URL('/api/archive', url), { method: 'POST' })).status).toBe(405);
  });

  it('a folder that holds no archive yet (no index.json) is said, not listed as empty: the search and a game alike', async () => {
    const none = path.join(work, 'no-index-yet');
    mkdirSync(none, { recursive: true });
    const url = await playServer(none);
    const body = { ok: false, error: 'the folder holds no archive yet' };
    expect(await json(new URL('/api/archive', url).href)).toEqual({ status: 404, body });
    expect(await json(new URL('/api/archive/0123456789ab', url).href)).toEqual({ status: 404, body });
  });
});

describe('dambord archive serve\'s server', () => {
  it('serves the archive page at / and its API, and nothing that writes', async () => {
    const server = await startArchiveServer({ archive });
    closing.push(() => server.close());
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const page = await (await fetch(server.url)).text();
    expect(page).toContain('<form id="search"');
    expect((await json(new URL('/api/archive?player=Heusdens', server.url).href)).body.total).toBe(2);
    for (const target of ['/api/command', '/api/view', '/game.pdn']) expect((await fetch(new URL(target, server.url))).status, target).toBe(404);
    expect((await fetch(new URL('/api/archive', server.url), { method: 'DELETE' })).status).toBe(405);
  });
});
