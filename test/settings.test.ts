// "Settings entered once" (issue 28): `dambord play` as a real process on the simulated board,
// its club defaults from --config; the page sets the players' names, Event, Site, Round, time
// control, policy and language before the first move (the game is set up again, on a journal of
// its own), and, once a move is made, for the next game. Every value is checked as the options
// are (the page is a network input).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, hands, play, stop, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-settings-'));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** POSTs a command; its status and answer. */
async function post(url: string, body: unknown): Promise<{ status: number; answer: { ok?: boolean; error?: string } }> {
  const r = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, answer: (await r.json()) as { ok?: boolean; error?: string } };
}

describe('dambord play: the settings of a game, set on the page', () => {
  it('sets this game before its first move, the next one after, and refuses what the options refuse', async () => {
    const club = join(work, 'club.toml');
    writeFileSync(club, 'event = "Club night"\nsite = "Utrecht NED"\n\n[play]\npolicy = "casual"\n');
    let url: string;
    let out: () => string;
    ({ child, url, out } = await play(work, ['--config', club]));
    await waitFor('the game to start', async () => (await view(url)).guidance === null && (await view(url)).link.state === 'connected');
    // The club's file gave the game its Event, Site and policy.
    expect((await view(url)).settings).toEqual({ current: { event: 'Club night', site: 'Utrecht NED', policy: 'casual', lang: 'en' }, next: null, fixed: false });

    // Hostile or mistaken values are refused as the options refuse them, and change nothing.
    for (const [settings, said] of [
      [{ white: 'Anna\nBert' }, /control character/],
      [{ white: 'A'.repeat(101) }, /more than 100 characters/],
      [{ policy: 'friendly' }, /unknown policy "friendly"/],
      [{ 'time-control': 'ninety minutes' }, /not one PDN knows/],
      [{ lang: 'xx' }, /no language "xx"/],
      [{ colour: 'white' }, /no setting "colour"/],
      [{ white: 7 }, /"white" must be a string/],
    ] as const) {
      const r = await post(url, { type: 'settings', settings });
      expect(r.status).toBe(400);
      expect(r.answer.error).toMatch(said);
    }
    // Laws 24, 25: the time per move of the Standard Laws is English draughts' only; this game is
    // international, so the request is a bad one (400), as --time-control laws is.
    const laws = await post(url, { type: 'settings', settings: { 'time-control': 'laws' } });
    expect(laws.status).toBe(400);
    expect(laws.answer.error).toMatch(/played in the english variant only, not in international/);

    // Before the first move: this game takes them.
    const first = { white: 'Anna', black: 'Bert', event: 'Club night', site: 'Utrecht NED', round: '3', 'time-control': '5400+30', policy: 'tournament', lang: 'nl' };
    await command(url, { type: 'settings', settings: first });
    let v = await view(url);
    expect(v.players).toEqual({ white: 'Anna', black: 'Bert' });
    expect(v.settings).toEqual({ current: first, next: null, fixed: false });
    expect(v.clock?.control).toBe('5400+30');
    expect(v.log.join('\n')).toMatch(/voor de eerste zet opnieuw ingesteld: Anna speelt met wit, Bert met zwart/);

    // FMJD 3.1: White moves first; once a move is made this game's settings are fixed.
    await hands(url, 'l:32 p:28');
    await waitFor('32-28', async () => (await view(url)).moves.length === 1);
    const second = { white: 'Bert', black: 'Carla', event: 'Club night', site: 'Utrecht NED', round: '4', policy: 'casual', lang: 'en' };
    await command(url, { type: 'settings', settings: second });
    v = await view(url);
    expect(v.players).toEqual({ white: 'Anna', black: 'Bert' });
    expect(v.settings).toEqual({ current: first, next: second, fixed: true });

    await command(url, { type: 'resign', color: 'black' });
    await waitFor('the result', async () => (await view(url)).result !== null);
    await command(url, { type: 'new-game' });
    v = await view(url);
    expect(v.players).toEqual({ white: 'Bert', black: 'Carla' });
    expect(v.settings).toEqual({ current: second, next: null, fixed: false });
    expect(v.clock).toBeNull();
    await hands(url, 'l:28 p:32');
    await waitFor('the second game to start', async () => (await view(url)).guidance === null);
    await hands(url, 'l:31 p:27');
    await waitFor('31-27', async () => (await view(url)).moves.length === 1);
    await stop(child);

    // Two games kept: the journal of the game before it was set is gone.
    const games = join(work, 'games');
    const pdns = readdirSync(games).filter((f) => f.endsWith('.pdn')).sort();
    // The terminal named each game's files as it started: the first, the one set again, the next.
    const named = [...out().matchAll(/journal (\S+\.journal), scoresheet (\S+\.pdn)/g)].map((m) => basename(m[2]));
    expect(named).toHaveLength(3);
    expect(named.slice(1)).toEqual(pdns);
    expect(readdirSync(games).filter((f) => f.endsWith('.journal'))).toHaveLength(2);
    expect(pdns).toHaveLength(2);
    const [one, two] = pdns.map((f) => readFileSync(join(games, f), 'utf8'));
    for (const tag of ['Event "Club night"', 'Site "Utrecht NED"', 'Round "3"', 'White "Anna"', 'Black "Bert"', 'TimeControl "5400+30"']) expect(one).toContain(`[${tag}]`);
    for (const tag of ['Round "4"', 'White "Bert"', 'Black "Carla"']) expect(two).toContain(`[${tag}]`);
    expect(two).not.toContain('TimeControl');
    // The journal's header keeps them, for a resume.
    const header = JSON.parse(readFileSync(join(games, pdns[0].replace(/\.pdn$/, '.journal')), 'utf8').split('\n')[0]) as { policy: string; lang: string; tags: { name: string; value: string }[] };
    expect(header).toMatchObject({ policy: 'tournament', lang: 'nl' });
    expect(header.tags).toEqual(expect.arrayContaining([{ name: 'Round', value: '3' }, { name: 'White', value: 'Anna' }, { name: 'TimeControl', value: '5400+30' }]));
  });

  it('a game set on the page and resumed after a crash keeps its settings, fixed', async () => {
    const dir = join(work, 'resumed');
    let url: string;
    ({ child, url } = await play(dir, []));
    await waitFor('the game to start', async () => (await view(url)).guidance === null && (await view(url)).link.state === 'connected');
    const set = { white: 'Anna', black: 'Bert', event: 'Club night', round: '5', 'time-control': '40/7200:3600', policy: 'casual', lang: 'fr' };
    await command(url, { type: 'settings', settings: set });
    await hands(url, 'l:32 p:28');
    await waitFor('32-28', async () => (await view(url)).moves.length === 1);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    ({ child, url } = await play(dir, ['--resume', 'last']));
    const v = await view(url);
    expect(v.players).toEqual({ white: 'Anna', black: 'Bert' });
    expect(v.settings).toEqual({ current: set, next: null, fixed: true });
    await stop(child);
  });
});
