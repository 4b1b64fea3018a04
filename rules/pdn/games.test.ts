// Every game of the oracles (test/fixtures/oracles/games, see its README for where each file
// comes from) replays legally under its variant, and writePdn then readPdn gives back the same
// moves, tags, comments and variations. The pdn-corpus files are read, or rejected with a reason
// that names the line and column. Random bytes never make readPdn throw, and random legal games
// of every variant survive writePdn then readPdn.
//
// What writePdn changes on purpose, so the round trip compares modulo exactly this:
// - the seven-tag roster (Event, Site, Date, Round, White, Black, Result) comes first, "?" where
//   the source has none or an empty value; tag names of the roster are written in their standard
//   case; Date is written YYYY.MM.DD with ?? for what is not known (PDN 3.0 as PGN 8.1.1.3:
//   "1950." and "1847-??-??" of ussr1947 and OCA_2.0 become "1950.??.??" and "1847.??.??", a
//   missing Date "????.??.??");
// - Result holds normaliseResult of the game's result (the terminator as written, else the Result
//   tag): 2-0/1-1/0-2 in international and brazilian, 1-0/1/2-1/2/0-1 elsewhere; Delfts results
//   (4-6) and anything else become *;
// - GameType holds the variant's number only ("20,W,10,10,N1,0" becomes "20");
// - FEN is rewritten by writeFen and left out when it is the variant's start position; SetUp
//   is left out;
// - tag values have line breaks and tabs written as spaces; tags whose name is not an
//   identifier are left out (none in these files);
// - annotations that are neither a NAG ($3) nor one of the six move strengths are left out
//   (one in these files: `19-23(!?!!!)` of movestrength.pdn);
// - comments lose their braces and have their whitespace collapsed (the reader collapses it too).
import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFen, writeFen } from '../fen.ts';
import type { Move } from '../move.ts';
import { sameMove } from '../move.ts';
import { formatMove, parseMoveText } from '../moveText.ts';
import { squareName } from '../notation.ts';
import type { Position } from '../position.ts';
import { legalMoves, play } from '../position.ts';
import type { Variant, VariantName } from '../variant.ts';
import { variants } from '../variants/index.ts';
import type { PdnGame, PdnLine, PdnPly, VariantSource } from './game.ts';
import { normaliseResult, readPdn, writePdn } from './game.ts';
import { parsePdnText } from './syntax.ts';
import { decodePdnBytes } from './decode.ts';
import { mulberry32 } from '../prng.ts';
import { MORE_FILES } from '../../test/oracles.ts';

const gamesDir = new URL('../../test/fixtures/oracles/games/', import.meta.url);

/** The PDN texts of a file: the bytes of a .pdn file, or every string in the arrays of a .json file. */
function inputs(file: string): (Uint8Array | string)[] {
  const bytes = fs.readFileSync(new URL(file, gamesDir));
  if (!file.endsWith('.json')) return [bytes];
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return Object.values(data).flatMap((v) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));
}

function readGames(file: string, variant?: Variant): PdnGame[] {
  return inputs(file).flatMap((input) => readPdn(input, variant ? { variant } : {}).games);
}

function pliesOf(line: PdnLine): PdnPly[] {
  return line.filter((item): item is PdnPly => item.kind === 'ply');
}

function tag(g: { tags: readonly { name: string; value: string }[] }, name: string): string | undefined {
  return g.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
}

/** Extra PDN moves a capture written jump by jump took (`e1xc3 58. c3xe5` is one ply, two moves). */
function splitMoves(g: PdnGame): number {
  const split = g.remarks.filter((r) => r.code === 'split-capture');
  return split.reduce((n, r) => n + Number(/as (\d+) moves/.exec(r.reason)![1]) - 1, 0);
}

/**
 * The oracle files with their variant and what they hold, counted once by replaying them and
 * reviewed: games = tag sections or strings (as in corpus.test.ts); plies agree with every
 * PlyCount tag (mrcd2006 and both nk ronde files carry one per game); `written` = plies + the
 * extra moves of captures written jump by jump (37 in american_random_pdns.json, lidraughts
 * exports), which is the number of moves the syntax layer reads. Averages: OCA 53 plies a game,
 * mrcd2006 45, nk ronde 104 and 121, ussr1947 57, american 89, brazilian 47, russian 20 (short
 * lidraughts games, several against bots), standard 42.
 *
 * `guessed`: read without --variant, how many games got each variant from guessing (no
 * GameType or Variant tag). It must be the file's variant, except in mrcd2006.pdn: 10 of its
 * Czech games are also legal Russian games, and Russian is tried first for a1-h8 notation, so
 * nothing in those games can tell (they need `--variant czech`).
 */
const ORACLES: {
  file: string;
  variant: VariantName;
  games: number;
  plies: number;
  written: number;
  tagged: number;
  guessed: Partial<Record<VariantName, number>>;
}[] = [
  { file: 'OCA_2.0.pdn', variant: 'english', games: 43, plies: 2280, written: 2280, tagged: 0, guessed: { english: 43 } },
  { file: 'american_random_pdns.json', variant: 'english', games: 30, plies: 2672, written: 2709, tagged: 30, guessed: {} },
  { file: 'mrcd2006.pdn', variant: 'czech', games: 44, plies: 1994, written: 1994, tagged: 0, guessed: { czech: 34, russian: 10 } },
  { file: 'nk ronde 01.pdn', variant: 'international', games: 7, plies: 725, written: 725, tagged: 7, guessed: {} },
  { file: 'nk ronde 02.pdn', variant: 'international', games: 7, plies: 848, written: 848, tagged: 7, guessed: {} },
  { file: 'standard_random_pdns.json', variant: 'international', games: 30, plies: 1245, written: 1245, tagged: 30, guessed: {} },
  { file: 'ussr1947.pdn', variant: 'russian', games: 153, plies: 8730, written: 8730, tagged: 0, guessed: { russian: 153 } },
  { file: 'russian_random_pdns.json', variant: 'russian', games: 30, plies: 585, written: 585, tagged: 21, guessed: { russian: 9 } },
  { file: 'brazilian_random_pdns.json', variant: 'brazilian', games: 25, plies: 1179, written: 1179, tagged: 25, guessed: {} },
];

const CORPUS = [
  'alphanumeric.pdn', 'delfts.pdn', 'fen.pdn', 'gameterminator.pdn', 'kurnik.pdn', 'linecomment.pdn', 'movestrength.pdn',
  'nested_comment.pdn', 'string.pdn', 'unicode.pdn', 'variation.pdn', 'windragon.pdn',
].map((f) => `pdn-corpus/${f}`);

describe('oracle games replay under their variant', () => {
  it('covers every game file but frisian_random_pdns.json, the corpus and more/ (below)', () => {
    const listed = fs.readdirSync(gamesDir).filter((f) => f !== 'pdn-corpus' && f !== 'more').sort();
    expect(listed).toEqual([...ORACLES.map((o) => o.file), 'frisian_random_pdns.json'].sort());
    expect(fs.readdirSync(new URL('pdn-corpus/', gamesDir)).map((f) => `pdn-corpus/${f}`).sort()).toEqual(CORPUS);
  });

  it.each(MORE_FILES)('$file: every game replays, every move legal in $variant', ({ file, variant }) => {
    const list = readGames(file, variants[variant]);
    expect(list.length).toBeGreaterThan(5);
    expect(list.map((g) => g.error?.reason ?? null).filter((e) => e !== null)).toEqual([]);
  });

  it.skip('frisian_random_pdns.json: frisian draughts is not implemented (no Frisian variant in rules/variants)', () => {});

  it.each(ORACLES)('$file: $games games, $plies plies, every move legal in $variant', ({ file, variant, games, plies, written }) => {
    const list = readGames(file, variants[variant]);
    expect(list.map((g) => g.error?.reason ?? null).filter((e) => e !== null)).toEqual([]);
    expect(list).toHaveLength(games);
    expect(list.every((g) => g.variant === variants[variant] && g.variantSource === 'option')).toBe(true);
    expect(list.reduce((n, g) => n + pliesOf(g.line).length, 0)).toBe(plies);
    expect(list.reduce((n, g) => n + pliesOf(g.line).length + splitMoves(g), 0)).toBe(written);
    const syntaxMoves = inputs(file).flatMap((i) => parsePdnText(typeof i === 'string' ? i : decodePdnBytes(i)).games).reduce((n, g) => n + g.moves.length, 0);
    expect(syntaxMoves).toBe(written);
    for (const g of list) {
      const plyCount = tag(g, 'PlyCount');
      if (plyCount === undefined) continue;
      expect(splitMoves(g)).toBe(0); // no file here writes a capture in pieces and counts plies
      expect(pliesOf(g.line).length, `PlyCount of the game at line ${g.pos.line}`).toBe(Number(plyCount));
    }
  });

  it.each(ORACLES)('$file: without --variant, tags name $variant and guesses are as listed', ({ file, variant, tagged, guessed }) => {
    const given = readGames(file, variants[variant]);
    const list = readGames(file);
    expect(list).toHaveLength(given.length);
    const sources: Partial<Record<VariantSource, number>> = {};
    const guesses: Partial<Record<VariantName, number>> = {};
    list.forEach((g, k) => {
      sources[g.variantSource] = (sources[g.variantSource] ?? 0) + 1;
      expect(g.error).toBeNull();
      if (tag(g, 'GameType') !== undefined || tag(g, 'Variant') !== undefined) {
        expect(g.variant.name, `game at line ${g.pos.line}`).toBe(variant);
        expect(['GameType', 'Variant']).toContain(g.variantSource);
      } else {
        expect(g.variantSource).toBe('guessed');
        guesses[g.variant.name] = (guesses[g.variant.name] ?? 0) + 1;
      }
      if (g.variant.name === variant) expect(pliesOf(g.line).length).toBe(pliesOf(given[k].line).length);
    });
    expect(list.length - (sources.guessed ?? 0)).toBe(tagged);
    expect(guesses).toEqual(guessed);
  });
});

/** A comment as strict PDN writes it back: no braces, whitespace collapsed. */
function comment(c: string): string {
  return c.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
}

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];

/**
 * The Date as strict PDN writes it (YYYY.MM.DD, ?? where unknown): a date in that form stays as it
 * is; the other forms of the oracle files are listed, so a new one has to be looked at.
 */
function strictDate(date: string | undefined): string {
  if (date === undefined || date === '' || date === '?') return '????.??.??';
  if (/^\d{4}\.\d{2}\.\d{2}$/.test(date)) return date;
  const seen: Record<string, string> = { '1950.': '1950.??.??', '1841-??-??': '1841.??.??', '1842-??-??': '1842.??.??', '1844-??-??': '1844.??.??', '1847-??-??': '1847.??.??', '1849-??-??': '1849.??.??' };
  if (!(date in seen)) throw new Error(`a Date of a form not seen before: "${date}"`);
  return seen[date];
}

/** The tags writePdn must write for `g`, by the normalisations listed at the top of this file. */
function expectedTags(g: PdnGame): [string, string][] {
  const v = g.variant;
  const clean = (s: string) => s.replace(/[\r\n\t]/g, ' ');
  const out: [string, string][] = ROSTER.map((name) => [
    name,
    name === 'Result' ? normaliseResult(g.result ?? tag(g, 'Result') ?? '*', v) : name === 'Date' ? strictDate(tag(g, name)) : clean(tag(g, name) || '?'),
  ]);
  out.push(['GameType', String(v.gameType)]);
  const standard = parseFen(v, v.startFen);
  if (!standard.ok) throw new Error(`bad start FEN of ${v.name}`);
  if (writeFen(g.start) !== writeFen(standard.position)) out.push(['FEN', writeFen(g.start)]);
  const rewritten = new Set([...ROSTER, 'GameType', 'FEN', 'SetUp'].map((n) => n.toLowerCase()));
  for (const t of g.tags) if (!rewritten.has(t.name.toLowerCase())) out.push([t.name, clean(t.value)]);
  return out;
}

/** Differences between a line and the line read back, as sentences (empty when they agree). */
function lineProblems(a: PdnLine, b: PdnLine, where: string, nags: boolean): string[] {
  if (a.length !== b.length) return [`${where}: ${a.length} items written, ${b.length} read back`];
  const out: string[] = [];
  a.forEach((x, i) => {
    const y = b[i];
    const at = `${where}, item ${i + 1}`;
    if (x.kind !== y.kind) return out.push(`${at}: a ${x.kind} came back as a ${y.kind}`);
    if (x.kind === 'setup' || y.kind === 'setup') {
      if (x.kind === 'setup' && y.kind === 'setup' && writeFen(x.position) !== writeFen(y.position)) out.push(`${at}: setup ${writeFen(x.position)} came back as ${writeFen(y.position)}`);
      return;
    }
    if (!sameMove(x.move, y.move)) out.push(`${at}: ${x.text} came back as ${y.text}`);
    if (JSON.stringify(x.comments.map(comment)) !== JSON.stringify(y.comments.map(comment))) out.push(`${at}: comments ${JSON.stringify(x.comments)} came back as ${JSON.stringify(y.comments)}`);
    if (JSON.stringify(x.preComments.map(comment)) !== JSON.stringify(y.preComments.map(comment))) out.push(`${at}: comments before ${JSON.stringify(x.preComments)} came back as ${JSON.stringify(y.preComments)}`);
    if (nags && x.nags.length !== y.nags.length) out.push(`${at}: annotations ${x.nags.join(' ')} came back as ${y.nags.join(' ')}`);
    if (x.variations.length !== y.variations.length) out.push(`${at}: ${x.variations.length} variations came back as ${y.variations.length}`);
    else x.variations.forEach((alt, k) => out.push(...lineProblems(alt, y.variations[k], `${at}, variation ${k + 1}`, nags)));
  });
  return out;
}

/** Writes `g`, reads it back without naming the variant, and lists what differs. */
function roundTrip(g: PdnGame, opts: { nags?: boolean } = {}): string[] {
  const text = writePdn(g);
  const read = readPdn(text);
  if (read.games.length !== 1) return [`${read.games.length} games read back`];
  const b = read.games[0];
  const out: string[] = [];
  if (read.errors.length || b.error || b.remarks.length) out.push(`read back with errors: ${[...read.errors, ...(b.error ? [b.error] : []), ...b.remarks].map((e) => e.reason).join('; ')}`);
  if (b.variant !== g.variant || b.variantSource !== 'GameType') out.push(`read back as ${b.variant.name} from ${b.variantSource}`);
  const tags = b.tags.map((t) => [t.name, t.value]);
  if (JSON.stringify(tags) !== JSON.stringify(expectedTags(g))) out.push(`tags ${JSON.stringify(tags)} instead of ${JSON.stringify(expectedTags(g))}`);
  if (b.result !== normaliseResult(g.result ?? tag(g, 'Result') ?? '*', g.variant)) out.push(`result ${b.result}`);
  if (writeFen(b.start) !== writeFen(g.start)) out.push(`start ${writeFen(b.start)} instead of ${writeFen(g.start)}`);
  if (writeFen(b.end) !== writeFen(g.end)) out.push(`end ${writeFen(b.end)} instead of ${writeFen(g.end)}`);
  if (JSON.stringify(b.preComments.map(comment)) !== JSON.stringify(g.preComments.map(comment))) out.push(`comments before the first move ${JSON.stringify(b.preComments)}`);
  out.push(...lineProblems(g.line, b.line, 'main line', opts.nags ?? true));
  return out;
}

describe('writePdn then readPdn gives back every oracle game', () => {
  it.each(ORACLES)('$file', ({ file, variant }) => {
    const problems = readGames(file, variants[variant]).flatMap((g, k) => roundTrip(g).map((p) => `game ${k + 1} (line ${g.pos.line}): ${p}`));
    expect(problems).toEqual([]);
  });

  it.each(CORPUS.filter((f) => !f.endsWith('nested_comment.pdn')))('%s', (file) => {
    const list = readGames(file);
    const problems = list.flatMap((g, k) => roundTrip(g, { nags: !file.endsWith('movestrength.pdn') }).map((p) => `game ${k + 1}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('leaves out the annotation !?!!! of movestrength.pdn, which is not one of the six move strengths', () => {
    const [g] = readGames('pdn-corpus/movestrength.pdn');
    expect(pliesOf(g.line).map((p) => p.nags)).toEqual([['!?'], ['!?!!!'], []]);
    expect(writePdn(g)).toContain('1. 32-28!? 19-23 2. 28x19 *');
  });

  it('a capture written with every landing square is that route, though a longer twin passes the same squares', () => {
    // Found by the random games below: formatMove writes both twins in full, and b8xf4xd2 was
    // read as ambiguous because the long route also passes f4.
    const fen = parseFen(variants.russian, 'W:WKb8,b6,a5,b4,h2:Bd8,c7,e7,g7,g5,e3');
    if (!fen.ok) throw new Error(fen.error.reason);
    const pos = fen.position;
    const legal = legalMoves(pos);
    const twins = legal.filter((m) => squareName(pos.variant, m.from) === 'b8' && squareName(pos.variant, m.to) === 'd2');
    expect(twins.map((m) => formatMove(pos, m, legal)).sort()).toEqual(['b8xd6xf8xh6xf4xd2', 'b8xf4xd2']);
    for (const m of twins) {
      const r = parseMoveText(pos, formatMove(pos, m, legal), legal);
      expect(r.ok && sameMove(r.move, m)).toBe(true);
    }
    expect(parseMoveText(pos, 'b8xd2', legal)).toMatchObject({ ok: false, error: { kind: 'ambiguous' } });
  });

  it('tags of the oracle files are all identifiers, so none is left out', () => {
    const names = ORACLES.flatMap((o) => readGames(o.file).flatMap((g) => g.tags.map((t) => t.name)));
    expect(names.filter((n) => !/^[A-Za-z][A-Za-z0-9_]*$/.test(n))).toEqual([]);
  });
});

describe('pdn-corpus: read, or rejected with a reason', () => {
  const one = (file: string) => {
    const list = readGames(`pdn-corpus/${file}`);
    expect(list).toHaveLength(1);
    return list[0];
  };
  const moves = (g: PdnGame) => pliesOf(g.line).map((p) => `${squareName(g.variant, p.move.from)}${p.move.captured.length ? 'x' : '-'}${squareName(g.variant, p.move.to)}`);

  it.each(CORPUS.filter((f) => !f.endsWith('nested_comment.pdn')))('%s reads without an error', (file) => {
    const list = readGames(file);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((g) => g.error)).toEqual(list.map(() => null));
  });

  it('nested_comment.pdn is rejected at line 1, column 34, after its first three moves', () => {
    const g = one('nested_comment.pdn');
    expect(g.error).toMatchObject({ fatal: true, pos: { line: 1, column: 34 } });
    expect(g.error!.reason).toMatch(/^Nested comment: '\{' at line 1, column 34 is inside the comment opened at line 1, column 25/);
    expect(moves(g)).toEqual(['33-29', '19-23', '35-30']);
  });

  it('alphanumeric.pdn: a3b4 is a plain move with its squares glued (ALPHAMOVE of PDN 3.0), on an 8x8 board', () => {
    const g = one('alphanumeric.pdn');
    // Not legal in international (a3 is square 36, b4 square 31, both white); legal in every
    // 8x8 variant; Russian is tried first for a1-h8 notation, and the game has no tag to say.
    expect(g).toMatchObject({ variantSource: 'guessed', error: null });
    expect(g.variant.name).toBe('russian');
    expect(moves(g)).toEqual(['a3-b4']);
    for (const v of [variants.czech, variants.brazilian, variants.english]) expect(readPdn('1.a3b4', { variant: v }).games[0].error, v.name).toBeNull();
    expect(readPdn('1.a3b4', { variant: variants.international }).games[0].error?.reason).toMatch(/"a3b4" is not a legal move for white/);
  });

  it('fen.pdn: three FEN setups without moves, read as international (no GameType: the PDN default)', () => {
    // Every square in them (at most 31) exists on both boards; the file's third game is the
    // international start position, and PDN 3.0 makes a game without GameType international.
    const list = readGames('pdn-corpus/fen.pdn');
    expect(list.map((g) => [g.variant.name, g.variantSource, writeFen(g.start), g.line.length])).toEqual([
      ['international', 'default', 'W:W11,13,29:B2,4,22', 0],
      ['international', 'default', 'W:WK15,29,31:B9,12-14', 0],
      ['international', 'default', 'W:W31-50:B1-20', 0],
    ]);
    expect(list[0].remarks.map((r) => r.reason)).toEqual(['FEN tag at line 1: the side to move is not given; white is assumed']);
  });

  it('delfts.pdn: two games with Delfts results, 128 and 124 plies; strict PDN writes the results as *', () => {
    const list = readGames('pdn-corpus/delfts.pdn');
    expect(list.map((g) => [g.result, pliesOf(g.line).length, g.variant.name])).toEqual([
      ['4-6', 128, 'international'],
      ['1-9', 124, 'international'],
    ]);
    expect(list.map((g) => readPdn(writePdn(g)).games[0].result)).toEqual(['*', '*']);
  });

  it('kurnik.pdn: four international games by their GameType "20,W,10,10,N1,0", 535 plies', () => {
    const list = readGames('pdn-corpus/kurnik.pdn');
    expect(list.map((g) => [g.variant.name, g.variantSource])).toEqual(Array(4).fill(['international', 'GameType']));
    expect(list.reduce((n, g) => n + pliesOf(g.line).length, 0)).toBe(535);
  });

  it('windragon.pdn: 152 plies, each with its engine comment', () => {
    const g = one('windragon.pdn');
    expect(pliesOf(g.line)).toHaveLength(152);
    expect(pliesOf(g.line).every((p) => p.comments.length > 0)).toBe(true);
  });

  it('the small files read as written', () => {
    expect(moves(one('gameterminator.pdn'))).toEqual(['32-28']);
    expect(one('gameterminator.pdn').result).toBe('1/2-1/2');
    expect(moves(one('linecomment.pdn'))).toEqual(['32-28', '19-23']);
    expect(moves(one('string.pdn'))).toEqual(['32-28']);
    expect(tag(one('unicode.pdn'), 'Black')).toBe('高文龙');
    const v = one('variation.pdn');
    expect(moves(v)).toEqual(['32-28', '19-23', '28x19', '14x23']);
    const alt = pliesOf(v.line)[1].variations;
    expect(alt.map((line) => pliesOf(line).map((p) => p.text))).toEqual([['18-23', '38-32', '12-18']]);
    expect(pliesOf(alt[0])[1].variations.map((line) => pliesOf(line).map((p) => [p.text, p.nags, p.comments]))).toEqual([
      [['37-32', ['?'], []], ['23-29', ['!'], ['Black wins']]],
    ]);
  });
});


const HERE = { line: 1, column: 1, offset: 0 };

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

function ply(before: Position, move: Move, extra: Partial<PdnPly> = {}): PdnPly {
  return { kind: 'ply', move, text: '', before, after: play(before, move), nags: [], preComments: [], comments: [], variations: [], pos: HERE, ...extra };
}

/** A random line of up to `length` legal plies from `pos`, sometimes with a comment, a NAG or a variation. */
function randomLine(rnd: () => number, pos: Position, length: number, depth: number): { line: PdnPly[]; end: Position } {
  const line: PdnPly[] = [];
  for (let i = 0; i < length; i++) {
    const legal = legalMoves(pos);
    if (legal.length === 0) break;
    const move = pick(rnd, legal);
    const extra: { -readonly [K in keyof PdnPly]?: PdnPly[K] } = {};
    if (rnd() < 0.05) extra.comments = [`note ${i} (${Math.floor(rnd() * 100)})`];
    if (rnd() < 0.05) extra.nags = [pick(rnd, ['!', '?', '!?', '$3', '$14'])];
    const others = legal.filter((m) => !sameMove(m, move));
    if (depth < 2 && others.length > 0 && rnd() < 0.05) {
      const first = pick(rnd, others);
      const rest = randomLine(rnd, play(pos, first), Math.floor(rnd() * 4), depth + 1).line;
      extra.variations = [[ply(pos, first, rnd() < 0.5 ? { preComments: ['instead'] } : {}), ...rest]];
    }
    const p = ply(pos, move, extra);
    line.push(p);
    pos = p.after;
  }
  return { line, end: pos };
}

/** A random legal game of `v`: from its start or from a position some random plies in (a FEN tag). */
function randomGame(v: Variant, seed: number): PdnGame {
  const rnd = mulberry32(seed);
  const std = parseFen(v, v.startFen);
  if (!std.ok) throw new Error(`bad start FEN of ${v.name}`);
  let start = std.position;
  if (rnd() < 0.3) start = randomLine(() => rnd(), start, Math.floor(rnd() * 30), 2).end;
  const { line, end } = randomLine(rnd, start, Math.floor(rnd() * 160), 0);
  const result = pick(rnd, ['*', '2-0', '1-0', '1-1', '0-1']);
  return {
    variant: v, variantSource: 'option', tags: [{ name: 'Event', value: `random ${seed}`, pos: HERE }], start, preComments: [], line,
    result, end, error: null, remarks: [], pos: HERE,
  };
}

describe('properties', () => {
  it('readPdn never throws on random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
      const r = readPdn(bytes);
      return Array.isArray(r.games) && Array.isArray(r.errors);
    }), { numRuns: 1000 });
  });

  it('readPdn never throws on random text made of PDN tokens', () => {
    const token = fc.constantFrom('[Event "x"]', '[GameType "21"]', '[FEN "W:W31-50:B1-20"]', '[FEN "B:W18:B14"]', '1.', '12...', '32-28', '19-23', '28x19', 'c3-d4',
      'a3b4', '1- 6', ' ', '\n', '{', '}', '(', ')', '$3', '!?', '*', '2-0', '1/2-1/2', '/FEN "W:W28:B19"/', ';', '%', '"', '\\', 'x', ':', '0');
    fc.assert(fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
      const r = readPdn(tokens.join(''));
      return r.games.every((g) => g.error === null || typeof g.error.reason === 'string');
    }), { numRuns: 1000 });
  });

  it.each(Object.values(variants).map((v) => [v.name, v] as const))('random legal %s games: writePdn then readPdn gives the same moves and final FEN', (_name, v) => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
      const g = randomGame(v, seed);
      expect(roundTrip(g)).toEqual([]);
    }), { numRuns: 100, seed: 20_260_101 });
  });
});
