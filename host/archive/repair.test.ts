// Where an archive's index and its files disagree, found and repaired: a game file the index
// does not list (adopted), one that is not a complete game (moved to rejected/), a copy of a
// game the index has (removed), an unfinished temporary file (removed), an entry whose file is
// missing or that leaves the archive (dropped), a rejected text not listed (adopted). The games
// `dambord event` keeps in the same folders are left alone. Nothing else is touched.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../cli/testing.ts';
import { importPdn } from './import.ts';
import { auditArchive, problemCounts } from './repair.ts';
import { INDEX_FILE, readIndex } from './store.ts';
import { roundGames } from './testing/roundGames.ts';

const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-repair-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file below `dir`, from it, but the index. */
function filesBelow(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== INDEX_FILE)
    .sort();
}

describe('auditArchive', () => {
  const source = path.join(work, 'games.pdn');
  writeFileSync(source, roundGames(6));
  const archive = path.join(work, 'archive');
  importPdn(archive, [source]);
  const round = path.join(archive, 'Bench/round-1');
  const index = readIndex(archive);
  const [first, second, third] = index.games;
  // What an import cut short, a hand and `dambord event` leave.
  const tampered = { ...index, games: [...index.games.slice(1), { ...index.games[3], file: '../../etc/hostname' }] };
  writeFileSync(path.join(archive, INDEX_FILE), JSON.stringify(tampered));
  rmSync(path.join(archive, second.file));
  copyFileSync(path.join(archive, third.file), path.join(round, '099 Copy - Copy.pdn'));
  writeFileSync(path.join(round, '098 Broken - Game.pdn'), '[Event "Bench"]\n1. 32-28 18-\n');
  writeFileSync(path.join(round, '.007 Half - Written.pdn.4242.tmp'), '[Event "Ben');
  mkdirSync(path.join(archive, 'rejected'), { recursive: true });
  writeFileSync(path.join(archive, 'rejected/club line 9.pdn'), '[Event "Club"]\n1. 32-28 14x24 *\n');
  mkdirSync(path.join(round, 'board-01'), { recursive: true });
  writeFileSync(path.join(round, 'board-01/game.pdn'), '[Event "Bench"]\n1. 32-28 *\n');
  const before = filesBelow(archive);

  it('lists each problem and changes nothing without repair', () => {
    const audit = auditArchive(archive, false);
    expect(audit.problems.map((p) => [p.kind, p.file])).toEqual([
      ['bad entry', INDEX_FILE],
      ['missing', second.file],
      ['unfinished', 'Bench/round-1/.007 Half - Written.pdn.4242.tmp'],
      ['orphan', first.file],
      ['broken', 'Bench/round-1/098 Broken - Game.pdn'],
      ['double', 'Bench/round-1/099 Copy - Copy.pdn'],
      ['orphan rejected', 'rejected/club line 9.pdn'],
    ]);
    expect(audit.problems[0].what).toMatch(/^game 6 skipped: its file "..\/..\/etc\/hostname" is not a game file of the archive/);
    expect(audit.problems[3].what).toBe('not in the index: a complete game (Baaa, A. - Baab, B., Bench, round 1)');
    expect(audit.problems[5].what).toBe(`not in the index: the same game as ${third.id} (${third.file})`);
    expect(problemCounts(audit.problems, false)).toBe(
      "1 game not in the index, 1 rejected game's text not in the index, 1 file not in the index that is not a complete game, 1 copy of a game the index has, 1 unfinished file, 1 entry whose file is missing, 1 bad entry in the index",
    );
    expect(filesBelow(archive)).toEqual(before);
  });

  it('repairs them: the index lists every file of the archive once, nothing lost but copies and unfinished files, and a second audit finds nothing', () => {
    const audit = auditArchive(archive, true);
    expect(problemCounts(audit.problems, true)).toBe(
      "adopted into the index: 1 game, 1 rejected game's text; moved to rejected: 1 file not a complete game; removed: 1 copy, 1 unfinished file; dropped from the index: 1 entry whose file is missing, 1 bad entry",
    );
    const after = readIndex(archive);
    expect(after).toEqual(audit.index);
    const listed = [...after.games, ...after.rejected].map((g) => g.file).sort();
    expect(filesBelow(archive).filter((f) => !f.includes('board-01'))).toEqual(listed);
    expect(filesBelow(archive)).toContain('Bench/round-1/board-01/game.pdn');
    expect(after.games.map((g) => g.file)).toContain(first.file);
    expect(after.rejected.map((r) => r.file).sort()).toEqual(['rejected/098 Broken - Game line 1.pdn', 'rejected/club line 9.pdn']);
    expect(readFileSync(path.join(archive, 'rejected/098 Broken - Game line 1.pdn'), 'utf8')).toBe('[Event "Bench"]\n1. 32-28 18-\n');
    expect(auditArchive(archive, false).problems).toEqual([]);
  });

  it('an import afterwards finds every game of the source once: the missing one imported again, the others duplicates', () => {
    const r = importPdn(archive, [source]);
    expect(r.repairs).toEqual([]);
    expect(r.games.map((g) => g.outcome.kind)).toEqual(['duplicate', 'imported', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(readIndex(archive).games).toHaveLength(6);
  });
});

describe('auditArchive of an index.json that is not an index', () => {
  it('says so naming the file, and with repair sets it aside and makes the index again from the files', async () => {
    const source = path.join(work, 'broken-index.pdn');
    writeFileSync(source, roundGames(4));
    const archive = path.join(work, 'broken-index');
    importPdn(archive, [source]);
    const ids = readIndex(archive).games.map((g) => g.id);
    writeFileSync(path.join(archive, INDEX_FILE), '{"format": "dambord archive 1", "games": [');
    expect(() => auditArchive(archive, false)).toThrow(`${path.join(archive, INDEX_FILE)} is not the index of a dambord archive: it is not JSON`);
    const cli = await runCliBuffered(['archive', 'check', '--archive', archive]);
    expect(cli.code).toBe(3);
    expect(cli.stderr).toMatch(/it is not JSON .*; dambord archive check --repair sets it aside and makes the index again from the archive's files\n$/);
    // An import does not replace it: it says so and changes nothing.
    expect(() => importPdn(archive, [source])).toThrow('is not the index of a dambord archive');
    expect(readFileSync(path.join(archive, INDEX_FILE), 'utf8')).toBe('{"format": "dambord archive 1", "games": [');
    const audit = auditArchive(archive, true, true);
    expect(problemCounts(audit.problems, true)).toBe('index.json set aside, not an index; adopted into the index: 4 games');
    expect(readIndex(archive).games.map((g) => g.id)).toEqual(ids);
    expect(readFileSync(path.join(archive, 'index.json.broken'), 'utf8')).toBe('{"format": "dambord archive 1", "games": [');
    expect(auditArchive(archive, false).problems).toEqual([]);
  });
});

describe("auditArchive of another version's index", () => {
  it('says so and never replaces it, even to repair', () => {
    const archive = path.join(work, 'newer');
    mkdirSync(archive);
    const newer = JSON.stringify({ format: 'dambord archive 2', games: [] });
    writeFileSync(path.join(archive, INDEX_FILE), newer);
    expect(() => auditArchive(archive, true, true)).toThrow(`${path.join(archive, INDEX_FILE)} is the index of another version of dambord (format "dambord archive 2"); this one reads "dambord archive 1"`);
    expect(readFileSync(path.join(archive, INDEX_FILE), 'utf8')).toBe(newer);
  });
});
