// "A new game after the result" (issue 13): `dambord play` as a real process on the simulated
// board. A game is played and resigned; the page's new-game command starts the return game at
// the same board, colours swapped, on a journal and a PDN of its own; both games are kept.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, play, stop, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-newgame-'));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('dambord play: a new game after the result', () => {
  it('starts the return game on its own journal and PDN, colours swapped, and keeps both', async () => {
    let url: string;
    ({ child, url } = await play(work, ['--white', 'Anna', '--black', 'Bert', '--event', 'Club evening']));
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor('the game to start', async () => (await view(url)).guidance === null && (await view(url)).link.state === 'connected');
    const refused = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"new-game"}' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/not over/);

    await command(url, { type: 'lift', square: '32' });
    await command(url, { type: 'place', square: '28' });
    await waitFor('32-28', async () => (await view(url)).moves.length === 1);
    await command(url, { type: 'resign', color: 'black' });
    await waitFor('the result', async () => (await view(url)).result !== null);

    await command(url, { type: 'new-game' });
    const fresh = await view(url);
    expect(fresh.players).toEqual({ white: 'Bert', black: 'Anna' });
    expect(fresh.result).toBeNull();
    expect(fresh.moves).toEqual([]);
    // The board still shows 32-28: the LEDs and the page guide it back.
    expect(fresh.guidance?.kind).toBe('setup');
    expect(fresh.guidance?.fill).toEqual(['32']);
    expect(fresh.guidance?.clear).toEqual(['28']);
    await command(url, { type: 'lift', square: '28' });
    await command(url, { type: 'place', square: '32' });
    await waitFor('the return game to start', async () => (await view(url)).guidance === null);
    await command(url, { type: 'lift', square: '31' });
    await command(url, { type: 'place', square: '27' });
    await waitFor('31-27', async () => (await view(url)).moves.length === 1);

    await stop(child);
    const pdns = readdirSync(join(work, 'games')).filter((f) => f.endsWith('.pdn')).sort();
    expect(pdns).toHaveLength(2);
    const [first, second] = pdns.map((f) => readFileSync(join(work, 'games', f), 'utf8'));
    expect(first).toMatch(/\[White "Anna"\]/);
    expect(first).toMatch(/1\. 32-28/);
    expect(first).toMatch(/\[Result "2-0"\]/);
    expect(second).toMatch(/\[White "Bert"\]/);
    expect(second).toMatch(/\[Event "Club evening"\]/);
    expect(second).toMatch(/1\. 31-27/);
    expect(second).toMatch(/\[Date "\d{4}\.\d\d\.\d\d"\]/);
    expect(out).toMatch(/the games are in .*\.pdn, .*\.pdn/);
  });
});
