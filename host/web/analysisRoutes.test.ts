// The game's analysis on the play server (issue 31 item 7): a real finished game (game 21 of
// the lidraughts sample, host/web/testing/analysedGame.ts) analysed by the built-in engine, the
// move that loses a man marked; nothing of the engine during a game under the tournament policy;
// the analysis stopped when its page goes or a new game begins; its PDN to download. The same
// game filed in the archive, analysed from the archive's page (`dambord archive serve`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importPdn } from '../archive/import.ts';
import { startArchiveServer } from './archiveServer.ts';
import { readPdn } from '../../rules/index.ts';
import type { PlayCommand, PlaySession, PlayView } from '../game/types.ts';
import { openBuiltinEngine } from '../engine/builtin.ts';
import type { Engine } from '../engine/engine.ts';
import { startWebServer } from './server.ts';
import type { WebServer } from './server.ts';
import { GAME_PDN, LOSING_PLY, finishedView } from './testing/analysedGame.ts';
import { startView } from './testing/playView.ts';

/** A session whose view the test sets; its listeners told of each change. */
function fakeSession(first: PlayView): PlaySession & { set(v: PlayView): void } {
  let current = first;
  const listeners = new Set<(v: PlayView) => void>();
  return {
    view: () => current,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    command: async (_c: PlayCommand) => ({ ok: true }),
    set(v) {
      current = v;
      for (const l of listeners) l(v);
    },
  };
}

/** The events of a server-sent stream's text, in order: [event, data]. */
function events(text: string): [string, unknown][] {
  return text.split('\n\n').flatMap((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    return event && data ? [[event, JSON.parse(data)] as [string, unknown]] : [];
  });
}

let web: WebServer | null = null;
afterEach(async () => {
  await web?.close();
  web = null;
});

describe('GET /api/analysis', () => {
  it('analyses a finished real game move by move: 9... h4-g3, which loses a man to 10. f2xh4, is marked, and the PDN with the analysis downloads', async () => {
    web = await startWebServer(fakeSession(finishedView('tournament')), { analysis: { limits: { depth: 6 } } });
    const res = await fetch(`${web.url}api/analysis`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const got = events(await res.text());
    expect(got[0]).toEqual(['start', { total: 31, engine: expect.stringMatching(/^dambord .* level 10$/) }]);
    const plies = got.filter(([e]) => e === 'ply').map(([, d]) => d as { ply: number; move: string; mark: string | null; better: string | null; before: unknown; after: unknown });
    expect(plies.map((p) => p.ply)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    const losing = plies[LOSING_PLY - 1];
    // h4 is 13 and g3 is 9 on the English board (the Standard Laws' numbering, from Black's side).
    expect(losing.move).toBe('13-9');
    expect(losing.mark).toMatch(/^\?\??$/);
    expect(losing.better).not.toBeNull();
    expect(typeof losing.before === 'number' && typeof losing.after === 'number' && losing.before - losing.after).toBeGreaterThanOrEqual(0.5);
    expect(got.at(-1)?.[0]).toBe('done');

    const pdn = await fetch(`${web.url}analysis.pdn`);
    expect(pdn.status).toBe(200);
    expect(pdn.headers.get('content-disposition')).toMatch(/^attachment; filename="2024.11.11 CricketForJapan - PS-Greedy-Two-Move analysed.pdn"/);
    const back = readPdn(await pdn.text()).games[0];
    expect(back.error).toBeNull();
    expect(back.tags.find((t) => t.name === 'Annotator')?.value).toMatch(/^dambord .* level 10$/);
    const line = back.line.flatMap((i) => (i.kind === 'ply' ? [i] : []));
    expect(line[LOSING_PLY - 1].nags).toEqual([losing.mark]);
    expect(line[LOSING_PLY - 1].comments.at(-1)).toMatch(/ -> .*; .* was better$/);
  }, 60_000);

  it('shows nothing of the engine while a game under the tournament policy is played (403), and is there once it is over', async () => {
    const session = fakeSession({ ...finishedView('tournament'), result: null });
    web = await startWebServer(session, { analysis: { limits: { depth: 1 } } });
    for (const path of ['api/analysis', 'analysis.pdn']) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/tournament policy/);
    }
    // A view without settings is taken as the tournament policy too.
    session.set({ ...startView(), pdn: finishedView('tournament').pdn });
    expect((await fetch(`${web.url}api/analysis`)).status).toBe(403);
    // Casual: the game so far, while it is played.
    session.set({ ...finishedView('casual'), result: null });
    expect((await fetch(`${web.url}api/analysis`)).status).toBe(200);
  }, 60_000);

  it('404 for the PDN before an analysis of this game is done', async () => {
    web = await startWebServer(fakeSession(finishedView('casual')));
    expect((await fetch(`${web.url}analysis.pdn`)).status).toBe(404);
  });

  it('stops (the engine closed) when a new game begins, and when its page goes', async () => {
    // The engines opened, and those closed (each may be told more than once).
    let opened = 0;
    const closedOnes = new Set<number>();
    const closed = () => closedOnes.size;
    const open = (): Engine => {
      const e = openBuiltinEngine({ level: 10 });
      const id = opened++;
      return { name: e.name, think: (g, l, o) => e.think(g, l, o), close: async () => (closedOnes.add(id), e.close()) };
    };
    const session = fakeSession(finishedView('casual'));
    web = await startWebServer(session, { analysis: { limits: { moveTimeMs: 2000 }, openEngine: open } });
    const res = await fetch(`${web.url}api/analysis`);
    const reader = res.body!.getReader();
    await reader.read();
    session.set({ ...startView(), settings: { current: { policy: 'casual' }, next: null, fixed: false } });
    let text = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    expect(events(text).at(-1)).toEqual(['cancelled', {}]);
    expect(closed()).toBe(1);

    // The page goes: its stream closed, the analysis stops.
    session.set(finishedView('casual'));
    const stop = new AbortController();
    const second = await fetch(`${web.url}api/analysis`, { signal: stop.signal });
    expect(second.status).toBe(200);
    stop.abort();
    await expect.poll(closed, { timeout: 5000 }).toBe(2);
    expect(opened).toBe(2);
  }, 60_000);
});

describe('GET /api/archive/<id>/analysis', () => {
  it('analyses a filed game as the play page does, and gives its PDN with the analysis once done', async () => {
    const work = mkdtempSync(join(tmpdir(), 'dambord-archive-analysis-'));
    try {
      writeFileSync(join(work, 'game.pdn'), GAME_PDN);
      importPdn(join(work, 'archive'), [join(work, 'game.pdn')]);
      const server = await startArchiveServer({ archive: join(work, 'archive'), analysis: { limits: { depth: 6 } } });
      try {
        const { games } = (await (await fetch(`${server.url}api/archive`)).json()) as { games: { id: string }[] };
        const id = games[0].id;
        expect((await fetch(`${server.url}api/archive/${id}/analysis.pdn`)).status).toBe(404);
        const got = events(await (await fetch(`${server.url}api/archive/${id}/analysis`)).text());
        const plies = got.filter(([e]) => e === 'ply').map(([, d]) => d as { move: string; mark: string | null });
        expect(plies).toHaveLength(31);
        expect(plies[LOSING_PLY - 1]).toMatchObject({ move: '13-9', mark: expect.stringMatching(/^\?\??$/) });
        expect(got.at(-1)?.[0]).toBe('done');
        const pdn = await fetch(`${server.url}api/archive/${id}/analysis.pdn`);
        expect(pdn.status).toBe(200);
        expect(pdn.headers.get('content-disposition')).toMatch(/^attachment; filename=".* analysed\.pdn"/);
        const line = readPdn(await pdn.text()).games[0].line.flatMap((i) => (i.kind === 'ply' ? [i] : []));
        expect(line[LOSING_PLY - 1].nags).toEqual([plies[LOSING_PLY - 1].mark]);
        // Only GET for the events.
        expect((await fetch(`${server.url}api/archive/${id}/analysis`, { method: 'HEAD' })).status).toBe(405);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
