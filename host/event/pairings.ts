// The pairings of an event (issue 15, "Broadcast: every board of an event live"): which players
// sit at which board in which round, read from the file a club secretary writes. Pure: text in,
// result out, no I/O; the caller reads the file (decodeText for its bytes) and names it.
//
// Two forms, told apart by content (the first line that is neither blank nor a `#` comment):
// - a PDN header list, when that line opens a tag (`[`), a comment (`{`) or an escape line (`%`):
//   one game per board, each with White and Black tags (Board, Round, Event, Site, Date if
//   known), ended by a result (`*` when not played yet), read by the rules core's PDN reader;
// - a CSV file otherwise: a header line naming the columns, then a line per board.
//
// Every error is reported, each with its line and what to do: the file is put right in one go.

import { checkDate, parsePdnText } from '../../rules/index.ts';
import type { PdnGameSyntax, PdnTag } from '../../rules/index.ts';

/** One board of the pairings: who plays it, with white and with black, in which round. */
export interface PairedBoard {
  /** The board number (1, 2, ...): from the file, or the board's place in it when it gives none. */
  board: number;
  /** The players' names as written, trimmed and with inner whitespace collapsed ("Surname, Firstname" kept). */
  white: string;
  black: string;
  /** The round as written (`3`, `3.1`, `Final`); null when the file does not say. */
  round: string | null;
  site?: string;
  date?: string;
}

/** An error in a pairings file: its line (1-based) and a sentence saying what is wrong and what to do. */
export interface PairingsError {
  line: number;
  /** `name, line N: what is wrong; what to do`. */
  message: string;
}

/** Pairings read whole. */
export interface Pairings {
  ok: true;
  /** The event every board belongs to; null when the file does not name it. */
  event: string | null;
  /** The round when every board is of the same round (null when none says or they differ). */
  round: string | null;
  /** The boards, round by round (in the order rounds first appear), by board number within a round. */
  boards: PairedBoard[];
}

/** What {@link readPairings} gives: the pairings, or every error found. */
export type PairingsResult = Pairings | { ok: false; errors: PairingsError[] };

/** Options for {@link readPairings}. */
export interface ReadPairingsOptions {
  /** The file's name, as the person who wrote it knows it: it begins every error message. */
  name: string;
}

/** The columns a CSV header may name, each with the words accepted for it (compared ignoring case). */
const COLUMNS = {
  board: ['board', 'bord', 'table', 'tafel'],
  white: ['white', 'wit'],
  black: ['black', 'zwart'],
  round: ['round', 'ronde'],
  event: ['event'],
  site: ['site'],
  date: ['date', 'datum'],
} as const;

type Column = keyof typeof COLUMNS;

const ACCEPTED =
  'board (or bord, table, tafel), white (or wit), black (or zwart), and if wanted round (or ronde), event, site, date (or datum)';

/** A board as read from either form, before the checks common to both. */
interface Row {
  /** The line of the board (its CSV line, or its PDN game's first line). */
  line: number;
  /** Null when the board number was not readable (already reported). */
  board: number | null;
  white: string;
  black: string;
  /** Lines of the White and Black values (a PDN game's tags); the row's line otherwise. */
  whiteLine: number;
  blackLine: number;
  round: string | null;
  event: string | null;
  eventLine: number;
  site?: string;
  date?: string;
}

/**
 * Reads a pairings file: a CSV file or a PDN header list (see the top of this file), UTF-8 with
 * or without a byte order mark, lines ended by CRLF or LF.
 *
 * CSV: a header line names the columns (any case, any order): board (or bord, table, tafel),
 * white (or wit), black (or zwart), and if wanted round (or ronde), event, site, date (or datum);
 * the values separated by `;` (as Excel writes in Europe), `,` or a tab, whichever the header
 * uses, and quoted as RFC 4180 says (`"van der Berg, Jan"`, `""` for a quote inside). Blank lines and lines
 * starting with `#` are skipped in either form. Without a board column (or a Board tag) a board's
 * number is its place in the file.
 *
 * Checked, each an error with its line: an empty file; a header naming a column not accepted or
 * twice, or no white or black column; a board number that is not a whole number from 1 to
 * {@link MAX_BOARD} (a board numbered by its place too); a board number given twice in a round;
 * a player missing; a player paired twice in a round (names compared ignoring case); two events
 * in one file; a PDN that cannot be read.
 *
 * @example readPairings('bord;wit;zwart\n1;"van der Berg, Jan";Jansen\n', { name: 'ronde3.csv' })
 * // { ok: true, event: null, round: null, boards: [{ board: 1, white: 'van der Berg, Jan', black: 'Jansen', round: null }] }
 */
export function readPairings(text: string, options: ReadPairingsOptions): PairingsResult {
  const errors: PairingsError[] = [];
  const report = (line: number, what: string): void => {
    errors.push({ line, message: `${options.name}, line ${line}: ${what}` });
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const first = lines.findIndex((l) => !skipped(l));
  if (first < 0) {
    report(1, `the file holds no pairings: write a header line such as "board;white;black" and a line per board, or a PDN game per board with White and Black tags`);
    return { ok: false, errors };
  }
  const pdn = /^\s*[[{%]/.test(lines[first]);
  const rows = pdn ? pdnRows(lines, report) : csvRows(lines, first, report);
  const boards = checkRows(rows, report);
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  const event = rows.find((r) => r.event !== null)?.event ?? null;
  const rounds = [...new Set(boards.map((b) => b.round))];
  return { ok: true, event, round: rounds.length === 1 ? rounds[0] : null, boards };
}

/** A line that is skipped in either form: blank, or a `#` comment. */
function skipped(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

/** Trimmed, inner whitespace collapsed to one space, in Unicode's composed form (NFC). */
function cleanName(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** A value that is written but says nothing: empty, or `?` (PDN's unknown), as undefined. */
function known(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const v = cleanName(text);
  return v === '' || /^[?.\s]+$/.test(v) ? undefined : v;
}

/**
 * The most boards a round may have, and so the highest board number: more than any draughts
 * event plays in one round (1,998 players), and few enough that the feeds, which give every
 * board number up to the highest its place, stay small whatever a file says.
 */
export const MAX_BOARD = 999;

/** What a round may hold, for the error sentences. */
const AT_MOST = `the most boards a round may have: number the boards from 1 to ${MAX_BOARD}`;

/**
 * A board number as written (a pairings file's board column, a PDN Board tag): the number, or a
 * sentence saying what is wrong and what to do, starting "the board number" (the value quoted,
 * cut to 20 characters). A whole number from 1 to {@link MAX_BOARD}.
 *
 * @example boardNumber(' 7 ') // 7
 * @example boardNumber('3000000') // 'the board number "3000000" is above 999, the most boards a round may have: ...'
 */
export function boardNumber(text: string): number | string {
  const t = text.trim();
  if (t === '') return 'the board number is missing: write the board number (1, 2, ...)';
  const shown = Array.from(t).length > 20 ? `${Array.from(t).slice(0, 20).join('')}…` : t;
  if (!/^\d+$/.test(t) || Number(t) < 1) return `the board number "${shown}" is not a whole number from 1 up: write the board number as 1, 2, ...`;
  if (Number(t) > MAX_BOARD) return `the board number "${shown}" is above ${MAX_BOARD}, ${AT_MOST}`;
  return Number(t);
}

// ---------------------------------------------------------------------------------------------
// CSV

/** One CSV record: its fields and the line it starts on. */
interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * The records of CSV text from line index `first` on, as RFC 4180 reads them: fields separated
 * by `sep`, a field in double quotes may hold `sep`, line breaks and `""` for a quote. Blank and
 * `#` lines between records are skipped. A quote never closed (its line is lost, reading goes on
 * at the next), or text after a closing quote (its record is lost), is reported.
 */
function csvRecords(lines: readonly string[], first: number, sep: string, report: (line: number, what: string) => void): CsvRecord[] {
  const records: CsvRecord[] = [];
  // Spaces around a quoted value are let go (not tabs when tabs separate the values).
  const blank = sep === '\t' ? /^ */ : /^[ \t]*/;
  let i = first;
  while (i < lines.length) {
    if (skipped(lines[i])) {
      i++;
      continue;
    }
    const line = i + 1;
    const fields: string[] = [];
    let text = lines[i];
    let at = 0;
    let broken = false;
    for (;;) {
      // One field, starting at `at` of `text`.
      const lead = blank.exec(text.slice(at))![0].length;
      if (text[at + lead] === '"' && sep !== '"') {
        let value = '';
        let k = at + lead + 1;
        for (;;) {
          const q = text.indexOf('"', k);
          if (q < 0) {
            value += text.slice(k);
            if (i + 1 >= lines.length) {
              // Never closed: this line is lost, and reading goes on at the next one.
              report(line, `a quote (") opened here is never closed: end the quoted value with "`);
              broken = true;
              i = line - 1;
              break;
            }
            value += '\n';
            i++;
            text = lines[i];
            k = 0;
            continue;
          }
          value += text.slice(k, q);
          if (text[q + 1] === '"') {
            value += '"';
            k = q + 2;
            continue;
          }
          k = q + 1;
          break;
        }
        if (broken) break;
        fields.push(value);
        const rest = blank.exec(text.slice(k))![0].length;
        k += rest;
        if (k >= text.length) break;
        if (text.startsWith(sep, k)) {
          at = k + sep.length;
          continue;
        }
        const junk = text.indexOf(sep, k) < 0 ? text.slice(k) : text.slice(k, text.indexOf(sep, k));
        report(i + 1, `"${junk.trim()}" follows a quoted value: put the whole value in the quotes, or "${sep}" between the values`);
        broken = true;
        break;
      }
      const end = text.indexOf(sep, at);
      if (end < 0) {
        fields.push(text.slice(at));
        break;
      }
      fields.push(text.slice(at, end));
      at = end + sep.length;
    }
    i++;
    if (!broken) records.push({ line, fields });
  }
  return records;
}

/** The separator of a CSV header line: the one of `;`, `,`, tab found most often outside quotes (`;` first on a tie; `,` when none). */
function separatorOf(header: string): string {
  const outside = header.replace(/"[^"]*"/g, '');
  const count = (c: string) => outside.split(c).length - 1;
  const best = [';', ',', '\t'].sort((a, b) => count(b) - count(a))[0];
  return count(best) > 0 ? best : ',';
}

/** The column a header word names, if any. */
function columnOf(word: string): Column | undefined {
  const w = cleanName(word).toLowerCase();
  return (Object.keys(COLUMNS) as Column[]).find((c) => (COLUMNS[c] as readonly string[]).includes(w));
}

function csvRows(lines: readonly string[], first: number, report: (line: number, what: string) => void): Row[] {
  const sep = separatorOf(lines[first]);
  const sepName = sep === '\t' ? 'a tab' : `"${sep}"`;
  const [header, ...records] = csvRecords(lines, first, sep, report);
  if (!header) return [];
  const columns: (Column | null)[] = [];
  const named = header.fields.map(columnOf);
  if (named.every((c) => c === undefined)) {
    report(header.line, `the first line must name the columns, separated by ";" or ",", such as "board;white;black"; it reads "${lines[first].trim()}". The columns are ${ACCEPTED}`);
    return [];
  }
  const seen = new Map<Column, number>();
  header.fields.forEach((word, k) => {
    const c = named[k];
    if (c === undefined) {
      if (cleanName(word) !== '') report(header.line, `the column "${cleanName(word)}" is not one dambord reads: name the columns ${ACCEPTED}, or take that column out`);
      columns.push(null);
      return;
    }
    if (seen.has(c)) report(header.line, `columns ${seen.get(c)! + 1} and ${k + 1} both name the ${c} column: keep one of them`);
    else seen.set(c, k);
    columns.push(seen.get(c) === k ? c : null);
  });
  for (const c of ['white', 'black'] as const) {
    if (!seen.has(c)) report(header.line, `the header names no ${c} column: add a column "${c}" (or "${COLUMNS[c][1]}") with the ${c} players' names`);
  }
  if (!seen.has('white') || !seen.has('black')) return [];
  const rows: Row[] = [];
  for (const r of records) {
    if (r.fields.length === 1 && header.fields.length > 1) {
      report(r.line, `the line holds one value where the header names ${header.fields.length} columns separated by ${sepName}: separate the values by ${sepName} as the header does`);
      continue;
    }
    const extra = r.fields.slice(header.fields.length).filter((f) => f.trim() !== '');
    if (extra.length > 0) {
      report(r.line, `the line holds ${r.fields.length} values where the header names ${header.fields.length} columns: put a name holding ${sepName} in double quotes, or name the extra column in the header`);
      continue;
    }
    const nameless = header.fields.findIndex((w, k) => columns[k] === null && cleanName(w) === '' && (r.fields[k] ?? '').trim() !== '');
    if (nameless >= 0) {
      report(r.line, `column ${nameless + 1} holds "${r.fields[nameless].trim()}" but the header gives it no name: name it in the header, or leave it empty`);
      continue;
    }
    const cell = (c: Column): string | undefined => (seen.has(c) ? (r.fields[seen.get(c)!] ?? '') : undefined);
    let board: number | null = rows.length + 1;
    if (seen.has('board')) {
      const n = boardNumber(cell('board')!);
      if (typeof n === 'string') {
        report(r.line, n);
        board = null;
      } else board = n;
    }
    const row: Row = {
      line: r.line,
      board,
      white: known(cell('white')) ?? '',
      black: known(cell('black')) ?? '',
      whiteLine: r.line,
      blackLine: r.line,
      round: known(cell('round')) ?? null,
      event: known(cell('event')) ?? null,
      eventLine: r.line,
    };
    const site = known(cell('site'));
    // A spreadsheet's ISO date (2025-04-12) is the PDN date 2025.04.12.
    const date = known(cell('date'))?.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1.$2.$3');
    if (site !== undefined) row.site = site;
    if (date !== undefined) row.date = date;
    rows.push(row);
  }
  if (records.length === 0 && rows.length === 0) {
    report(header.line, `the header names the columns but no board follows: write a line per board below it`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// PDN

function pdnRows(lines: readonly string[], report: (line: number, what: string) => void): Row[] {
  // `#` comment lines are blanked (lines keep their numbers): PDN has no such comments.
  const text = lines.map((l) => (l.trim().startsWith('#') ? '' : l)).join('\n');
  const { games } = parsePdnText(text);
  const rows: Row[] = [];
  let continuedAt = -1;
  games.forEach((g, k) => {
    // A tag that cannot be read ends its game there, and the reader takes the tags on the next
    // lines for a game of its own: that is the same board, already reported.
    if (g.pos.line === continuedAt) return;
    const row = pdnRow(g, k + 1, report);
    if (row) rows.push(row);
    const fatal = g.errors.find((e) => e.fatal);
    const inTags = fatal !== undefined && (fatal.code === 'unclosed-tag' || fatal.code === 'tag-without-name') && g.moves.length === 0 && g.result === undefined;
    continuedAt = inTags ? fatal.pos.line + 1 : -1;
  });
  if (games.length === 0) report(1, `the PDN file holds no game: write a game per board, its tags (White, Black, Board, Round, Event) ended by "*"`);
  return rows;
}

/** The board of one game of a PDN header list, the `place`-th of the file; null when it cannot be read. */
function pdnRow(g: PdnGameSyntax, place: number, report: (line: number, what: string) => void): Row | null {
  const line = g.pos.line;
  const fatal = g.errors.find((e) => e.fatal);
  if (fatal) report(fatal.pos.line, `the PDN cannot be read here (${fatal.reason.replace(/\.$/, '')}): correct it, and end each game's tags with "*"`);
  const byName = new Map<string, PdnTag>();
  for (const t of g.tags) {
    const key = t.name.toLowerCase();
    if (byName.has(key) && (key === 'white' || key === 'black' || key === 'board')) {
      report(t.pos.line, `a second ${t.name} tag in the game that starts at line ${line}: end each game's tags with "*" before the next game's tags`);
      return null;
    }
    if (!byName.has(key)) byName.set(key, t);
  }
  if (fatal) return null;
  const tag = (name: string): PdnTag | undefined => byName.get(name.toLowerCase());
  let board: number | null = place;
  const boardTag = tag('Board');
  if (boardTag) {
    const n = boardNumber(boardTag.value);
    if (typeof n === 'string') {
      report(boardTag.pos.line, n.replace('the board number', 'the Board tag'));
      board = null;
    } else board = n;
  }
  const player = (name: 'White' | 'Black'): string => known(tag(name)?.value) ?? '';
  const event = tag('Event');
  const row: Row = {
    line,
    board,
    white: player('White'),
    black: player('Black'),
    whiteLine: tag('White')?.pos.line ?? line,
    blackLine: tag('Black')?.pos.line ?? line,
    round: known(tag('Round')?.value) ?? null,
    event: known(event?.value) ?? null,
    eventLine: event?.pos.line ?? line,
  };
  const site = known(tag('Site')?.value);
  const date = known(tag('Date')?.value);
  if (site !== undefined) row.site = site;
  if (date !== undefined) row.date = date;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Checks common to both forms

/** The boards of rows that pass the checks (players, boards and players once a round, one event), ordered; every failure reported. */
function checkRows(rows: readonly Row[], report: (line: number, what: string) => void): PairedBoard[] {
  const boards = new Map<string, Row>();
  const players = new Map<string, { row: Row; line: number }>();
  let event: Row | null = null;
  const roundName = (r: Row) => (r.round === null ? '' : ` of round ${r.round}`);
  for (const r of rows) {
    if (r.board !== null && r.board > MAX_BOARD) {
      // Only a board numbered by its place gets here: a number written is checked as it is read.
      report(r.line, `board ${r.board} by its place in the file (the file has no board column): a round has at most ${MAX_BOARD} boards; number the boards in a board column, from 1 to ${MAX_BOARD}`);
      continue;
    }
    if (r.white === '') report(r.whiteLine, `board ${r.board ?? '?'} has no white player: write the name of the player with white`);
    if (r.black === '') report(r.blackLine, `board ${r.board ?? '?'} has no black player: write the name of the player with black`);
    if (r.board !== null) {
      const key = `${r.round ?? ''}\u0000${r.board}`;
      const before = boards.get(key);
      if (before) report(r.line, `board ${r.board}${roundName(r)} is given twice (first at line ${before.line}): give every board its own number`);
      else boards.set(key, r);
    }
    for (const [name, line] of [
      [r.white, r.whiteLine],
      [r.black, r.blackLine],
    ] as const) {
      if (name === '') continue;
      const key = `${r.round ?? ''}\u0000${name.toLowerCase()}`;
      const before = players.get(key);
      if (!before) {
        players.set(key, { row: r, line });
        continue;
      }
      const where = before.row === r ? 'on both sides of the board' : `at board ${before.row.board ?? '?'} (line ${before.line}) and board ${r.board ?? '?'}`;
      report(line, `${name} is paired twice${r.round === null ? '' : ` in round ${r.round}`}, ${where}: a player plays one game a round; correct the pairing`);
    }
    const date = r.date === undefined ? null : checkDate(r.date);
    // The date goes into each game's Date tag: a day of the calendar, as PDN writes it.
    if (date && !date.ok) report(r.line, `board ${r.board ?? '?'}: ${date.error}`);
    if (r.event !== null) {
      if (event === null) event = r;
      else if (event.event !== r.event) {
        report(r.eventLine, `the event "${r.event}" is not the event "${event.event}" of line ${event.eventLine}: a pairings file holds one event; write its name the same way on every board, or make a file per event`);
      }
    }
  }
  const roundOrder = new Map<string | null, number>();
  for (const r of rows) if (!roundOrder.has(r.round)) roundOrder.set(r.round, roundOrder.size);
  return rows
    .filter((r): r is Row & { board: number } => r.board !== null)
    .sort((a, b) => roundOrder.get(a.round)! - roundOrder.get(b.round)! || a.board - b.board)
    .map((r) => {
      const b: PairedBoard = { board: r.board, white: r.white, black: r.black, round: r.round };
      if (r.site !== undefined) b.site = r.site;
      if (r.date !== undefined) b.date = r.date;
      return b;
    });
}
