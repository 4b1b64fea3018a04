import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodePdnBytes } from './decode.ts';
import { parsePdnText } from './syntax.ts';
import type { PdnGameSyntax, PdnMoveNode, PdnNode, PdnParseResult } from './syntax.ts';

function one(text: string): PdnGameSyntax {
  const r = parsePdnText(text);
  expect(r.games).toHaveLength(1);
  return r.games[0];
}
function moves(nodes: PdnNode[]): PdnMoveNode[] {
  return nodes.filter((n): n is PdnMoveNode => n.kind === 'move');
}
function texts(nodes: PdnNode[]): string[] {
  return moves(nodes).map((m) => m.text);
}
function fatal(g: PdnGameSyntax) {
  return g.errors.filter((e) => e.fatal);
}

describe('decodePdnBytes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);

  it('decodes UTF-8 and drops a byte order mark', () => {
    expect(decodePdnBytes(bytes(0xef, 0xbb, 0xbf, 0x5b, 0xc3, 0xa9))).toBe('[é');
  });
  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodePdnBytes(bytes(0x5b, 0xe9, 0x93, 0x41, 0x94, 0x80))).toBe('[é“A”€');
  });
  it('normalises CRLF and lone CR to LF', () => {
    expect(decodePdnBytes(new TextEncoder().encode('a\r\nb\rc\n'))).toBe('a\nb\nc\n');
  });
});

describe('tags', () => {
  it('reads tag pairs with escaped quotes and backslashes', () => {
    const g = one('[Event "NK \\"2009\\""]\n[Site "C:\\\\dammen\\x"]\n*');
    expect(g.tags.map((t) => [t.name, t.value])).toEqual([
      ['Event', 'NK "2009"'],
      ['Site', 'C:\\dammen\\x'],
    ]);
    expect(g.tags[1].pos).toEqual({ line: 2, column: 1, offset: 22 });
    expect(g.errors).toEqual([]);
  });

  it('tolerates odd spacing, several tags on a line, Italian names and unicode', () => {
    const g = one('[ Evento   "Campionato Italiano" ][Bianco "Bórghetti"]\n[Nero"高文龙"]\n1. 23-19 *');
    expect(g.tags.map((t) => `${t.name}=${t.value}`)).toEqual(['Evento=Campionato Italiano', 'Bianco=Bórghetti', 'Nero=高文龙']);
    expect(g.errors).toEqual([]);
  });

  it('reads FEN tags ending in a dot and SetUp as plain tags', () => {
    const g = one('[SetUp "1"]\n[FEN "W:W29,30:B9,10."]\n1. c3-d4 *');
    expect(g.tags.map((t) => t.value)).toEqual(['1', 'W:W29,30:B9,10.']);
  });

  it('reads an unquoted value, an unescaped quote and a missing ] with a remark', () => {
    const g = one('[Event NK 2009]\n[White "Jan "de Dammer" Jansen"]\n[Black "Piet"\n1. 32-28 *');
    expect(g.tags.map((t) => t.value)).toEqual(['NK 2009', 'Jan "de Dammer" Jansen', 'Piet']);
    expect(g.errors.map((e) => [e.pos.line, e.fatal])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(g.errors[1].reason).toMatch(/line 2, column 1.*not escaped/);
  });

  it('ends a value with an unescaped quote at the first quote followed by ]', () => {
    const g = one('[White "Jan "X" J"][Black "Piet"]\n*');
    expect(g.tags.map((t) => t.value)).toEqual(['Jan "X" J', 'Piet']);
    expect(g.errors).toHaveLength(1);
  });

  it('rejects a tag without a name and resynchronises at the next tag line', () => {
    const r = parsePdnText('[ "x"]\n1. 32-28 *\n[Event "b"]\n1. 33-29 *');
    expect(r.games).toHaveLength(2);
    expect(fatal(r.games[0])[0].reason).toMatch(/line 1, column 1 has no name/);
    expect(r.games[1].tags[0].value).toBe('b');
  });
});

describe('movetext', () => {
  it('reads move numbers, glued or spaced, with ellipses', () => {
    const g = one('1.32-28 19-23 2. 28x19 14x23 01. 33-28 3... 18-23 4. ... 12-18 *');
    expect(moves(g.moves).map((m) => [m.number, m.blackFirst, m.text])).toEqual([
      [1, undefined, '32-28'],
      [undefined, undefined, '19-23'],
      [2, undefined, '28x19'],
      [undefined, undefined, '14x23'],
      [1, undefined, '33-28'],
      [3, true, '18-23'],
      [4, true, '12-18'],
    ]);
  });

  it('reads every move notation and normalises spaces inside a move', () => {
    const g = one('32-28 32x23 32x23x14 1- 6 1 - 7 c3-d4 c3:e5 32:23 a3b4 47x38x24x13x36 06-11 3228 j10xh8 *');
    expect(texts(g.moves)).toEqual(['32-28', '32x23', '32x23x14', '1-6', '1-7', 'c3-d4', 'c3:e5', '32:23', 'a3b4', '47x38x24x13x36', '06-11', '32-28', 'j10xh8']);
    expect(g.errors).toEqual([]);
  });

  it('keeps source positions of moves', () => {
    const g = one('[A "b"]\r\n1. 32-28\r\n  19-23 *');
    expect(moves(g.moves).map((m) => m.pos)).toEqual([
      { line: 2, column: 4, offset: 12 },
      { line: 3, column: 3, offset: 21 },
    ]);
  });

  it('puts glued strengths and NAGs into nags, and tells a glued * from the result *', () => {
    const g = one('32-28! 19-23?! 28x19* $7 14x23(?) $3 !! 33-28 *');
    expect(moves(g.moves).map((m) => [m.text, m.nags])).toEqual([
      ['32-28', ['!']],
      ['19-23', ['?!']],
      ['28x19', ['*', '$7']],
      ['14x23', ['?', '$3', '!!']],
      ['33-28', []],
    ]);
    expect(g.result).toBe('*');
  });

  it('reads the movestrength example of the standard: 19-23(!?!!!) is a strength, not a variation', () => {
    const g = one('1.32-28!? 19-23(!?!!!) 2.28x19 *');
    expect(moves(g.moves).map((m) => m.nags)).toEqual([['!?'], ['!?!!!'], []]);
    expect(g.result).toBe('*');
  });

  it('reads comments after moves, before the first move, and ; comments', () => {
    const g = one('{ Opening\n  remarks } 1. 32-28 {good\tmove} {second} 19-23 ; to the end\n2. 28x19 {} *');
    expect(g.preComments).toEqual(['Opening remarks']);
    expect(moves(g.moves).map((m) => m.comments)).toEqual([['good move', 'second'], ['to the end'], ['']]);
  });

  it('skips % lines at the start of a line', () => {
    const g = one('% Board game: International Draughts 10x10\n[Date "2012.02.01"]\n  % indented\n1. 32-28 19-23');
    expect(g.tags).toHaveLength(1);
    expect(texts(g.moves)).toEqual(['32-28', '19-23']);
    expect(g.result).toBeUndefined();
  });

  it('reads nested variations as alternatives to the move before them', () => {
    const g = one('32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) (17-21) 28x19 14x23');
    const [, m2] = moves(g.moves);
    expect(m2.variations.map(texts)).toEqual([['18-23', '38-32', '12-18'], ['17-21']]);
    const inner = moves(m2.variations[0])[1].variations[0];
    expect(moves(inner).map((m) => [m.text, m.nags, m.comments])).toEqual([
      ['37-32', ['?'], []],
      ['23-29', ['!'], ['Black wins']],
    ]);
  });

  it('keeps a comment that opens a variation as preComments of its first move', () => {
    const g = one('1. 32-28 19-23 ( { Usual is } 1... 18-23 { also good } ) *');
    const v = moves(moves(g.moves)[1].variations[0]);
    expect(v[0]).toMatchObject({ text: '18-23', number: 1, blackFirst: true, preComments: ['Usual is'], comments: ['also good'] });
  });

  it('reads a /FEN "..."/ setup inside the movetext', () => {
    const g = one('1. 32-28 /FEN "B:W18,24,K10:B12,K22"/ {then} 12-17 *');
    expect(g.moves.map((n) => n.kind)).toEqual(['move', 'setup', 'move']);
    expect(g.moves[1]).toMatchObject({ kind: 'setup', fen: 'B:W18,24,K10:B12,K22' });
    expect(moves(g.moves)[1].preComments).toEqual(['then']);
  });

  it('remarks on an annotation with no move, an unmatched ) and an unclosed (', () => {
    const g = one('[A "b"] $1 32-28 ) 19-23 (18-23');
    expect(texts(g.moves)).toEqual(['32-28', '19-23']);
    expect(moves(g.moves)[1].variations.map(texts)).toEqual([['18-23']]);
    expect(g.errors.map((e) => [e.fatal, e.pos.column])).toEqual([
      [false, 9],
      [false, 18],
      [false, 26],
    ]);
    expect(g.errors[2].reason).toMatch(/opened at line 1, column 26 is never closed/);
  });

  it('reads unicode in comments', () => {
    expect(one('32-28 {Сергей — 高文龙 ✓} *').moves[0]).toMatchObject({ comments: ['Сергей — 高文龙 ✓'] });
  });
});

describe('results and game separation', () => {
  it.each(['2-0', '0-2', '1-1', '0-0', '1-0', '0-1', '1/2-1/2', '*', '½-½', '1 1/2 - 1/2', '1/2 - 1 1/2', '1½-½', '10-0'])('reads the result %s', (result) => {
    const g = one(`1. 32-28 19-23 ${result}`);
    expect(g.result).toBe(result);
    expect(texts(g.moves)).toEqual(['32-28', '19-23']);
  });

  it('reads a move to a low square before a result: 45-3 1/2-1/2', () => {
    const g = one('45-3 1/2-1/2');
    expect([texts(g.moves), g.result]).toEqual([['45-3'], '1/2-1/2']);
  });

  it('reads 1-18 as a move, not as the result 1-1 and a square', () => {
    expect(texts(one('1-18 11-1 *').moves)).toEqual(['1-18', '11-1']);
  });

  it('reads a Delfts result such as 4-6 when it repeats the Result tag and ends the game', () => {
    const r = parsePdnText('[Result "4-6"]\n1. 34-29 18-22 4-6\n\n[Result "4-6"]\n1. 34-29 4-6 2. 33-28 1-9\n');
    expect(r.games.map((g) => [texts(g.moves), g.result])).toEqual([
      [['34-29', '18-22'], '4-6'],
      [['34-29', '4-6', '33-28', '1-9'], undefined],
    ]);
  });

  it('separates games by results and by new tag sections', () => {
    const r = parsePdnText('1. 32-28 * 1. 33-29 2-0\n[Event "c"]\n1. 34-30\n[Event "d"]\n[Site "x"]\n1. 31-27 0-2\n1. 2-0');
    expect(r.games.map((g) => [g.tags.length, texts(g.moves), g.result])).toEqual([
      [0, ['32-28'], '*'],
      [0, ['33-29'], '2-0'],
      [1, ['34-30'], undefined],
      [2, ['31-27'], '0-2'],
      [0, [], '2-0'],
    ]);
    expect(r.games.map((g) => g.pos.line)).toEqual([1, 1, 2, 4, 7]);
  });

  it('ignores a result inside a variation with a remark', () => {
    const g = one('1. 32-28 19-23 (18-23 2-0) 2. 28x19 *');
    expect(g.result).toBe('*');
    expect(g.errors).toHaveLength(1);
    expect(g.errors[0].reason).toMatch(/inside a variation/);
  });

  it('reports a comment after the last game at file level', () => {
    const r = parsePdnText('1. 32-28 * {trailing} ) $4');
    expect(r.games).toHaveLength(1);
    expect(r.errors.map((e) => e.pos.column)).toEqual([12, 23, 25]);
    expect(r.errors[0].reason).toBe('The comment at line 1, column 12 holds no game and was ignored.');
    expect(parsePdnText('1. 32-28 2-0\n2.').errors[0].reason).toBe('The text at line 2, column 1 holds no game and was ignored.');
  });
});

describe('errors', () => {
  it('rejects a nested comment naming both braces, and reads the next game', () => {
    const r = parsePdnText('1. 33-29 19-23 2. 35-30 { nested { comment } } \n1. 32-28 *\n[Event "next"]\n1. 31-26 *');
    expect(r.games).toHaveLength(2);
    const [bad, next] = r.games;
    expect(texts(bad.moves)).toEqual(['33-29', '19-23', '35-30']);
    expect(fatal(bad)).toEqual([
      {
        pos: { line: 1, column: 34, offset: 33 },
        code: 'nested-comment',
        fatal: true,
        reason: "Nested comment: '{' at line 1, column 34 is inside the comment opened at line 1, column 25; PDN comments cannot be nested.",
      },
    ]);
    expect(next.tags[0].value).toBe('next');
    expect(texts(next.moves)).toEqual(['31-26']);
  });

  it('rejects an unclosed comment', () => {
    const g = one('1. 32-28 {never closed\n2. 33-29');
    expect(fatal(g)[0].reason).toBe("The comment opened at line 1, column 10 is never closed with '}'.");
  });

  it.each([
    ['1. 32-28 #', /Unexpected '#' at line 1, column 10/],
    ['1. 32-28 hello', /'hello' at line 1, column 10 is not a move/],
    ['1. 32-28 } 19-23', /'}' with no comment open/],
    ['1. 32-28 32-28x', /not a move: unexpected 'x' after 32-28/],
    ['1. 32 19-23', /'32' at line 1, column 4 is not a move/],
    ['1. 32-28 /FEN "W:W31"', /setup opened with '\/' at line 1, column 10 is not closed/],
    ['1. 32-28 $x', /'\$' at line 1, column 10 is not followed by a number/],
  ])('rejects %s with a clear reason', (text, reason) => {
    const g = one(text);
    expect(fatal(g)).toHaveLength(1);
    expect(fatal(g)[0].reason).toMatch(reason);
    expect(g.errors[g.errors.length - 1].fatal).toBe(true);
  });

  it('reads literal \\n escapes between tokens (PDN escaped twice in JSON) with one remark', () => {
    const g = one('[Event "a"]\\n[Site "b"]\\n\\n1. 32-28 2-0');
    expect(g.tags.map((t) => t.value)).toEqual(['a', 'b']);
    expect(g.result).toBe('2-0');
    expect(g.errors).toHaveLength(1);
    expect(g.errors[0]).toMatchObject({ fatal: false, pos: { line: 1, column: 12 } });
  });
});

function checkInvariants(text: string, r: PdnParseResult): void {
  const within = (p: { line: number; column: number; offset: number }) =>
    p.line >= 1 && p.column >= 1 && p.offset >= 0 && p.offset <= text.length;
  for (const e of r.errors) expect(within(e.pos)).toBe(true);
  for (const g of r.games) {
    expect(within(g.pos)).toBe(true);
    const fatals = g.errors.filter((e) => e.fatal);
    expect(fatals.length).toBeLessThanOrEqual(1);
    if (fatals.length) expect(g.errors[g.errors.length - 1].fatal).toBe(true);
    for (const e of g.errors) {
      expect(within(e.pos)).toBe(true);
      expect(e.reason.length).toBeGreaterThan(10);
    }
  }
}

describe('never throws, always ends', () => {
  const pdnish = fc
    .array(
      fc.constantFrom(
        '[', ']', '"', '\\', '{', '}', '(', ')', '/', '*', '$', '!', '?', '.', '...', '-', 'x', ':', ';', '%', ' ', '\n', '\r',
        '\t', '1', '2', '0', '5', '32', '28', '1/2', '½', 'a3', 'j10', 'Event', 'FEN', '"W:W31-50:B1-20"', '32-28', '1.', 'é', '😀',
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join(''));

  it('parses random PDN-like text', () => {
    fc.assert(
      fc.property(pdnish, (text) => checkInvariants(text, parsePdnText(text))),
      { numRuns: 3000 },
    );
  });

  it('parses random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => checkInvariants(text, parsePdnText(text))),
      { numRuns: 2000 },
    );
  });

  it('decodes and parses random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = decodePdnBytes(bytes);
        expect(text.includes('\r')).toBe(false);
        checkInvariants(text, parsePdnText(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('copes with deep nesting without recursion', () => {
    const text = `1. 32-28 ${'(19-23 '.repeat(100_000)}*`;
    const g = one(text);
    expect(g.errors.length).toBeGreaterThan(0);
  });
});
