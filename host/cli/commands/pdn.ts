// `dambord pdn check` and `dambord pdn convert`: PDN files read one game at a time (bytes in
// UTF-8, UTF-16 or latin-1, every game replayed under its variant); check reports each game,
// convert rewrites them as strict PDN 3.0 and says on stderr whatever it could not keep.

import { writeFileSync } from 'node:fs';
import { PDN_ERROR_CODES, ROSTER, decodeText, fileOptions, readAsFile, readPdn, readPdnGames, rosterValue, sameMove, scoringList, variantList, writePdn } from '../../../rules/index.ts';
import type { PdnError, PdnGame, PdnLine, ReadPdnOptions, Variant } from '../../../rules/index.ts';
import { parseArgs } from '../args.ts';
import { EXIT, usageError } from '../command.ts';
import type { Command } from '../command.ts';
import { readInput, readText, variantOption, why } from '../input.ts';
import { count, label, length, tagValue, withoutLocation } from '../pdnLabels.ts';
import { fixOptions, writeFixedCopy } from '../pdnFix.ts';
import { suggestFile } from '../pdnSuggest.ts';
import { LANG_SPEC } from '../langOption.ts';
import { LANGUAGES } from '../../words/catalogue.ts';
import { VariantGuesses, guessedText, listed } from '../variantGuesses.ts';

const checkUsage = `Usage: dambord pdn check [--variant V] [--verbose] [--suggest | --json] FILE...
       dambord pdn check [--variant V] --fix [--json] [--force] [-o OUT] [--lang LANG] FILE...

Reads each PDN file (UTF-8, UTF-16 or latin-1; - is standard input), replays every game under its
variant and prints one line per game:

  FILE:LINE: game N (White - Black, Event): OK, 59 moves (117 plies), international
  FILE:LINE:COL: game N (White - Black, Event): ERROR <reason>

Moves are counted as people count them, a move of each player under one move number, then the
plies (the moves of either player); a capture counts once however it is written. The variant is
--variant, else the game's GameType or Variant tag, else international (the PDN default) when
every move is legal in it, else it is guessed among the 8x8 variants in which every move is
legal: "russian (guessed: also legal in brazilian and czech)". The games of one file are taken
to be of one variant: when one variant fits them all, a game legal in several, or with no moves,
is read as it. A game written a1-h8 is often legal in several of them, so standard error then
says which variants the file's games could be, what they were read as, and the --variant they
all fit; when those variants read a move differently (a capture that crowns in one only), the
game is an ERROR until its variant is named. An ERROR line names the first move that is not legal or not readable, or the text that
is not PDN. A closing line sums up: "N games: N ok, N with errors".

Options:
  --variant V   replay every game as ${variantList()},
                whatever its tags say
  --verbose     also print what was read anyway (an odd tag, a capture written as several
                moves, an illegal move inside a variation), indented under its game
  --suggest     for a game that cannot be replayed as written (a typed or copied scoresheet),
                read it as a club's secretary would: forced captures left out are put in, an
                ambiguous capture route is the one the later moves need; where a move still
                cannot be played, name its ply and what the writer most likely meant, best
                first: a digit swapped, a square one off or a row off, from and to swapped,
                the move written from the other side of the board, a move left out or written
                twice, another capture route; or an earlier move, legal but wrong, that the
                game breaks on later. FILE may be a plain list of moves (1. 32-28 19-23 ...)
  --json        as --suggest, one JSON line per game that cannot be replayed as written:
                {"type":"slip","game":G,"ply":P,"written":"32-28","candidates":[
                {"ply":P,"replace":"33-28","why":"..."},{"ply":P,"insert":"..."},
                {"ply":P,"delete":true}]} (game counted from 1 in the file, ply the half-move
                from 1 of the game, at most 10 candidates best first, and "filled" with the
                forced captures put in before it, if any); a game that reads only once
                forced captures are put in is a "filled" line, one whose ambiguous capture
                the later moves decide "resolved", one with text that is not PDN "error".
                The summary goes to standard error
  --fix         as --suggest, and for each FILE with a game that cannot be replayed as
                written and something to repair, write a copy beside it, FILE.fixed.pdn
                (UTF-8; a file with nothing to repair gets none), in which each slip
                with a clear best repair is made, with a comment at the move:
                {fixed: written 23-28, made 32-28: 23 for 32, digits swapped}; forced captures
                left out are put in and an ambiguous capture is written with its route, each
                with its comment. Everything else (tags, comments, variations, the games that
                replay, the line ends) is copied as it is. The best repair is clear when it is the only one,
                or lets more of the sheet read on than the second, or as much and is likelier
                by a quarter of a slip or more (a digit swapped counts 1). A slip with no clear
                best repair is left as written, with a comment naming the repairs too close to
                choose between, and the game is not repaired past it. The terminal says each
                repair, each slip left ("game 7 (Kooij - Thijssen), move 55: 3 repairs equally
                likely (12-17, 12-18, 12-1 left out); left as written ...") and, per file,
                "N games, F fixed, U left with slips; the fixed copy is OUT". With --json, a
                line per game repaired or left: {"type":"fix","game":G,"changes":[{"ply":P,
                "replace":"32-28","written":"23-28","why":"..."},{"ply":P,"insert":"..."},
                {"ply":P,"delete":true,"written":"..."}],"left":null or {"ply":P,"move":M,
                "written":"...","tied":[{"replace":"..."},...]}}, and a line per file:
                {"type":"file","file":F,"output":OUT,"games":N,"fixed":F,"left":U}
  --force       write over a fixed copy that exists (without it, it is kept and named; the
                file checked is never written over)
  -o, --output OUT  the fixed copy of the one FILE named (needed for standard input)
  --lang LANG   the language of the comments written and of the --fix lines:
                ${LANGUAGES.join(', ')} (default en)

Exit status: 0 every game is legal (with --fix: every game replays, or is fixed), 1 a game has
an error (with --fix: a game is left with a slip) or a file holds no game, 2 bad usage, 3 a
file could not be read, or a fixed copy not written (it exists, or cannot be written); it is
named, and the other files are still checked.

Examples:
  dambord pdn check games/*.pdn
  dambord pdn check --variant russian --verbose ussr1947.pdn
  dambord pdn check --suggest typed-round-3.pdn
  dambord pdn check --suggest --fix typed-round-3.pdn
  curl -s https://example.org/game.pdn | dambord pdn check -
`;

const convertUsage = `Usage: dambord pdn convert [--variant V] [-o OUT] [--verbose] FILE

Reads a PDN file (UTF-8, UTF-16 or latin-1; - is standard input), replays every game and writes it
again as strict PDN 3.0 (UTF-8) to OUT, or to standard output.

What changes: the seven tags Event, Site, Date, Round, White, Black, Result come first ("?"
where missing or empty; Date as YYYY.MM.DD with ?? for what is not known: "1841-??-??" is
written "1841.??.??", "1950." "1950.??.??", a missing Date "????.??.??"), then GameType (the
variant's number only, e.g. "20"), then FEN (rewritten, e.g. "W:W31-50:B1-20"; left out when
it is the start position), then the other tags in their order; SetUp is left out. The result
is written in the variant's scoring (${scoringList()}).
Moves are written in the shortest form that names them (a capture jump by jump as one move),
with move numbers, comments, NAGs and variations.

Nothing is lost silently. On standard error: a game with an error (exit 1; it is written up to
the error, with the unread rest of its moves in a comment "{dambord: not converted: ...}", or
left out when its GameType or FEN cannot be played); and a warning for what the output does not
keep: a result that is not a PDN 3.0 result (Delfts 4-6 becomes *), a tag that is repeated or
not named by an identifier, an annotation that is not a NAG or move strength, text that was
ignored, the rest of a variation after an illegal move, and a variant that was guessed (as pdn
check guesses it; a game whose possible variants read it differently is left out). A note
says which Date, Round or other roster values were written strictly, once for all the games
that have the same one.

Options:
  --variant V       replay every game as ${variantList()}
  -o, --output OUT  write to OUT instead of standard output
  --verbose         also print every remark of the reader on standard error

Exit status: 0 done, 1 a game has an error (the other games are written) or there is no game,
2 bad usage, 3 FILE could not be read or OUT could not be written.

Examples:
  dambord pdn convert old.pdn -o strict.pdn
  dambord pdn convert --variant czech - < mrcd2006.pdn
`;

/** `dambord pdn check`: replays every game of PDN files and reports each. */
export const pdnCheckCommand: Command = {
  name: 'pdn check',
  summary: 'Replay every game of PDN files and report the first illegal move of each',
  usage: checkUsage,
  async run(argv, io) {
    const args = parseArgs(shortOutput(argv), { variant: 'string', verbose: 'boolean', suggest: 'boolean', json: 'boolean', fix: 'boolean', force: 'boolean', output: 'string', ...LANG_SPEC });
    if (!args.ok) return usageError(io, 'pdn check', args.error);
    const json = args.options.json === true;
    const fix = args.options.fix === true;
    const suggest = json || fix || args.options.suggest === true;
    const variant = chooseVariant(args.options.variant);
    if (!variant.ok) return usageError(io, 'pdn check', variant.error);
    const files = args.positionals;
    if (files.length === 0) return usageError(io, 'pdn check', 'FILE is missing: name one or more PDN files, or - for standard input');
    if (files.filter((f) => f === '-').length > 1) return usageError(io, 'pdn check', '- (standard input) can be named only once');
    const fixing = fixOptions(args.options, files);
    if (!fixing.ok) return usageError(io, 'pdn check', fixing.error);
    let games = 0;
    let ok = 0;
    let unreadable = 0;
    let empty = 0;
    const fixes = { left: 0, unwritten: 0 };
    for (const file of files) {
      const bytes = await readInput(file, io);
      const input = bytes.ok ? { ok: true as const, name: bytes.name, text: decodeText(bytes.bytes) } : bytes;
      if (!input.ok) {
        io.stderr.write(`dambord pdn check: ${input.error}\n`);
        unreadable++;
        continue;
      }
      const { name } = input;
      if (suggest) {
        const read = fileOptions(input.text, variant.options).result;
        const r = suggestFile(name, input.text, read);
        games += r.games;
        ok += r.ok;
        if (r.games === 0) empty++;
        if (json) io.stdout.write(r.json.map((l) => `${l}\n`).join(''));
        else io.stdout.write(r.text.map((l) => `${l}\n`).join(''));
        if (r.games === 0) io.stderr.write(`${name}: no game found\n`);
        if (fix && r.games > 0) {
          const f = writeFixedCopy({ file, name, text: input.text, crlf: bytes.ok && Buffer.from(bytes.bytes).includes('\r\n') }, read, fixing.options, io, json);
          fixes.left += f.left;
          if (!f.written) fixes.unwritten++;
        }
        continue;
      }
      // One game at a time, replayed, reported and let go: the file's remarks come first.
      const check = (options: ReadPdnOptions, seen?: (g: PdnGame) => void) => {
        const c = { remarks: [] as string[], out: [] as string[], guesses: new VariantGuesses(), games: 0, ok: 0 };
        for (const item of readPdnGames(input.text, options)) {
          if (item.kind === 'outside') {
            const e = item.error;
            if (args.options.verbose) c.remarks.push(`${name}:${e.pos.line}:${e.pos.column}: ${e.reason}\n`);
            continue;
          }
          const g = item.game;
          const k = ++c.games;
          c.guesses.add(g);
          seen?.(g);
          if (g.error) c.out.push(`${name}:${g.error.pos.line}:${g.error.pos.column}: ${label(g, k)}: ERROR ${withoutLocation(g.error)}\n`);
          else {
            c.ok++;
            c.out.push(`${name}:${g.pos.line}: ${label(g, k)}: OK, ${length(g)}, ${guessedText(g)}\n`);
          }
          if (args.options.verbose) for (const r of g.remarks) c.out.push(`  ${r.pos.line}:${r.pos.column}: ${withoutLocation(r)}\n`);
        }
        return c;
      };
      const c = readAsFile(variant.options, check).result;
      games += c.games;
      ok += c.ok;
      if (c.games === 0) {
        c.remarks.push(`${name}: no game found\n`);
        empty++;
      }
      io.stdout.write(c.remarks.join('') + c.out.join(''));
      const guessed = c.guesses.summary(name, 'pdn check', file);
      if (guessed) io.stderr.write(`${guessed}\n`);
    }
    const failed = unreadable > 0 ? `; ${count(unreadable, 'file')} could not be read` : '';
    (json ? io.stderr : io.stdout).write(`${count(games, 'game')}: ${ok} ok, ${games - ok} with errors${failed}\n`);
    if (unreadable > 0 || fixes.unwritten > 0) return EXIT.io;
    if (fix) return fixes.left > 0 || empty > 0 ? EXIT.checkFailed : EXIT.ok;
    return games > ok || empty > 0 ? EXIT.checkFailed : EXIT.ok;
  },
};

/** `dambord pdn convert`: rewrites every game of a PDN file as strict PDN 3.0. */
export const pdnConvertCommand: Command = {
  name: 'pdn convert',
  summary: 'Rewrite every game of a PDN file as strict PDN 3.0',
  usage: convertUsage,
  async run(argv, io) {
    const args = parseArgs(shortOutput(argv), { variant: 'string', output: 'string', verbose: 'boolean' });
    if (!args.ok) return usageError(io, 'pdn convert', args.error);
    const variant = chooseVariant(args.options.variant);
    if (!variant.ok) return usageError(io, 'pdn convert', variant.error);
    const files = args.positionals;
    if (files.length !== 1)
      return usageError(io, 'pdn convert', files.length === 0 ? 'FILE is missing: name a PDN file, or - for standard input' : `one FILE expected, got "${files.join(' ')}"`);
    const input = await readText(files[0], io);
    if (!input.ok) {
      io.stderr.write(`dambord pdn convert: ${input.error}\n`);
      return EXIT.io;
    }
    const { name, text } = input;
    const convertAll = (options: ReadPdnOptions, seen?: (g: PdnGame) => void) => {
      // One game at a time, replayed, written and let go; the file's remarks are said first.
      const remarks: string[] = [];
      const said: string[] = [];
      const written: string[] = [];
      let games = 0;
      let broken = 0;
      // The roster values written otherwise, said once for all the games they occur in.
      const rewrites = new Map<string, { games: number; first: string; why: string }>();
      const guesses = new VariantGuesses();
      const convert = (g: PdnGame, k: number, end: number) => {
        const who = label(g, k);
        guesses.add(g);
        seen?.(g);
        const warn = (pos: { line: number; column?: number }, what: string) => said.push(`${name}:${pos.line}:${pos.column !== undefined ? `${pos.column}:` : ''} ${who}: warning: ${what}`);
        for (const r of g.remarks) if (args.options.verbose || ignored(r)) warn(r.pos, withoutLocation(r));
        if (g.error) {
          broken++;
          const at = `${name}:${g.error.pos.line}:${g.error.pos.column}: ${who}: ERROR ${withoutLocation(g.error).replace(/\.$/, '')}`;
          // A game whose tags cannot be played, or whose variant is not known, has no GameType to be written with.
          if (g.error.code === 'variant-ambiguous' || g.tags.some((t) => t.pos.offset === g.error!.pos.offset)) return said.push(`${at}; the game is left out of the output`);
          said.push(`${at}; written up to the error, the rest of its moves kept in a comment`);
          written.push(writePdn(withComment(g, `dambord: not converted: ${remainder(text, g, end)}`)));
          return;
        }
        if (g.variantSource === 'guessed') {
          const fits = (g.legalIn ?? [g.variant]).map((v) => v.name);
          const they = fits.length === 1 ? `they are in ${g.variant.name}` : `they are in ${listed(fits)} alike`;
          warn(g.pos, `it has no GameType or Variant tag and its moves are not legal in international draughts (the PDN default); ${they}, so it is written as ${g.variant.name}, with GameType ${g.variant.gameType}`);
        }
        const pdn = writePdn(g);
        for (const d of losses(g, pdn)) warn(d.pos, d.what);
        for (const n of normalised(g)) {
          const key = `[${n.name} "${n.from}"] is written [${n.name} "${n.to}"]`;
          const seen = rewrites.get(key);
          if (seen) seen.games++;
          else rewrites.set(key, { games: 1, first: `${who} at line ${g.pos.line}`, why: NORMALISED_WHY[n.name] ?? 'PDN 3.0 writes ? for what is not known' });
        }
        written.push(pdn);
      };
      // A game is converted once the next one is read: the text kept for a broken game ends where the next game starts.
      let last: PdnGame | null = null;
      for (const item of readPdnGames(text, options)) {
        if (item.kind === 'outside') {
          const e = item.error;
          if (args.options.verbose || ignored(e)) remarks.push(`${name}:${e.pos.line}:${e.pos.column}: warning: ${e.reason}`);
          continue;
        }
        if (last) convert(last, games, item.game.pos.offset);
        last = item.game;
        games++;
      }
      if (last) convert(last, games, text.length);
      if (games === 0) remarks.push(`${name}: no game found`);
      for (const [what, r] of rewrites)
        said.push(`${name}: note: ${what} ${r.games === 1 ? `in ${r.first}` : `in ${r.games} games, the first ${r.first}`}: ${r.why}`);
      return { remarks, said, written, games, broken, guesses };
    };
    const { remarks, said, written, games, broken, guesses } = readAsFile(variant.options, convertAll).result;
    const guessed = guesses.summary(name, 'pdn convert', files[0]);
    if (guessed) said.push(guessed);
    const report = (s: string) => io.stderr.write(`${s}\n`);
    for (const s of [...remarks, ...said]) report(s);
    const output = written.join('');
    const out = args.options.output;
    if (out !== undefined && out !== '-') {
      try {
        writeFileSync(out, output);
      } catch (e) {
        report(`dambord pdn convert: cannot write ${out}: ${why(e)}`);
        return EXIT.io;
      }
    } else io.stdout.write(output);
    return broken > 0 || games === 0 ? EXIT.checkFailed : EXIT.ok;
  },
};

/** The arguments with `-o` (before any `--`) read as `--output`. */
function shortOutput(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((a, i) => (a === '-o' && (end < 0 || i < end) ? '--output' : a));
}

function chooseVariant(name: string | undefined): { ok: true; options: { variant?: Variant } } | { ok: false; error: string } {
  if (name === undefined) return { ok: true, options: {} };
  const r = variantOption(name);
  return r.ok ? { ok: true, options: { variant: r.variant } } : r;
}

/** A remark about text the reader skipped, or the part of a variation after an illegal move: not in the output. */
function ignored(e: PdnError): boolean {
  return PDN_ERROR_CODES[e.code].dropped;
}

/**
 * The text of a broken game from its error to `end`, where the next game starts: what the output cannot hold as
 * moves. A comment left open before the error (a nested comment) is taken from its `{`.
 */
function remainder(text: string, g: PdnGame, end: number): string {
  let start = g.error!.pos.offset;
  // The last brace before the error in this game (not searched for before it: that made many broken games quadratic).
  let brace = start - 1;
  while (brace >= g.pos.offset && text[brace] !== '{' && text[brace] !== '}') brace--;
  if (brace >= g.pos.offset && text[brace] === '{') start = brace;
  return text.slice(start, end).replace(/\s+/g, ' ').trim();
}

/** The game with `comment` after its last replayed move (before its first move if it has none). */
function withComment(g: PdnGame, comment: string): PdnGame {
  const line = [...g.line];
  for (let i = line.length - 1; i >= 0; i--) {
    const item = line[i];
    if (item.kind === 'ply') {
      line[i] = { ...item, comments: [...item.comments, comment] };
      return { ...g, line };
    }
  }
  return { ...g, preComments: [...g.preComments, comment] };
}

interface Loss {
  pos: { line: number; column?: number };
  what: string;
}

/**
 * What `pdn` (writePdn of `g`) does not keep of `g`, found by reading it back: a result
 * written as `*`, tags left out, annotations left out, moves, comments or variations that
 * differ. Result, GameType, FEN and SetUp are rewritten on purpose (see the usage).
 */
function losses(g: PdnGame, pdn: string): Loss[] {
  const back = readPdn(pdn, { variant: g.variant }).games;
  if (back.length !== 1 || back[0].error) return [{ pos: g.pos, what: `the written game does not read back (${back[0]?.error?.reason ?? `${back.length} games`}); this is a bug in dambord` }];
  const b = back[0];
  const out: Loss[] = [];
  const result = g.result ?? tagValue(g.tags, 'Result');
  if (result !== undefined && result.replace(/\s+/g, '') !== '*' && b.result === '*')
    out.push({ pos: g.pos, what: `the result "${result}" is not a PDN 3.0 result (2-0, 1-1, 0-2, 1-0, 1/2-1/2, 0-1, 0-0); written as *` });
  const rewritten = new Set(['result', 'gametype', 'fen', 'setup']);
  // Each tag written, as name and value, looked up in a set: a game of many tags is not compared pair by pair.
  const pair = (name: string, value: string) => `${name}\n${value}`;
  const written = new Set(b.tags.map((u) => pair(u.name, u.value)));
  for (const t of g.tags) {
    if (rewritten.has(t.name.toLowerCase())) continue;
    const roster = rosterName(t.name);
    const value = (roster ? rosterValue(roster, t.value) : t.value).replace(/[\r\n\t]/g, ' ');
    if (!written.has(pair(roster ?? t.name, value)))
      out.push({ pos: t.pos, what: `the tag [${t.name} "${t.value}"] is not written: PDN 3.0 tag names are identifiers such as Event, and each is written once` });
  }
  if (comments(g.preComments) !== comments(b.preComments)) out.push({ pos: g.pos, what: 'the comments before the first move are not written as read' });
  compareLines(g.line, b.line, out);
  return out;
}

/** The roster tag (but Result) that `name` names, in its standard case, if any. */
function rosterName(name: string): string | undefined {
  return ROSTER.find((r) => r !== 'Result' && r.toLowerCase() === name.toLowerCase());
}

/** A roster tag value that strict PDN writes otherwise (`Date "1950."` as `1950.??.??`). */
interface Normalised {
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

/** The values of the roster tags of `g` that strict PDN writes otherwise (a missing tag written "?" is not one). */
function normalised(g: PdnGame): Normalised[] {
  const out: Normalised[] = [];
  for (const name of ROSTER) {
    const from = name === 'Result' ? undefined : tagValue(g.tags, name);
    if (from === undefined) continue;
    const to = rosterValue(name, from);
    if (to !== from) out.push({ name, from, to });
  }
  return out;
}

/** Why strict PDN writes a roster value otherwise. */
const NORMALISED_WHY: Readonly<Record<string, string>> = {
  Date: 'PDN 3.0 writes a date YYYY.MM.DD, ?? for what is not known',
};

function comments(list: readonly string[]): string {
  return JSON.stringify(list.map((c) => c.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim()));
}

/**
 * What differs between the lines `a` (read) and `b` (read back), variations depth first, each
 * line compared up to its first move that differs. A stack of the pairs of lines still to
 * compare stands in for recursion, so variations may nest as deep as memory allows.
 */
function compareLines(a: PdnLine, b: PdnLine, out: Loss[]): void {
  const stack: { a: PdnLine; b: PdnLine; i: number }[] = [{ a, b, i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const { a, b } = top;
    const i = top.i++;
    if (i >= Math.max(a.length, b.length)) {
      stack.pop();
      continue;
    }
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined || x.kind !== y.kind || (x.kind === 'ply' && y.kind === 'ply' && !sameMove(x.move, y.move))) {
      const where = x ?? a[a.length - 1];
      out.push({ pos: where?.pos ?? { line: 0 }, what: 'the moves are not written as read; this is a bug in dambord' });
      stack.pop();
      continue;
    }
    if (x.kind !== 'ply' || y.kind !== 'ply') continue;
    if (x.nags.length !== y.nags.length)
      out.push({ pos: x.pos, what: `the annotations ${x.nags.join(' ')} of ${x.text} are written as ${y.nags.join(' ') || 'nothing'}: only NAGs ($1) and move strengths (!, ?, !!, ??, !?, ?!) are PDN 3.0` });
    if (comments(x.preComments) !== comments(y.preComments) || comments(x.comments) !== comments(y.comments))
      out.push({ pos: x.pos, what: `the comments of ${x.text} are not written as read (braces inside a comment are left out)` });
    if (x.variations.length !== y.variations.length) out.push({ pos: x.pos, what: `the variations after ${x.text} are not written as read` });
    // Its variations are compared next, the first one first: pushed last.
    else for (let k = x.variations.length - 1; k >= 0; k--) stack.push({ a: x.variations[k], b: y.variations[k], i: 0 });
  }
}
