// `dambord pdn check --fix`: the text of a PDN file with each game that cannot be replayed as
// written repaired where its slips have a clear best repair (rules/slips/fix.ts), each repair
// with a comment at the move saying what was written and what was made of it; everything else
// of the file (tags, comments, variations, the games that replay) is kept as it was.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PdnError, PdnGame, ReadPdnOptions } from '../../rules/index.ts';
import { pdnTextItems, replayGame } from '../../rules/index.ts';
import type { Change, LeftSlip } from '../../rules/slips/fix.ts';
import { fixSheet } from '../../rules/slips/fix.ts';
import type { WrittenSheet } from '../../rules/slips/sheet.ts';
import { slipWords } from '../game/slipWords.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import type { Io } from './command.ts';
import { why } from './input.ts';
import { langFrom } from './langOption.ts';
import { tagValue, withoutLocation } from './pdnLabels.ts';
import { gameSheet } from './pdnSuggest.ts';

/** What `--fix` made of one file's text. */
export interface FileFix {
  /** The file's text with the repairs made; the same text when no game needed one. */
  readonly text: string;
  /** Whether a game of the file cannot be replayed as written: then the fixed copy is written. */
  readonly needed: boolean;
  readonly games: number;
  /** Games that could not be replayed as written and now replay. */
  readonly fixed: number;
  /** Games that still cannot be replayed: a slip left as written, or an error that is not a slip. */
  readonly left: number;
  /** One line per change and per game left, for people, in the language asked for. */
  readonly lines: readonly string[];
  /** One JSON line per game changed or left (the --json contract). */
  readonly json: readonly string[];
}

/** A change to the text: `text` put in place of the characters from `from` to `to` (equal: put in at `from`). */
interface Edit {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

/** The move number of a ply (from 1) of a game that starts with `first` to move or not, as PDN numbers moves. */
function moveNumber(ply: number, first: boolean): number {
  return Math.floor((ply - (first ? 1 : 0)) / 2) + 1;
}

/** Why a change was made, in words. */
const whyText = (c: Change, lang: Language): string => (c.why.kind === 'slip' ? c.why.text : say(lang, c.why.kind === 'forced' ? 'fix.forced' : 'fix.route'));

/** What a change says, in the comment at the move and in the terminal. */
function changeText(c: Change, lang: Language): string {
  const why = whyText(c, lang);
  if (c.kind === 'replace') return say(lang, 'fix.replaced', { written: c.written, made: c.made, why });
  if (c.kind === 'insert') return say(lang, 'fix.inserted', { made: c.made, why });
  return say(lang, 'fix.deleted', { written: c.written, why });
}

/** What a slip left as written says: the repairs too close to choose between, each as the guide names a candidate (`33-28`, `18-23 before 33-28`, `33-28 left out`). */
const leftText = (l: LeftSlip, lang: Language) => say(lang, 'fix.left', { count: l.tied.length, moves: l.tied.map((t) => say(lang, 'guide.candidate', { ...t })).join(', ') });

/** A comment's text: PDN comments end at the first `}`. */
const comment = (text: string) => `{${text.replace(/[{}]/g, '')}}`;

/**
 * The edits that write `changes` and `left` into the text of a game whose written moves are
 * `sheet`: a move made in place of the one written, a move put in before the written move it
 * precedes (a second player's move before that move's number), a move left out replaced by its
 * comment; each comment after the move's word (its move strength, `!`, kept with it).
 */
function editsOf(text: string, sheet: WrittenSheet, changes: readonly Change[], left: LeftSlip | null, lang: Language): Edit[] | null {
  const first = sheet.start.turn === sheet.variant.firstToMove;
  const words = sheet.written.map((w, k) => {
    // The word as the text has it, looked for near where it was read: a move number glued before it (`3.1O-14`) is passed over.
    const near = sheet.pos[k].offset;
    const found = text.slice(near, near + w.length + 12).indexOf(w);
    const start = near + found;
    const end = start + w.length;
    return found < 0 ? null : { start, end, after: end + (/^[^\s{}();]*/.exec(text.slice(end, end + 40))?.[0].length ?? 0) };
  });
  if (words.some((w) => w === null)) return null;
  const word = (at: number) => words[at]!;
  const last = sheet.written.length > 0 ? word(sheet.written.length - 1).after : 0;
  const out: Edit[] = [];
  for (const c of changes) {
    const note = comment(changeText(c, lang));
    if (c.kind === 'insert') {
      // The second player's move goes before the move number of the next move (`15. 43x32 10-14 16. 49-43`), the first player's after it.
      const next = c.at < sheet.written.length ? word(c.at).start : last;
      const number = c.ply % 2 === (first ? 0 : 1) ? (/\d+\.(?:\.\.)?\s*$/.exec(text.slice(0, next))?.[0].length ?? 0) : 0;
      const at = next - number;
      out.push({ from: at, to: at, text: c.at < sheet.written.length ? `${c.made} ${note} ` : ` ${c.made} ${note}` });
      continue;
    }
    const w = word(c.at);
    if (c.kind === 'delete') out.push({ from: w.start, to: w.after, text: note });
    else out.push({ from: w.start, to: w.end, text: c.made }, { from: w.after, to: w.after, text: ` ${note}` });
  }
  if (left) {
    const w = word(left.at);
    out.push({ from: w.after, to: w.after, text: ` ${comment(leftText(left, lang))}` });
  }
  return out;
}

/** `text` with `edits` made, those at one place in their order. */
function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = edits.map((e, k) => ({ e, k })).sort((a, b) => a.e.from - b.e.from || a.k - b.k);
  let out = '';
  let cursor = 0;
  for (const { e } of sorted) {
    out += text.slice(cursor, e.from) + e.text;
    cursor = Math.max(cursor, e.to);
  }
  return out + text.slice(cursor);
}

/** A change in the JSON contract: `{"ply":P,"replace":"32-28","written":"23-28","why":"..."}`, `{"ply":P,"insert":"28x19","why":...}` or `{"ply":P,"delete":true,"written":...}`. */
function changeJson(c: Change, lang: Language): Record<string, unknown> {
  const why = whyText(c, lang);
  if (c.kind === 'replace') return { ply: c.ply, replace: c.made, written: c.written, why };
  if (c.kind === 'insert') return { ply: c.ply, insert: c.made, why };
  return { ply: c.ply, delete: true, written: c.written, why };
}

/**
 * Repairs every game of a file's text that cannot be replayed as written; `lang` is the
 * language of the comments written and of the lines for people. A game counts as fixed only
 * when its repaired text replays.
 */
export function fixFile(input: string, options: ReadPdnOptions, lang: Language): FileFix {
  const items = [...pdnTextItems(input)];
  const edits: Edit[] = [];
  const lines: string[] = [];
  const json: string[] = [];
  // The games repaired, by number, each with what names it in a line.
  const changed = new Map<number, (move: number, what: string) => string>();
  let games = 0;
  let left = 0;
  let needed = false;
  for (const [k, item] of items.entries()) {
    if (item.kind !== 'game') continue;
    const n = ++games;
    const g: PdnGame = replayGame(item.game, options);
    if (!g.error) continue;
    needed = true;
    const at = (move: number, what: string) => say(lang, 'fix.at', { game: n, white: tagValue(g.tags, 'White')?.trim() || '?', black: tagValue(g.tags, 'Black')?.trim() || '?', move, what });
    // A game whose error is not a slip of its moves, or whose moves cannot be found in the text, is left as it is.
    const unfixable = (e: PdnError) => {
      left++;
      lines.push(at(moveNumber(g.line.length + 1, g.start.turn === g.variant.firstToMove), say(lang, 'fix.error', { reason: withoutLocation(e).replace(/\.$/, '') })));
      json.push(JSON.stringify({ type: 'fix', game: n, changes: [], left: { reason: withoutLocation(e) } }));
    };
    const sheet = gameSheet(input, items, k, g, options);
    if (!sheet) {
      unfixable(g.error);
      continue;
    }
    const fix = fixSheet(sheet.start, sheet.written, { words: slipWords(lang) });
    const first = sheet.start.turn === sheet.variant.firstToMove;
    const made = editsOf(input, sheet, fix.changes, fix.left, lang);
    if (!made) {
      unfixable(g.error);
      continue;
    }
    edits.push(...made);
    for (const c of fix.changes) lines.push(at(moveNumber(c.ply, first), changeText(c, lang)));
    if (fix.left) {
      left++;
      lines.push(at(moveNumber(fix.left.ply, first), leftText(fix.left, lang)));
    } else changed.set(n, at);
    const leftJson = fix.left ? { ply: fix.left.ply, move: moveNumber(fix.left.ply, first), written: fix.left.written, tied: fix.left.tied.map((t) => ({ [t.kind]: t.kind === 'delete' ? true : t.move, written: t.written })) } : null;
    json.push(JSON.stringify({ type: 'fix', game: n, changes: fix.changes.map((c) => changeJson(c, lang)), left: leftJson }));
  }
  const text = applyEdits(input, edits);
  // A repaired game that still does not replay (the PDN reader reads it otherwise than the sheet was read) is left.
  const again = [...pdnTextItems(text)].flatMap((i) => (i.kind === 'game' ? [replayGame(i.game, options)] : []));
  let still = 0;
  for (const [n, at] of changed) {
    const g = again[n - 1];
    if (!g?.error) continue;
    still++;
    lines.push(at(moveNumber(g.line.length + 1, g.start.turn === g.variant.firstToMove), say(lang, 'fix.error', { reason: withoutLocation(g.error).replace(/\.$/, '') })));
  }
  return { text, needed, games, fixed: changed.size - still, left: left + still, lines, json };
}

/** Where and how the fixed copies are written: --output (one FILE only), --force, --lang. */
export interface FixOptions {
  readonly output: string | undefined;
  readonly force: boolean;
  readonly lang: Language;
}

/** The --fix options of `pdn check`, or what is wrong with them. */
export function fixOptions(o: { readonly fix: boolean; readonly force: boolean; readonly output?: string | undefined; readonly lang?: string | undefined }, files: readonly string[]): { ok: true; options: FixOptions } | { ok: false; error: string } {
  const alone = o.fix ? undefined : o.force ? '--force' : o.output !== undefined ? '-o' : o.lang !== undefined ? '--lang' : undefined;
  if (alone) return { ok: false, error: `${alone} goes with --fix, which writes the fixed copies` };
  if (o.output !== undefined && files.length > 1) return { ok: false, error: '-o names the fixed copy of one FILE: name one, or leave -o out to write each beside its file as FILE.fixed.pdn' };
  if (o.fix && o.output === undefined && files.includes('-')) return { ok: false, error: 'the fixed copy of standard input needs a name: -o FILE' };
  const lang = langFrom(o);
  return lang.ok ? { ok: true, options: { output: o.output, force: o.force, lang: lang.lang } } : lang;
}

/** The fixed copy's name beside `file`: `round3.pdn` → `round3.fixed.pdn`. */
export const fixedName = (file: string): string => `${file.replace(/\.pdn$/i, '')}.fixed.pdn`;

/** A file read: its name on the command line, its name in messages, its text, and whether its lines end in CR LF (the copy's do too). */
export interface FileText {
  readonly file: string;
  readonly name: string;
  readonly text: string;
  readonly crlf: boolean;
}

/**
 * Writes the fixed copy of one file (in UTF-8, its line ends kept) when a game of it cannot be
 * replayed as written and something of it could be repaired, and says on `io` what was done: a line per change and per game left, then
 * what the file holds and where the copy is (standard error when `json`, whose lines go to
 * standard output). Never writes over `file`, nor over an existing copy without `force`.
 * Returns the games still left with slips and whether the copy, if needed, was written.
 */
export function writeFixedCopy({ file, name, text: input, crlf }: FileText, read: ReadPdnOptions, o: FixOptions, io: Io, json: boolean): { left: number; written: boolean } {
  const f = fixFile(input, read, o.lang);
  const report = (s: string) => (json ? io.stderr : io.stdout).write(`${s}\n`);
  if (json) io.stdout.write(f.json.map((l) => `${l}\n`).join(''));
  else for (const l of f.lines) report(`${name}: ${l}`);
  if (!f.needed || f.text === input) {
    report(say(o.lang, f.needed ? 'fix.unchanged' : 'fix.nothing', { file: name, games: f.games, left: f.left }));
    return { left: f.left, written: true };
  }
  const out = o.output ?? fixedName(file);
  const refuse = (why: string) => {
    io.stderr.write(`dambord pdn check: ${why}\n`);
    return { left: f.left, written: false };
  };
  if (file !== '-' && resolve(out) === resolve(file)) return refuse(`${out} is the file checked: the fixed copy is written beside it, never over it`);
  try {
    writeFileSync(out, crlf ? f.text.replace(/\n/g, '\r\n') : f.text, { flag: o.force ? 'w' : 'wx' });
  } catch (e) {
    return refuse((e as NodeJS.ErrnoException).code === 'EEXIST' ? say(o.lang, 'fix.exists', { out }) : `cannot write ${out}: ${why(e)}`);
  }
  report(say(o.lang, 'fix.file', { file: name, games: f.games, fixed: f.fixed, left: f.left, out }));
  if (json) io.stdout.write(`${JSON.stringify({ type: 'file', file: name, output: out, games: f.games, fixed: f.fixed, left: f.left })}\n`);
  return { left: f.left, written: true };
}
