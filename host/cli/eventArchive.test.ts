// One event, one folder (host/event/archive.ts, host/event/resumeCheck.ts), as an organiser runs
// `dambord event`: two events whose names a file system cannot tell apart (`Open A/B` and
// `Open A:B`) in one archive each keep their own games, and a board whose journal's players are
// not the pairings' is refused, saying what the journal and the pairings say and what to do,
// while the other boards go on.

import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJournal } from '../game/journal/record.ts';
import { EXIT } from './command.ts';
import { runCliBuffered } from './testing.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-event-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

/** Four moves of a game, for board 1's simulated hands. */
const GAME = '[White "?"]\n[Black "?"]\n[Result "*"]\n[GameType "20"]\n\n1. 32-28 17-22 2. 28x17 11x22 *\n';
const games = file('game.pdn', GAME);
const archive = join(work, 'archive');

/** `dambord event` on model boards, ending once the simulated hands are done. */
const event = (pairings: string, ...more: string[]) =>
  runCliBuffered(['event', '--pairings', pairings, '--sim-board', 'model', '--speed', '100', '--exit-when-done', '--http-port', '0', '--archive', archive, ...more]);

/** The White and Black of a journal's header. */
function playersOf(path: string): string {
  const read = parseJournal(readFileSync(path));
  const tag = (name: string) => read.header?.tags.find((t) => t.name === name)?.value;
  return `${tag('Event')}: ${tag('White')}-${tag('Black')}`;
}

/** Every journal under the archive, by its path from the archive, with what its header says. */
function journals(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), rel === '' ? e.name : `${rel}/${e.name}`);
      else if (e.name === 'game.journal') out[rel] = playersOf(join(dir, e.name));
    }
  };
  walk(archive, '');
  return out;
}

describe('dambord event: one event, one folder', () => {
  it('two events whose names make the same safe name keep their own games in one archive', async () => {
    const ab = await event(file('ab.csv', 'event;board;white;black\nOpen A/B;1;Alice;Bob\n'), '--sim-games', games);
    expect(ab.code, ab.stdout + ab.stderr).toBe(EXIT.ok);
    const colon = await event(file('colon.csv', 'event;board;white;black\nOpen A:B;1;Carol;Dave\n'), '--sim-games', games);
    expect(colon.code, colon.stdout + colon.stderr).toBe(EXIT.ok);
    expect(colon.stdout).not.toMatch(/going on with the game/);
    const held = journals();
    expect(Object.values(held).sort()).toEqual(['Open A/B: Alice-Bob', 'Open A:B: Carol-Dave']);
    // Two folders, each readable, each holding its own event's board.
    const folders = Object.keys(held).map((p) => p.split('/')[0]);
    expect(new Set(folders).size).toBe(2);
    for (const f of folders) expect(f).toMatch(/^Open A-B/);
  });

  it('the terminal has a line for each board as it starts and one with its result (issue 29: not one result line before)', async () => {
    const won = file('won.pdn', GAME.replace('[Result "*"]', '[Result "2-0"]').replace('11x22 *', '11x22 2-0'));
    const r = await event(file('won.csv', 'event;board;white;black\nClub final;1;Ina;Jan\n'), '--sim-games', won);
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    const board = r.stdout.split('\n').filter((l) => l.startsWith('dambord event: board 1: '));
    expect(board[0]).toBe('dambord event: board 1: Ina – Jan, started');
    expect(board.filter((l) => l.includes(': result '))).toEqual([expect.stringMatching(/^dambord event: board 1: result 2-0: .*resign.*\(article /)]);
  });

  it("a board whose journal's players are not the pairings' is not resumed; the other boards go on", async () => {
    const first = Object.entries(journals()).find(([, says]) => says === 'Open A/B: Alice-Bob')![0];
    const before = readFileSync(join(archive, first, 'game.journal'));
    const changed = file('changed.csv', 'event;board;white;black\nOpen A/B;1;Erik;Fred\nOpen A/B;2;Gina;Hank\n');
    const r = await event(changed);
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    const line = r.stdout.split('\n').find((l) => l.startsWith('dambord event: board 1:')) ?? '';
    expect(line).toMatch(/^dambord event: board 1: cannot start: the journal .*game\.journal is not this board's game: /);
    expect(line).toContain('the journal says White "Alice", Black "Bob"');
    expect(line).toContain('the pairings say White "Erik", Black "Fred"');
    expect(line).toMatch(/--archive/);
    expect(r.stdout).toMatch(/Open A\/B, round 1: 1 board \(2\)/);
    // Board 1's journal is left as it was.
    const board1 = Object.entries(journals()).find(([, says]) => says === 'Open A/B: Alice-Bob')![0];
    expect(readFileSync(join(archive, board1, 'game.journal'))).toEqual(before);
  });

  it('a board of an archive written before the folders were hashed goes on with its game, which no other event takes', async () => {
    // As earlier versions named it: `Open A/B` in `Open A-B`.
    const hashed = Object.keys(journals()).find((p) => journals()[p] === 'Open A/B: Alice-Bob')!.split('/')[0];
    renameSync(join(archive, hashed), join(archive, 'Open A-B'));
    const colon = await event(join(work, 'colon.csv'), '--sim-games', games);
    expect(colon.code, colon.stdout + colon.stderr).toBe(EXIT.ok);
    expect(colon.stdout).not.toContain(join(archive, 'Open A-B', 'round-1'));
    const ab = await event(join(work, 'ab.csv'));
    expect(ab.code, ab.stdout + ab.stderr).toBe(EXIT.ok);
    expect(ab.stdout).toContain(`board 1: going on with the game in ${join(archive, 'Open A-B', 'round-1', 'board-01', 'game.journal')}: 4 plies played`);
    expect(journals()['Open A-B/round-1/board-01']).toBe('Open A/B: Alice-Bob');
  });
});

describe("dambord event: the round's games in the club's archive (issue 29)", () => {
  const club = join(work, 'club');
  const won = file('won2.pdn', `${GAME.replace('[Result "*"]', '[Result "2-0"]').replace('11x22 *', '11x22 2-0')}\n${GAME.replace('[Result "*"]', '[Result "1-1"]').replace('11x22 *', '11x22 1-1')}`);
  const pairings = file('final.csv', 'event;round;board;white;black\nClub final;2;1;Ina;Jan\nClub final;2;2;Kees;Lot\n');
  const list = () => runCliBuffered(['archive', 'list', '--archive', club, '--event', 'Club final']);
  const round = (...more: string[]) => runCliBuffered(['event', '--pairings', pairings, '--sim-board', 'model', '--speed', '100', '--exit-when-done', '--http-port', '0', '--archive', club, ...more]);
  const listed = ['round 2:', expect.stringMatching(/^ {2}board 1 Ina - Jan {2}2-0 /), expect.stringMatching(/^ {2}board 2 Kees - Lot {2}1-1 /), ''];

  it('archive list shows every board of the round with its result, each pointing at the board\'s own scoresheet, which has the Board tag', async () => {
    const r = await round('--sim-games', won);
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    const l = await list();
    expect(l.code, l.stderr).toBe(EXIT.ok);
    expect(l.stdout.split('\n')).toEqual(listed);
    const index = JSON.parse(readFileSync(join(club, 'index.json'), 'utf8')) as { games: { file: string }[] };
    expect(index.games.map((g) => g.file)).toEqual(['Club final/round-2/board-01/game.pdn', 'Club final/round-2/board-02/game.pdn']);
    // One copy of each game: the board's folders hold only their journal and scoresheet.
    expect(readdirSync(join(club, 'Club final', 'round-2')).sort()).toEqual(['board-01', 'board-02']);
    const sheet = readFileSync(join(club, 'Club final', 'round-2', 'board-02', 'game.pdn'), 'utf8');
    expect(sheet).toMatch(/^\[Event "Club final"\]\n(\[\w+ ".*"\]\n)*\[Round "2"\]\n\[White "Kees"\]\n\[Black "Lot"\]\n\[Result "1-1"\]\n\[Board "2"\]\n/);
    // Exported, the round is two games, each after a blank line as the draughts sites cut them.
    const exported = await runCliBuffered(['archive', 'export', '--archive', club, '--event', 'Club final']);
    expect(exported.stdout.split(/\n\n(?=\[Event )/).map((g) => /\[White "(\w+)"\]/.exec(g)?.[1])).toEqual(['Ina', 'Kees']);
  });

  it('importing the event\'s folder, or its scoresheets copied elsewhere, adds nothing', async () => {
    const folder = await runCliBuffered(['archive', 'import', '--archive', club, join(club, 'Club final')]);
    expect(folder.stdout).toMatch(/ 0 imported, /);
    // Said, not passed over in silence: the folder's scoresheets are the archive's own.
    expect(folder.stdout).toMatch(/^2 files \(.*board-0\d\/game\.pdn, \.\.\.\) are the archive's own, already in its index: not read again$/m);
    const copy = file('board-2 copy.pdn', readFileSync(join(club, 'Club final', 'round-2', 'board-02', 'game.pdn'), 'utf8'));
    const elsewhere = await runCliBuffered(['archive', 'import', '--archive', club, copy]);
    expect(elsewhere.stdout).toMatch(/duplicate of \w+ \(Club final\/round-2\/board-02\/game\.pdn\)/);
    expect(elsewhere.stdout).toContain('1 game read: 0 imported, 1 duplicate, 0 bad');
    expect((await list()).stdout.split('\n')).toEqual(listed);
  });

  it('started again, the boards go on with their games, which stay listed once', async () => {
    const r = await round();
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toContain('board 1: going on with the game');
    expect((await list()).stdout.split('\n')).toEqual(listed);
    const check = await runCliBuffered(['archive', 'check', '--archive', club, '--repair']);
    expect(check.stdout, check.stderr).toMatch(/2 games, 0 rejected, nothing to repair/);
  });

  it('a round not known ("?", as the nk games have it) is the archive\'s "no round" folder for the boards and the games imported alike; a board of an earlier version\'s "round" folder goes on', async () => {
    const unknown = join(work, 'unknown');
    const game = (white: string, black: string) => GAME.replace('[White "?"]', `[Event "nk"]\n[Round "?"]\n[White "${white}"]`).replace('[Black "?"]', `[Black "${black}"]`).replace('[Result "*"]', '[Result "2-0"]').replace('11x22 *', '11x22 2-0');
    const sheets = file('nk-unknown.pdn', `${game('Derkx,B.', 'Meijer,Hein')}\n${game('Zweerink,J.', 'Vissers,M.')}`);
    const run = () => runCliBuffered(['event', '--sim-games', sheets, '--sim-board', 'model', '--speed', '100', '--exit-when-done', '--http-port', '0', '--archive', unknown]);
    const r = await run();
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    expect(readdirSync(join(unknown, 'nk'))).toEqual(['no round']);
    // The terminal leaves the unknown round out, where it said "nk, round ?".
    expect(r.stdout).toMatch(/^dambord event: nk: 2 boards \(1, 2\); live at /m);
    const again = await runCliBuffered(['archive', 'import', '--archive', unknown, sheets]);
    expect(again.stdout).toContain('2 games read: 0 imported, 2 duplicates, 0 bad');
    expect(readdirSync(join(unknown, 'nk', 'no round')).sort()).toEqual(['board-01', 'board-02']);
    // As an earlier version named it: `round`.
    renameSync(join(unknown, 'nk', 'no round'), join(unknown, 'nk', 'round'));
    const back = await run();
    expect(back.stdout).toContain(`board 1: going on with the game in ${join(unknown, 'nk', 'round', 'board-01', 'game.journal')}: 4 plies played`);
    const list = await runCliBuffered(['archive', 'list', '--archive', unknown, '--event', 'nk']);
    expect(list.stdout.split('\n').filter((l) => l.startsWith('  '))).toEqual([expect.stringMatching(/^ {2}board 1 /), expect.stringMatching(/^ {2}board 2 /)]);
    const index = JSON.parse(readFileSync(join(unknown, 'index.json'), 'utf8')) as { games: { file: string }[] };
    expect(index.games.map((g) => g.file)).toEqual(['nk/round/board-01/game.pdn', 'nk/round/board-02/game.pdn']);
  });

  it('a player is named one way, as the archive shows him, in the list, the export and the sheet of a board\'s game whose scoresheet writes "Derkx,B."', async () => {
    const named = join(work, 'named');
    const sheets = file('nk-named.pdn', GAME.replace('[White "?"]', '[Event "nk"]\n[Round "1"]\n[White "Derkx,B."]').replace('[Black "?"]', '[Black "Meijer,Hein"]').replace('[Result "*"]', '[Result "2-0"]').replace('11x22 *', '11x22 2-0'));
    const r = await runCliBuffered(['event', '--sim-games', sheets, '--sim-board', 'model', '--speed', '100', '--exit-when-done', '--http-port', '0', '--archive', named]);
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    expect(readFileSync(join(named, 'nk', 'round-1', 'board-01', 'game.pdn'), 'utf8')).toContain('[White "Derkx,B."]');
    const list = await runCliBuffered(['archive', 'list', '--archive', named, '--event', 'nk']);
    expect(list.stdout).toContain('  board 1 Derkx, B. - Meijer, Hein  2-0');
    const exported = await runCliBuffered(['archive', 'export', '--archive', named, '--event', 'nk']);
    expect(exported.stdout).toContain('[White "Derkx, B."]\n[Black "Meijer, Hein"]');
    const html = join(work, 'named.html');
    const sheet = await runCliBuffered(['archive', 'sheet', '--archive', named, '--html', html, 'Derkx']);
    expect(sheet.code, sheet.stderr).toBe(EXIT.ok);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Derkx, B.');
    expect(text).not.toContain('Derkx,B.');
  });
});
