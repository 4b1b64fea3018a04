// `dambord archive import|list|export|sheet|serve`: a club's games in one place, by event and round
// (host/archive): PDN files imported with duplicates found, names normalised and bad games listed
// with their reason; an event or round exported as one PDN file; a game's scoresheet in the FMJD
// form as HTML, or PDF through Chromium; the archive served as a web page to search and step through.

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readPdn, variantList } from '../../../rules/index.ts';
import { archivedEvents, eventGames, findGame } from '../../archive/catalogue.ts';
import { gameName } from '../../archive/entry.ts';
import { ArchiveBusy, importPdn } from '../../archive/import.ts';
import { searchDate, searchGames } from '../../archive/search.ts';
import type { GameSearch } from '../../archive/search.ts';
import type { GameRead, ImportReport } from '../../archive/import.ts';
import { scoresheetHtml } from '../../archive/sheet.ts';
import { auditArchive, problemCounts } from '../../archive/repair.ts';
import { INDEX_FILE, LOCK_WAIT_MS, NO_EVENT, NO_ROUND, NotAnIndex, REJECTED_DIR, loadIndex, lockArchive, noArchive, readArchivedGame } from '../../archive/store.ts';
import type { ArchiveIndex } from '../../archive/store.ts';
import type { ArchivedGame } from '../../archive/entry.ts';
import { CHROMIUM_MISSING, chromiumInstalled, htmlToPdf } from '../../print/chromium.ts';
import { parseArgs } from '../args.ts';
import { LANG_SPEC, langFrom } from '../langOption.ts';
import { LANGUAGES } from '../../words/catalogue.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command, Io } from '../command.ts';
import { portOption, readText, variantOption, why } from '../input.ts';
import { noGameNumbered } from '../pdnLabels.ts';
import { startArchiveServer } from '../../web/archiveServer.ts';
import type { ArchiveServer } from '../../web/archiveServer.ts';

const DEFAULT_ARCHIVE = 'archive';
/** The most bad entries of an index said one by one; the rest are counted. */
const MOST_SAID = 20;

const importUsage = `Usage: dambord archive import [--archive DIR] [--variant V] FOLDER|FILE...

Imports PDN files into the club's archive (default ./archive, where dambord event keeps its
games): every .pdn file in each FOLDER and below (any case of .pdn), and each FILE named. Every
game read (UTF-8, UTF-16 or latin-1) is replayed under its variant and is one of:

  imported    written as strict PDN to DIR/<event>/round-<round>/<NNN> <White> - <Black>.pdn
              ("no event", "no round" when not known), and listed in DIR/index.json
  duplicate   the same game as one in the archive: the same moves from the same start, the
              same players, no other date; a game of fewer than 10 plies also the same event,
              round and site
  bad         it cannot be replayed: the reason with its line and column, and its text kept
              as written in DIR/rejected/

A game without a GameType tag is read as pdn check reads it: the games of one file are taken
to be of one variant, when one variant fits them all.

Players' names are normalised: one player written several ways ("Derkx,B.", "DERKX, B",
"B. Derkx") is one player, shown "Derkx, B."; names differing in surname are never merged. It
prints each duplicate and bad game, each game with the same moves as another one (kept: other
players or date), text outside the games that is not PDN, the names written otherwise, then:

  N games read: I imported, D duplicates, B bad

Importing the same files again adds nothing. Files are written whole or not at all, the
index last. One import at a time: while another dambord writes the archive an import is
refused, saying which process holds DIR/index.json.lock. An import first repairs what an
import cut short left (see dambord archive check) and says what it did.

Options:
  --archive DIR   the archive's folder (default ./archive)
  --variant V     replay every game as ${variantList()}

Exit status: 0 done, 1 some games were bad (the others were imported), 2 bad usage, 3 a file
could not be read (the others were imported), the archive could not be written, or another
dambord is writing it.

Examples:
  dambord archive import club-games/
  dambord archive import --variant czech mrcd2006.pdn
`;

const checkUsage = `Usage: dambord archive check [--archive DIR] [--repair]

Checks that the archive's index and its files agree, and with --repair makes them agree. It
lists, one a line with the file:

  game files the index does not list (an import cut short: kill -9, a power cut), each a
      complete game (adopted into the index), not one (moved to DIR/rejected/), or a copy of
      a game the index has (removed); rejected games' texts the index does not list (adopted)
  unfinished files of a write cut short (removed)
  entries of the index whose file is missing (dropped from the index)
  entries of the index that it cannot hold: a path that leaves the archive, a field missing
      (dropped from the index; the file, if it is the archive's, is then adopted again)
  an index.json that is not an index at all (set aside as index.json.broken, and the index
      made again from the archive's files)

and then what it found or did. The next dambord archive import repairs the same first. Only
copies and unfinished files are removed. It holds the archive's lock while it runs.

Options:
  --archive DIR   the archive's folder (default ./archive)
  --repair        repair what it finds

Exit status: 0 nothing to repair (or repaired), 1 found something to repair, 2 bad usage,
3 the archive could not be read or written, or another dambord is writing it.

Example:
  dambord archive check --repair
`;

const listUsage = `Usage: dambord archive list [--archive DIR] [--player NAME] [--event E] [--from DATE] [--to DATE]

Lists the archive's events with their games and rounds; with a search, the games it finds,
event by event and round by round: number, players, result, date, variant and the game's id
(for dambord archive sheet). The parts of a search are each optional and all hold together:

  --player NAME   a player, White or Black, read as the archive reads names: "Derkx",
                  "derkx b", "B. Derkx" all find "Derkx, B."; a surname alone finds every
                  player of that surname
  --event E       the events whose name holds E, any case ("no event", or "": also the games
                  of no event)
  --from DATE     games on or after DATE (YYYY.MM.DD)
  --to DATE       games on or before DATE (YYYY.MM.DD)

A game's date with ?? parts stands for every day it may be ("2009.??.??" is any day of 2009)
and is found when one of those days is in the range; a game whose year is not known is never
found by date.

Options:
  --archive DIR   the archive's folder (default ./archive)

Exit status: 0 done, 1 no game found, 2 bad usage (a date that is not one), 3 DIR holds no
archive or it could not be read, or an entry of its index was skipped (named: a path outside the archive, a field
missing; dambord archive check --repair drops it).

Examples:
  dambord archive list --event "nk"
  dambord archive list --player derkx --from 2009.01.01 --to 2009.12.31
`;

const exportUsage = `Usage: dambord archive export [--archive DIR] --event E [--round R] [-o OUT]

Writes the games of event E (of its round R only, with --round) as one PDN file, to OUT or
standard output, in the order of play: round by round, each round's games in the order they
came into the archive.

Options:
  --archive DIR     the archive's folder (default ./archive)
  --event E         the event ("no event", or "" if an event is so named: the games of no event)
  --round R         the round only ("no round", or "": the event's games of no round)
  -o, --output OUT  write to OUT instead of standard output

Exit status: 0 done, 1 no game of that event or round, 2 bad usage, 3 DIR holds no archive, a
file could not be read or written, or an entry of the index was skipped (named; never read).

Example:
  dambord archive export --event "nk" --round 2 -o "nk ronde 02.pdn"
`;

const sheetUsage = `Usage: dambord archive sheet [--archive DIR] [--variant V] [--lang LANG] [--html OUT.html] [--pdf OUT.pdf] GAME [N]
       dambord archive sheet [--archive DIR] [--lang LANG] [--html OUT.html] [--pdf OUT.pdf] --player NAME

The scoresheet of a game in the FMJD form, to print on A4: the event, place, date, round,
players, result and variant in boxes, the moves numbered with each player's move and the
clock time after it where the PDN keeps one ([%clock ...] or [%clk ...] comments), and lines
for the players' and the arbiter's signatures. GAME is a game of the archive, by its id (or
the start of it, as dambord archive list shows it) or its file; a player of the archive (or
--player NAME), named as dambord archive list --player finds players; or any PDN file, with N
the number of its game (default 1). A player with one game: its sheet; with several: they are
listed (id, date, event, round, players, result) to choose one by its id, exit 1.

Without --html or --pdf the HTML is written to standard output. --pdf prints it through
Chromium (/usr/bin/chromium; apt-get install -y chromium).

Options:
  --archive DIR     the archive's folder (default ./archive)
  --variant V       read a PDN file's games as variant V (${variantList('', ', ')})
  --lang LANG       the language of the sheet's headings, labels and result:
                    ${LANGUAGES.join(', ')} (default: en)
  --html OUT.html   write the scoresheet as HTML to OUT.html
  --pdf OUT.pdf     write it as PDF (A4) to OUT.pdf
  --player NAME     the game of player NAME

Exit status: 0 done, 1 the game has an error or the player has several games, 2 bad usage or
no such game (DIR holds no archive and GAME is no file), 3 a file could not be read or written, or Chromium is not installed (the HTML
is still written).

Examples:
  dambord archive sheet 3f2a9c --pdf sheet.pdf
  dambord archive sheet "nk ronde 01.pdn" 2 --html sheet.html
  dambord archive sheet 3f2a9c --lang nl --pdf notatiebiljet.pdf
  dambord archive sheet Derkx --pdf sheet.pdf
`;

/** `dambord archive import`. */
export const archiveImportCommand: Command = {
  name: 'archive import',
  summary: "Import PDN files into the club's archive: duplicates found, names normalised, bad games listed",
  usage: importUsage,
  async run(argv, io) {
    const args = parseArgs(argv, { archive: 'string', variant: 'string' });
    if (!args.ok) return usageError(io, 'archive import', args.error);
    const variant = args.options.variant === undefined ? undefined : variantOption(args.options.variant);
    if (variant && !variant.ok) return usageError(io, 'archive import', variant.error);
    if (args.positionals.length === 0) return usageError(io, 'archive import', 'FOLDER or FILE is missing: name the PDN files or folders to import');
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    let report: ImportReport;
    try {
      report = importPdn(dir, args.positionals, variant ? { variant: variant.variant } : {});
    } catch (e) {
      io.stderr.write(`dambord archive import: ${e instanceof ArchiveBusy ? e.message : e instanceof NotAnIndex ? `the archive ${dir} cannot be read: ${why(e)}${rebuildHint(e)}` : unwritable(dir, e)}\n`);
      return EXIT.io;
    }
    if (report.repairs.length > 0) io.stdout.write(`${dir}: repaired before the import: ${problemCounts(report.repairs, true)}\n`);
    for (const u of report.unreadable) io.stderr.write(`dambord archive import: cannot read ${u.file}: ${u.reason}\n`);
    io.stdout.write(importText(report));
    if (report.unreadable.length > 0) return EXIT.io;
    return report.games.some((g) => g.outcome.kind === 'bad') ? EXIT.checkFailed : EXIT.ok;
  },
};

/** The text of the archive's game `g`, its players as the archive shows them, or why it cannot be read. */
function archivedText(dir: string, g: ArchivedGame): { ok: true; text: string } | { ok: false; error: string } {
  try {
    return { ok: true, text: readArchivedGame(dir, g) };
  } catch (e) {
    return { ok: false, error: `cannot read ${path.join(dir, g.file)}: ${why(e)}` };
  }
}

/** What `archive import` prints of a report: what is not plainly imported, the names, the sums. */
export function importText(r: ImportReport): string {
  const out: string[] = [];
  if (r.own.length > 0) out.push(`${r.own.length === 1 ? `${r.own[0]} is` : `${r.own.length} files (${r.own[0]}, ...) are`} the archive's own, already in its index: not read again`);
  for (const f of r.empty) out.push(`${f}: no game found`);
  for (const t of r.outside) out.push(`${t.file}:${t.line}:${t.column}: not a game: ${t.reason}`);
  for (const g of r.games) out.push(...gameLines(g));
  for (const n of r.names) out.push(`name: ${n.written.map((w) => `"${w}"`).join(', ')} written "${n.shown}"`);
  const n = (kind: string) => r.games.filter((g) => g.outcome.kind === kind).length;
  const dup = n('duplicate');
  out.push(`${r.games.length} ${r.games.length === 1 ? 'game' : 'games'} read: ${n('imported')} imported, ${dup} ${dup === 1 ? 'duplicate' : 'duplicates'}, ${n('bad')} bad`);
  return out.map((line) => `${line}\n`).join('');
}

function gameLines(g: GameRead): string[] {
  const at = `${g.file}:${g.line}: ${g.label}`;
  const out: string[] = [];
  const o = g.outcome;
  if (o.kind === 'bad') out.push(`${g.file}:${o.line}:${o.column}: ${g.label}: bad: ${o.reason}; kept in ${o.rejected.file}`);
  else if (o.kind === 'duplicate') out.push(`${at}: duplicate of ${o.of.id} (${o.of.file})${o.resultDiffers ? `; its result ${o.of.result} is written otherwise here` : ''}`);
  else if (o.sameMovesAs) out.push(`${at}: imported as ${o.game.id} (${o.game.file}); the same moves as ${o.sameMovesAs.id} (${o.sameMovesAs.file}), other players or date`);
  if (g.guessed) out.push(`${at}: variant guessed: ${g.guessed}; name it with --variant`);
  return out;
}

/** `dambord archive check`. */
export const archiveCheckCommand: Command = {
  name: 'archive check',
  summary: "Check that the club's archive and its index agree; --repair adopts what an import cut short left",
  usage: checkUsage,
  async run(argv, io) {
    const args = parseArgs(argv, { archive: 'string', repair: 'boolean' });
    if (!args.ok) return usageError(io, 'archive check', args.error);
    if (args.positionals.length > 0) return usageError(io, 'archive check', `unexpected "${args.positionals.join(' ')}"`);
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    if (absent(io, 'archive check', dir, false)) return EXIT.io;
    const repair = args.options.repair;
    let audit: ReturnType<typeof auditArchive>;
    try {
      const lock = lockArchive(dir, LOCK_WAIT_MS);
      if ('busy' in lock) {
        io.stderr.write(`dambord archive check: ${lock.busy}\n`);
        return EXIT.io;
      }
      try {
        audit = auditArchive(dir, repair, repair);
      } finally {
        lock.release();
      }
    } catch (e) {
      io.stderr.write(`dambord archive check: the archive ${dir} cannot be ${repair ? 'repaired' : 'checked'}: ${why(e)}${repair ? '' : rebuildHint(e)}\n`);
      return EXIT.io;
    }
    const out = audit.problems.map((p) => `${path.join(dir, p.file)}: ${p.what}`);
    const holds = `${dir}: ${audit.index.games.length} ${audit.index.games.length === 1 ? 'game' : 'games'}, ${audit.index.rejected.length} rejected`;
    if (audit.problems.length === 0) out.push(`${holds}, nothing to repair`);
    else out.push(`${holds}; ${problemCounts(audit.problems, repair)}${repair ? '' : ': dambord archive check --repair repairs them'}`);
    io.stdout.write(out.map((l) => `${l}\n`).join(''));
    return audit.problems.length > 0 && !repair ? EXIT.checkFailed : EXIT.ok;
  },
};

/** `dambord archive list`. */
export const archiveListCommand: Command = {
  name: 'archive list',
  summary: "List the events, rounds and games of the club's archive, or search it by player, event and date",
  usage: listUsage,
  async run(argv, io) {
    const args = parseArgs(argv, { archive: 'string', ...SEARCH_SPEC });
    if (!args.ok) return usageError(io, 'archive list', args.error);
    if (args.positionals.length > 0) return usageError(io, 'archive list', `unexpected "${args.positionals.join(' ')}"`);
    const search = searchFrom(args.options);
    if (!search.ok) return usageError(io, 'archive list', search.error);
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    if (absent(io, 'archive list', dir)) return EXIT.io;
    const opened = openIndex(io, 'archive list', dir);
    if (!opened) return EXIT.io;
    const { index, bad } = opened;
    const events = archivedEvents(index);
    const out: string[] = [];
    if (search.search === null) {
      for (const e of events) {
        const games = e.rounds.reduce((n, r) => n + r.games.length, 0);
        const named = e.rounds.filter((r) => r.name);
        const rounds = named.length === 0 ? NO_ROUND : `${named.length === 1 ? 'round' : 'rounds'} ${named.map((r) => r.name).join(', ')}${named.length < e.rounds.length ? ` and ${NO_ROUND}` : ''}`;
        out.push(`${e.name || NO_EVENT}: ${games} ${games === 1 ? 'game' : 'games'}, ${rounds}`);
      }
      out.push(`${index.games.length} ${index.games.length === 1 ? 'game' : 'games'} in ${events.length} ${events.length === 1 ? 'event' : 'events'}; ${index.rejected.length} rejected (in ${path.join(dir, REJECTED_DIR)})`);
    } else {
      const found = new Set(searchGames(index, search.search));
      const groups = events.map((e) => ({ name: e.name, rounds: e.rounds.map((r) => ({ name: r.name, games: r.games.filter((g) => found.has(g)) })).filter((r) => r.games.length > 0) })).filter((e) => e.rounds.length > 0);
      if (groups.length === 0) {
        const { event } = args.options;
        const onlyEvent = event !== undefined && Object.keys(search.search).length === 1;
        io.stderr.write(`dambord archive list: ${onlyEvent ? `no event "${event}" in ${dir}${events.length > 0 ? `; the events are ${events.map((e) => `"${e.name || NO_EVENT}"`).join(', ')}` : ''}` : `no game in ${dir} is found by ${searchWords(search.search)}`}\n`);
        return EXIT.checkFailed;
      }
      for (const e of groups) {
        for (const r of e.rounds) {
          // One event found: its rounds as before; several: each round named with its event.
          out.push(`${groups.length > 1 ? `${e.name || NO_EVENT}, ` : ''}round ${r.name || `(${NO_ROUND})`}:`);
          for (const g of r.games) out.push(`  ${gameName(g)}  ${g.result}  ${g.date}  ${g.variant}  ${g.id}`);
        }
      }
    }
    io.stdout.write(out.map((l) => `${l}\n`).join(''));
    return bad ? EXIT.io : EXIT.ok;
  },
};

/** The options of a search of the archive (list, sheet). */
const SEARCH_SPEC = { player: 'string', event: 'string', from: 'string', to: 'string' } as const;

/** The search the options ask for (null: none), or why the dates cannot be read. */
function searchFrom(o: { player?: string; event?: string; from?: string; to?: string }): { ok: true; search: GameSearch | null } | { ok: false; error: string } {
  const search: { -readonly [K in keyof GameSearch]: GameSearch[K] } = {};
  if (o.player !== undefined) search.player = o.player;
  if (o.event !== undefined) search.event = o.event;
  for (const side of ['from', 'to'] as const) {
    const text = o[side];
    if (text === undefined) continue;
    const date = searchDate(text);
    if (!date.ok) return { ok: false, error: `--${side}: ${date.error}` };
    search[side] = date.date;
  }
  return { ok: true, search: Object.keys(search).length === 0 ? null : search };
}

/** A search as the command line wrote it: `--player "derkx" --from 2009.01.01`. */
function searchWords(s: GameSearch): string {
  return (['player', 'event', 'from', 'to'] as const).filter((k) => s[k] !== undefined).map((k) => `--${k} ${JSON.stringify(s[k])}`).join(' ');
}

/** `dambord archive export`. */
export const archiveExportCommand: Command = {
  name: 'archive export',
  summary: "Write an event's or a round's games from the club's archive as one PDN file",
  usage: exportUsage,
  async run(argv, io) {
    const args = parseArgs(outputOption(argv), { archive: 'string', event: 'string', round: 'string', output: 'string' });
    if (!args.ok) return usageError(io, 'archive export', args.error);
    if (args.positionals.length > 0) return usageError(io, 'archive export', `unexpected "${args.positionals.join(' ')}"`);
    const event = args.options.event;
    if (event === undefined) return usageError(io, 'archive export', '--event is missing: name the event to export');
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    if (absent(io, 'archive export', dir)) return EXIT.io;
    const opened = openIndex(io, 'archive export', dir);
    if (!opened) return EXIT.io;
    const { index, bad } = opened;
    const games = eventGames(index, event, args.options.round);
    if (games.length === 0) {
      io.stderr.write(`dambord archive export: no game of event "${event}"${args.options.round !== undefined ? `, round "${args.options.round}"` : ''} in ${dir}\n`);
      return EXIT.checkFailed;
    }
    let text = '';
    for (const g of games) {
      try {
        // Each game ends with a blank line: an event's board's scoresheet is written with one line break.
        text += readArchivedGame(dir, g).replace(/\s*$/, '\n\n');
      } catch (e) {
        io.stderr.write(`dambord archive export: cannot read ${path.join(dir, g.file)}: ${why(e)}\n`);
        return EXIT.io;
      }
    }
    const out = args.options.output;
    if (out === undefined || out === '-') io.stdout.write(text);
    else if (!writeOut(io, 'archive export', out, text)) return EXIT.io;
    return bad ? EXIT.io : EXIT.ok;
  },
};

/** `dambord archive sheet`. */
export const archiveSheetCommand: Command = {
  name: 'archive sheet',
  summary: "Print a game's scoresheet in the FMJD form as HTML or PDF",
  usage: sheetUsage,
  async run(argv, io) {
    const args = parseArgs(argv, { archive: 'string', variant: 'string', html: 'string', pdf: 'string', player: 'string', ...LANG_SPEC });
    if (!args.ok) return usageError(io, 'archive sheet', args.error);
    const lang = langFrom(args.options);
    if (!lang.ok) return usageError(io, 'archive sheet', lang.error);
    const variant = args.options.variant === undefined ? undefined : variantOption(args.options.variant);
    if (variant && !variant.ok) return usageError(io, 'archive sheet', variant.error);
    const { player } = args.options;
    const [ref, nth, ...rest] = args.positionals;
    if (ref === undefined && player === undefined) return usageError(io, 'archive sheet', 'GAME is missing: an id from dambord archive list, a player, or a PDN file');
    if (player !== undefined && ref !== undefined) return usageError(io, 'archive sheet', `unexpected "${args.positionals.join(' ')}": --player names the game`);
    if (rest.length > 0) return usageError(io, 'archive sheet', `unexpected "${rest.join(' ')}"`);
    const number = nth === undefined ? 1 : /^\d+$/.test(nth) && Number(nth) >= 1 ? Number(nth) : NaN;
    if (Number.isNaN(number)) return usageError(io, 'archive sheet', `N must be a game's number from 1 up, not "${nth}"`);
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    // With N, GAME is a PDN file; without, a game of the archive by its id or file, else a PDN
    // file, else a player of the archive.
    let file = ref ?? '';
    /** The archive's game named, whose players the sheet names as the archive shows them. */
    let entry: ArchivedGame | undefined;
    if (nth === undefined) {
      const missing = noArchive(dir);
      const index = missing === undefined ? openIndex(io, 'archive sheet', dir)?.index : undefined;
      const found = index && ref !== undefined ? findGame(index, ref) : undefined;
      if (found?.ok) entry = found.game;
      else if (ref === undefined || !existsSync(ref)) {
        if (!index) {
          // An index that cannot be read has been said (openIndex).
          if (missing === undefined) return EXIT.io;
          io.stderr.write(`dambord archive sheet: ${missing}${ref === undefined ? '' : `, and there is no file "${ref}"`}: give the archive with --archive DIR\n`);
          return EXIT.usage;
        }
        const name = player ?? ref ?? '';
        const games = searchGames(index, { player: name });
        if (games.length !== 1) {
          io.stderr.write(`dambord archive sheet: ${playerChoice(name, games, found && !found.ok ? found.error : undefined)}`);
          return games.length === 0 ? EXIT.usage : EXIT.checkFailed;
        }
        entry = games[0];
      }
      if (entry) file = path.join(dir, entry.file);
    }
    const input = entry ? archivedText(dir, entry) : await readText(file, io);
    if (!input.ok) {
      io.stderr.write(`dambord archive sheet: ${input.error}\n`);
      return EXIT.io;
    }
    const games = readPdn(input.text, variant ? { variant: variant.variant } : {}).games;
    const game = games[number - 1];
    if (!game) {
      io.stderr.write(`dambord archive sheet: ${noGameNumbered(file, games.length, number)}\n`);
      return EXIT.usage;
    }
    if (game.error) {
      io.stderr.write(`dambord archive sheet: ${file}:${game.error.pos.line}:${game.error.pos.column}: game ${number} cannot be replayed: ${game.error.reason}\n`);
      return EXIT.checkFailed;
    }
    const html = scoresheetHtml(game, lang.lang);
    const { html: htmlOut, pdf: pdfOut } = args.options;
    if (htmlOut === undefined && pdfOut === undefined) io.stdout.write(html);
    if (htmlOut !== undefined && !writeOut(io, 'archive sheet', htmlOut, html)) return EXIT.io;
    if (pdfOut !== undefined) {
      if (!chromiumInstalled()) {
        io.stderr.write(`dambord archive sheet: cannot write the PDF: ${CHROMIUM_MISSING}${htmlOut !== undefined ? `; the HTML is in ${htmlOut}` : '; --html OUT.html writes the scoresheet without it'}\n`);
        return EXIT.io;
      }
      let pdf: Uint8Array;
      try {
        pdf = await htmlToPdf(html);
      } catch (e) {
        io.stderr.write(`dambord archive sheet: Chromium could not print the PDF: ${why(e)}\n`);
        return EXIT.io;
      }
      if (!writeOut(io, 'archive sheet', pdfOut, pdf)) return EXIT.io;
    }
    return EXIT.ok;
  },
};

/**
 * What `archive sheet` says when a player's name finds no game or several: none, after why it is
 * no game's id or file (`notGame`) when it was given as GAME; several, listed one
 * a line (id, date, event, round, players, result) to choose one by its id.
 */
function playerChoice(name: string, games: readonly ArchivedGame[], notGame: string | undefined): string {
  if (games.length === 0) return notGame !== undefined ? `${notGame}; no player "${name}" has a game in it, and there is no file "${name}"\n` : `no game of the archive has a player "${name}"\n`;
  const lines = games.map((g) => `  ${g.id}  ${g.date}  ${g.event || NO_EVENT}  ${g.round ? `round ${g.round}` : NO_ROUND}  ${g.white} - ${g.black}  ${g.result}`);
  return `${games.length} games of a player "${name}": choose one by its id (dambord archive sheet ID)\n${lines.join('\n')}\n`;
}

const serveUsage = `Usage: dambord archive serve [--archive DIR] [--http-port N] [--host H] [--lang LANG]

Serves the club's archive as a web page, read-only: search its games by player, event and date
(as dambord archive list does), open any game and step through it on the board (the buttons,
or the arrow keys, Home and End), click a move to see the board after it, download its PDN and
print its scoresheet. The page reads the archive's index on every search, so games imported
meanwhile are found at once. It runs until Ctrl-C.

Options:
  --archive DIR   the archive's folder (default ./archive)
  --http-port N   the page's port (default 8080; 0 for any free port)
  --host H        the interface to listen on (default 127.0.0.1, this computer only;
                  0.0.0.0 for every computer of the club's network)
  --lang LANG     the page's language: ${LANGUAGES.join(', ')} (default: en; each viewer
                  may choose another on the page)

Exit status: 0 stopped, 2 bad usage, 3 DIR holds no archive or it cannot be read, or the port
cannot be used (another program listens on it).

Example:
  dambord archive serve --host 0.0.0.0
`;

/** `dambord archive serve`. */
export const archiveServeCommand: Command = {
  name: 'archive serve',
  summary: "Serve the club's archive as a web page, read-only: search, step through games, PDN and scoresheets",
  usage: serveUsage,
  async run(argv, io) {
    const args = parseArgs(argv, { archive: 'string', 'http-port': 'string', host: 'string', ...LANG_SPEC });
    if (!args.ok) return usageError(io, 'archive serve', args.error);
    if (args.positionals.length > 0) return usageError(io, 'archive serve', `unexpected "${args.positionals.join(' ')}"`);
    const lang = langFrom(args.options);
    if (!lang.ok) return usageError(io, 'archive serve', lang.error);
    const port = portOption('http-port', args.options['http-port'], 8080);
    if (!port.ok) return usageError(io, 'archive serve', port.error);
    const dir = args.options.archive ?? DEFAULT_ARCHIVE;
    if (absent(io, 'archive serve', dir)) return EXIT.io;
    const host = args.options.host ?? '127.0.0.1';
    if (!openIndex(io, 'archive serve', dir)) return EXIT.io;
    let server: ArchiveServer;
    try {
      server = await startArchiveServer({ archive: dir, port: port.port, host, lang: lang.lang });
    } catch (e) {
      io.stderr.write(`dambord archive serve: ${notServed(e, host, port.port)}\n`);
      return EXIT.io;
    }
    io.stdout.write(`dambord archive serve: the archive ${dir} at ${server.urls.join(' ')}; Ctrl-C ends\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await server.close();
    return EXIT.ok;
  },
};

/**
 * Says, as `dambord ${command}`, that `dir` holds no archive (store.ts noArchive: it does not
 * exist, is a file, or, with `needIndex`, has no index.json) and how to name one; false when it
 * may hold one. Every archive command but import (which makes the archive) asks it first.
 */
function absent(io: Io, command: string, dir: string, needIndex = true): boolean {
  const missing = noArchive(dir, needIndex);
  if (missing !== undefined) io.stderr.write(`dambord ${command}: ${missing}: give the archive with --archive DIR\n`);
  return missing !== undefined;
}

/**
 * Why the archive in `dir` cannot be written (a folder that cannot be made, a read-only folder,
 * a full disk), and what to do.
 */
function unwritable(dir: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const todo = code === 'ENOSPC' || code === 'EDQUOT' ? 'make room on the disk and import again (the next import adopts the games written so far)' : 'name a folder this user may write with --archive DIR';
  return `the archive ${dir} cannot be written: ${why(e, 'write')}; ${todo}`;
}

/** Why the archive's page cannot be served on `host`:`port`, and what to do. */
function notServed(e: unknown, host: string, port: number): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} of ${host} is in use: another program (another dambord?) listens on it. Choose another with --http-port N, or --http-port 0 for any free port`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this computer: give one of its addresses with --host, or 0.0.0.0 for all of them`;
  return `cannot serve the archive on port ${port} of ${host}: ${why(e)}; choose another with --http-port`;
}

/** For an index.json that is not an index at all: how to make it again. */
function rebuildHint(e: unknown): string {
  return e instanceof NotAnIndex && !e.foreign ? `; dambord archive check --repair sets it aside and makes the index again from the archive's files` : '';
}

/** `-o OUT` as `--output OUT` (before a `--`). */
function outputOption(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((a, i) => (a === '-o' && (end < 0 || i < end) ? '--output' : a));
}

/**
 * The archive's index, its entries that hold; each one that does not said on standard error
 * (`bad`: there was one, the command exits 3 once done). Undefined, said, when it cannot be read.
 */
function openIndex(io: Io, command: string, dir: string): { index: ArchiveIndex; bad: boolean } | undefined {
  try {
    const { index, bad } = loadIndex(dir);
    const file = path.join(dir, INDEX_FILE);
    for (const b of bad.slice(0, MOST_SAID)) io.stderr.write(`dambord ${command}: ${file}: ${b}\n`);
    if (bad.length > MOST_SAID) io.stderr.write(`dambord ${command}: ${file}: ${bad.length - MOST_SAID} more entries skipped\n`);
    if (bad.length > 0) io.stderr.write(`dambord ${command}: dambord archive check --archive ${dir} --repair drops what the index cannot hold and lists the files again\n`);
    return { index, bad: bad.length > 0 };
  } catch (e) {
    io.stderr.write(`dambord ${command}: cannot read the archive ${dir}: ${why(e)}\n`);
    return undefined;
  }
}

function writeOut(io: Io, command: string, file: string, data: string | Uint8Array): boolean {
  try {
    writeFileSync(file, data);
    return true;
  } catch (e) {
    io.stderr.write(`dambord ${command}: cannot write ${file}: ${why(e)}\n`);
    return false;
  }
}
