// `dambord archive import|list|export|sheet`, run in-process on the oracle games of the NK 2009
// (test/fixtures/oracles/games) and on small broken files.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import { hasChromium } from '../../test/chromium.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const games = fileURLToPath(new URL('../../test/fixtures/oracles/games/', import.meta.url));
const nk1 = path.join(games, 'nk ronde 01.pdn');
const nk2 = path.join(games, 'nk ronde 02.pdn');
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const archive = path.join(work, 'archive');

describe('dambord archive import', () => {
  it('imports the games, says which names it wrote otherwise and sums up; again, all are duplicates', async () => {
    const r = await cli(['archive', 'import', '--archive', archive, nk1, nk2]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain('name: "Derkx,B." written "Derkx, B."\n');
    expect(r.stdout).toContain('name: "Kooij,van der,W." written "Kooij, W. van der"\n');
    expect(r.stdout.endsWith('\n14 games read: 14 imported, 0 duplicates, 0 bad\n')).toBe(true);
    const again = await cli(['archive', 'import', '--archive', archive, nk1, nk2]);
    expect(again.code).toBe(EXIT.ok);
    expect(again.stdout).toMatch(new RegExp(`^${nk1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: game 1 \\(Derkx,B\\. - Meijer,Hein, nk\\): duplicate of [0-9a-f]{12} \\(nk/no round/001 Derkx, B - Meijer, Hein\\.pdn\\)$`, 'm'));
    expect(again.stdout.endsWith('\n14 games read: 0 imported, 14 duplicates, 0 bad\n')).toBe(true);
  });

  it('lists the bad games with their place and reason, imports the rest and exits 1', async () => {
    const src = path.join(work, 'broken');
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(src, 'club.pdn'), '[Event "Club"]\n[White "Ann"]\n1. 32-28 19-23 2. 28x19 14x24 *\n\n[Event "Club"]\n[White "Bob"]\n1. 32-28 *\n');
    writeFileSync(path.join(src, 'notes.txt'), 'not PDN, not read');
    const r = await cli(['archive', 'import', '--archive', path.join(work, 'broken-archive'), src]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toBe(
      `${path.join(src, 'club.pdn')}:3:25: game 1 (Ann - ?, Club): bad: move 14x24: "14x24" is not a legal move for black: from 14 black can play 14x23 (a capture is compulsory: 13x24, 14x23); kept in rejected/club line 1.pdn\n` +
        '2 games read: 1 imported, 0 duplicates, 1 bad\n',
    );
  });

  it('says what cannot be read and exits 3, the other files imported', async () => {
    const r = await cli(['archive', 'import', '--archive', path.join(work, 'missing-archive'), path.join(work, 'no-such-folder'), nk1]);
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toBe(`dambord archive import: cannot read ${path.join(work, 'no-such-folder')}: no such file or directory\n`);
    expect(r.stdout).toMatch(/\n7 games read: 7 imported, 0 duplicates, 0 bad\n$/);
  });

  it('says when the archive cannot be read or written, and exits 3', async () => {
    const notFolder = path.join(work, 'a-file');
    writeFileSync(notFolder, 'not an archive');
    const r = await cli(['archive', 'import', '--archive', notFolder, nk1]);
    expect(r.code).toBe(EXIT.io);
    // In words, not Node's "EEXIST: file already exists, mkdir '…'".
    expect(r.stderr).toBe(`dambord archive import: the archive ${notFolder} cannot be written: a file is there where a folder was to be made; name a folder this user may write with --archive DIR\n`);
    writeFileSync(path.join(work, 'index.json'), '{"format": "something else"}');
    const wrong = await cli(['archive', 'list', '--archive', work]);
    expect(wrong.code).toBe(EXIT.io);
    expect(wrong.stderr).toBe(`dambord archive list: cannot read the archive ${work}: ${path.join(work, 'index.json')} is not the index of a dambord archive\n`);
  });

  it.each([
    [[], /FOLDER or FILE is missing/],
    [['--variant', 'frisian', nk1], /unknown variant "frisian" \(frisian is not implemented\)/],
    [['--archives', 'x', nk1], /unknown option --archives/],
  ])('refuses %j (exit 2)', async (argv, message) => {
    const r = await cli(['archive', 'import', ...argv]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(message);
  });
});

describe('dambord archive list and export', () => {
  it('lists the events, and an event game by game', async () => {
    const all = await cli(['archive', 'list', '--archive', archive]);
    expect(all.code).toBe(EXIT.ok);
    expect(all.stdout).toBe(`nk: 14 games, no round\n14 games in 1 event; 0 rejected (in ${path.join(archive, 'rejected')})\n`);
    const nk = await cli(['archive', 'list', '--archive', archive, '--event', 'NK']);
    expect(nk.code).toBe(EXIT.ok);
    const lines = nk.stdout.split('\n');
    expect(lines[0]).toBe('round (no round):');
    expect(lines[1]).toMatch(/^ {2}001 Derkx, B\. - Meijer, Hein {2}2-0 {2}2009\.04\.08 {2}international {2}[0-9a-f]{12}$/);
    expect(lines.filter((l) => l.startsWith('  '))).toHaveLength(14);
    const none = await cli(['archive', 'list', '--archive', archive, '--event', 'Open']);
    expect(none.code).toBe(EXIT.checkFailed);
    expect(none.stderr).toBe(`dambord archive list: no event "Open" in ${archive}; the events are "nk"\n`);
  });

  it('exports an event as one PDN file in the order of play', async () => {
    const out = path.join(work, 'nk.pdn');
    const r = await cli(['archive', 'export', '--archive', archive, '--event', 'nk', '--round', 'no round', '-o', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    const back = readPdn(readFileSync(out, 'utf8')).games;
    const source = [...readPdn(readFileSync(nk1)).games, ...readPdn(readFileSync(nk2)).games];
    expect(back.map((g) => g.error)).toEqual(source.map(() => null));
    expect(back.map((g) => g.line.length)).toEqual(source.map((g) => g.line.length));
    expect(back[0].tags.find((t) => t.name === 'White')?.value).toBe('Derkx, B.');
    const stdout = await cli(['archive', 'export', '--archive', archive, '--event', 'nk']);
    expect(stdout.stdout).toBe(readFileSync(out, 'utf8'));
  });

  // Issue 26, finding 10: an event named "no event" could not be exported (the words name the games of no event).
  it('an event named "no event" is exported by its name; the games of no event by --event ""', async () => {
    const own = path.join(work, 'no-event-archive');
    const named = '[Event "no event"]\n[White "Anna"]\n[Black "Bert"]\n[Result "2-0"]\n\n1. 32-28 19-23 2-0\n';
    const none = '[White "Carla"]\n[Black "Dirk"]\n[Result "0-2"]\n\n1. 33-28 18-22 0-2\n';
    writeFileSync(path.join(work, 'no-event.pdn'), `${named}\n${none}`);
    expect((await cli(['archive', 'import', '--archive', own, path.join(work, 'no-event.pdn')])).code).toBe(EXIT.ok);
    const byName = await cli(['archive', 'export', '--archive', own, '--event', 'no event']);
    expect({ code: byName.code, stderr: byName.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(readPdn(byName.stdout).games.map((g) => g.tags.find((t) => t.name === 'White')?.value)).toEqual(['Anna']);
    const ofNone = await cli(['archive', 'export', '--archive', own, '--event', '']);
    expect({ code: ofNone.code, stderr: ofNone.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(readPdn(ofNone.stdout).games.map((g) => g.tags.find((t) => t.name === 'White')?.value)).toEqual(['Carla']);
  });

  // Issue 26, finding 10: pdn check and archive import read files within one limit, named alike.
  it('a file larger than the longest text Node holds and a device are refused unread: exit 3, as pdn check says', async () => {
    const huge = path.join(work, 'huge.pdn');
    writeFileSync(huge, '');
    truncateSync(huge, 560 * 2 ** 20);
    try {
      const r = await cli(['archive', 'import', '--archive', path.join(work, 'huge-archive'), huge, '/dev/zero']);
      expect(r.code).toBe(EXIT.io);
      expect(r.stderr).toBe(`dambord archive import: cannot read ${huge}: it has 560 MB, more than the 512 MB a text file may have\ndambord archive import: cannot read /dev/zero: it is a character device, not a file\n`);
    } finally {
      rmSync(huge);
    }
  });

  it.each([
    [['--event', 'Open'], EXIT.checkFailed, /no game of event "Open"/],
    [['--event', 'nk', '--round', '3'], EXIT.checkFailed, /no game of event "nk", round "3"/],
    [[], EXIT.usage, /--event is missing/],
  ])('export %j exits %i', async (argv, code, message) => {
    const r = await cli(['archive', 'export', '--archive', archive, ...argv]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
  });
});

describe('dambord archive sheet', () => {
  const firstId = async () => /([0-9a-f]{12})\n/.exec((await cli(['archive', 'list', '--archive', archive, '--event', 'nk'])).stdout)![1];

  it('writes the scoresheet of a game of the archive, named by the start of its id, to standard output', async () => {
    const r = await cli(['archive', 'sheet', '--archive', archive, (await firstId()).slice(0, 6)]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(r.stdout).toContain('<span class="label">White</span><span class="value">Derkx, B.</span>');
    expect(r.stdout).toContain('<tr><td class="no">59</td><td class="move">45-18</td>');
  });

  it('writes the scoresheet of a game of any PDN file, by its number, as HTML', async () => {
    const out = path.join(work, 'sheet.html');
    const r = await cli(['archive', 'sheet', '--archive', archive, nk2, '3', '--html', out]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe('');
    const white = readPdn(readFileSync(nk2)).games[2].tags.find((t) => t.name === 'White')!.value;
    expect(readFileSync(out, 'utf8')).toContain(`<span class="label">White</span><span class="value">${white}</span>`);
  });

  it('writes the scoresheet in the language --lang asks for: French, and refuses one it does not know', async () => {
    const fr = await cli(['archive', 'sheet', '--archive', archive, nk1, '1', '--lang', 'fr']);
    expect(fr.code).toBe(EXIT.ok);
    expect(fr.stdout).toContain('<html lang="fr">');
    expect(fr.stdout).toContain('<h1>Feuille de notation</h1>');
    expect(fr.stdout).toContain('<span class="label">Blancs</span>');
    expect(fr.stdout).toContain('<div class="signature">Signature de l’arbitre</div>');
    const xx = await cli(['archive', 'sheet', '--archive', archive, nk1, '1', '--lang', 'xx']);
    expect(xx.code).toBe(EXIT.usage);
    expect(xx.stderr).toMatch(/no language "xx": choose one of en, nl, fr/);
  });

  it.each([
    [['cafe00'], EXIT.usage, /no game in the archive has the id or file "cafe00"; no player "cafe00" has a game in it, and there is no file "cafe00"/],
    [[nk1, '9'], EXIT.usage, /nk ronde 01\.pdn has only 7 games: there is no game 9\n$/],
    [[nk1, '0'], EXIT.usage, /N must be a game's number from 1 up, not "0"/],
  ])('sheet %j exits %i', async (argv, code, message) => {
    const r = await cli(['archive', 'sheet', '--archive', archive, ...argv]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
  });

  it('refuses a game that cannot be replayed (exit 1)', async () => {
    const bad = path.join(work, 'bad.pdn');
    writeFileSync(bad, '1. 32-28 19-23 2. 28x19 14x24 *\n');
    const r = await cli(['archive', 'sheet', bad, '1']);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toMatch(/bad\.pdn:1:25: game 1 cannot be replayed: .*14x24/);
  });

  it.runIf(hasChromium('host/cli/archive.test.ts: the PDF'))('prints the scoresheet as a PDF through Chromium', async () => {
    const pdf = path.join(work, 'sheet.pdf');
    const r = await cli(['archive', 'sheet', '--archive', archive, await firstId(), '--pdf', pdf]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('dambord archive', () => {
  it('is a group of commands in the help', async () => {
    const r = await cli(['archive', '--help']);
    expect(r.code).toBe(EXIT.ok);
    for (const c of ['import', 'list', 'export', 'sheet']) expect(r.stdout).toMatch(new RegExp(`^ {2}archive ${c} +\\S`, 'm'));
    for (const c of ['import', 'list', 'export', 'sheet']) expect((await cli(['archive', c, '--help'])).stdout).toMatch(new RegExp(`^Usage: dambord archive ${c} `));
  });
});

describe('dambord archive export of a game file that is a link', () => {
  it('does not follow a link out of the archive: it names the file and exits 3', async () => {
    const linked = path.join(work, 'linked');
    expect((await cli(['archive', 'import', '--archive', linked, nk1])).code).toBe(EXIT.ok);
    const secret = path.join(work, 'linked-secret.txt');
    writeFileSync(secret, 'a secret outside the archive\n');
    const index = JSON.parse(readFileSync(path.join(linked, 'index.json'), 'utf8')) as { games: { file: string }[] };
    const file = path.join(linked, index.games[0].file);
    rmSync(file);
    symlinkSync(secret, file);
    const r = await cli(['archive', 'export', '--archive', linked, '--event', 'nk']);
    expect(r.stdout).not.toContain('a secret');
    expect(r.stderr).toBe(`dambord archive export: cannot read ${file}: ${file} is not a file inside the archive ${linked}\n`);
    expect(r.code).toBe(EXIT.io);
  });
});

describe('dambord archive: messages that read as sentences (issue 29: "there is no archive in archive")', () => {
  it('a folder that is not there, and one that holds no archive, are named as folders', async () => {
    const none = path.join(work, 'not-there');
    const check = await cli(['archive', 'check', '--archive', none]);
    expect(check.code).toBe(EXIT.io);
    expect(check.stderr).toBe(`dambord archive check: the folder ${none} does not exist: give the archive with --archive DIR\n`);
    const empty = path.join(work, 'empty');
    mkdirSync(empty, { recursive: true });
    const sheet = await cli(['archive', 'sheet', '--archive', empty, 'Derkx']);
    expect(sheet.code).toBe(EXIT.usage);
    expect(sheet.stderr).toBe(`dambord archive sheet: the folder ${empty} holds no archive (no index.json), and there is no file "Derkx": give the archive with --archive DIR\n`);
  });
});

// Issue 29, finding 2: the archive searched by player, event and date, and a player's game's sheet.
describe('dambord archive list --player --event --from --to, archive sheet PLAYER', () => {
  const list = async (...argv: string[]) => cli(['archive', 'list', '--archive', archive, ...argv]);
  const players = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split('  ')[0].replace(/^\d+ /, ''));

  it.each(['Derkx', 'derkx b', 'B. Derkx', 'Derkx, B.', 'DERKX,B'])('--player %j finds the two games of "Derkx,B." (NK 2009, rounds 1 and 2)', async (name) => {
    const r = await list('--player', name);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(players(r.stdout)).toEqual(['Derkx, B. - Meijer, Hein', 'Derkx, B. - Zweerink, J.']);
  });

  it('a surname with other initials finds nobody; a player is found as Black too', async () => {
    expect((await list('--player', 'Derkx, J.')).code).toBe(EXIT.checkFailed);
    expect(players((await list('--player', 'Meijer')).stdout)).toEqual(['Derkx, B. - Meijer, Hein', 'Meijer, Hein - Thijssen, K.']);
  });

  it('--event by part of its name, --from and --to inclusive on the date, all together', async () => {
    expect(players((await list('--event', 'N')).stdout)).toHaveLength(14);
    const second = await list('--event', 'nk', '--from', '2009.04.09', '--to', '2009.04.09');
    expect(players(second.stdout)).toHaveLength(7);
    expect(players((await list('--player', 'derkx', '--from', '2009.04.09')).stdout)).toEqual(['Derkx, B. - Zweerink, J.']);
    expect(players((await list('--player', 'derkx', '--to', '2009.04.08')).stdout)).toEqual(['Derkx, B. - Meijer, Hein']);
    const none = await list('--player', 'derkx', '--from', '2010.01.01');
    expect({ code: none.code, stderr: none.stderr }).toEqual({ code: EXIT.checkFailed, stderr: `dambord archive list: no game in ${archive} is found by --player "derkx" --from "2010.01.01"\n` });
  });

  it.each([['--from', '2009.02.30'], ['--to', '9.4.2009'], ['--from', '2009']])('%s %s is a usage error (exit 2)', async (option, date) => {
    const r = await list(option, date);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(`dambord archive list: ${option}: "${date}" is not a date: write it YYYY.MM.DD, as 2009.04.08\n`);
  });

  it('archive sheet PLAYER: several games listed to choose by id (exit 1), one game its sheet, none said', async () => {
    const several = await cli(['archive', 'sheet', '--archive', archive, 'Derkx']);
    expect(several.code).toBe(EXIT.checkFailed);
    expect(several.stdout).toBe('');
    expect(several.stderr).toMatch(/^dambord archive sheet: 2 games of a player "Derkx": choose one by its id \(dambord archive sheet ID\)\n {2}[0-9a-f]{12} {2}2009\.04\.08 {2}nk {2}no round {2}Derkx, B\. - Meijer, Hein {2}2-0\n {2}[0-9a-f]{12} {2}2009\.04\.09 {2}nk {2}no round {2}Derkx, B\. - Zweerink, J\. {2}0-2\n$/);
    const round1 = path.join(work, 'round-1-archive');
    expect((await cli(['archive', 'import', '--archive', round1, nk1])).code).toBe(EXIT.ok);
    const one = await cli(['archive', 'sheet', '--archive', round1, '--player', 'derkx b']);
    expect({ code: one.code, stderr: one.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(one.stdout).toContain('<span class="label">White</span><span class="value">Derkx, B.</span>');
    expect(one.stdout).toContain('<tr><td class="no">59</td><td class="move">45-18</td>');
    const none = await cli(['archive', 'sheet', '--archive', archive, 'Zed']);
    expect({ code: none.code, stderr: none.stderr }).toEqual({ code: EXIT.usage, stderr: 'dambord archive sheet: no game in the archive has the id or file "Zed"; no player "Zed" has a game in it, and there is no file "Zed"\n' });
  });
});

describe('dambord archive serve', () => {
  it('a folder with no archive is said (exit 3); a bad port or option is a usage error (exit 2)', async () => {
    const empty = path.join(work, 'serve-empty');
    mkdirSync(empty, { recursive: true });
    const none = await cli(['archive', 'serve', '--archive', empty, '--http-port', '0']);
    expect({ code: none.code, stderr: none.stderr }).toEqual({ code: EXIT.io, stderr: `dambord archive serve: the folder ${empty} holds no archive (no index.json): give the archive with --archive DIR\n` });
    const port = await cli(['archive', 'serve', '--archive', archive, '--http-port', '70000']);
    expect(port.code).toBe(EXIT.usage);
    expect(port.stderr).toContain('--http-port must be a port number, not "70000"');
    expect((await cli(['archive', 'serve', '--archive', archive, 'extra'])).code).toBe(EXIT.usage);
    expect((await cli(['archive', 'serve', '--help'])).stdout).toMatch(/^Usage: dambord archive serve \[--archive DIR\] \[--http-port N\] \[--host H\]/);
  });
});
