// `dambord play` and `digitise` file their games into the club's archive (issue 29, "one archive
// for the club"): a game played on the simulated board to a result (two moves, then White
// resigns, FMJD 7.2.1), and a sheet recorded with its result typed on the terminal, are each
// listed once by `dambord archive list`, their journals and PDNs staying in --games, and
// importing the games folders afterwards adds nothing.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { command, hands, view, waitFor } from '../../test/playProcess.ts';
import { playCommandWith } from './commands/play.ts';
import { EXIT } from './command.ts';
import { runCli } from './main.ts';
import { runCliBuffered } from './testing.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-play-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const games = join(work, 'games');
const archive = join(work, 'archive');

/** `dambord play` in-process on the simulator; resolves with its page's address, what it printed, and a way to stop it as Ctrl-C does. */
async function play(args: string[]): Promise<{ url: string; out: () => string; stop: () => Promise<number> }> {
  let stopping: () => void = () => {};
  const stop = new Promise<void>((r) => (stopping = r));
  let out = '';
  const stdout = new PassThrough().on('data', (d: Buffer) => (out += d.toString()));
  const stderr = new PassThrough().on('data', (d: Buffer) => (out += d.toString()));
  let ended = false;
  const ran = runCli(['play', '--http-port', '0', '--games', games, '--archive', archive, ...args], { stdout, stderr, stdin: new PassThrough() }, { commands: [playCommandWith({ stop })] }).finally(() => (ended = true));
  let url = '';
  await waitFor('the page', async () => {
    if (ended) throw new Error(`dambord play ended: ${out}`);
    url = /the game is at (http:\/\/[0-9.:]+)\//.exec(out)?.[1] ?? '';
    return url !== '';
  });
  return { url, out: () => out, stop: () => (stopping(), ran) };
}

describe("dambord play and digitise file their games into the club's archive", () => {
  it('a game played to a result is listed once in its event and round; importing the games folder adds nothing', async () => {
    const p = await play(['--white', 'Ina Bakker', '--black', 'Jan de Vries', '--event', 'Clubavond', '--round', '7']);
    try {
      await waitFor('the board', async () => (await view(p.url)).link.state === 'connected');
      for (const [from, to] of [['32', '28'], ['17', '22']]) {
        await command(p.url, { type: 'lift', square: from });
        await command(p.url, { type: 'place', square: to });
        await waitFor(`${from}-${to}`, async () => (await view(p.url)).moves.at(-1)?.text === `${from}-${to}`);
      }
      await command(p.url, { type: 'resign', color: 'white' });
      await waitFor('the result', async () => (await view(p.url)).result?.result === '0-2');
      await waitFor('the filing', async () => p.out().includes("is filed into the club's archive as "));
    } finally {
      expect(await p.stop()).toBe(EXIT.ok);
    }
    // The journal and the PDN stay in --games.
    expect(readdirSync(games).sort()).toEqual([expect.stringMatching(/\.journal$/), expect.stringMatching(/\.pdn$/)]);
    const list = await runCliBuffered(['archive', 'list', '--archive', archive, '--event', 'Clubavond']);
    expect(list.code, list.stderr).toBe(EXIT.ok);
    expect(list.stdout).toMatch(/^round 7:\n {2}001 Ina Bakker - Jan de Vries {2}0-2 /);
    expect(list.stdout.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(1);
    const again = await runCliBuffered(['archive', 'import', '--archive', archive, games]);
    expect(again.stdout).toContain('1 game read: 0 imported, 1 duplicate, 0 bad');
    const after = await runCliBuffered(['archive', 'list', '--archive', archive]);
    expect(after.stdout).toContain('1 game in 1 event');
  }, 4 * WAIT_LIMIT_MS);

  it('a sheet recorded with digitise is filed once its result is given', async () => {
    const sheets = join(work, 'sheets');
    let out = '';
    const stdin = new PassThrough();
    const stdout = new PassThrough().on('data', (d: Buffer) => (out += d.toString()));
    stdin.write('Clubavond\nUtrecht\n2026.11.26\n7\nAnna Smit\nBert Jansen\n');
    let ended = false;
    const ran = runCli(['digitise', '--http-port', '0', '--games', sheets, '--archive', archive], { stdout, stderr: stdout, stdin }).finally(() => (ended = true));
    let url = '';
    await waitFor('the page', async () => {
      if (ended) throw new Error(`dambord digitise ended: ${out}`);
      url = /the game is at (http:\/\/[0-9.:]+)\//.exec(out)?.[1] ?? '';
      return url !== '';
    });
    try {
      await waitFor('the start position', async () => (await view(url)).link.state === 'connected' && (await view(url)).guidance === null);
      await hands(url, 'l:32 p:28 l:17 p:22');
      await waitFor('32-28 17-22', async () => (await view(url)).moves.map((m) => m.text).join(' ') === '32-28 17-22');
      stdin.write('2-0\n');
      await waitFor('the sheet saved', async () => out.includes('Anna Smit - Bert Jansen 2-0, saved in'));
    } finally {
      stdin.write('quit\n');
      expect(await ran).toBe(EXIT.ok);
    }
    const list = await runCliBuffered(['archive', 'list', '--archive', archive, '--event', 'Clubavond']);
    expect(list.stdout.split('\n')).toEqual(['round 7:', expect.stringMatching(/^ {2}001 Ina Bakker - Jan de Vries {2}0-2 /), expect.stringMatching(/^ {2}002 Anna Smit - Bert Jansen {2}2-0 {2}2026\.11\.26 /), '']);
    const again = await runCliBuffered(['archive', 'import', '--archive', archive, games, sheets]);
    expect(again.stdout).toContain('2 games read: 0 imported, 2 duplicates, 0 bad');
  }, 4 * WAIT_LIMIT_MS);
});
