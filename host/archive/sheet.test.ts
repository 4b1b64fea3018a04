// The scoresheet in the FMJD form: every move in its numbered row with the clock after it, the
// header's boxes and the signatures; printed to PDF through Chromium when it is installed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import type { PdnGame, PdnPly } from '../../rules/index.ts';
import { hasChromium } from '../../test/chromium.ts';
import { ORACLE_GAMES } from '../../test/oracles.ts';
import { clocksText } from '../game/clock/clock.ts';
import { htmlToPdf } from '../print/chromium.ts';
import { scoresheetHtml, sheetRows } from './sheet.ts';

/**
 * The first game of nk ronde 01 with each move followed by both clocks, as dambord writes them: 9 s
 * a move, the running clock's letter in capitals; `notes` a comment after the ply of that index,
 * `tags` more tags.
 */
function clockedGame(notes: Readonly<Record<number, string>> = {}, tags = ''): { game: PdnGame; clocks: string[] } {
  const nk = readPdn(readFileSync(new URL('nk ronde 01.pdn', ORACLE_GAMES))).games[0];
  const plies = nk.line.filter((p): p is PdnPly => p.kind === 'ply');
  const left = { white: 5_400_000, black: 5_400_000 };
  const clocks: string[] = [];
  const moves = plies.map((p, i) => {
    left[p.before.turn] -= 9_000 + i * 1000;
    const comment = clocksText(left.white, left.black, p.before.turn === 'white' ? 'black' : 'white');
    clocks.push(new RegExp(`${p.before.turn[0]}([\\d:]+)`, 'i').exec(comment.slice(8))![1]);
    return `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${p.text} {${comment}}${notes[i] ? ` {${notes[i]}}` : ''}`;
  });
  const roster = nk.tags.map((t) => `[${t.name} "${t.value}"]`).join('\n');
  const game = readPdn(`${roster}\n${tags}\n\n${moves.join(' ')} 2-0\n`).games[0];
  expect(game.error).toBeNull();
  return { game, clocks };
}

describe('the scoresheet', () => {
  it('numbers every move with the clock after it, White then Black', () => {
    const { game, clocks } = clockedGame();
    const rows = sheetRows(game);
    expect(rows).toHaveLength(59);
    const plies = game.line.filter((p): p is PdnPly => p.kind === 'ply');
    const cells = rows.flatMap((r) => [r.first, r.second].filter((m) => m !== undefined));
    expect(cells.map((m) => m.text)).toEqual(plies.map((p) => p.text));
    expect(cells.map((m) => m.clock)).toEqual(clocks);
    expect(rows[0]).toEqual({ number: 1, first: { text: '34-29', clock: clocks[0] }, second: { text: '17-22', clock: clocks[1] } });
    expect(rows[58].second).toBeUndefined();
  });

  it('writes the header, every move and clock, and the signatures in the HTML', () => {
    const { game, clocks } = clockedGame();
    const html = scoresheetHtml(game);
    const row = (n: number) => new RegExp(`<tr><td class="no">${n}</td><td class="move">([^<]*)</td><td class="time">([^<]*)</td><td class="move">([^<]*)</td><td class="time">([^<]*)</td></tr>`);
    const plies = game.line.filter((p): p is PdnPly => p.kind === 'ply');
    for (let n = 1; n <= 59; n++) {
      const m = row(n).exec(html);
      expect(m, `row ${n}`).not.toBeNull();
      expect([m![1], m![2]]).toEqual([plies[2 * n - 2].text, clocks[2 * n - 2]]);
      expect([m![3], m![4]]).toEqual(n < 59 ? [plies[2 * n - 1].text, clocks[2 * n - 1]] : ['', '']);
    }
    for (const [label, value] of [['Event', 'nk'], ['Date', '2009.04.08'], ['White', 'Derkx,B.'], ['Black', 'Meijer,Hein'], ['Result', '2-0: White wins'], ['Variant', 'international (GameType 20)']])
      expect(html).toContain(`<span class="label">${label}</span><span class="value">${value}</span>`);
    expect(html).toContain('<span class="label">Round</span><span class="value"></span>');
    for (const who of ["White's", "Black's", "Arbiter's"]) expect(html).toContain(`${who} signature`);
    expect(html).toContain('@page { size: A4;');
  });

  it('writes its headings, labels and result in the language asked: Dutch, Russian', () => {
    const game = readPdn('[Event "Clubavond"]\n[White "Anna"]\n[Black "Bert"]\n[Result "0-2"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 0-2\n').games[0];
    const nl = scoresheetHtml(game, 'nl');
    expect(nl).toContain('<html lang="nl">');
    expect(nl).toContain('<title>Notatiebiljet: Anna - Bert</title>');
    expect(nl).toContain('<h1>Notatiebiljet</h1>');
    for (const [label, value] of [['Evenement', 'Clubavond'], ['Wit', 'Anna'], ['Zwart', 'Bert'], ['Uitslag', '0-2: zwart wint'], ['Variant', 'internationaal (GameType 20)'], ['Ronde', '']])
      expect(nl).toContain(`<span class="label">${label}</span><span class="value">${value}</span>`);
    expect(nl).toContain('<th class="no">Nr.</th><th>Wit</th><th class="time">tijd</th><th>Zwart</th><th class="time">tijd</th>');
    for (const who of ['wit', 'zwart', 'arbiter']) expect(nl).toContain(`<div class="signature">Handtekening ${who}</div>`);
    const ru = scoresheetHtml(game, 'ru');
    expect(ru).toContain('<h1>Бланк записи партии</h1>');
    expect(ru).toContain('<span class="label">Результат</span><span class="value">0-2: победа чёрных</span>');
    expect(ru).toContain('<th>Белые</th>');
    // No English word is left in what is read (the style sheet's class names aside).
    expect(ru.replace(/<style>[\s\S]*<\/style>/, '').replace(/class="[^"]*"/g, '')).not.toMatch(/White|Black|Scoresheet|signature|time\b|No\./);
  });

  it('puts the first player of English draughts, Black, in the first column, and escapes the tags', () => {
    const game = readPdn('[GameType "21"]\n[White "<b>Ann & Co</b>"]\n1. 11-15 {[%clk 0:05:00]} 23-19 {[%clk 0:04:57]} *\n').games[0];
    const html = scoresheetHtml(game);
    expect(html).toContain('<th>Black</th><th class="time">time</th><th>White</th>');
    expect(html).toContain('<td class="move">11-15</td><td class="time">0:05:00</td><td class="move">23-19</td><td class="time">0:04:57</td>');
    expect(html).toContain('&#60;b&#62;Ann &#38; Co&#60;/b&#62;');
    expect(html).not.toContain('<b>Ann');
  });

  it('starts a game set up with the second player to move in the second column', () => {
    const game = readPdn('[GameType "20"]\n[FEN "B:W31,32:B19,20"]\n1... 19-23 2. 32-28 *\n').games[0];
    expect(game.error).toBeNull();
    expect(sheetRows(game)).toEqual([
      { number: 1, second: { text: '19-23' } },
      { number: 2, first: { text: '32-28' } },
    ]);
  });

  it.runIf(hasChromium('host/archive/sheet.test.ts: the PDF'))('prints as a PDF through Chromium', async () => {
    const pdf = Buffer.from(await htmlToPdf(scoresheetHtml(clockedGame().game)));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThanOrEqual(1);
  });

  it.runIf(hasChromium('host/archive/sheet.test.ts: one A4 page'))('prints a 59-move game with five notes and a long ending on one A4 page, two columns of 30 rows', async () => {
    const notes = {
      4: 'White touched the piece on 31 and moved the piece on 34 instead: the touched piece must be played (touch-move, article 5.4.3). Black accepted.',
      17: "Black moved the piece on 13 to 24, which the rules do not allow (illegal-move, article 5.4.2). Corrected at White's request: the position before it was put back (5.8).",
      30: 'White touched the piece on 29 while Black was to move (touch-out-of-turn, article 3.14). Noted. (2 times)',
      55: 'Black offered a draw.',
      116: "The game is over, 2-0: black's time ran out after time was called twice and the arbiter checked the clock against the journal (article 7.1.2.5).",
    };
    const { game } = clockedGame(notes, '[Board "12"]\n[TimeControl "40/7200:3600"]\n[Termination "time forfeit"]');
    const html = scoresheetHtml(game, 'ru');
    expect(html.match(/<tr><td class="no">/g)).toHaveLength(59);
    expect(html.match(/<table class="moves">/g)).toHaveLength(2);
    const pdf = Buffer.from(await htmlToPdf(html));
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
  });
});

/** The value of the box labelled `label` in the sheet's HTML, undefined when there is no such box. */
const boxOf = (html: string, label: string): string | undefined => new RegExp(`<span class="label">${label}</span><span class="value">([^<]*)</span>`).exec(html)?.[1];

/** The notes the sheet lists: the move each is at, and its words. */
const notesOf = (html: string): string[][] => [...html.matchAll(/<li><span class="at">([^<]*)<\/span> ([^<]*)<\/li>/g)].map((m) => [m[1], m[2]]);

/** An international game as a club's arbiter types it: `tags` and the movetext. */
const typed = (tags: string, moves: string): PdnGame => {
  const game = readPdn(`[Event "Clubavond"]\n[White "Anna"]\n[Black "Bert"]\n[GameType "20"]\n${tags}\n\n${moves}\n`).games[0];
  expect(game.error).toBeNull();
  return game;
};

describe("the sheet's boxes: board, time control, irregularities, how the game ended", () => {
  it('the board number of the Board tag (PDN 3.0: "Board number in a team event or in a simultaneous exhibition")', () => {
    expect(boxOf(scoresheetHtml(typed('[Board "12"]', '1. 32-28 *')), 'Board')).toBe('12');
    expect(boxOf(scoresheetHtml(typed('[Board "12"]', '1. 32-28 *'), 'nl'), 'Bord')).toBe('12');
  });

  it('the time control as people read it: Fischer, moves in a time then the rest (FMJD 10.1), sudden death, the English laws 24 and 25', () => {
    const control = (tc: string, lang: 'en' | 'nl' | 'ru' = 'en') => boxOf(scoresheetHtml(typed(`[TimeControl "${tc}"]`, '1. 32-28 *'), lang), { en: 'Time control', nl: 'Bedenktijd', ru: 'Контроль времени' }[lang]);
    expect(control('5400+30')).toBe('90 min + 30 s per move');
    expect(control('40/7200:3600')).toBe('40 moves in 2 h, then 1 h');
    expect(control('40/7200:20/3600:1800')).toBe('40 moves in 2 h, then 20 moves in 1 h, then 30 min');
    expect(control('3600')).toBe('1 h');
    expect(control('*90')).toBe('sand clock, 90 s');
    expect(control('laws')).toBe('5 min per move, 1 min with one way of taking (laws 24, 25)');
    expect(control('-')).toBe('no clock');
    expect(control('?')).toBe('');
    expect(control('two hours')).toBe('two hours');
    expect(control('40/7200:3600', 'nl')).toBe('40 zetten in 2 uur, daarna 1 uur');
    expect(control('40/7200:3600', 'ru')).toBe('40 ходов за 2 ч, затем 1 ч');
    expect(control('5400+30', 'ru')).toBe('90 мин + 30 с за ход');
  });

  it('FMJD 5.4.2 corrected (5.8) before the first move, 5.4.3 accepted at its move, 3.14 noted: each at its move, the clocks left out', () => {
    const game = typed(
      '[Result "*"]',
      [
        "{White moved the piece on 32 to 23, which the rules do not allow (illegal-move, article 5.4.2). Corrected at Black's request: the position before it was put back (5.8).}",
        '1. 32-28 {[%clock w1:29:50 B1:30:00]} 18-22',
        "2. 34-29 {White touched the piece on 31 and moved the piece on 34 instead: the touched piece must be played (touch-move, article 5.4.3). Black accepted. [%clock w1:29:00 B1:29:40]}",
        '2... 13-18 {White touched the piece on 29 while Black was to move (touch-out-of-turn, article 3.14). Noted. (2 times)} *',
      ].join(' '),
    );
    const html = scoresheetHtml(game);
    expect(notesOf(html)).toEqual([
      ['Before the first move', "White moved the piece on 32 to 23, which the rules do not allow (illegal-move, article 5.4.2). Corrected at Black's request: the position before it was put back (5.8)."],
      ['2. 34-29', 'White touched the piece on 31 and moved the piece on 34 instead: the touched piece must be played (touch-move, article 5.4.3). Black accepted.'],
      ['2... 13-18', 'White touched the piece on 29 while Black was to move (touch-out-of-turn, article 3.14). Noted. (2 times)'],
    ]);
    expect(html).toContain('<span class="label">Irregularities, corrections and other notes</span><ol>');
    expect(sheetRows(game)[1].first).toEqual({ text: '34-29', clock: '1:29:00', notes: [notesOf(html)[1][1]] });
  });

  it('how the game ended: the Termination tag in words (PGN 9.8.1), or the last comment that says it', () => {
    const ended = (tags: string, moves: string, lang: 'en' | 'nl' = 'en') => boxOf(scoresheetHtml(typed(tags, moves), lang), lang === 'en' ? 'How the game ended' : 'Einde van de partij');
    expect(ended('[Result "2-0"]\n[Termination "time forfeit"]', '1. 32-28 19-23 2-0')).toBe('Lost on time');
    expect(ended('[Result "2-0"]\n[Termination "time forfeit"]', '1. 32-28 19-23 2-0', 'nl')).toBe('Verloren op tijd');
    expect(ended('[Result "0-2"]\n[Termination "adjudication"]', '1. 32-28 19-23 0-2')).toBe('Result given by the arbiter');
    expect(ended('[Result "0-0"]\n[Termination "abandoned"]', '1. 32-28 19-23 0-0')).toBe('Game abandoned');
    expect(ended('[Result "0-2"]\n[Termination "Rules infraction"]', '1. 32-28 0-2')).toBe('Lost by a rules infraction');
    expect(ended('[Result "2-0"]\n[Termination "flag fell in the 41st move"]', '1. 32-28 2-0')).toBe('flag fell in the 41st move');
    // FMJD 7.2.1: the resignation, the result and the article in the last comment.
    expect(ended('[Result "0-2"]\n[Termination "normal"]', '1. 32-28 19-23 2. 28x19 {[%clock w1:00:00 B1:10:00]} {The game is over, 0-2: resignation (article 7.2.1).} 0-2')).toBe(
      'The game is over, 0-2: resignation (article 7.2.1).',
    );
    // FMJD 6.1, 6.2 and 6.3: the draw rules, said with their article.
    for (const [article, words] of [['6.1', 'the same position a third time'], ['6.2', 'only kings moved, no capture, for the moves the rules allow'], ['6.3', 'the endgame was not won in the moves the rules allow']])
      expect(ended('[Result "1-1"]\n[Termination "normal"]', `1. 32-28 19-23 {The game is over, 1-1: ${words} (article ${article}).} 1-1`)).toBe(`The game is over, 1-1: ${words} (article ${article}).`);
    // A game over before its first move: the comment before the movetext.
    expect(ended('[Result "0-2"]\n[Termination "normal"]', '{The game is over, 0-2: resignation (article 7.2.1).} 0-2')).toBe('The game is over, 0-2: resignation (article 7.2.1).');
  });

  it("the English laws' 40-move rule (law 22): a draw claimed, the last comment saying it", () => {
    const game = readPdn('[GameType "21"]\n[Result "1/2-1/2"]\n[Termination "normal"]\n\n1. 11-15 23-19 {The game is over, 1/2-1/2: no win within 40 moves after notice (article 22).} 1/2-1/2\n').games[0];
    const html = scoresheetHtml(game);
    expect(boxOf(html, 'How the game ended')).toBe('The game is over, 1/2-1/2: no win within 40 moves after notice (article 22).');
    // The comment that says how the game ended is not a note of the game too.
    expect(notesOf(html)).toEqual([]);
  });

  it('an imported game without those tags: every new box empty, a line to write on, never "undefined"', () => {
    const game = readPdn('[White "Anna"]\n[Black "Bert"]\n[GameType "20"]\n\n1. 32-28 {a good move} 19-23 *\n').games[0];
    for (const lang of ['en', 'nl', 'ru', 'lv'] as const) {
      const html = scoresheetHtml(game, lang);
      expect(html).not.toMatch(/undefined|null|NaN/);
      expect(html).toMatch(/<div class="box notes"><span class="label">[^<]+<\/span><span class="value"><\/span><\/div>|<li>/);
    }
    const html = scoresheetHtml(game);
    for (const label of ['Board', 'Time control', 'How the game ended', 'Round']) expect(boxOf(html, label)).toBe('');
    // A comment of an annotator is a note of the game.
    expect(notesOf(html)).toEqual([['1. 32-28', 'a good move']]);
  });
});
