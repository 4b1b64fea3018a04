// Importing into the club's archive: every game of every oracle file is imported, a duplicate or
// bad with its reason (as many games as `dambord pdn check` counts in the same files), again adds
// nothing, duplicates are found however the players are written, and broken files lose nothing.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readPdn, variantByName } from '../../rules/index.ts';
import { MORE_FILES, ORACLE_FILES, ORACLE_GAMES, oracleTexts } from '../../test/oracles.ts';
import { runCliBuffered } from '../cli/testing.ts';
import { importPdn } from './import.ts';
import type { ImportReport } from './import.ts';
import { readIndex } from './store.ts';

const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const kinds = (r: ImportReport) => {
  const n = (k: string) => r.games.filter((g) => g.outcome.kind === k).length;
  return { read: r.games.length, imported: n('imported'), duplicates: n('duplicate'), bad: n('bad') };
};

/** Every file below `dir`, from it. */
function filesBelow(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The games `dambord pdn check` counts in `files` (its closing line), read as `variant`. */
async function checkedGames(files: string[], variant: string | null): Promise<number> {
  const r = await runCliBuffered(['pdn', 'check', ...(variant ? ['--variant', variant] : []), ...files]);
  const m = /^(\d+) games?: /m.exec(r.stdout.split('\n').filter(Boolean).pop() ?? '');
  expect(m, r.stdout.slice(-300)).not.toBeNull();
  return Number(m![1]);
}

/**
 * The oracle games as a club would have them: each .pdn file copied, each .json file's PDN
 * strings one .pdn file each in a folder named after it; with the variant to import each as
 * (null: by their tags, the PDN corpus and the Frisian games, which dambord does not play).
 */
function oracleSources(root: string): { source: string; files: string[]; variant: string | null }[] {
  const out: { source: string; files: string[]; variant: string | null }[] = [];
  mkdirSync(root, { recursive: true });
  const json = (file: string, variant: string | null) => {
    const folder = path.join(root, file.replace(/\.json$/, ''));
    mkdirSync(folder, { recursive: true });
    const files = oracleTexts(file).map((text, i) => {
      const f = path.join(folder, `${String(i + 1).padStart(3, '0')}.pdn`);
      writeFileSync(f, text);
      return f;
    });
    out.push({ source: folder, files, variant });
  };
  for (const { file, variant } of [...ORACLE_FILES, ...MORE_FILES]) {
    if (file.endsWith('.json')) json(file, variant);
    else {
      const f = path.join(root, path.basename(file));
      writeFileSync(f, oracleTexts(file)[0] as Uint8Array);
      out.push({ source: f, files: [f], variant });
    }
  }
  json('frisian_random_pdns.json', null);
  const corpus = path.join(root, 'pdn-corpus');
  cpSync(fileURLToPath(new URL('pdn-corpus/', ORACLE_GAMES)), corpus, { recursive: true });
  out.push({ source: corpus, files: readdirSync(corpus).sort().map((f) => path.join(corpus, f)), variant: null });
  return out;
}

describe('archive import of every PDN in the oracles', () => {
  const root = path.join(work, 'oracles');
  const archive = path.join(work, 'oracle-archive');
  const sources = oracleSources(root);
  const first: ImportReport[] = [];

  it('accounts for every game: imported, a duplicate or bad with its reason, as many as pdn check reads', async () => {
    const t0 = performance.now();
    for (const s of sources) first.push(importPdn(archive, [s.source], s.variant ? { variant: variantByName(s.variant)! } : {}));
    const ms = performance.now() - t0;
    const figures: string[] = [];
    let sum = { read: 0, imported: 0, duplicates: 0, bad: 0 };
    for (const [i, s] of sources.entries()) {
      const r = first[i];
      const k = kinds(r);
      expect(k.imported + k.duplicates + k.bad).toBe(k.read);
      expect(r.files.sort()).toEqual([...s.files].sort());
      expect(r.unreadable).toEqual([]);
      expect(k.read).toBe(await checkedGames(s.files, s.variant));
      for (const g of r.games) if (g.outcome.kind === 'bad') expect(g.outcome.reason).toMatch(/\w{3}/);
      figures.push(`${path.relative(root, s.source)}: ${k.read} read, ${k.imported} imported, ${k.duplicates} duplicates, ${k.bad} bad`);
      sum = { read: sum.read + k.read, imported: sum.imported + k.imported, duplicates: sum.duplicates + k.duplicates, bad: sum.bad + k.bad };
    }
    console.log(`${figures.join('\n')}\nin all: ${JSON.stringify(sum)}, imported in ${Math.round(ms)} ms`);
    // The archive holds what the reports say: a file for each game imported, each rejected text once.
    const index = readIndex(archive);
    expect(index.games).toHaveLength(sum.imported);
    const onDisk = filesBelow(archive);
    expect(onDisk.filter((f) => !f.startsWith('rejected/') && f !== 'index.json').sort()).toEqual(index.games.map((g) => g.file).sort());
    expect(onDisk.filter((f) => f.startsWith('rejected/')).sort()).toEqual(index.rejected.map((g) => g.file).sort());
    expect(new Set(first.flatMap((r) => r.games.flatMap((g) => (g.outcome.kind === 'bad' ? [g.outcome.rejected.file] : [])))).size).toBe(index.rejected.length);
    expect(sum.bad).toBeGreaterThanOrEqual(30); // the Frisian games, which dambord does not play, at least
    // american_random_pdns.json holds six of its games twice; more/acf-archive.pdn has lines 204 and
    // 205, 210 and 211 of the ACF archive, the same game twice each.
    expect(sum.duplicates).toBe(8);
    // Every game imported reads back, replays, and names its players as the archive shows them.
    for (const g of index.games) {
      const back = readPdn(readFileSync(path.join(archive, g.file), 'utf8')).games;
      expect(back.map((b) => b.error)).toEqual([null]);
      expect(back[0].variant.name).toBe(g.variant);
      expect(back[0].tags.find((t) => t.name === 'White')?.value).toBe(g.white);
    }
  });

  it('adds nothing when the same files are imported again', () => {
    const before = filesBelow(archive).map((f) => [f, readFileSync(path.join(archive, f), 'utf8')]);
    for (const [i, s] of sources.entries()) {
      const again = kinds(importPdn(archive, [s.source], s.variant ? { variant: variantByName(s.variant)! } : {}));
      const was = kinds(first[i]);
      expect(again).toEqual({ read: was.read, imported: 0, duplicates: was.imported + was.duplicates, bad: was.bad });
    }
    expect(filesBelow(archive).map((f) => [f, readFileSync(path.join(archive, f), 'utf8')])).toEqual(before);
  });
});

describe('archive import of games written otherwise', () => {
  const nk = readFileSync(new URL('nk ronde 01.pdn', ORACLE_GAMES), 'latin1');

  it('takes the same game with its players written otherwise for a duplicate, other games for none', () => {
    const archive = path.join(work, 'renamed');
    const src = path.join(work, 'renamed-src');
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(src, 'a.pdn'), nk);
    const renamed = nk.replace('[White "Derkx,B."]', '[White "DERKX, B"]').replace('[Black "Meijer,Hein"]', '[Black "Meijer, Hein"]');
    const game1 = renamed.slice(0, renamed.indexOf('[Event', 10));
    writeFileSync(path.join(src, 'b.PDN'), game1);
    writeFileSync(path.join(src, 'notes.txt'), game1);
    const r = importPdn(archive, [src]);
    expect(kinds(r)).toEqual({ read: 8, imported: 7, duplicates: 1, bad: 0 });
    const dup = r.games.find((g) => g.outcome.kind === 'duplicate')!;
    expect(dup.file).toBe(path.join(src, 'b.PDN'));
    expect(dup.outcome.kind === 'duplicate' && dup.outcome.of.file).toBe('nk/no round/001 Derkx, B - Meijer, Hein.pdn');
    // The names written otherwise in the games imported; the duplicate's are not written.
    expect(r.names).toContainEqual({ shown: 'Derkx, B.', written: ['Derkx,B.'] });
    expect(r.names).toContainEqual({ shown: 'Meijer, Hein', written: ['Meijer,Hein'] });
  });

  it('keeps a game of the same moves between other players, and says so', () => {
    const archive = path.join(work, 'same-moves');
    const src = path.join(work, 'same-moves-src');
    mkdirSync(src, { recursive: true });
    const game1 = nk.slice(0, nk.indexOf('[Event', 10));
    writeFileSync(path.join(src, 'a.pdn'), game1);
    writeFileSync(path.join(src, 'b.pdn'), game1.replace('Derkx,B.', 'Dirkx,B.'));
    const r = importPdn(archive, [src]);
    expect(kinds(r)).toEqual({ read: 2, imported: 2, duplicates: 0, bad: 0 });
    const second = r.games[1].outcome;
    expect(second.kind === 'imported' && second.sameMovesAs?.file).toBe('nk/no round/001 Derkx, B - Meijer, Hein.pdn');
  });
});

describe('archive import of games without a GameType tag', () => {
  const czech = readFileSync(new URL('more/mrcd2007.pdn', ORACLE_GAMES), 'latin1');
  const ussr = readFileSync(new URL('ussr1947.pdn', ORACLE_GAMES), 'utf8');
  /** The text of each game of `text`, with the variants its moves are legal in. */
  const games = (text: string) => {
    const read = readPdn(text).games;
    return read.map((g, i) => ({ text: text.slice(g.pos.offset, read[i + 1]?.pos.offset ?? text.length), fits: (g.legalIn ?? []).map((v) => v.name).join(' ') }));
  };

  it('reads the games of one file as the one variant they all fit: a Czech championship is Czech, its games legal in Russian too and its forfeits (no moves) alike', () => {
    const archive = path.join(work, 'czech');
    const r = importPdn(archive, [fileURLToPath(new URL('more/mrcd2007.pdn', ORACLE_GAMES))]);
    expect(kinds(r)).toEqual({ read: 102, imported: 102, duplicates: 0, bad: 0 });
    expect(readIndex(archive).games.map((g) => g.variant)).toEqual(Array(102).fill('czech'));
    const said = r.games.filter((g) => g.guessed).map((g) => g.guessed);
    expect(said).toEqual(Array(10).fill('czech, as every game of the file fits it (also legal in russian, brazilian)'));
  });

  it('guesses each game on its own when no one variant fits the file: a Russian game and a Czech one', () => {
    const russianOnly = games(ussr).find((g) => g.fits === 'russian')!;
    const czechOnly = games(czech).find((g) => g.fits === 'czech')!;
    const both = games(czech).find((g) => g.fits === 'russian brazilian czech')!;
    const src = path.join(work, 'mixed-src');
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(src, 'mixed.pdn'), russianOnly.text + czechOnly.text + both.text);
    const archive = path.join(work, 'mixed');
    const r = importPdn(archive, [src]);
    expect(kinds(r)).toEqual({ read: 3, imported: 3, duplicates: 0, bad: 0 });
    expect(readIndex(archive).games.map((g) => g.variant)).toEqual(['russian', 'czech', 'russian']);
    expect(r.games[2].guessed).toBe('russian (also legal in brazilian, czech)');
  });
});

describe('archive import of broken files', () => {
  it('lists a truncated game, binary garbage and an illegal move with their reasons, keeps their text, reports text outside the games and loses nothing else', () => {
    const archive = path.join(work, 'broken');
    const src = path.join(work, 'broken-src');
    mkdirSync(src, { recursive: true });
    const good = '[Event "Club"]\n[Round "1"]\n[White "Ann"]\n[Black "Bob"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n';
    const illegal = '[Event "Club"]\n[Round "1"]\n[White "Cas"]\n[Black "Dirk"]\n1. 32-28 19-23 2. 28x19 14x24 0-2\n\n';
    const truncated = '[Event "Club"]\n[Round "2"]\n[White "Eva"]\n[Black "Fon"]\n1. 32-28 18-';
    writeFileSync(path.join(src, 'club.pdn'), good + illegal + truncated);
    const garbage = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 151 + 7) % 256));
    writeFileSync(path.join(src, 'garbage.pdn'), garbage);
    writeFileSync(path.join(src, 'empty.pdn'), '');
    writeFileSync(path.join(src, 'trailing.pdn'), '[Event "Club"]\n[Round "3"]\n[White "Gus"]\n[Black "Hans"]\n1. 32-28 *\n)\n');
    const r = importPdn(archive, [src]);
    expect(kinds(r)).toEqual({ read: 5, imported: 2, duplicates: 0, bad: 3 });
    expect(r.empty).toEqual([path.join(src, 'empty.pdn')]);
    expect(r.outside).toEqual([{ file: path.join(src, 'trailing.pdn'), line: 6, column: 1, reason: expect.stringMatching(/^A '\)' with no variation open .* is outside any game and was ignored/) }]);
    const bad = r.games.flatMap((g) => (g.outcome.kind === 'bad' ? [{ file: path.basename(g.file), line: g.outcome.line, reason: g.outcome.reason, kept: g.outcome.rejected.file }] : []));
    expect(bad).toEqual([
      { file: 'club.pdn', line: 11, reason: expect.stringMatching(/^move 14x24: "14x24" is not a legal move for black/), kept: 'rejected/club line 7.pdn' },
      { file: 'club.pdn', line: 17, reason: expect.stringMatching(/'18-' .* is not a move/), kept: 'rejected/club line 13.pdn' },
      { file: 'garbage.pdn', line: 1, reason: expect.stringMatching(/character/), kept: 'rejected/garbage line 1.pdn' },
    ]);
    expect(readFileSync(path.join(archive, 'rejected/club line 7.pdn'), 'utf8')).toBe(illegal);
    expect(readFileSync(path.join(archive, 'rejected/club line 13.pdn'), 'utf8')).toBe(truncated);
    expect(readFileSync(path.join(archive, 'rejected/garbage line 1.pdn'), 'latin1').length).toBeGreaterThan(0);
    expect(filesBelow(archive)).toEqual(['Club/round-1/001 Ann - Bob.pdn', 'Club/round-3/001 Gus - Hans.pdn', 'index.json', 'rejected/club line 13.pdn', 'rejected/club line 7.pdn', 'rejected/garbage line 1.pdn']);
  });
});
