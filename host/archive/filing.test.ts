// Filing one game into a club's archive as it is played (filing.ts, issue 29 "one archive for the
// club"): an event's board's scoresheet listed where it is and updated, never doubled; a game kept
// outside the archive copied once and its copy updated; a game the archive has from an import not
// filed twice; a busy archive refused with who holds it, nothing written. The games are the first
// two of nk ronde 01 (test/fixtures/oracles, with their provenance), cut after a few moves as a
// board's scoresheet is while the game is played.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText } from '../../rules/index.ts';
import { oracleTexts } from '../../test/oracles.ts';
import { archivePath } from '../event/archive.ts';
import { fileGame } from './filing.ts';
import { ArchiveBusy, importPdn } from './import.ts';
import { LOCK_FILE, readIndex } from './store.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-filing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The games of nk ronde 01 as written, one text each. */
const games = decodeText(oracleTexts('nk ronde 01.pdn')[0] as Uint8Array).replace(/\r\n/g, '\n').split(/\n\s*\n(?=\[)/);
/** Game `k` as its scoresheet is while played: its tags, its first `plies` moves as written, result `*`. */
function inPlay(k: number, plies: number): string {
  const [tags, moves] = games[k].split(/\n\s*\n/);
  const words = moves.replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter((w) => w !== '' && !/^\d+\.$/.test(w));
  let text = '';
  for (let i = 0; i < plies; i++) text += `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${words[i]} `;
  return `${tags.replace(/\[Result "[^"]*"\]/, '[Result "*"]')}\n\n${text}*\n`;
}

function write(file: string, text: string): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('filing a game as it is played', () => {
  it("an event's board: listed in place with result * from its first moves, then updated with its result, one entry, no copy", () => {
    const archive = join(work, 'event');
    const sheet = join(archive, 'nk', 'round', 'board-01', 'game.pdn');
    const first = fileGame(archive, write(sheet, inPlay(0, 6)), inPlay(0, 6));
    expect(first).toMatchObject({ kind: 'filed', updated: false, game: { file: 'nk/round/board-01/game.pdn', result: '*', event: 'nk' } });
    const ended = fileGame(archive, write(sheet, games[0]), games[0]);
    expect(ended).toMatchObject({ kind: 'filed', updated: true, game: { file: 'nk/round/board-01/game.pdn', result: '2-0' } });
    expect(readIndex(archive).games.map((g) => [g.file, g.result])).toEqual([['nk/round/board-01/game.pdn', '2-0']]);
    expect(readdirSync(join(archive, 'nk', 'round'))).toEqual(['board-01']);
    // Its scoresheet imported again, from anywhere, is the same game.
    const copy = write(join(work, 'copy.pdn'), games[0]);
    expect(importPdn(archive, [copy, join(archive, 'nk')]).games.map((g) => g.outcome.kind)).toEqual(['duplicate']);
  });

  it('a game kept outside the archive: copied into its event and round once, the copy updated when it is filed again (a resumed game)', () => {
    const archive = join(work, 'play');
    const sheet = join(work, 'games', '2026-11-26T20-00-00-000Z.pdn');
    fileGame(archive, write(sheet, inPlay(1, 20)), inPlay(1, 20));
    const again = fileGame(archive, write(sheet, games[1]), games[1]);
    expect(again).toMatchObject({ kind: 'filed', updated: true, game: { file: 'nk/no round/001 Zweerink, J - Vissers, M.pdn' } });
    expect(readIndex(archive).games).toHaveLength(1);
    expect(readFileSync(join(archive, 'nk', 'no round', '001 Zweerink, J - Vissers, M.pdn'), 'utf8')).toBe(games[1]);
    expect(importPdn(archive, [join(work, 'games')]).games.map((g) => g.outcome.kind)).toEqual(['duplicate']);
  });

  it('a game the archive has from an import is not filed a second time', () => {
    const archive = join(work, 'imported');
    importPdn(archive, [write(join(work, 'one.pdn'), games[0])]);
    const sheet = write(join(archive, 'nk', 'round', 'board-01', 'game.pdn'), games[0]);
    expect(fileGame(archive, sheet, games[0])).toMatchObject({ kind: 'duplicate', of: { file: 'nk/no round/001 Derkx, B - Meijer, Hein.pdn' } });
    expect(readIndex(archive).games).toHaveLength(1);
  });

  it('a busy archive (another process holds its lock): refused naming the holder, its index untouched', () => {
    const archive = join(work, 'busy');
    mkdirSync(archive, { recursive: true });
    writeFileSync(join(archive, LOCK_FILE), `${JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-11-26T20:00:00.000Z' })}\n`);
    const sheet = write(join(archive, 'nk', 'round', 'board-02', 'game.pdn'), games[1]);
    expect(() => fileGame(archive, sheet, games[1])).toThrow(ArchiveBusy);
    expect(() => fileGame(archive, sheet, games[1])).toThrow(`being written by dambord (process ${process.pid}`);
    expect(readdirSync(archive).sort()).toEqual([LOCK_FILE, 'nk']);
  });

  it("a game imported sits in the round's folder where the event keeps its boards, even for an event's name a file system cannot take as it is", () => {
    const archive = join(work, 'colon');
    const board = archivePath(archive, { event: 'Open A:B', round: '1', board: 1 });
    const text = games[0].replace('[Event "nk"]', '[Event "Open A:B"]').replace('[Round "?"]', '[Round "1"]');
    fileGame(archive, write(join(board, 'game.pdn'), text), text);
    const other = games[1].replace('[Event "nk"]', '[Event "Open A:B"]').replace('[Round "?"]', '[Round "1"]');
    const [read] = importPdn(archive, [write(join(work, 'open.pdn'), other)]).games;
    expect(read.outcome.kind === 'imported' && join(archive, read.outcome.game.file, '..')).toBe(join(board, '..'));
    expect(readdirSync(join(board, '..', '..'))).toEqual(['round-1']);
  });

  it('an import while a game is being filed (the lock held for a moment by another process) waits for it, not refused', async () => {
    const archive = join(work, 'moment');
    mkdirSync(archive, { recursive: true });
    const lock = join(archive, LOCK_FILE);
    // Another process holds the lock for 300 ms, as an event's host filing a board's game.
    const holder = spawn(process.execPath, ['-e', `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(`${lock}.draft`)}, JSON.stringify({ pid: process.pid, host: require('node:os').hostname(), since: new Date().toISOString() })); fs.renameSync(${JSON.stringify(`${lock}.draft`)}, ${JSON.stringify(lock)}); setTimeout(() => fs.rmSync(${JSON.stringify(lock)}), 300);`]);
    const exited = new Promise((r) => holder.once('exit', r));
    while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 5));
    const report = importPdn(archive, [write(join(work, 'moment.pdn'), games[2])]);
    expect(report.games.map((g) => g.outcome.kind)).toEqual(['imported']);
    await exited;
  });
});
