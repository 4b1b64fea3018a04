// A game's scoresheet as a printable HTML page, in the FMJD form: the header's boxes (event,
// place, date, round, board, the players, the result, the variant, the time control, how the
// game ended), the moves numbered 1..N with each player's move and the clock time after it where
// the PDN keeps one, the irregularities and corrections at their moves, and lines for the
// players' and the arbiter's signatures. A box the game says nothing of is left empty, to write
// in as on paper. Printed on A4 (by a browser, or htmlToPdf), its words in a
// language of the catalogues (host/words/messages/<lang>.json, `scoresheet.*`). Pure: no I/O.

import { normaliseResult, rosterValue, writeFen } from '../../rules/index.ts';
import type { Color, PdnGame } from '../../rules/index.ts';
import { moverClock } from './clocks.ts';
import { commentWords, sheetEnding, sheetNotes, timeControlWords } from './sheetBoxes.ts';
import { tagOf } from './entry.ts';
import type { SheetMove, SheetRow } from './sheetBoxes.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

export type { SheetMove, SheetRow } from './sheetBoxes.ts';

/** Rows in each column of moves: two columns and the header fill an A4 page. */
const ROWS_PER_COLUMN = 30;

/**
 * The rows of a game's main line as a scoresheet numbers them: a row for each move number, the
 * first player's move (the variant's, Black in English draughts) and the second's; a game set up
 * with the second player to move starts with the first player's box empty.
 */
export function sheetRows(game: PdnGame): SheetRow[] {
  const rows: { number: number; first?: SheetMove; second?: SheetMove; setup?: string }[] = [];
  const first: Color = game.variant.firstToMove;
  let open: (typeof rows)[number] | undefined;
  let number = 1;
  for (const item of game.line) {
    if (item.kind === 'setup') {
      rows.push({ number, setup: writeFen(item.position) });
      open = undefined;
      continue;
    }
    const clock = moverClock(item.comments, item.before.turn);
    const notes = [...item.preComments, ...item.comments].map(commentWords).filter((c) => c !== '');
    const move: SheetMove = { text: item.text, ...(clock ? { clock } : {}), ...(notes.length > 0 ? { notes } : {}) };
    if (item.before.turn === first) {
      open = { number, first: move };
      rows.push(open);
    } else {
      if (open) open.second = move;
      else rows.push({ number, second: move });
      open = undefined;
      number++;
    }
  }
  return rows;
}

/** Who won by a PDN result (`2-0`, `0-2`, `1-1`, `1/2-1/2`), as the catalogues select it: `white`, `black`, `draw`, or `none` for a game not over. */
function winnerOf(result: string): string {
  const score = /^(\d+(?:\/\d+)?)-(\d+(?:\/\d+)?)$/.exec(result);
  if (!score) return 'none';
  const value = (s: string): number => (s.includes('/') ? Number(s.split('/')[0]) / Number(s.split('/')[1]) : Number(s));
  const [w, b] = [value(score[1]), value(score[2])];
  return w > b ? 'white' : b > w ? 'black' : 'draw';
}

/**
 * The scoresheet of `game` as a whole HTML page, ready to print on A4, its headings, labels and
 * result in `lang` (English unless told).
 *
 * @example writeFileSync('sheet.html', scoresheetHtml(readPdn(text).games[0], 'nl'))
 */
export function scoresheetHtml(game: PdnGame, lang: Language = 'en'): string {
  const tag = (name: string) => tagOf(game, name);
  const known = (value: string) => (value === '' || value === '?' ? '' : value);
  const v = game.variant;
  const colour = (c: Color | 'no' | 'time') => say(lang, 'scoresheet.column', { column: c });
  const label = (box: string) => say(lang, 'scoresheet.box', { box });
  const second: Color = v.firstToMove === 'white' ? 'black' : 'white';
  const date = rosterValue('Date', tag('Date'));
  const result = normaliseResult(game.result ?? tag('Result'), v);
  const box = (name: string, value: string, wide = false) => `<div class="box${wide ? ' wide' : ''}"><span class="label">${esc(label(name))}</span><span class="value">${esc(value)}</span></div>`;
  const rows = sheetRows(game);
  const notes = sheetNotes(game, rows);
  const note = (n: { at: string; text: string }) => `<li><span class="at">${esc(n.at || say(lang, 'scoresheet.beforeFirst'))}</span> ${esc(n.text)}</li>`;
  const columns: SheetRow[][] = [];
  for (let i = 0; i < Math.max(rows.length, 1); i += ROWS_PER_COLUMN) columns.push(rows.slice(i, i + ROWS_PER_COLUMN));
  const cell = (m: SheetMove | undefined) => `<td class="move">${esc(m?.text ?? '')}</td><td class="time">${esc(m?.clock ?? '')}</td>`;
  const row = (r: SheetRow) =>
    r.setup !== undefined ? `<tr><td class="no">${r.number}</td><td class="setup" colspan="4">${esc(say(lang, 'scoresheet.setup', { fen: r.setup }))}</td></tr>` : `<tr><td class="no">${r.number}</td>${cell(r.first)}${cell(r.second)}</tr>`;
  const table = (list: SheetRow[]) =>
    `<table class="moves"><thead><tr><th class="no">${esc(colour('no'))}</th><th>${esc(colour(v.firstToMove))}</th><th class="time">${esc(colour('time'))}</th><th>${esc(colour(second))}</th><th class="time">${esc(colour('time'))}</th></tr></thead><tbody>${list.map(row).join('')}</tbody></table>`;
  const title = `${known(tag('White')) || '?'} - ${known(tag('Black')) || '?'}`;
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(say(lang, 'scoresheet.pageTitle', { players: title }))}</title>
<style>
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.25 "DejaVu Sans", Arial, sans-serif; color: #000; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 2mm; }
.header { display: grid; grid-template-columns: repeat(4, 1fr); gap: 1.5mm; margin-bottom: 1.5mm; }
.box { border: 0.3mm solid #000; padding: 0.6mm 2mm; min-height: 9.5mm; }
.box.wide { grid-column: span 2; }
.box.full { grid-column: 1 / -1; }
.notes { margin-bottom: 3mm; font-size: 7.5pt; line-height: 1.2; }
.notes ol { margin: 0; padding: 0; list-style: none; }
.notes .at { font-weight: bold; white-space: nowrap; }
.label { display: block; font-size: 7pt; text-transform: uppercase; color: #333; }
.value { display: block; font-size: 11pt; min-height: 5mm; }
.full .value { font-size: 10pt; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; align-items: start; }
table.moves { width: 100%; border-collapse: collapse; break-inside: avoid; }
.moves th, .moves td { border: 0.2mm solid #000; padding: 0.3mm 1.5mm; height: 5mm; line-height: 1.1; }
.moves th { font-size: 8pt; }
.moves .no { width: 9mm; text-align: right; }
.moves .time { width: 17mm; font-size: 8pt; text-align: right; }
.moves .setup { font-size: 8pt; }
.signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm; margin-top: 7mm; break-inside: avoid; }
.signature { border-top: 0.3mm solid #000; padding-top: 1mm; font-size: 8pt; }
</style>
</head>
<body>
<h1>${esc(say(lang, 'scoresheet.title'))}</h1>
<div class="header">
${box('event', known(tag('Event')), true)}
${box('place', known(tag('Site')))}
${box('date', date === '????.??.??' ? '' : date)}
${box('white', known(tag('White')), true)}
${box('round', known(tag('Round')))}
${box('board', known(tag('Board')))}
${box('black', known(tag('Black')), true)}
${box('result', result === '*' ? '' : say(lang, 'scoresheet.result', { result, winner: winnerOf(result) }), true)}
${box('variant', say(lang, 'scoresheet.variant', { variant: v.name, gameType: v.gameType }), true)}
${box('control', timeControlWords(tag('TimeControl'), lang), true)}
<div class="box full"><span class="label">${esc(label('ended'))}</span><span class="value">${esc(sheetEnding(game, lang))}</span></div>
</div>
<div class="box notes"><span class="label">${esc(label('notes'))}</span>${notes.length > 0 ? `<ol>${notes.map(note).join('')}</ol>` : '<span class="value"></span>'}</div>
<div class="columns">
${columns.map(table).join('\n')}
</div>
<div class="signatures">
<div class="signature">${esc(say(lang, 'scoresheet.signature', { who: 'white' }))}</div>
<div class="signature">${esc(say(lang, 'scoresheet.signature', { who: 'black' }))}</div>
<div class="signature">${esc(say(lang, 'scoresheet.signature', { who: 'arbiter' }))}</div>
</div>
</body>
</html>
`;
}

/** `text` safe as an element's text (the sheet writes no attribute from the game). */
function esc(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
