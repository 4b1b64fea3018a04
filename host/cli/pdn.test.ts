// `dambord pdn check` and `dambord pdn convert`, run in-process on the oracle games
// (test/fixtures/oracles/games) and on small texts given on standard input; one real process reads
// its standard input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROSTER, normaliseResult, parseFen, readPdn, rosterValue, sameMove, variants, writeFen } from '../../rules/index.ts';
import type { PdnGame, PdnPly, VariantName } from '../../rules/index.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const gamesDir = fileURLToPath(new URL('../../test/fixtures/oracles/games/', import.meta.url));
const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'dambord-pdn-'));


const oracle = (file: string) => path.join(gamesDir, file);

/** Every string of a .json oracle file: one PDN text each. */
function jsonTexts(file: string): string[] {
  const data = JSON.parse(readFileSync(oracle(file), 'utf8')) as Record<string, unknown>;
  return Object.values(data).flatMap((v) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));
}

/** The .pdn oracle files, with their variant (null: the corpus files, read by their tags or the PDN default) and game count. */
const PDN_FILES: [string, VariantName | null, number][] = [
  ['OCA_2.0.pdn', 'english', 43],
  ['mrcd2006.pdn', 'czech', 44],
  ['nk ronde 01.pdn', 'international', 7],
  ['nk ronde 02.pdn', 'international', 7],
  ['ussr1947.pdn', 'russian', 153],
  ...readdirSync(path.join(gamesDir, 'pdn-corpus'))
    .filter((f) => f !== 'nested_comment.pdn')
    .map((f): [string, null, number] => [`pdn-corpus/${f}`, null, { 'delfts.pdn': 2, 'fen.pdn': 3, 'kurnik.pdn': 4 }[f] ?? 1]),
];
const JSON_FILES: [string, VariantName, number][] = [
  ['american_random_pdns.json', 'english', 30],
  ['brazilian_random_pdns.json', 'brazilian', 25],
  ['russian_random_pdns.json', 'russian', 30],
  ['standard_random_pdns.json', 'international', 30],
];

const ILLEGAL = '[Event "x"]\n1. 32-28 19-23 2. 28x19 14x24 3. 30-25 *\n\n[Event "y"]\n[White "Ann"]\n1. 32-28 *\n';
const GAME_LINE = /^(.+):(\d+): game (\d+) \((.*) - (.*), (.*)\): OK, (\d+) moves? \((\d+) pl(?:y|ies)\), (international|czech|english|brazilian|russian)( \(guessed(: also legal in [a-z, ]+)?\))?$/;

/** What pdn check says on stderr of the oracle files read without --variant: the variants of the games guessed among several. */
const GUESSED: Record<string, RegExp> = {
  // 1.a3b4 is legal in every 8x8 variant written a1-h8, and they all read it alike.
  'pdn-corpus/alphanumeric.pdn': /^.*alphanumeric\.pdn: warning: 1 game has no GameType tag and its moves are not legal in international draughts: 1 is legal in russian, brazilian and czech alike and was read as russian\. It is legal in russian, brazilian and czech: name the variant with --variant russian, brazilian or czech, e\.g\. dambord pdn (check|convert) --variant czech \S+\n$/,
};

describe('dambord pdn check', () => {
  it.each(PDN_FILES)('%s: every game OK (variant %s), %i games', async (file, variant, games) => {
    const r = await cli(['pdn', 'check', ...(variant ? ['--variant', variant] : []), oracle(file)]);
    if (GUESSED[file]) expect(r.stderr).toMatch(GUESSED[file]);
    else expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.pop()).toBe(`${games} game${games === 1 ? '' : 's'}: ${games} ok, 0 with errors`);
    expect(lines).toHaveLength(games);
    for (const line of lines) expect(line).toMatch(GAME_LINE);
  });

  it.each(JSON_FILES)('%s: every string of it OK as %s', async (file, variant, games) => {
    const texts = jsonTexts(file);
    expect(texts).toHaveLength(games);
    for (const text of texts) {
      const r = await cli(['pdn', 'check', '--variant', variant, '-'], text);
      expect(r.code, r.stdout).toBe(EXIT.ok);
      expect(r.stdout).toMatch(new RegExp(`^<stdin>:\\d+: game 1 \\(.*\\): OK, \\d+ moves? \\(\\d+ pl(y|ies)\\), ${variant}\\n1 game: 1 ok, 0 with errors\\n$`));
    }
  });

  it('prints each game with its players and event, its moves as people count them, its plies and the variant, from the tags', async () => {
    const r = await cli(['pdn', 'check', oracle('nk ronde 01.pdn')]);
    const first = r.stdout.split('\n')[0];
    const m = GAME_LINE.exec(first)!;
    expect(m).not.toBeNull();
    const g = readPdn(readFileSync(oracle('nk ronde 01.pdn'))).games[0];
    const tag = (n: string) => g.tags.find((t) => t.name === n)?.value;
    // Derkx - Meijer, 1-0: PlyCount 117, its last move "59. 45-18", White's.
    expect(tag('PlyCount')).toBe('117');
    expect(first).toBe(`${oracle('nk ronde 01.pdn')}:${g.pos.line}: game 1 (${tag('White')} - ${tag('Black')}, ${tag('Event')}): OK, 59 moves (117 plies), international`);
  });

  it('counts a move of each player as one move, as the move numbers do, also from a position with the second player to move', async () => {
    const count = async (pdn: string) => /OK, (.*), /.exec((await cli(['pdn', 'check', '-'], pdn)).stdout)?.[1];
    expect(await count('1. 32-28 19-23 2. 28x19 14x23 *')).toBe('2 moves (4 plies)');
    expect(await count('1. 32-28 19-23 2. 28x19 *')).toBe('2 moves (3 plies)');
    expect(await count('1. 32-28 *')).toBe('1 move (1 ply)');
    expect(await count('[FEN "B:W31-50:B1-20"]\n1... 19-23 2. 32-28 23x32 *')).toBe('2 moves (3 plies)');
    expect(await count('*')).toBe('0 moves (0 plies)');
  });

  it('says when the variant was guessed from the moves', async () => {
    const r = await cli(['pdn', 'check', oracle('OCA_2.0.pdn')]);
    expect(r.stdout.split('\n')[0]).toMatch(/^.*OCA_2\.0\.pdn:1: game 1 \(Wyllie, J\. - Moorhead, W\., Manchester 1841\): OK, 22 moves \(44 plies\), english \(guessed\)$/);
  });

  describe('a file without GameType tags, its variant guessed from the moves', () => {
    const mrcd = oracle('mrcd2006.pdn'); // 44 Czech games (Czech championship 2006), no GameType tags

    it('names on stderr the variants its games could be, what each was read as, and the --variant they all fit', async () => {
      const r = await cli(['pdn', 'check', mrcd]);
      expect(r.code).toBe(EXIT.ok);
      // Russian is tried first for a1-h8 games; 34 games are legal in Czech draughts only (a man
      // that could capture backwards does not have to, Czech 4.1), the other 10 in Czech and
      // Russian (and Brazilian) alike: nothing in them tells, but the file's other games do, so
      // they are read as Czech.
      expect(r.stderr).toBe(
        `${mrcd}: warning: 44 games have no GameType tag and their moves are not legal in international draughts: ` +
          '9 are legal in czech, russian and brazilian alike and were read as czech; 34 are legal only in czech; 1 is legal in czech and russian alike and was read as czech. ' +
          `Every one of them is legal in czech: dambord pdn check --variant czech ${mrcd}\n`,
      );
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/: game 1 \(Baldangotov,B\. - Bajusz,O\., m-CR-q\): OK, 22 moves \(43 plies\), czech \(guessed: also legal in russian and brazilian\)$/);
      expect(lines[1]).toMatch(/: game 2 \(Hajek,A\. - Krista,V\., m-CR-q\): OK, 40 moves \(79 plies\), czech \(guessed\)$/);
    });

    it('guesses each game on its own when no one variant fits the file: a Russian game beside the Czech ones', async () => {
      const ussr = readFileSync(new URL('../../test/fixtures/oracles/games/ussr1947.pdn', import.meta.url), 'utf8');
      const czech = readFileSync(mrcd, 'latin1');
      /** The text of game `n` (from 1) of `text`. */
      const game = (text: string, n: number) => {
        const at = readPdn(text).games.map((g) => g.pos.offset);
        return text.slice(at[n - 1], at[n]);
      };
      // ussr1947's game 3 is legal in Russian only; mrcd2006's game 1 in all three.
      const r = await cli(['pdn', 'check', '-'], game(ussr, 3) + game(czech, 1));
      expect(r.stdout.split('\n').slice(0, 2)).toEqual([
        expect.stringMatching(/game 1 .*, russian \(guessed\)$/),
        expect.stringMatching(/game 2 \(Baldangotov.*, russian \(guessed: also legal in brazilian and czech\)$/),
      ]);
    });

    it('convert writes the games of the file as the one variant they fit, forfeits too', async () => {
      const mrcd2007 = fileURLToPath(new URL('../../test/fixtures/oracles/games/more/mrcd2007.pdn', import.meta.url));
      const r = await cli(['pdn', 'convert', mrcd2007]);
      expect(r.code).toBe(EXIT.ok);
      const types = [...r.stdout.matchAll(/\[GameType "(\d+)"\]/g)].map((m) => m[1]);
      expect(types).toEqual(Array(102).fill('29'));
      expect(r.stderr).toContain('10 are legal in czech, russian and brazilian alike and were read as czech');
    });

    it('reads every game as czech, quietly, with --variant czech as it says', async () => {
      const r = await cli(['pdn', 'check', '--variant', 'czech', mrcd]);
      expect(r).toMatchObject({ code: EXIT.ok, stderr: '' });
      expect(r.stdout.trimEnd().split('\n').slice(0, -1).every((l) => l.endsWith(', czech'))).toBe(true);
    });

    it('does not guess when the variants read the moves differently: an error at that move, and convert leaves the game out', async () => {
      // b6xd8xf6: a Russian man is crowned on d8 and captures on as a king; a Brazilian one
      // passes d8 as a man and stays one (FMJD 4.15). Its h8-g7 later is a king's move.
      const pdn = '[FEN "W:Wb6,g7:Bc7,e7,a7"]\n1. b6xf6 a7-b6 2. g7-h8 b6-a5 3. h8-g7 *\n';
      const check = await cli(['pdn', 'check', '-'], pdn);
      expect(check.code).toBe(EXIT.checkFailed);
      expect(check.stdout).toBe(
        '<stdin>:2:4: game 1 (? - ?, ?): ERROR the game has no GameType tag and its moves are legal in russian and brazilian draughts, which read them differently: b6xf6 crowns in russian and does not crown in brazilian; its variant must be named\n1 game: 0 ok, 1 with errors\n',
      );
      expect(check.stderr).toMatch(/: 1 is legal in russian and brazilian, which read it differently, and is an error\. It is legal in russian and brazilian: name the variant with --variant russian or brazilian, e\.g\. dambord pdn check --variant brazilian -\n$/);
      const convert = await cli(['pdn', 'convert', '-'], pdn);
      expect(convert).toMatchObject({ code: EXIT.checkFailed, stdout: '' });
      expect(convert.stderr).toMatch(/^<stdin>:2:4: game 1 \(\? - \?, \?\): ERROR the game has no GameType tag .*; the game is left out of the output\n/);
      for (const variant of ['russian', 'brazilian']) expect((await cli(['pdn', 'check', '--variant', variant, '-'], pdn)).code, variant).toBe(EXIT.ok);
    });
  });

  it('reports the first illegal move with FILE:LINE:COL and exits 1', async () => {
    const r = await cli(['pdn', 'check', '-'], ILLEGAL);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toBe(
      '<stdin>:2:25: game 1 (? - ?, x): ERROR move 14x24: "14x24" is not a legal move for black: from 14 black can play 14x23 (a capture is compulsory: 13x24, 14x23)\n' +
        '<stdin>:4: game 2 (Ann - ?, y): OK, 1 move (1 ply), international\n' +
        '2 games: 1 ok, 1 with errors\n',
    );
    expect(r.stderr).toBe('');
  });

  it('rejects nested_comment.pdn, naming the line and column', async () => {
    const file = oracle('pdn-corpus/nested_comment.pdn');
    const r = await cli(['pdn', 'check', file]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toBe(
      `${file}:1:34: game 1 (? - ?, ?): ERROR Nested comment: '{' at line 1, column 34 is inside the comment opened at line 1, column 25; PDN comments cannot be nested.\n` +
        '1 game: 0 ok, 1 with errors\n',
    );
  });

  it('prints the remarks of each game indented under it with --verbose', async () => {
    const file = oracle('pdn-corpus/fen.pdn');
    const quiet = await cli(['pdn', 'check', file]);
    expect(quiet.stdout).not.toContain('side to move');
    const r = await cli(['pdn', 'check', '--verbose', file]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      `${file}:1: game 1 (? - ?, ?): OK, 0 moves (0 plies), international`,
      '  1:1: FEN tag at line 1: the side to move is not given; white is assumed',
    ]);
    const split = await cli(['pdn', 'check', '--verbose', '-'], jsonTexts('american_random_pdns.json').find((t) => readPdn(t).games[0].remarks.length > 0) ?? '');
    expect(split.stdout).toMatch(/\n {2}\d+:\d+: one capture is written as 2 moves \(\w+x\w+x\w+\); read as one move\n/);
  });

  it('names a file it cannot read, checks the others and exits 3', async () => {
    const missing = path.join(scratch, 'missing.pdn');
    const r = await cli(['pdn', 'check', missing, oracle('nk ronde 02.pdn')]);
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toBe(`dambord pdn check: cannot read ${missing}: no such file or directory\n`);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe('7 games: 7 ok, 0 with errors; 1 file could not be read');
    const dir = await cli(['pdn', 'check', scratch]);
    expect(dir).toMatchObject({ code: EXIT.io, stderr: `dambord pdn check: cannot read ${scratch}: it is a directory\n` });
  });

  it('decodes latin-1 bytes and replays under --variant', async () => {
    const latin1 = Buffer.from('[White "Ren\xe9"]\n[Event "Caf\xe9"]\n1. c3-d4 f6-g5 *\n', 'latin1');
    const r = await cli(['pdn', 'check', '--variant', 'czech', '-'], latin1);
    expect(r.stdout).toBe('<stdin>:1: game 1 (René - ?, Café): OK, 1 move (2 plies), czech\n1 game: 1 ok, 0 with errors\n');
    const wrong = await cli(['pdn', 'check', '--variant', 'international', '-'], latin1);
    expect(wrong.code).toBe(EXIT.checkFailed);
    expect(wrong.stdout).toMatch(/^<stdin>:3:4: game 1 \(René - \?, Café\): ERROR move c3-d4: /);
  });

  it('exits 1 when there is no game', async () => {
    expect(await cli(['pdn', 'check', '-'], '')).toEqual({ code: EXIT.checkFailed, stdout: '<stdin>: no game found\n0 games: 0 ok, 0 with errors\n', stderr: '' });
  });

  it.each([
    [['pdn', 'check'], 'FILE is missing'],
    [['pdn', 'check', '--variant', 'frisian', 'x.pdn'], 'unknown variant "frisian" (frisian is not implemented); choose one of international, czech, english, brazilian, russian'],
    [['pdn', 'check', '--variant', 'checkerz', 'x.pdn'], 'unknown variant "checkerz"; choose one of international, czech, english, brazilian, russian'],
    [['pdn', 'check', '-', '-'], 'standard input) can be named only once'],
    [['pdn', 'check', '--strict', 'x.pdn'], 'unknown option --strict'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Run 'dambord pdn check --help'");
  });
});

function pliesOf(g: PdnGame): PdnPly[] {
  return g.line.filter((p): p is PdnPly => p.kind === 'ply');
}

/**
 * What must hold between a source game and its converted form: the same mainline moves (from,
 * to, captured set) and the same tags, except what convert rewrites on purpose (see its usage):
 * the roster tags come first with "?" where missing, Result is normalised, GameType becomes the
 * variant's number, FEN is rewritten (and left out at the start position), SetUp is left out.
 */
function conversionProblems(source: PdnGame, out: PdnGame): string[] {
  const problems: string[] = [];
  const a = pliesOf(source);
  const b = pliesOf(out);
  if (a.length !== b.length || a.some((p, i) => !sameMove(p.move, b[i].move))) problems.push(`moves ${a.map((p) => p.text).join(' ')} became ${b.map((p) => p.text).join(' ')}`);
  const value = (g: PdnGame, name: string) => g.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
  const rewritten = ['result', 'gametype', 'fen', 'setup'];
  for (const t of source.tags) {
    if (rewritten.includes(t.name.toLowerCase())) continue;
    // The roster's values strictly: Date YYYY.MM.DD (rules/pdn/roster.test.ts), "?" for an empty one.
    const roster = ROSTER.find((r) => r.toLowerCase() === t.name.toLowerCase());
    const want = roster ? rosterValue(roster, t.value) : t.value;
    if (value(out, t.name) !== want) problems.push(`tag ${t.name} "${t.value}" became "${value(out, t.name)}"`);
  }
  const kept = new Set(source.tags.map((t) => t.name.toLowerCase()));
  for (const t of out.tags) {
    const name = t.name.toLowerCase();
    if (kept.has(name) && !rewritten.includes(name)) continue;
    const v = out.variant;
    const start = parseFen(v, v.startFen);
    const expected: Record<string, string | undefined> = {
      result: normaliseResult(source.result ?? value(source, 'Result') ?? '*', v),
      gametype: String(v.gameType),
      fen: start.ok && writeFen(start.position) !== writeFen(source.start) ? writeFen(source.start) : undefined,
    };
    const want = name in expected ? expected[name] : name === 'date' ? '????.??.??' : ['event', 'site', 'round', 'white', 'black'].includes(name) ? '?' : undefined;
    if (t.value !== want) problems.push(`tag ${t.name} "${t.value}" was added or rewritten (expected ${want === undefined ? 'no such tag' : `"${want}"`})`);
  }
  if (out.variant !== source.variant) problems.push(`variant ${source.variant.name} became ${out.variant.name}`);
  return problems;
}

async function checkOutput(text: string): Promise<string> {
  const r = await cli(['pdn', 'check', '-'], text);
  expect(r.code, r.stdout).toBe(EXIT.ok);
  return r.stdout.trimEnd().split('\n').pop()!;
}

describe('dambord pdn convert', () => {
  /** Lines convert must print on stderr for the oracle files: what strict PDN cannot keep. */
  const EXPECTED_WARNINGS: Record<string, RegExp[]> = {
    'pdn-corpus/alphanumeric.pdn': [
      /:1:1: game 1 \(\? - \?, \?\): warning: it has no GameType or Variant tag and its moves are not legal in international draughts \(the PDN default\); they are in russian, brazilian and czech alike, so it is written as russian, with GameType 25$/,
      new RegExp(GUESSED['pdn-corpus/alphanumeric.pdn'].source.replace('\\n$', '$')),
    ],
    'pdn-corpus/delfts.pdn': [
      /:1:1: game 1 \(Alexei Chizhov - Guntis Valneris, DUWO Rabobank Mini-WK {2}2007\): warning: the result "4-6" is not a PDN 3.0 result .*; written as \*$/,
      /:28:1: game 2 \(.*\): warning: the result "1-9" is not a PDN 3.0 result .*; written as \*$/,
      /delfts\.pdn: note: \[Site ""\] is written \[Site "\?"\] in 2 games, the first game 1 \(.*\) at line 1: PDN 3\.0 writes \? for what is not known$/,
    ],
    'pdn-corpus/windragon.pdn': ['Event', 'Site', 'Date', 'Round'].map((tag) => new RegExp(`windragon\\.pdn: note: \\[${tag} ""\\] is written \\[${tag} "${tag === 'Date' ? '\\?\\?\\?\\?\\.\\?\\?\\.\\?\\?' : '\\?'}"\\] in game 1 `)),
    'pdn-corpus/movestrength.pdn': [/:1:11: game 1 \(\? - \?, \?\): warning: the annotations !\?!!! of 19-23 are written as nothing: only NAGs/],
    // Dates and rounds written strictly: said once for all the games that have them.
    'ussr1947.pdn': [
      /ussr1947\.pdn: note: \[Date "1950\."\] is written \[Date "1950\.\?\?\.\?\?"\] in 153 games, the first game 1 \(.*\) at line 1: PDN 3\.0 writes a date YYYY\.MM\.DD, \?\? for what is not known$/,
      /ussr1947\.pdn: note: \[Round ""\] is written \[Round "\?"\] in 153 games, the first game 1 \(.*\) at line 1: /,
    ],
    'OCA_2.0.pdn': [
      /OCA_2\.0\.pdn: note: \[Date "1841-\?\?-\?\?"\] is written \[Date "1841\.\?\?\.\?\?"\] in game 1 \(Wyllie, J\. - Moorhead, W\., Manchester 1841\) at line 1: /,
      /: note: \[Date "1842-\?\?-\?\?"\] is written \[Date "1842\.\?\?\.\?\?"\] in game 2 /,
      /: note: \[Date "1844-\?\?-\?\?"\] is written \[Date "1844\.\?\?\.\?\?"\] in 2 games, the first game 3 /,
      /: note: \[Date "1847-\?\?-\?\?"\] is written \[Date "1847\.\?\?\.\?\?"\] in 31 games, the first game 5 /,
      /: note: \[Date "1849-\?\?-\?\?"\] is written \[Date "1849\.\?\?\.\?\?"\] in 8 games, the first game 36 /,
    ],
  };

  it.each(PDN_FILES)('%s (as %s): same games, moves and tags; pdn check says all OK', async (file, variant, games) => {
    const source = readPdn(readFileSync(oracle(file)), variant ? { variant: variants[variant] } : {}).games;
    const r = await cli(['pdn', 'convert', ...(variant ? ['--variant', variant] : []), oracle(file)]);
    expect(r.code).toBe(EXIT.ok);
    const warnings = r.stderr.split('\n').filter((l) => l !== '');
    const expected = EXPECTED_WARNINGS[file] ?? [];
    expect(warnings).toHaveLength(expected.length);
    warnings.forEach((w, i) => expect(w).toMatch(expected[i]));
    const out = readPdn(r.stdout).games;
    expect(out).toHaveLength(games);
    expect(out.flatMap((g, k) => conversionProblems(source[k], g).map((p) => `game ${k + 1}: ${p}`))).toEqual([]);
    expect(out.every((g) => g.variantSource === 'GameType' && g.error === null && g.remarks.length === 0)).toBe(true);
    expect(await checkOutput(r.stdout)).toBe(`${games} game${games === 1 ? '' : 's'}: ${games} ok, 0 with errors`);
  });

  it.each(JSON_FILES)('every string of %s, as %s', async (file, variant) => {
    for (const text of jsonTexts(file)) {
      const [source] = readPdn(text, { variant: variants[variant] }).games;
      const r = await cli(['pdn', 'convert', '--variant', variant, '-'], text);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
      const out = readPdn(r.stdout).games;
      expect(out).toHaveLength(1);
      expect(conversionProblems(source, out[0])).toEqual([]);
      expect(await checkOutput(r.stdout)).toBe('1 game: 1 ok, 0 with errors');
    }
  });

  it('writes the tags of the roster first, GameType, then the others; drops SetUp; rewrites FEN', async () => {
    const text = '[SetUp "1"]\n[FEN "W:W28:B23."]\n[Black "Bo"]\n[Event "Final"]\n[Remark "x"]\n[Result "1-0"]\n1. 28x19 1-0\n';
    const r = await cli(['pdn', 'convert', '-'], text);
    expect(r).toEqual({
      code: EXIT.ok,
      stdout: '[Event "Final"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "Bo"]\n[Result "2-0"]\n[GameType "20"]\n[FEN "W:W28:B23"]\n[Remark "x"]\n\n1. 28x19 2-0\n\n',
      stderr: '',
    });
  });

  it('reports a game with an illegal move, writes it up to the move with the rest in a comment, and the other games whole; exit 1', async () => {
    const r = await cli(['pdn', 'convert', '-'], ILLEGAL);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toBe(
      '<stdin>:2:25: game 1 (? - ?, x): ERROR move 14x24: "14x24" is not a legal move for black: from 14 black can play 14x23 (a capture is compulsory: 13x24, 14x23); written up to the error, the rest of its moves kept in a comment\n',
    );
    expect(r.stdout).toContain('1. 32-28 19-23 2. 28x19 {dambord: not converted: 14x24 3. 30-25 *} *\n');
    const out = readPdn(r.stdout).games;
    expect(out.map((g) => [g.error, pliesOf(g).length, g.tags.find((t) => t.name === 'Event')?.value])).toEqual([
      [null, 3, 'x'],
      [null, 1, 'y'],
    ]);
  });

  it('keeps the unread rest of nested_comment.pdn, from the comment that holds the nested one', async () => {
    const r = await cli(['pdn', 'convert', oracle('pdn-corpus/nested_comment.pdn')]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toMatch(/nested_comment\.pdn:1:34: game 1 \(\? - \?, \?\): ERROR Nested comment: .*; written up to the error/);
    expect(r.stdout).toContain('1. 33-29 19-23 2. 35-30 {dambord: not converted: nested comment} *');
  });

  it('leaves out a game whose GameType or FEN cannot be played, and says so', async () => {
    const r = await cli(['pdn', 'convert', '-'], '[GameType "40"]\n1. 32-28 *\n[FEN "W:W51:B1"]\n1. 32-28 *\n[Event "ok"]\n1. 32-28 *\n');
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr.split('\n')).toEqual([
      '<stdin>:1:1: game 1 (? - ?, ?): ERROR GameType "40" at line 1 is not a variant dambord plays (international 20, english 21, russian 25, brazilian 26, czech 29); the game is left out of the output',
      expect.stringMatching(/^<stdin>:3:1: game 2 \(\? - \?, \?\): ERROR the FEN tag at line 3 cannot be set up: .*; the game is left out of the output$/),
      '',
    ]);
    expect(readPdn(r.stdout).games.map((g) => g.tags[0].value)).toEqual(['ok']);
  });

  it('warns, without --verbose, about the remarks whose code leaves text out, and not about text read anyway', async () => {
    const text = ') $1\n[Event "a"]\n[Round 3]\n[FEN "W:W31-50:B1-20:H0"]\n1. 32-28 () 19-23 (18-23 30-25) 2. 28x19 14x23 *\n[Event "b"]\n[FEN "?:W31-50:B1-20"]\n1. 32-28 ( {c} ) 19-23 *\n';
    const remarks = readPdn(text);
    expect([...remarks.errors, ...remarks.games.flatMap((g) => g.remarks)].map((e) => e.code)).toEqual([
      'unmatched-close',
      'annotation-without-move',
      'unquoted-tag-value',
      'empty-variation',
      'fen-field-ignored',
      'in-variation',
      'comment-without-move',
      'fen-turn-assumed',
    ]);
    const r = await cli(['pdn', 'convert', '-'], text);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr.split('\n')).toEqual([
      "<stdin>:1:1: warning: A ')' with no variation open at line 1, column 1 is outside any game and was ignored.",
      "<stdin>:1:3: warning: The annotation '$1' at line 1, column 3 is outside any game and was ignored.",
      '<stdin>:5:10: game 1 (? - ?, a): warning: The variation at line 5, column 10 is empty and was ignored.',
      '<stdin>:4:1: game 1 (? - ?, a): warning: FEN tag at line 4: field "H0" is not a list of pieces and was ignored',
      '<stdin>:5:26: game 1 (? - ?, a): warning: in a variation: move 30-25: "30-25" is not a legal move for white: no white piece on 30 can move',
      '<stdin>:8:10: game 2 (? - ?, b): warning: The comments in the variation at line 8, column 10 have no move to belong to and were ignored.',
      '',
    ]);
  });

  it('writes to -o OUT or --output OUT; a file it cannot write is exit 3', async () => {
    const out = path.join(scratch, 'out.pdn');
    const r = await cli(['pdn', 'convert', oracle('nk ronde 02.pdn'), '-o', out]);
    expect(r).toEqual({ code: EXIT.ok, stdout: '', stderr: '' });
    expect(readPdn(readFileSync(out)).games).toHaveLength(7);
    const again = await cli(['pdn', 'convert', `--output=${out}`, oracle('pdn-corpus/unicode.pdn')]);
    expect(again.code).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toContain('[Black "高文龙"]');
    const bad = path.join(scratch, 'no', 'such', 'dir.pdn');
    expect(await cli(['pdn', 'convert', oracle('nk ronde 02.pdn'), '-o', bad])).toMatchObject({ code: EXIT.io, stderr: `dambord pdn convert: cannot write ${bad}: no such file or directory\n` });
  });

  it('writes UTF-8 from latin-1 input', async () => {
    const r = await cli(['pdn', 'convert', '-'], Buffer.from('[White "Ren\xe9"]\n1. 32-28 *\n', 'latin1'));
    expect(r.stdout).toContain('[White "René"]');
  });

  it('a file it cannot read is exit 3', async () => {
    const missing = path.join(scratch, 'missing.pdn');
    expect(await cli(['pdn', 'convert', missing])).toEqual({ code: EXIT.io, stdout: '', stderr: `dambord pdn convert: cannot read ${missing}: no such file or directory\n` });
  });

  it.each([
    [['pdn', 'convert'], 'FILE is missing'],
    [['pdn', 'convert', 'a.pdn', 'b.pdn'], 'one FILE expected, got "a.pdn b.pdn"'],
    [['pdn', 'convert', '--variant', 'frisian', 'a.pdn'], 'unknown variant "frisian" (frisian is not implemented)'],
    [['pdn', 'convert', '-o'], '--output needs a value'],
    [['pdn', 'convert', '-x', 'a.pdn'], 'unknown option -x'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Run 'dambord pdn convert --help'");
  });
});

describe('node host/cli/bin.js pdn (a real process)', () => {
  it('checks standard input and converts a file to a file', () => {
    const check = spawnSync(process.execPath, [bin, 'pdn', 'check', '-'], { input: ILLEGAL, encoding: 'utf8', cwd: tmpdir() });
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^<stdin>:2:25: game 1 .*ERROR move 14x24/);
    const out = path.join(scratch, 'ussr.pdn');
    writeFileSync(out, '');
    const convert = spawnSync(process.execPath, [bin, 'pdn', 'convert', '--variant', 'russian', oracle('ussr1947.pdn'), '-o', out], { encoding: 'utf8', cwd: tmpdir() });
    expect(convert.status).toBe(0);
    expect(convert.stderr.split('\n').map((l) => l.split(': note: ')[1]?.split(' in ')[0])).toEqual(['[Date "1950."] is written [Date "1950.??.??"]', '[Round ""] is written [Round "?"]', undefined]);
    expect(readPdn(readFileSync(out)).games).toHaveLength(153);
  });
});

describe('pdn check: an error reads as a sentence (issue 29: "Unexpected \'#\' at expected a move")', () => {
  it('a character PDN has no use for: its place once, at the start of the line, and the sentence whole', async () => {
    const file = path.join(scratch, 'hash.pdn');
    writeFileSync(file, '[White "Anna"]\n[Black "Bert"]\n\n1. 32-28 # 19-23 *\n');
    const r = await cli(['pdn', 'check', file]);
    expect(r.stdout.split('\n')[0]).toBe(`${file}:4:10: game 1 (Anna - Bert, ?): ERROR Unexpected '#': expected a move, a move number, a comment, a variation or a result.`);
  });
});
