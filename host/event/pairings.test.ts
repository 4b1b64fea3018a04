import { describe, expect, it } from 'vitest';
import { readPairings } from './pairings.ts';
import type { PairingsResult } from './pairings.ts';

/** The pairings, or the test fails showing the errors. */
function pairings(text: string, name = 'pairings.csv') {
  const r = readPairings(text, { name });
  if (!r.ok) expect.fail(r.errors.map((e) => e.message).join('\n'));
  return r;
}

/** The errors, or the test fails. */
function errors(text: string, name = 'pairings.csv') {
  const r: PairingsResult = readPairings(text, { name });
  if (r.ok) expect.fail(`read without errors: ${JSON.stringify(r.boards)}`);
  return r.errors;
}

/** The lines of the errors, and each message checked to start with the file and line. */
function lines(text: string, name = 'pairings.csv'): number[] {
  const es = errors(text, name);
  for (const e of es) expect(e.message.startsWith(`${name}, line ${e.line}: `)).toBe(true);
  return es.map((e) => e.line);
}

describe('a CSV as a Dutch club secretary writes it (Excel, ";")', () => {
  // Saved by Excel: a byte order mark, CRLF, ";" between values, names with a comma quoted.
  const ronde3 =
    '\uFEFFBord;Wit;Zwart;Ronde\r\n' +
    '1;"van der Berg, Jan";"Jansen, Piet";3\r\n' +
    '2;"de Vries, Klaas";"Bakker,  Anna ";3\r\n' +
    '\r\n' +
    '# bord 3 speelt in de bovenzaal\r\n' +
    '3;"Visser, ""Kees"" K.";Smit;3\r\n' +
    '4;  Meijer ;"Mulder, Els";3\r\n';

  it('reads every board with its players and round', () => {
    const r = pairings(ronde3, 'ronde3.csv');
    expect(r.event).toBeNull();
    expect(r.round).toBe('3');
    expect(r.boards).toEqual([
      { board: 1, white: 'van der Berg, Jan', black: 'Jansen, Piet', round: '3' },
      { board: 2, white: 'de Vries, Klaas', black: 'Bakker, Anna', round: '3' },
      { board: 3, white: 'Visser, "Kees" K.', black: 'Smit', round: '3' },
      { board: 4, white: 'Meijer', black: 'Mulder, Els', round: '3' },
    ]);
  });

  it('reads the same with LF, without the byte order mark', () => {
    expect(pairings(ronde3.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'))).toEqual(pairings(ronde3));
  });

  it('reads a comma-separated file in English, columns in any order and case, event, site and date (a spreadsheet\'s ISO date as PDN writes it)', () => {
    const csv = [
      'White,Black,Table,Event,Site,Date,Round',
      '"Sijbrands, Ton","Baljakin, Alexander",2,NK 2025,Huissen,2025-04-12,5',
      '"Schwarzman, Alexander","Georgiev, Alexander",1,NK 2025,Huissen,2025-04-12,5',
    ].join('\n');
    const r = pairings(csv);
    expect(r.event).toBe('NK 2025');
    expect(r.round).toBe('5');
    expect(r.boards).toEqual([
      { board: 1, white: 'Schwarzman, Alexander', black: 'Georgiev, Alexander', round: '5', site: 'Huissen', date: '2025.04.12' },
      { board: 2, white: 'Sijbrands, Ton', black: 'Baljakin, Alexander', round: '5', site: 'Huissen', date: '2025.04.12' },
    ]);
  });

  it('numbers the boards by their place when there is no board column, and reads tabs', () => {
    const r = pairings('wit\tzwart\nAnna\tBram\n\nCees\tDirk\n');
    expect(r.boards.map((b) => [b.board, b.white, b.black, b.round])).toEqual([
      [1, 'Anna', 'Bram', null],
      [2, 'Cees', 'Dirk', null],
    ]);
    expect(r.round).toBeNull();
  });

  it('keeps Unicode names, collapses whitespace inside them, and reads a quoted line break as a space', () => {
    const r = pairings('board;white;black\n1;"Ndiaye,\n  Moussa";Łukasz  Wiśniewski\u00a0\n2;Ζήνων;戴尔\n');
    expect(r.boards.map((b) => [b.board, b.white, b.black])).toEqual([
      [1, 'Ndiaye, Moussa', 'Łukasz Wiśniewski'],
      [2, 'Ζήνων', '戴尔'],
    ]);
  });

  it('takes trailing empty columns (Excel writes them) and several rounds, the board numbers once per round', () => {
    const r = pairings('bord;wit;zwart;ronde;;\n1;A;B;1;;\n2;C;D;1;;\n1;A;C;2\n2;B;D;2;;\n');
    expect(r.round).toBeNull();
    expect(r.boards.map((b) => `${b.round}.${b.board} ${b.white}-${b.black}`)).toEqual(['1.1 A-B', '1.2 C-D', '2.1 A-C', '2.2 B-D']);
  });
});

describe('a PDN header list', () => {
  // Round 4 of an event, the boards in the order the pairing program wrote them.
  const round4 = `[Event "Open Haarlem 2025"]
[Site "Haarlem"]
[Date "2025.06.14"]
[Round "4"]
[Board "3"]
[White "Koeperman, Rik"]
[Black "van den Bosch, Emma"]
[Result "*"]
*

[Event "Open Haarlem 2025"]
[Round "4"]
[Board "1"]
[White "Baljakin,   Alexander"]
[Black "Boomstra, Roel"]
*

[Event "Open Haarlem 2025"]
[Round "4"]
[Board "4"]
[White "N'Diaye, Macodou"]
[Black "Sijbrands, Ton"]
[Date "????.??.??"]
*

[Event "Open Haarlem 2025"]
[Round "4"]
[Board "2"]
[White "Georgiev, Alexander"]
[Black "Schwarzman, Alexander"]
*
`;

  it('reads the boards by their Board tags, whatever their order in the file', () => {
    const r = pairings(round4, 'ronde4.pdn');
    expect(r.event).toBe('Open Haarlem 2025');
    expect(r.round).toBe('4');
    expect(r.boards).toEqual([
      { board: 1, white: 'Baljakin, Alexander', black: 'Boomstra, Roel', round: '4' },
      { board: 2, white: 'Georgiev, Alexander', black: 'Schwarzman, Alexander', round: '4' },
      { board: 3, white: 'Koeperman, Rik', black: 'van den Bosch, Emma', round: '4', site: 'Haarlem', date: '2025.06.14' },
      { board: 4, white: "N'Diaye, Macodou", black: 'Sijbrands, Ton', round: '4' },
    ]);
  });

  it('reads it with CRLF and a byte order mark the same', () => {
    expect(pairings(`\uFEFF${round4.replace(/\n/g, '\r\n')}`, 'ronde4.pdn')).toEqual(pairings(round4, 'ronde4.pdn'));
  });

  it('numbers the boards by their place in the file without Board tags; Event "?" is no event', () => {
    const pdn = `# ronde 1, geen bordnummers
[Event "?"]
[White "Anna"]
[Black "Bram"]
*
[White "Cees"]
[Black "Dirk"]
[Round "?"]
*
`;
    const r = pairings(pdn, 'ronde1.pdn');
    expect(r.event).toBeNull();
    expect(r.round).toBeNull();
    expect(r.boards).toEqual([
      { board: 1, white: 'Anna', black: 'Bram', round: null },
      { board: 2, white: 'Cees', black: 'Dirk', round: null },
    ]);
  });

  it('takes games with moves and results (last round’s file) for their tags alone', () => {
    const r = pairings('[White "A"]\n[Black "B"]\n[Board "2"]\n1. 32-28 19-23 2-0\n\n[White "C"]\n[Black "D"]\n[Board "1"]\n1-1\n', 'x.pdn');
    expect(r.boards.map((b) => [b.board, b.white, b.black])).toEqual([
      [1, 'C', 'D'],
      [2, 'A', 'B'],
    ]);
  });
});

describe('errors, each with its line and what to do', () => {
  it('an empty file, or one of blank lines and comments', () => {
    for (const text of ['', '\uFEFF', '\r\n\r\n', '# nog niet ingedeeld\n\n']) {
      const es = errors(text, 'ronde5.csv');
      expect(es).toHaveLength(1);
      expect(es[0].line).toBe(1);
      expect(es[0].message).toMatch(/^ronde5\.csv, line 1: the file holds no pairings: write a header line/);
    }
  });

  it('a header and no boards; a PDN with no game', () => {
    expect(lines('\n# header\nbord;wit;zwart\n\n')).toEqual([3]);
    expect(errors('bord;wit;zwart\n')[0].message).toMatch(/no board follows: write a line per board/);
    expect(lines('{ nog geen partijen }\n', 'x.pdn')).toEqual([1]);
  });

  it('an unknown column, naming the columns accepted', () => {
    const es = errors('bord;wit;zwart;rating\n1;A;B;1800\n');
    expect(es).toHaveLength(1);
    expect(es[0].line).toBe(1);
    expect(es[0].message).toContain('the column "rating" is not one dambord reads');
    expect(es[0].message).toContain('board (or bord, table, tafel), white (or wit), black (or zwart)');
  });

  it('a first line that is not a header', () => {
    const es = errors('1;Anna;Bram\n2;Cees;Dirk\n');
    expect(es.map((e) => e.line)).toEqual([1]);
    expect(es[0].message).toMatch(/the first line must name the columns.*it reads "1;Anna;Bram"/);
  });

  it('a column named twice, or no white or black column', () => {
    expect(errors('board;white;wit;black\n1;A;A;B\n')[0].message).toMatch(/columns 2 and 3 both name the white column/);
    const es = errors('board;white\n1;A\n');
    expect(es.map((e) => e.line)).toEqual([1]);
    expect(es[0].message).toMatch(/no black column: add a column "black" \(or "zwart"\)/);
  });

  it('a board number given twice, in the CSV and in the PDN', () => {
    const es = errors('bord;wit;zwart\n1;A;B\n2;C;D\n\n1;E;F\n', 'r.csv');
    expect(es.map((e) => e.line)).toEqual([5]);
    expect(es[0].message).toBe('r.csv, line 5: board 1 is given twice (first at line 2): give every board its own number');
    const pdn = '[Round "2"]\n[Board "1"]\n[White "A"]\n[Black "B"]\n*\n\n[Round "2"]\n[Board "1"]\n[White "C"]\n[Black "D"]\n*\n';
    const ep = errors(pdn, 'r.pdn');
    expect(ep.map((e) => e.line)).toEqual([7]);
    expect(ep[0].message).toMatch(/board 1 of round 2 is given twice \(first at line 1\)/);
    // The place of a game without a Board tag collides with a Board tag.
    expect(lines('[Board "2"]\n[White "A"]\n[Black "B"]\n*\n[White "C"]\n[Black "D"]\n*\n', 'r.pdn')).toEqual([5]);
  });

  it('a board number that is not a whole number from 1 up', () => {
    const csv = 'bord;wit;zwart\n0;A;B\n-2;C;D\n1.5;E;F\ntwee;G;H\n;I;J\n1e3;K;L\n3;M;N\n';
    const es = errors(csv);
    expect(es.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(es[0].message).toMatch(/the board number "0" is not a whole number from 1 up: write the board number as 1, 2/);
    expect(es[4].message).toMatch(/the board number is missing/);
    const ep = errors('[White "A"]\n[Black "B"]\n*\n[Board "B2"]\n[White "C"]\n[Black "D"]\n*\n', 'r.pdn');
    expect(ep.map((e) => e.line)).toEqual([4]);
    expect(ep[0].message).toMatch(/the Board tag "B2" is not a whole number/);
  });

  it('a board number above 999, the most boards a round may have, in the CSV, the PDN and by place', () => {
    const csv = 'bord;wit;zwart\n999;A;B\n1000;C;D\n3000000;E;F\n' + '9'.repeat(400) + ';G;H\n';
    const es = errors(csv, 'ronde3.csv');
    expect(es.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(es[0].message).toBe('ronde3.csv, line 3: the board number "1000" is above 999, the most boards a round may have: number the boards from 1 to 999');
    expect(es[1].message).toMatch(/^ronde3\.csv, line 4: the board number "3000000" is above 999/);
    expect(es[2].message.length).toBeLessThan(200);
    const ep = errors('[White "A"]\n[Black "B"]\n[Board "3000000"]\n*\n', 'r.pdn');
    expect(ep.map((e) => e.message)).toEqual(['r.pdn, line 3: the Board tag "3000000" is above 999, the most boards a round may have: number the boards from 1 to 999']);
    const placed = `wit;zwart\n${Array.from({ length: 1000 }, (_, i) => `W${i};B${i}`).join('\n')}\n`;
    expect(errors(placed).map((e) => e.message)).toEqual(['pairings.csv, line 1001: board 1000 by its place in the file (the file has no board column): a round has at most 999 boards; number the boards in a board column, from 1 to 999']);
    expect(pairings('bord;wit;zwart\n999;A;B\n').boards.map((b) => b.board)).toEqual([999]);
  });

  it('a player missing', () => {
    const es = errors('bord;wit;zwart\n1;A;\n2;;D\n3;  ;F\n4;G\n');
    expect(es.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(es[0].message).toMatch(/board 1 has no black player: write the name of the player with black/);
    expect(es[1].message).toMatch(/board 2 has no white player/);
    const ep = errors('[Board "1"]\n[White "A"]\n*\n[Board "2"]\n[White "?"]\n[Black "D"]\n*\n', 'r.pdn');
    expect(ep.map((e) => e.line)).toEqual([1, 5]);
    expect(ep[0].message).toMatch(/board 1 has no black player/);
    expect(ep[1].message).toMatch(/board 2 has no white player/);
  });

  it('one player paired twice in the same round (names compared ignoring case and spacing)', () => {
    const csv = 'bord;wit;zwart;ronde\n1;"Jansen, Piet";B;1\n2;C;"jansen,  piet";1\n3;E;E;1\n1;"Jansen, Piet";C;2\n';
    const es = errors(csv, 'r.csv');
    expect(es.map((e) => e.line)).toEqual([3, 4]);
    expect(es[0].message).toBe('r.csv, line 3: jansen, piet is paired twice in round 1, at board 1 (line 2) and board 2: a player plays one game a round; correct the pairing');
    expect(es[1].message).toMatch(/E is paired twice in round 1, on both sides of the board/);
    const pdn = '[Board "1"]\n[White "A"]\n[Black "B"]\n*\n[Board "2"]\n[White "C"]\n[Black "A"]\n*\n';
    expect(lines(pdn, 'r.pdn')).toEqual([7]);
  });

  it('two events in one file', () => {
    const es = errors('board,white,black,event\n1,A,B,NK\n2,C,D,NK\n3,E,F,Open\n');
    expect(es.map((e) => e.line)).toEqual([4]);
    expect(es[0].message).toMatch(/the event "Open" is not the event "NK" of line 2: a pairings file holds one event/);
    expect(lines('[Event "NK"]\n[White "A"]\n[Black "B"]\n*\n[White "C"]\n[Black "D"]\n[Event "Open"]\n*\n', 'r.pdn')).toEqual([7]);
  });

  it('lines that do not fit the header: one value (another separator), too many values, a quote never closed', () => {
    const csv = 'bord;wit;zwart\n1,A,B\n2;van der Berg, Jan;C;D\n3;"A" B;C\n4;"Bakker;D\n5;E;F\n';
    const es = errors(csv);
    expect(es.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(es[0].message).toMatch(/one value where the header names 3 columns separated by ";": separate the values by ";"/);
    expect(es[1].message).toMatch(/4 values where the header names 3 columns: put a name holding ";" in double quotes/);
    expect(es[2].message).toMatch(/"B" follows a quoted value/);
    expect(es[3].message).toMatch(/a quote \(".*never closed/);
    // The line after the quote never closed is read: E is paired twice, at lines 6 and 7.
    const more = errors(`${csv}6;E;G\n`);
    expect(more.map((e) => e.line)).toEqual([2, 3, 4, 5, 7]);
    expect(more[4].message).toMatch(/E is paired twice, at board 5 \(line 6\) and board 6/);
  });

  it('a value under a column the header gives no name', () => {
    expect(lines('bord;wit;zwart;\n1;A;B;\n2;C;D;x\n')).toEqual([3]);
  });

  it('every error of the file at once, in line order', () => {
    const csv = 'bord;wit;zwart\n1;A;B\n1;C;\nx;A;D\n';
    expect(lines(csv)).toEqual([3, 3, 4, 4]);
  });

  it('a PDN that cannot be read: its line, and no second error for the same board', () => {
    const es = errors('[Board "1"]\n[White "A]\n[Black "B"]\n*\n\n[Board "2"]\n[White "C"]\n[Black "D"]\n*\n', 'r.pdn');
    expect(es.map((e) => e.line)).toEqual([2]);
    expect(es[0].message).toMatch(/^r\.pdn, line 2: the PDN cannot be read here \(.*\): correct it/);
  });

  it('PDN games not ended by a result run together: the second White tag', () => {
    const es = errors('[Board "1"]\n[White "A"]\n[Black "B"]\n\n[Board "2"]\n[White "C"]\n[Black "D"]\n', 'r.pdn');
    expect(es.map((e) => e.line)).toEqual([5]);
    expect(es[0].message).toMatch(/a second Board tag in the game that starts at line 1: end each game's tags with "\*"/);
  });
});

describe('dates checked as dates (issue 26, finding 10)', () => {
  it('a Date that is no day of the calendar is refused with its line, in a CSV and in a PDN header list; ? parts are taken', () => {
    expect(lines('board,white,black,date\n1,A,B,2026.04.30\n2,C,D,2026.02.30\n3,E,F,2026.??.??\n')).toEqual([3]);
    expect(errors('board,white,black,date\n1,A,B,0000.01.01\n')[0].message).toBe('pairings.csv, line 2: board 1: "0000.01.01" is not a date: there is no year 0; the first year is 0001');
    expect(lines('[Event "NK"]\n[Board "1"]\n[White "A"]\n[Black "B"]\n[Date "2026.04.31"]\n*\n', 'round.pdn')).toHaveLength(1);
  });
});
