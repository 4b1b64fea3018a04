// PDN at the limits (hardening issue): variations nested thousands deep, comments of a million
// words and lists of comments or remarks too long to spread as arguments are read, replayed and
// written without a stack overflow; nothing in the reader or the writer recurses or spreads as
// deep or as long as the input. Reading takes time linear in the text, however long its lines.
import { describe, expect, it } from 'vitest';
import { growth } from '../../test/growth.ts';
import type { PdnGame, PdnLine } from './game.ts';
import { readPdn, readPdnGames, writePdn } from './game.ts';
import { PdnLexer } from './lexer.ts';
import { longComment, nestedVariations } from './testing/hostile.ts';
import { looks } from './testing/looks.ts';
import { parsePdnText } from './syntax.ts';
import { writePdnGame } from './write.ts';
import type { WritableNode } from './write.ts';

/** How deep the variations of a line go, and the move of the deepest one, walked without recursion. */
function depthOf(line: PdnLine): { depth: number; text: string } {
  let depth = 0;
  let text = '';
  let here = line;
  for (;;) {
    const ply = here[here.length - 1];
    if (ply === undefined || ply.kind !== 'ply' || ply.variations.length === 0) return { depth, text };
    here = ply.variations[0];
    const first = here[0];
    text = first.kind === 'ply' ? first.text : '';
    depth++;
  }
}

function onlyGame(text: string): PdnGame {
  const { games, errors } = readPdn(text);
  expect(errors).toEqual([]);
  expect(games).toHaveLength(1);
  return games[0];
}

describe('variations nested deep', () => {
  it.each([2_000, 100_000])('%i levels are read, replayed, written and read back', (depth) => {
    const g = onlyGame(nestedVariations(depth));
    expect(g.error).toBeNull();
    expect(depthOf(g.line)).toEqual({ depth, text: depth % 2 ? '31-27' : '33-29' });
    const written = writePdn(g);
    expect(written.split('(').length - 1).toBe(depth);
    const back = onlyGame(written);
    expect(back.error).toBeNull();
    expect(depthOf(back.line).depth).toBe(depth);
  });

  it('writePdnGame writes 100,000 nested variations', () => {
    let inner: WritableNode[] = [{ kind: 'move', text: '31-27' }];
    for (let k = 0; k < 100_000; k++) inner = [{ kind: 'move', text: k % 2 ? '31-27' : '33-29', variations: [inner] }];
    const text = writePdnGame({ tags: [], moves: [{ kind: 'move', text: '32-28', number: 1, variations: [inner] }], result: '*' });
    expect(text.split('(').length - 1).toBe(100_001);
    expect(text).toMatch(/\)\s\*\n\n$/);
  });
});

describe('huge comments and many of them', () => {
  it('a comment of a million words is read and written back', () => {
    const comment = longComment(1_000_000);
    const g = onlyGame(`1. 32-28 {${comment}} *\n`);
    const ply = g.line[0];
    expect(ply.kind === 'ply' && ply.comments).toEqual([comment]);
    const back = onlyGame(writePdn(g));
    const plyBack = back.line[0];
    expect(plyBack.kind === 'ply' && plyBack.comments).toEqual([comment]);
  });

  it('300,000 comments after a setup, at the end of the game or of a variation, go to the last move', () => {
    const many = '{c} '.repeat(300_000);
    for (const text of [`1. 32-28 /FEN "B:W28:B19"/ ${many}*`, `1. 32-28 (31-27 /FEN "B:W27:B19"/ ${many}) *`]) {
      const { games } = parsePdnText(text);
      const move = games[0].moves[0];
      const last = move.kind === 'move' && (move.variations[0]?.[0] ?? move);
      expect(last && last.kind === 'move' && last.comments.length).toBe(300_000);
    }
  });

  it('300,000 remarks in text that holds no game are all reported', () => {
    const { games, errors } = parsePdnText('() '.repeat(300_000));
    expect(games).toEqual([]);
    expect(errors.filter((e) => e.code === 'variation-without-move')).toHaveLength(300_000);
  });
});

/** Reads every token of `text` with the lexer alone. */
function lex(text: string): void {
  const lx = new PdnLexer(text);
  for (lx.next(); lx.kind !== 'eof'; lx.next());
}

describe('time linear in the text', () => {
  // Each character looked at a bounded number of times (the calls of charCodeAt, counted): four
  // times the text, about four times the looks, not sixteen (a setup or a tag once looked for the end of its line first, so a line
  // of them was quadratic: 256 KB of slashes took 37 s).
  it.each([
    ['slashes (empty setups)', '/'],
    ['setups', '/FEN "W:W31:B19"/ '],
    ['tags', '[a]'],
    ['tags with quoted values', '[a "x"]'],
    ['tags with unquoted values', '[a b]'],
    ['tags with an unescaped quote', '[a "x" "]'],
    ['games of a tag and a Delfts result', '[Result "4-6"]4-6 '],
  ])('a line of %s', (_what, unit) => {
    const line = (n: number) => unit.repeat(Math.ceil(n / unit.length));
    const small = looks(() => lex(line(4_000)));
    const large = looks(() => lex(line(16_000)));
    expect(small).toBeGreaterThan(4_000);
    expect(large / small).toBeLessThan(4.5);
  });
});

describe('a FEN full of spaces', () => {
  // parseFen trimmed the end of a FEN with /\s+$/, quadratic in a run of spaces, and a game
  // with no GameType tries it for each variant: 40,000 spaces in a FEN tag took 6.3 s.
  it('a FEN tag and a setup with 200,000 spaces read in linear time each', async () => {
    for (const fen of [(n: number) => `[FEN "W${' '.repeat(n)}:W31"]\n1. 32-28 *`, (n: number) => `1. 32-28 /FEN "B${' '.repeat(n)}:W28:B19"/ 19-23 *`]) {
      expect(readPdn(fen(200_000)).games).toHaveLength(1);
      // Four times the spaces cost about four times the time, measured in the same run, not sixteen.
      const g = await growth(fen, readPdn, 50_000);
      expect(g.ratio, JSON.stringify(g)).toBeLessThan(10);
    }
  });
});

describe('one game at a time', () => {
  it('readPdnGames gives the games and the remarks outside them in the order of the text, as readPdn reads them', () => {
    const text = ') [Event "a"]\n1. 32-28 *\n{between} $3 [Event "b"]\n1. 33-29 19-23 2-0\n{after}';
    const items = [...readPdnGames(text)];
    expect(items.map((i) => (i.kind === 'game' ? i.game.tags[0].value : i.error.code))).toEqual(['unmatched-close', 'a', 'no-game', 'annotation-without-move', 'b', 'no-game']);
    const read = readPdn(text);
    expect(items.flatMap((i) => (i.kind === 'game' ? [i.game] : []))).toEqual(read.games);
    expect(items.flatMap((i) => (i.kind === 'outside' ? [i.error] : []))).toEqual(read.errors);
  });

  it('reads a game only when it is asked for', () => {
    const items = readPdnGames('[Event "a"]\n1. 32-28 *\n[Event "b"]\n1. 32-28 {never closed');
    const first = items.next();
    expect(first.value).toMatchObject({ kind: 'game', game: { error: null } });
    // The second game, and its error, are still unread: stopping here costs nothing more.
    expect(items.return(undefined).done).toBe(true);
  });
});
