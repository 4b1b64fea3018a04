// `dambord digitise --guide` as a real process on the simulated board: a typed sheet with its
// tags (the header's defaults, each kept with Enter) and a slip guides the game played through
// the page's hands; the page and the terminal say what the sheet asks, the LEDs light it, and the
// PDN is the game as played with the repair noted. A sitting killed mid-sheet goes on with
// --resume. A sheet that cannot be read: exit 2 or 3, nothing written.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../host/cli/testing.ts';
import { digitiseProcess, hands, play, stop, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-digitise-guide-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A club sheet: the third move (37-32) typed 73-32. */
const SHEET = `[Event "Clubavond"]
[Site "Utrecht NED"]
[Date "2026.03.05"]
[Round "4"]
[White "Anna"]
[Black "Bert"]
[Result "2-0"]
[Annotator "Carla"]

1. 32-28 18-23 2. 73-32 12-18 2-0
`;

/** Writes `text` to the file `name` in the work folder; its path. */
const write = (name: string, text: string) => {
  writeFileSync(join(work, name), text);
  return join(work, name);
};

/** The LED of a square as the page shows it. */
const led = async (url: string, square: string) => (await view(url)).squares.find((s) => s.name === square)!.led;

describe('dambord digitise --guide on the simulated board', () => {
  it('the sheet guides the game: its tags the header, the slip shown and repaired, the repair noted in the PDN', async () => {
    const file = join(work, 'club.pdn');
    writeFileSync(file, SHEET);
    const games = join(work, 'games');
    // Enter for each question: the sheet's tags are kept.
    const { child, url, out } = await digitiseProcess(['--games', games, '--guide', file], '\n\n\n\n\n\n');
    try {
      expect(out()).toContain('Event [Clubavond]: ');
      expect(out()).toContain('White [Anna]: ');
      // Moves as draughts counts them (issue 29: a 20-move sheet was "40 moves"): 2 moves, 4 plies.
      expect(out()).toContain('guides the game, 2 moves (4 plies) as written (international)');
      await waitFor('the start position', async () => (await view(url)).link.state === 'connected' && (await view(url)).guidance === null);
      expect((await view(url)).guide).toMatchObject({ kind: 'move', message: 'ply 1: 32-28' });
      expect([await led(url, '32'), await led(url, '28'), await led(url, '31')]).toEqual(['slow', 'slow', 'off']);
      await hands(url, 'l:32 p:28 l:18 p:23');
      const slip = 'ply 3: the sheet has 73-32, which cannot be played; most likely 37-32 (73 for 37, digits swapped), 38-32 (73 for 38), ';
      await waitFor('the slip', async () => (await view(url)).guide?.kind === 'slip');
      expect((await view(url)).guide?.message.startsWith(slip)).toBe(true);
      expect([await led(url, '37'), await led(url, '32'), await led(url, '38')]).toEqual(['slow', 'slow', 'slow']);
      await waitFor('the slip said on the terminal', async () => out().includes(`dambord digitise: ${slip}`));
      await hands(url, 'l:37 p:32 l:12 p:18');
      await waitFor('the end of the sheet', async () => (await view(url)).guide?.kind === 'end');
      expect((await view(url)).guide?.repairs).toEqual(['ply 3: the sheet has 73-32; 37-32 was played (73 for 37, digits swapped)']);
      // The result: Enter takes the sheet's.
      expect(out()).toContain('Result when the game is over (2-0, 0-2, 1-1) [2-0], or "back"');
      child.stdin.write('\n');
      await waitFor('the sheet saved', async () => /Anna - Bert 2-0, saved in/.test(out()));
      child.stdin.end('next\nquit\n');
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(0);
      expect(out()).toContain('club.pdn was the sheet of this sitting');
    } finally {
      await stop(child);
    }
    const pdns = readdirSync(games).filter((f) => f.endsWith('.pdn')).map((f) => readFileSync(join(games, f), 'utf8'));
    expect(pdns).toHaveLength(1);
    expect(pdns[0].replace(/\s+/g, ' ')).toBe(
      '[Event "Clubavond"] [Site "Utrecht NED"] [Date "2026.03.05"] [Round "4"] [White "Anna"] [Black "Bert"] [Result "2-0"] [GameType "20"] [Annotator "Carla"] ' +
        '1. 32-28 18-23 2. 37-32 {dambord: the sheet has 73-32; 37-32 was played (73 for 37, digits swapped)} 2... 12-18 2-0 ',
    );
  });

  it('--resume after a crash: the journal\'s header and players, the guide where the game is, the repair kept; a game of play or options that do not fit refused', async () => {
    const file = join(work, 'club.pdn');
    writeFileSync(file, SHEET);
    const games = join(work, 'resumed');
    const first = await digitiseProcess(['--games', games, '--guide', file, '--no-ask'], '');
    try {
      await waitFor('the start position', async () => (await view(first.url)).guide?.message === 'ply 1: 32-28' && (await view(first.url)).guidance === null);
      await hands(first.url, 'l:32 p:28 l:18 p:23 l:37 p:32');
      await waitFor('three plies', async () => (await view(first.url)).guide?.ply === 4);
    } finally {
      // The power goes: no goodbye, no result.
      const gone = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await gone;
    }
    const other = await runCliBuffered(['digitise', '--no-ask', '--resume', 'last', '--games', games, '--guide', write('other.pdn', '[FEN "W:W31,32:B1,2"]\n\n1. 32-28 *\n')]);
    expect(other.stderr).toContain('not the sheet of this game');
    expect(other.code).toBe(2);
    const second = await digitiseProcess(['--games', games, '--resume', 'last', '--guide', file], '');
    try {
      expect(second.out()).toMatch(/dambord digitise: resuming .*\.journal: 3 plies played/);
      await waitFor('the game resumed', async () => (await view(second.url)).moves.length === 3 && (await view(second.url)).guidance === null);
      const v = await view(second.url);
      expect(v.players).toEqual({ white: 'Anna', black: 'Bert' });
      expect(v.guide).toMatchObject({ kind: 'move', message: 'ply 4: 12-18', repairs: ['ply 3: the sheet has 73-32; 37-32 was played (73 for 37, digits swapped)'] });
      await hands(second.url, 'l:12 p:18');
      second.child.stdin.write('\n');
      await waitFor('the sheet saved', async () => /Anna - Bert 2-0, saved in/.test(second.out()));
      second.child.stdin.end('quit\n');
      expect(await new Promise((r) => second.child.once('exit', r))).toBe(0);
    } finally {
      await stop(second.child);
    }
    const pdns = readdirSync(games).filter((f) => f.endsWith('.pdn')).map((f) => readFileSync(join(games, f), 'utf8'));
    expect(pdns).toHaveLength(1);
    expect(pdns[0].replace(/\s+/g, ' ')).toContain('[Result "2-0"] [GameType "20"] [Annotator "Carla"] 1. 32-28 18-23 2. 37-32 {dambord: the sheet has 73-32; 37-32 was played (73 for 37, digits swapped)} 2... 12-18 2-0');

    // A game of dambord play is not a sheet: said, with what to run instead; its journal untouched.
    const played = await play(join(work, 'play'), ['--white', 'A', '--black', 'B']);
    await waitFor('play connected', async () => (await view(played.url)).link.state === 'connected' && (await view(played.url)).guidance === null);
    await hands(played.url, 'l:32 p:28');
    await waitFor('32-28', async () => (await view(played.url)).moves.length === 1);
    await stop(played.child);
    const playGames = join(work, 'play', 'games');
    const journal = join(playGames, readdirSync(playGames).find((f) => f.endsWith('.journal'))!);
    const before = readFileSync(journal, 'utf8');
    const refused = await runCliBuffered(['digitise', '--no-ask', '--resume', journal]);
    expect(refused.stderr).toContain('is a game played under the tournament policy, not a sheet recorded: go on with it with dambord play --resume');
    expect(refused.code).toBe(2);
    expect(readFileSync(journal, 'utf8')).toBe(before);
    expect(readdirSync(playGames).filter((f) => f.endsWith('.lock'))).toEqual([]);
    const cases: [string[], number, string][] = [
      [['--resume', 'last', '--games', join(work, 'nothing')], 3, 'no journal'],
      [['--resume', 'last', '--games', games], 2, 'is over (2-0) and its scoresheet is saved in'],
      [['--resume', 'last', '--games', games, '--event', 'Other'], 2, '--event cannot be given with it'],
    ];
    for (const [argv, code, said] of cases) {
      const r = await runCliBuffered(['digitise', '--no-ask', ...argv]);
      expect(r.stderr, argv.join(' ')).toContain(said);
      expect(r.code, argv.join(' ')).toBe(code);
    }
  });

  it('a sheet that cannot be read: said, exit 2 (not a sheet) or 3 (no file), nothing written', async () => {
    const games = join(work, 'none');
    const cases: [string[], number, string][] = [
      [['--guide', join(work, 'absent.pdn')], 3, 'no such file or directory'],
      [['--guide', write('words.txt', 'This is a letter to the club, not a game.\n')], 2, 'is not a scoresheet: 0 of its 10 words are moves'],
      [['--guide', write('empty.pdn', '')], 2, 'empty.pdn holds no game'],
      [['--guide', write('tags.pdn', '[Event "Club"]\n\n*\n')], 2, 'has no moves: nothing to play through'],
      [['--guide', write('binary.pdn', '\u0000\u0001\u0002')], 2, 'cannot be read as a scoresheet'],
      [['--guide', write('one.pdn', SHEET), '--game', '2'], 2, 'one.pdn has only 1 game: there is no game 2'],
      [['--guide', join(work, 'one.pdn'), '--fen', 'W:W31:B20'], 2, '--fen and --guide'],
      [['--game', '2'], 2, '--game N chooses the game of the --guide sheet'],
    ];
    for (const [argv, code, said] of cases) {
      const r = await runCliBuffered(['digitise', '--games', games, '--no-ask', ...argv]);
      expect(r.stderr, argv.join(' ')).toContain(said);
      expect(r.code, argv.join(' ')).toBe(code);
    }
    expect(() => readdirSync(games)).toThrow();
  });
});
