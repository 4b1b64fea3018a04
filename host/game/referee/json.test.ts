// The log's lines (dambord issue 13: "The log prints raw JSON"): everything the referee says is a
// sentence for people, squares in the variant's notation, never its data.

import { describe, expect, it } from 'vitest';
import { WHITE, createPosition, legalMoves, parseFen, play, variants } from '../../../rules/index.ts';
import type { Position } from '../../../rules/index.ts';
import { describe as words } from './describe.ts';
import { outputText } from './json.ts';
import type { RefereeOutput } from './types.ts';

const intl = variants.international;
const at = (fen: string): Position => {
  const p = parseFen(intl, fen);
  if (!p.ok) throw new Error(p.error.reason);
  return p.position;
};
const start = at(intl.startFen);
/** Square number n as the referee's index. */
const sq = (n: number): number => n - 1;

describe('outputText: every output a sentence (the log of dambord play)', () => {
  const move = legalMoves(start).find((m) => m.from === sq(32) && m.to === sq(28))!;
  const outputs: [RefereeOutput, string][] = [
    [{ type: 'move', ply: 1, move, text: '32-28', side: 'white', before: start, after: play(start, move), t: 0 }, 'White played 32-28.'],
    [
      { type: 'irregularity', code: 'touch-move', article: '5.4.3', squares: [sq(33), sq(32)], message: 'White touched one piece and moved another: the touched piece must be played (33, 32).', decision: 'decide', side: 'white', t: 0 },
      'Irregularity, article 5.4.3 (touch-move): White touched the piece on 33 and moved the piece on 32 instead: the touched piece must be played. Black decides: accept or correct.',
    ],
    [
      { type: 'irregularity', code: 'touch-out-of-turn', article: '3.14', squares: [sq(19)], message: '', decision: 'note', side: 'black', t: 0 },
      'Noted, article 3.14 (touch-out-of-turn): Black touched the piece on 19 while not on move. Play goes on.',
    ],
    // FMJD 5.8: the position before the touch-move put back: 28 cleared, a white man back on 32.
    [{ type: 'correction', clear: [sq(28)], fill: [{ square: sq(32), piece: WHITE }], target: start, t: 0 }, 'Put the position back: take the piece off 28 and put a white man on 32.'],
    [{ type: 'corrected', position: start, obligation: sq(33), t: 0 }, 'The position is put back; White to move.'],
    [{ type: 'accepted', code: 'illegal-move', article: '5.4.2', position: start, t: 0 }, 'The irregularity stands (illegal-move, article 5.4.2).'],
    [{ type: 'mismatch', clear: [sq(25), sq(26)], fill: [], message: '', t: 0 }, 'The board does not show the game: take the pieces off 25 and 26.'],
    [{ type: 'matched', t: 0 }, 'The board shows the game again.'],
    [{ type: 'crowned', square: sq(3), t: 0 }, 'The man on 3 is crowned.'],
    [{ type: 'adjusted', squares: [sq(31), sq(32)], t: 0 }, "The pieces on 31 and 32 adjusted (j'adoube, article 3.13)."],
    [{ type: 'result', result: '2-0', winner: 'white', reason: 'no-pieces', article: '7.2.3', t: 0 }, 'The game is over, 2-0: no pieces left (article 7.2.3).'],
  ];

  it.each(outputs.map(([o, text]) => [o.type, o, text] as const))('%s', (_type, o, text) => {
    expect(outputText(intl, o)).toBe(text);
  });

  it('no output is written as its data: no braces, no quotes, no "type"', () => {
    for (const [o] of outputs) expect(outputText(intl, o)).not.toMatch(/[{}"]|type/);
  });

  it('a takeback accepted says the move stays off and who moves', () => {
    const black = createPosition(intl, start.board.slice(), 'black');
    expect(outputText(intl, { type: 'accepted', code: 'takeback', article: '5.4.4', position: black, t: 0 })).toBe('The move taken back stays off the board (takeback, article 5.4.4); Black to move.');
  });

  it("squares in the variant's notation: c3 on the Russian board", () => {
    expect(outputText(variants.russian, { type: 'crowned', square: 0, t: 0 })).toMatch(/^The man on [a-h][1-8] is crowned\.$/);
  });
});

describe('the log and the irregularities in the language chosen, from the catalogues', () => {
  const move = legalMoves(start).find((m) => m.from === sq(32) && m.to === sq(28))!;
  const touch: RefereeOutput = { type: 'irregularity', code: 'touch-move', article: '5.4.3', squares: [sq(33), sq(32)], message: '', decision: 'decide', side: 'white', t: 0 };

  it('Dutch: a move, a touch-move with who decides, a correction and a result', () => {
    expect(outputText(intl, { type: 'move', ply: 1, move, text: '32-28', side: 'white', before: start, after: play(start, move), t: 0 }, 'nl')).toBe('Wit speelde 32-28.');
    expect(outputText(intl, touch, 'nl')).toBe(
      'Onregelmatigheid, artikel 5.4.3 (touch-move): Wit raakte het stuk op 33 aan, maar speelde het stuk op 32: het aangeraakte stuk moet gespeeld worden. Zwart beslist: accepteren of laten herstellen.',
    );
    expect(outputText(intl, { type: 'correction', clear: [sq(28)], fill: [{ square: sq(32), piece: WHITE }], target: start, t: 0 }, 'nl')).toBe('Zet de stelling terug: neem het stuk van 28 weg en zet een witte schijf op 32.');
    expect(outputText(intl, { type: 'result', result: '2-0', winner: 'white', reason: 'no-pieces', article: '7.2.3', t: 0 }, 'nl')).toBe('De partij is uit, 2-0: geen stukken meer (artikel 7.2.3).');
  });

  it('Russian: the irregularity for people and as the journal keeps it', () => {
    expect(words.said(intl, 'removed-own', [sq(22), sq(23)], 'black', 'ru')).toBe('Чёрные во время взятия сняли свои шашки на полях 22 и 23.');
    expect(words.irregularity(intl, 'touch-move', [sq(33), sq(32)], 'white', 'white', 'ru')).toBe('Белые коснулись одной шашки, а пошли другой: тронутой шашкой нужно ходить (33, 32).');
    expect(outputText(intl, touch, 'ru')).toBe(
      'Нарушение, статья 5.4.3 (touch-move): Белые коснулись шашки на поле 33, а пошли шашкой с поля 32: тронутой шашкой нужно ходить. Чёрные решают: принять или исправить.',
    );
  });

  it('English stays as the journals already written have it', () => {
    expect(words.irregularity(intl, 'touch-move', [sq(31), sq(32)], 'white', 'white')).toBe('White touched one piece and moved another: the touched piece must be played (31, 32).');
    expect(words.irregularity(intl, 'not-maximum-capture', [sq(34), sq(23), sq(29)], 'white', 'white')).toBe('White did not capture the greatest number of pieces (34, 23, 29).');
  });
});
