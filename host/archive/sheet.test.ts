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

/** The first game of nk ronde 01 with each move followed by both clocks, as dambord writes them: 9 s a move, the running clock's letter in capitals. */
function clockedGame(): { game: PdnGame; clocks: string[] } {
  const nk = readPdn(readFileSync(new URL('nk ronde 01.pdn', ORACLE_GAMES))).games[0];
  const plies = nk.line.filter((p): p is PdnPly => p.kind === 'ply');
  const left = { white: 5_400_000, black: 5_400_000 };
  const clocks: string[] = [];
  const moves = plies.map((p, i) => {
    left[p.before.turn] -= 9_000 + i * 1000;
    const comment = clocksText(left.white, left.black, p.before.turn === 'white' ? 'black' : 'white');
    clocks.push(new RegExp(`${p.before.turn[0]}([\\d:]+)`, 'i').exec(comment.slice(8))![1]);
    return `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${p.text} {${comment}}`;
  });
  const tags = nk.tags.map((t) => `[${t.name} "${t.value}"]`).join('\n');
  const game = readPdn(`${tags}\n\n${moves.join(' ')} 2-0\n`).games[0];
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
});
