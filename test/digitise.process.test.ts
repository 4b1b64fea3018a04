// `dambord digitise` as a real process on the simulated board: the header given once on standard
// input for two scoresheets, moves played through the page's hands, takebacks by the command and
// by the pieces put back, three in a row, results by the terminal and by the page; and bad input.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../host/cli/testing.ts';
import { command, digitiseProcess, hands, stop, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-digitise-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts `dambord digitise` with its games in `games` and `input` first on its standard input. */
const digitise = (games: string, input: string) => digitiseProcess(['--games', games], input);

/** Follows the LEDs (the view's guidance: clear first, then fill) until the board shows the game. */
async function followLeds(url: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const g = (await view(url)).guidance;
    if (!g) return;
    await hands(url, g.clear.length > 0 ? `l:${g.clear[0]}` : `p:${g.fill[0]}`);
  }
  throw new Error('the LEDs never stopped guiding');
}

const movesOf = async (url: string) => (await view(url)).moves.map((m) => m.text);

describe('dambord digitise on the simulated board', () => {
  it('two sheets in one sitting: header asked once, takebacks by command and by hand, results by terminal and page', async () => {
    const games = join(work, 'games');
    // The header: a date that is none is asked again.
    const { child, url, out } = await digitise(games, 'NK 2026\nWijk aan Zee NED\n2026-04-11\n2026.04.11\n3\nAnna\nBert\n');
    try {
      expect(out()).toContain('"2026-04-11" is not a date as PDN writes it');
      await waitFor('the start position', async () => (await view(url)).link.state === 'connected' && (await view(url)).guidance === null);
      await hands(url, 'l:32 p:28');
      // A wrong move, taken back by the command: the LEDs guide its piece back.
      await hands(url, 'l:19 p:24');
      await waitFor('19-24', async () => (await movesOf(url)).length === 2);
      await command(url, { type: 'takeback' });
      await waitFor('19-24 taken back', async () => (await movesOf(url)).length === 1);
      expect((await view(url)).guidance).toMatchObject({ kind: 'correction', clear: ['24'], fill: ['19'] });
      await followLeds(url);
      await hands(url, 'l:18 p:23');
      // A wrong move taken back by hand: its piece put back on its square.
      await hands(url, 'l:34 p:30');
      await waitFor('34-30', async () => (await movesOf(url)).length === 3);
      await hands(url, 'l:30 p:34');
      await waitFor('34-30 taken back', async () => (await movesOf(url)).length === 2);
      await hands(url, 'l:33 p:29');
      await waitFor('33-29', async () => (await movesOf(url)).join(' ') === '32-28 18-23 33-29');
      // Three takebacks in a row, then the pieces put back as the LEDs say, and other moves.
      for (let i = 0; i < 3; i++) await command(url, { type: 'takeback' });
      await waitFor('three moves taken back', async () => (await movesOf(url)).length === 0);
      await followLeds(url);
      await hands(url, 'l:31 p:27 l:17 p:22');
      await waitFor('31-27 17-22', async () => (await movesOf(url)).join(' ') === '31-27 17-22');
      expect((await view(url)).irregularity).toBeNull();
      // The result on the terminal: one that is not a result is said and asked again.
      child.stdin.write('3-0\n2-0\n');
      await waitFor('the first sheet saved', async () => /Anna - Bert 2-0, saved in/.test(out()));
      expect(out()).toContain('"3-0" is not a result');
      // The next sheet: only the players are asked; the board is set up again as the LEDs say.
      child.stdin.write('next\nCarla\nDirk\n');
      await waitFor('the next sheet', async () => (await view(url)).players.white === 'Carla');
      await followLeds(url);
      // The board's own Correct button takes a move back too.
      await hands(url, 'l:31 p:26');
      await waitFor('31-26', async () => (await movesOf(url)).length === 1);
      await command(url, { type: 'press', button: 'correct' });
      await waitFor('31-26 taken back', async () => (await movesOf(url)).length === 0);
      await followLeds(url);
      await hands(url, 'l:32 p:28');
      await waitFor('32-28', async () => (await movesOf(url)).length === 1);
      // The result from the page: one that is not a result is refused, the game kept.
      const bad = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'result', result: 'White' }) });
      expect(bad.status).toBe(409);
      expect(await movesOf(url)).toEqual(['32-28']);
      await command(url, { type: 'result', result: '0-2' });
      await waitFor('the second sheet saved', async () => /Carla - Dirk 0-2, saved in/.test(out()));
      child.stdin.end('quit\n');
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(0);
    } finally {
      await stop(child);
    }
    const pdns = readdirSync(games).filter((f) => f.endsWith('.pdn')).sort().map((f) => readFileSync(join(games, f), 'utf8'));
    expect(pdns).toHaveLength(2);
    const header = '[Event "NK 2026"]\n[Site "Wijk aan Zee NED"]\n[Date "2026.04.11"]\n[Round "3"]\n';
    expect(pdns[0]).toBe(`${header}[White "Anna"]\n[Black "Bert"]\n[Result "2-0"]\n[GameType "20"]\n\n1. 31-27 17-22 2-0\n\n`);
    expect(pdns[1]).toBe(`${header}[White "Carla"]\n[Black "Dirk"]\n[Result "0-2"]\n[GameType "20"]\n\n1. 32-28 0-2\n\n`);
    expect(readdirSync(games).filter((f) => f.endsWith('.journal'))).toHaveLength(2);
  });

  it('bad input: an unknown option, a date that is none, a variant that is none: exit 2, nothing opened', async () => {
    const games = join(work, 'none');
    for (const [argv, said] of [
      [['--clock', '5400'], 'unknown option --clock'],
      [['--date', '11-04-2026', '--no-ask'], 'is not a date as PDN writes it'],
      [['--date', '2026.02.30', '--no-ask'], '"2026.02.30" is not a date: February 2026 has 28 days'],
      [['--date', '2026.04.31', '--no-ask'], '"2026.04.31" is not a date: April 2026 has 30 days'],
      [['--date', '0000.01.01', '--no-ask'], '"0000.01.01" is not a date: there is no year 0'],
      [['--variant', 'chess', '--no-ask'], 'chess'],
    ] as const) {
      const r = await runCliBuffered(['digitise', '--games', games, ...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
    }
    expect(() => readdirSync(games)).toThrow();
  });
});
