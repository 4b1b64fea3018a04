import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collapseWhitespace } from './lexer.ts';
import { parsePdnText } from './syntax.ts';
import { writePdnGame } from './write.ts';
import type { WritableGame, WritableMove, WritableNode } from './write.ts';

describe('writePdnGame', () => {
  it('writes tags, a blank line, numbered movetext, the result and a blank line', () => {
    const text = writePdnGame({
      tags: [
        { name: 'Event', value: 'NK 2009' },
        { name: 'Result', value: '2-0' },
      ],
      moves: [
        { kind: 'move', text: '32-28', number: 1 },
        { kind: 'move', text: '19-23' },
        { kind: 'move', text: '28x19', number: 2, nags: ['!', '$3'] },
        { kind: 'move', text: '14x23', comments: ['forced'] },
      ],
      result: '2-0',
    });
    expect(text).toBe('[Event "NK 2009"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19! $3 14x23 {forced} 2-0\n\n');
  });

  it('writes 12... before a numbered move by black, and setups', () => {
    const text = writePdnGame({
      tags: [],
      moves: [
        { kind: 'setup', fen: 'B:W28,K10:B19' },
        { kind: 'move', text: '19-23', number: 12, blackFirst: true },
        { kind: 'move', text: '28x19', number: 13 },
      ],
      result: '*',
    });
    expect(text).toBe('/FEN "B:W28,K10:B19"/ 12... 19-23 13. 28x19 *\n\n');
  });

  it('escapes quotes and backslashes in tag values and keeps them on one line', () => {
    const text = writePdnGame({ tags: [{ name: 'Annotator', value: 'say "hi"\\bye\nnow' }], moves: [], result: '*' });
    expect(text).toBe('[Annotator "say \\"hi\\"\\\\bye now"]\n\n*\n\n');
    expect(parsePdnText(text).games[0].tags[0].value).toBe('say "hi"\\bye now');
  });

  it('removes braces from comments and collapses their whitespace', () => {
    const text = writePdnGame({ tags: [], moves: [{ kind: 'move', text: 'c3-d4', comments: ['a {nested}\n} comment', ''] }], result: '1-0' });
    expect(text).toBe('c3-d4 {a nested comment} {} 1-0\n\n');
  });

  it('glues the first strength and writes later strengths and * as NAGs', () => {
    const text = writePdnGame({ tags: [], moves: [{ kind: 'move', text: '32-28', nags: ['$10', '?!', '*', '!!'] }], result: '*' });
    expect(text).toBe('32-28?! $10 $7 $3 *\n\n');
  });

  it('wraps movetext at the line width', () => {
    const moves: WritableNode[] = [];
    for (let n = 1; n <= 12; n++) {
      moves.push({ kind: 'move', text: '32-28', number: n }, { kind: 'move', text: '19-23' });
    }
    const text = writePdnGame({ tags: [], moves, result: '1-1' }, { lineWidth: 30 });
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['1. 32-28 19-23 2. 32-28 19-23', '3. 32-28 19-23 4. 32-28 19-23']);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(text.endsWith(' 1-1\n\n')).toBe(true);
  });

  it.each([
    [{ tags: [{ name: 'Bad Name', value: '' }], moves: [], result: '*' }, /tag name/],
    [{ tags: [], moves: [{ kind: 'move', text: '01-06' }], result: '*' }, /not a move/],
    [{ tags: [], moves: [{ kind: 'move', text: '32-28x23' }], result: '*' }, /not a move/],
    [{ tags: [], moves: [{ kind: 'move', text: '1-1' }], result: '*' }, /not a move/],
    [{ tags: [], moves: [{ kind: 'move', text: '32-28', nags: ['good'] }], result: '*' }, /annotation/],
    [{ tags: [], moves: [{ kind: 'move', text: '32-28', number: 1.5 }], result: '*' }, /move number/],
    [{ tags: [], moves: [{ kind: 'setup', fen: 'W:W31/50' }], result: '*' }, /FEN/],
    [{ tags: [], moves: [], result: '4-6' }, /result/],
  ] as [WritableGame, RegExp][])('refuses what strict PDN cannot express: %#', (game, message) => {
    expect(() => writePdnGame(game)).toThrow(message);
  });
});

describe('round trip: parsePdnText(writePdnGame(game))', () => {
  const square = fc.oneof(
    fc.integer({ min: 1, max: 50 }).map(String),
    fc.tuple(fc.constantFrom(...'abcdefghij'), fc.integer({ min: 1, max: 10 })).map(([f, r]) => `${f}${r}`),
  );
  const moveText = fc
    .oneof(
      fc.tuple(square, square).map(([a, b]) => `${a}-${b}`),
      fc.tuple(fc.constantFrom('x', ':'), fc.array(square, { minLength: 2, maxLength: 6 })).map(([sep, sq]) => sq.join(sep)),
    )
    .filter((t) => t !== '1-1');
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'é', '高', '😀', ' ', 'a', '\n', '\t', '%', ';', '1-0', '*'), maxLength: 20 }),
  );
  const move: fc.Arbitrary<WritableMove> = fc.record(
    {
      kind: fc.constant('move' as const),
      text: moveText,
      number: fc.nat({ max: 200 }),
      blackFirst: fc.boolean(),
      comments: fc.array(anyText, { maxLength: 2 }),
      nags: fc
        .tuple(fc.option(fc.constantFrom('!', '?', '!!', '??', '!?', '?!')), fc.array(fc.nat({ max: 255 }).map((n) => `$${n}`), { maxLength: 2 }))
        .map(([s, rest]) => (s ? [s, ...rest] : rest)),
    },
    { requiredKeys: ['kind', 'text'] },
  );
  const setup = fc.record({ kind: fc.constant('setup' as const), fen: fc.stringMatching(/^[WB?]:[WB][0-9K,a-j-]{0,20}(:[WB][0-9K,a-j-]{0,20})?$/) });
  const game: fc.Arbitrary<WritableGame> = fc.record({
    tags: fc.array(fc.record({ name: fc.stringMatching(/^[A-Z][A-Za-z0-9_]{0,12}$/), value: anyText }), { maxLength: 5 }),
    moves: fc.array(fc.oneof({ weight: 9, arbitrary: move }, { weight: 1, arbitrary: setup }), { maxLength: 30 }),
    result: fc.constantFrom('2-0', '0-2', '1-1', '1-0', '0-1', '1/2-1/2', '0-0', '*'),
  });

  it('gives back the same tags, moves, comments, NAGs and result', () => {
    fc.assert(
      fc.property(game, fc.integer({ min: 10, max: 120 }), (g, lineWidth) => {
        const { games, errors } = parsePdnText(writePdnGame(g, { lineWidth }));
        expect(errors).toEqual([]);
        expect(games).toHaveLength(1);
        const back = games[0];
        expect(back.errors).toEqual([]);
        expect(back.tags.map((t) => ({ name: t.name, value: t.value }))).toEqual(
          g.tags.map((t) => ({ name: t.name, value: t.value.replace(/[\r\n\t]/g, ' ') })),
        );
        expect(back.result).toBe(g.result);
        expect(
          back.moves.map((n) =>
            n.kind === 'setup'
              ? { fen: n.fen }
              : { text: n.text, number: n.number, blackFirst: n.blackFirst ?? false, nags: n.nags, comments: n.comments },
          ),
        ).toEqual(
          g.moves.map((n) =>
            n.kind === 'setup'
              ? { fen: n.fen }
              : {
                  text: n.text,
                  number: n.number,
                  blackFirst: n.number !== undefined && (n.blackFirst ?? false),
                  nags: n.nags ?? [],
                  comments: (n.comments ?? []).map((c) => collapseWhitespace(c.replace(/[{}]/g, ''))),
                },
          ),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
