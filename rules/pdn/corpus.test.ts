// Every game file of the oracles (test/fixtures/oracles/games, see its README for where each
// comes from) must be read without a fatal error, except pdn-corpus/nested_comment.pdn, which the
// PDN 3.0 corpus (wiegerw/pdn, games/fail/) lists as a file a reader must reject.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodePdnBytes } from './decode.ts';
import { parsePdnText } from './syntax.ts';
import type { PdnGameSyntax, PdnNode } from './syntax.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const gamesDir = path.resolve(repoRoot, 'test/fixtures/oracles/games');

// Games per file, counted by hand: for .pdn files the lines starting with `[Event` (OCA 43,
// mrcd2006 44, nk ronde 7 and 7, ussr1947 153, kurnik 4, delfts 2) or the results and tag
// sections of the small files; for .json files the number of strings, each one game (some hold
// only the tags of a game, some only its moves). Remarks: 17 strings of standard_random_pdns.json
// write their line breaks as the two characters \n.
const EXPECTED: Record<string, { games: number; remarks?: number }> = {
  'OCA_2.0.pdn': { games: 43 },
  'mrcd2006.pdn': { games: 44 },
  'nk ronde 01.pdn': { games: 7 },
  'nk ronde 02.pdn': { games: 7 },
  'ussr1947.pdn': { games: 153 },
  'american_random_pdns.json': { games: 30 },
  'brazilian_random_pdns.json': { games: 25 },
  'frisian_random_pdns.json': { games: 30 },
  'russian_random_pdns.json': { games: 30 },
  'standard_random_pdns.json': { games: 30, remarks: 17 },
  'pdn-corpus/alphanumeric.pdn': { games: 1 },
  'pdn-corpus/delfts.pdn': { games: 2 },
  'pdn-corpus/fen.pdn': { games: 3 },
  'pdn-corpus/gameterminator.pdn': { games: 1 },
  'pdn-corpus/kurnik.pdn': { games: 4 },
  'pdn-corpus/linecomment.pdn': { games: 1 },
  'pdn-corpus/movestrength.pdn': { games: 1 },
  'pdn-corpus/nested_comment.pdn': { games: 1 },
  'pdn-corpus/string.pdn': { games: 1 },
  'pdn-corpus/unicode.pdn': { games: 1 },
  'pdn-corpus/variation.pdn': { games: 1 },
  'pdn-corpus/windragon.pdn': { games: 1 },
  // games/more/, counted by their `[Event` lines.
  'more/090417ronde12.pdn': { games: 7 },
  'more/DUTCH96H.pdn': { games: 13 },
  'more/acf-archive.pdn': { games: 300 },
  'more/mrcd2000kval.pdn': { games: 40 },
  'more/mrcd2007.pdn': { games: 102 },
  'more/nk2003-amsterdam.pdn': { games: 33 },
  'more/rk ronde 12.pdn': { games: 7 },
  'more/wk2003.pdn': { games: 23 },
};
const REJECTED = 'pdn-corpus/nested_comment.pdn';

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** The PDN texts of a file: the whole .pdn file, or every string in the arrays of a .json file. */
function pdnTexts(file: string): string[] {
  const bytes = fs.readFileSync(path.join(gamesDir, file));
  if (!file.endsWith('.json')) return [decodePdnBytes(bytes)];
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return Object.values(data).flatMap((v) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));
}

function readFile(file: string): PdnGameSyntax[] {
  return pdnTexts(file).flatMap((text) => {
    const r = parsePdnText(text);
    expect(r.errors).toEqual([]);
    return r.games;
  });
}

/** Checks that written move numbers fit the ply count of a main line that starts at 1. with white. */
function numberingProblem(nodes: PdnNode[]): string | null {
  let ply = 0;
  for (const n of nodes) {
    if (n.kind === 'setup') return null;
    const number = Math.floor(ply / 2) + 1;
    const black = ply % 2 === 1;
    if (n.number !== undefined && (n.number !== number || (n.blackFirst ?? false) !== black)) {
      return `${n.text} at line ${n.pos.line} is numbered ${n.number}${n.blackFirst ? '...' : '.'}, expected ${number}${black ? '...' : '.'}`;
    }
    ply++;
  }
  return null;
}

const files = listFiles(gamesDir).sort();

describe('oracle game files', () => {
  it('lists every file with its expected game count', () => {
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files.filter((f) => f !== REJECTED))('reads %s without a fatal error', (file) => {
    const games = readFile(file);
    expect(games).toHaveLength(EXPECTED[file].games);
    expect(games.flatMap((g) => g.errors.filter((e) => e.fatal))).toEqual([]);
    expect(games.flatMap((g) => g.errors)).toHaveLength(EXPECTED[file].remarks ?? 0);
    for (const g of games) {
      const tag = (name: string) => g.tags.find((t) => t.name === name)?.value;
      // The result that ends the game agrees with the Result tag, and PlyCount with the moves.
      if (g.result !== undefined && tag('Result') !== undefined) expect(g.result).toBe(tag('Result'));
      if (tag('PlyCount') !== undefined) expect(g.moves.length).toBe(Number(tag('PlyCount')));
      const first = g.moves[0];
      if (first?.kind === 'move' && first.number === 1 && !first.blackFirst) expect(numberingProblem(g.moves)).toBeNull();
    }
  });

  it('rejects nested_comment.pdn, saying where the nested comment is', () => {
    const games = readFile(REJECTED);
    expect(games).toHaveLength(1);
    const errors = games[0].errors;
    expect(errors).toHaveLength(1);
    expect(errors[0].fatal).toBe(true);
    expect(errors[0].pos).toMatchObject({ line: 1, column: 34 });
    expect(errors[0].reason).toMatch(/^Nested comment: '\{' at line 1, column 34 is inside the comment opened at line 1, column 25/);
    expect(games[0].moves.map((m) => m.kind === 'move' && m.text)).toEqual(['33-29', '19-23', '35-30']);
  });

  it('reads the Delfts results of delfts.pdn', () => {
    expect(readFile('pdn-corpus/delfts.pdn').map((g) => [g.result, g.moves.length])).toEqual([
      ['4-6', 128],
      ['1-9', 124],
    ]);
  });

  it('reads the movetext details of the small corpus files', () => {
    const [alpha] = readFile('pdn-corpus/alphanumeric.pdn');
    expect(alpha.moves).toMatchObject([{ text: 'a3b4', number: 1 }]);
    const [str] = readFile('pdn-corpus/string.pdn');
    expect(str.tags[0].value).toBe('This is a string with an escaped character "');
    const [uni] = readFile('pdn-corpus/unicode.pdn');
    expect(uni.tags.map((t) => t.value)).toEqual(['Сергей Фадеев', '高文龙']);
    expect(readFile('pdn-corpus/fen.pdn').map((g) => [g.tags[0].value, g.result])).toEqual([
      ['?:W29,13,11:B22,4,2', '*'],
      ['W:W31,29,K15:B14,13,12,9', '*'],
      ['W:W31-50:B1-20', '*'],
    ]);
    const [wd] = readFile('pdn-corpus/windragon.pdn');
    expect(wd.moves).toHaveLength(152);
    const last = wd.moves[151];
    expect(last.kind === 'move' && last.comments[1]).toBe('[%drgnode 152 152]');
    expect(wd.result).toBe('*');
  });
});
