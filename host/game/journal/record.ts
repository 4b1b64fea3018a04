import type { Color, Position, VariantName } from '../../../rules/index.ts';
import { BOARD_BUTTONS } from '../../link/types.ts';
import type { BoardButton } from '../../link/types.ts';
import { writeFen } from '../../../rules/index.ts';
import { sidesAt } from '../clock/clock.ts';
import type { Clock } from '../clock/clock.ts';
import type { IrregularityCode, Policy, RefereeEvent, RefereeOutput } from '../referee/types.ts';
import type { ComputerConfig } from '../computerConfig.ts';
import { LANGUAGES, isLanguage } from '../../words/catalogue.ts';
import type { Language } from '../../words/catalogue.ts';

/**
 * The game journal's line format, sans I/O: entries in, text lines out; bytes in, entries and
 * the first problem out. Nothing here touches a file (journal.ts does).
 *
 * A journal is UTF-8 text, one JSON object per line, every line ended by `\n`:
 *
 * ```
 * {"n":0,"k":"header","format":1,"variant":"international","start":"W:W31-50:B1-20","policy":"casual","tags":[{"name":"White","value":"Sijbrands"},{"name":"Black","value":"Wiersma"}],"timeControl":{"baseMs":300000,"incrementMs":2000},"created":"2025-01-01T12:00:00.000Z","t0":0,"crc":"1a32a0da"}
 * {"n":1,"k":"ev","e":{"type":"lift","square":32,"t":0},"crc":"7b98a059"}
 * {"n":2,"k":"ev","e":{"type":"place","square":32,"t":200},"crc":"d1f686ed"}
 * …
 * {"n":6,"k":"out","o":{"type":"move","ply":1,"side":"white","text":"32-28","fen":"B:W28,31,33-50:B1-20","t":600},"crc":"0ba56508"}
 * {"n":7,"k":"clock","t":600,"white":301400,"black":300000,"running":"black","on":"move","used":[0,0],"moves":[[1,0,1],[0,0,0]],"crc":"…"}
 * ```
 *
 * - `n` numbers the lines from 0 (the header), so a lost or repeated line is seen.
 * - `crc` is always the last field: the CRC-32 (IEEE 802.3, as zlib and PNG) in 8 lower-case
 *   hex digits of the UTF-8 bytes of the line without it, that is of the line with
 *   `,"crc":"…"` removed. A line cut short by a crash, a bit flipped on the disk, or the zeros
 *   a power cut leaves at the end of a file fail the check or the end-of-line test.
 * - A line without its `\n` was never completely written; it is never trusted, whatever its
 *   checksum says (the writer reports an entry written only after its whole line is on disk).
 *
 * Squares in events and irregularities are the referee's internal indices, as in
 * `RefereeEvent`; moves are kept as PDN text and the FEN after them.
 */

/** The version of the line format this code writes and reads. */
export const JOURNAL_FORMAT = 1;

/**
 * A base time and a Fischer increment per move, in milliseconds: the header's `timeControl`.
 * Not the time control of the clock (`TimeControl` in clock/clock.ts, the PDN TimeControl tag's
 * periods), which the header keeps as that tag among its `tags`.
 */
export interface BaseAndIncrement {
  readonly baseMs: number;
  readonly incrementMs: number;
}

/** The first line of a journal: everything needed to set the game up again. */
export interface JournalHeader {
  readonly format: number;
  readonly variant: VariantName;
  /** FEN of the start position. */
  readonly start: string;
  readonly policy: Policy['name'];
  /** The opponent asked for multiple captures to be shown jump by jump (FMJD 4.9); absent: no. */
  readonly showJumps?: boolean;
  /**
   * The language of the journal's messages (the irregularities' sentences, checked word for word
   * on a resume) and of the game's words; absent: English (every journal before it was recorded).
   */
  readonly lang?: Language;
  /** PDN tags (Event, White, Black, ...). */
  readonly tags: readonly { readonly name: string; readonly value: string }[];
  /** The computer seated at the board for one side (`dambord play --engine`): its side, name, engine spec, level, `--alt-move`, and `--no-hints` (`hints: false`) and `--training` (`training: true`) where given; absent: people play both sides. */
  readonly computer?: ComputerConfig;
  /**
   * A base time and increment, or null. dambord play writes null and keeps the game's time
   * control as the TimeControl tag in `tags`, which a resume reads; nothing in the product reads
   * this field.
   */
  readonly timeControl: BaseAndIncrement | null;
  /** When the game was created, ISO 8601 (for people; nothing is computed from it). */
  readonly created: string;
  /** Board time (ms) at which the referee was created; events' `t` count on from it. */
  readonly t0: number;
}

/** A referee output worth keeping: moves as PDN text and FEN, irregularities, decisions, results. */
export type OutRecord =
  | { readonly type: 'move'; readonly ply: number; readonly side: Color; readonly text: string; readonly fen: string; readonly t: number }
  | {
      readonly type: 'irregularity';
      readonly code: IrregularityCode;
      readonly article: string;
      readonly squares: readonly number[];
      readonly decision: 'decide' | 'note';
      readonly message: string;
      readonly t: number;
    }
  | { readonly type: 'accepted'; readonly code: IrregularityCode; readonly article: string; readonly fen: string; readonly t: number }
  | { readonly type: 'corrected'; readonly fen: string; readonly t: number }
  | { readonly type: 'result'; readonly result: string; readonly winner: Color | 'draw'; readonly reason: string; readonly article: string; readonly t: number };

/** One entry after the header. */
export type JournalEntry =
  /** A sensor event or a player's command, as it reached the referee. */
  | { readonly k: 'ev'; readonly e: RefereeEvent }
  /** What the referee said about it. */
  | { readonly k: 'out'; readonly o: OutRecord }
  /** The clocks at board time `t`: time left per side in ms, and whose clock runs from `t` (see {@link ClockRecord}). */
  | ClockRecord
  /** Free text for people (a reconnect, a resume, an arbiter's remark). */
  | { readonly k: 'note'; readonly t: number; readonly text: string };

/**
 * Why a clock entry was written:
 * - `move`: the mover pressed the clock (after the `move` output before it);
 * - `accepted`: an irregularity accepted left the other side to move: the mover's clock was
 *   pressed (after the `accepted` output before it, FMJD 5.4, 5.7);
 * - `takeback`: a takeback accepted handed the turn back, nothing credited (5.4.4);
 * - `button`: the clock button started the side to move's clock (no clock ran before);
 * - `running`: nothing else was written for a while as a clock ran: the game was still going
 *   on at `t` (these carry only the times left);
 * - `resumed`: the clocks as a resumed game got them back, not running;
 * - `set`: the clocks as the arbiter set them on resume (`dambord play --clock`);
 * - `flag`: a flag fell; `stopped`: the game ended on the board.
 */
export type ClockReason = 'move' | 'accepted' | 'takeback' | 'button' | 'running' | 'resumed' | 'set' | 'flag' | 'stopped';

/** One side's move counts in a clock entry: `[moves made, period index, moves made in that period]` (FMJD 10.1). */
export type MoveCounts = readonly [number, number, number];

/**
 * A clock entry. `white`, `black` and `running` are in every one; the rest in those written
 * since the clock is journaled whole (a journal without them is still read):
 * - `on`: why it was written ({@link ClockReason});
 * - `used`: time used by White and Black (ms) at `t`;
 * - `moves`: White's and Black's {@link MoveCounts}.
 * The state of the clocks at any later moment is this entry's, with `running`'s time running
 * from `t`.
 */
export interface ClockRecord {
  readonly k: 'clock';
  readonly t: number;
  readonly white: number;
  readonly black: number;
  readonly running: Color | null;
  readonly on?: ClockReason;
  readonly used?: readonly [number, number];
  readonly moves?: readonly [MoveCounts, MoveCounts];
}

/** What went wrong at a line; everything before it is good, nothing from it on is trusted. */
export interface JournalProblem {
  /** 1-based line number of the first bad line. */
  readonly line: number;
  readonly reason: string;
  /** Byte offset where the bad line starts: the length of the good part of the file. */
  readonly offset: number;
  /** True when the bad line is the last one (a torn or corrupted end); false when lines follow it. */
  readonly tail: boolean;
}

/**
 * A journal as read: the header (null when even it is damaged), the good entries, the first
 * problem after the header.
 *
 * A damaged header does not set the game aside when sound entries follow it: the header is
 * then null, `headerProblem` says what is wrong with it, `salvage` holds what its damaged line
 * still shows, and the entries are read on (recover.ts rebuilds the header and checks it
 * against the entries). When nothing sound follows it, the damaged header is `problem`.
 */
export interface JournalRead {
  readonly header: JournalHeader | null;
  /** Entries after the header, in order; entry `i` is on line `i + 2`. */
  readonly entries: readonly JournalEntry[];
  readonly problem?: JournalProblem;
  /** Why the header line (line 1) is not trusted, when sound entries follow it. */
  readonly headerProblem?: JournalProblem;
  /** The fields the damaged header line still shows, unchecked (see {@link salvageHeader}). */
  readonly salvage?: HeaderSalvage;
  /** Length in bytes of the good part (all of the file when there is no problem). */
  readonly goodBytes: number;
}

// CRC-32, reflected polynomial 0xEDB88320 (IEEE 802.3).
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE) of bytes. `crc32(utf8("123456789")) === 0xcbf43926`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const hex8 = (n: number): string => n.toString(16).padStart(8, '0');
/** `,"crc":"xxxxxxxx"}`: 18 characters at the end of every line. */
const CRC_SUFFIX = /,"crc":"([0-9a-f]{8})"\}$/;

/** The line (with its `\n`) for the header. */
export function encodeHeader(h: JournalHeader): string {
  const { format, variant, start, policy, tags, timeControl, created, t0 } = h;
  const lang = h.lang && h.lang !== 'en' ? { lang: h.lang } : {};
  return seal({ n: 0, k: 'header', format, variant, start, policy, ...(h.showJumps ? { showJumps: true } : {}), ...lang, tags, ...(h.computer ? { computer: h.computer } : {}), timeControl, created, t0 });
}

/** The line (with its `\n`) for entry number `n` (the header is 0, the first entry 1). */
export function encodeEntry(entry: JournalEntry, n: number): string {
  return seal({ n, ...entry });
}

function seal(obj: Record<string, unknown>): string {
  const body = JSON.stringify(obj);
  return `${body.slice(0, -1)},"crc":"${hex8(crc32(encoder.encode(body)))}"}\n`;
}

/** The entry for a referee output, or null for outputs not kept (mismatch, matched, crowned, ...). */
export function outRecord(o: RefereeOutput): OutRecord | null {
  switch (o.type) {
    case 'move':
      return { type: 'move', ply: o.ply, side: o.side, text: o.text, fen: fenOf(o.after), t: o.t };
    case 'irregularity':
      return { type: 'irregularity', code: o.code, article: o.article, squares: [...o.squares], decision: o.decision, message: o.message, t: o.t };
    case 'accepted':
      return { type: 'accepted', code: o.code, article: o.article, fen: fenOf(o.position), t: o.t };
    case 'corrected':
      return { type: 'corrected', fen: fenOf(o.position), t: o.t };
    case 'result':
      return { type: 'result', result: o.result, winner: o.winner, reason: o.reason, article: o.article, t: o.t };
    default:
      return null;
  }
}

const fenOf = (p: Position): string => writeFen(p);

/**
 * The clock entry for `clock` at board time `t` (not before the running side's start), written
 * because of `on`. A `running` entry carries only the times left; every other the whole clock.
 */
export function clockRecord(clock: Clock, t: number, on: ClockReason): ClockRecord {
  const { white, black } = sidesAt(clock, t);
  const running = clock.state === 'running' ? clock.toMove : null;
  if (on === 'running') return { k: 'clock', t, white: white.remaining, black: black.remaining, running, on };
  return {
    k: 'clock', t, white: white.remaining, black: black.remaining, running, on,
    used: [white.used, black.used],
    moves: [[white.moves, white.period, white.periodMoves], [black.moves, black.period, black.periodMoves]],
  };
}

/** The board time an entry carries. */
export function entryTime(e: JournalEntry): number {
  switch (e.k) {
    case 'ev':
      return e.e.t;
    case 'out':
      return e.o.t;
    default:
      return e.t;
  }
}

type Decoded = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** Checks one line (without its `\n`): checksum, JSON, line number. */
function decodeLine(bytes: Uint8Array, n: number): Decoded {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, reason: 'not valid UTF-8: the line is corrupted' };
  }
  const m = CRC_SUFFIX.exec(text);
  if (!m) return { ok: false, reason: text.trim() === '' ? 'empty line' : 'no checksum at the end of the line: the line is corrupted or not a dambord journal line' };
  const body = `${text.slice(0, -m[0].length)}}`;
  const computed = hex8(crc32(encoder.encode(body)));
  if (computed !== m[1]) return { ok: false, reason: `checksum mismatch (stored ${m[1]}, computed ${computed}): the line is corrupted` };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'checksum matches but the line is not JSON: written by a faulty writer' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'not a JSON object' };
  const obj = value as Record<string, unknown>;
  if (obj.n !== n) return { ok: false, reason: `entry number ${JSON.stringify(obj.n)} where ${n} was expected: a line is missing or repeated` };
  return { ok: true, value: obj };
}

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const COLORS: readonly unknown[] = ['white', 'black'];
const EVENT_TYPES: readonly unknown[] = ['lift', 'place', 'press', 'tick', 'resign', 'draw-agreed', 'take-back', 'board'];
const OUT_TYPES: readonly unknown[] = ['move', 'irregularity', 'accepted', 'corrected', 'result'];

function headerOf(o: Record<string, unknown>): JournalHeader | string {
  if (o.k !== 'header') return 'the first line is not a journal header';
  if (!isNum(o.format)) return 'the header has no format version';
  if (o.format > JOURNAL_FORMAT) return `journal format ${o.format} is newer than this dambord reads (${JOURNAL_FORMAT}): update dambord`;
  if (!isStr(o.variant) || !isStr(o.start) || !isStr(o.policy) || !Array.isArray(o.tags) || !isStr(o.created) || !isNum(o.t0)) return 'the header lacks variant, start, policy, tags, created or t0';
  if (!o.tags.every((t) => typeof t === 'object' && t !== null && isStr((t as Record<string, unknown>).name) && isStr((t as Record<string, unknown>).value))) return 'the header has a tag that is not a name and a value';
  if (o.lang !== undefined && !(isStr(o.lang) && isLanguage(o.lang))) return `the header's language ${JSON.stringify(o.lang)} is none of ${LANGUAGES.join(', ')}`;
  const computer = o.computer === undefined ? undefined : computerOf(o.computer);
  if (computer === null) return 'the header\'s computer is not a side, a name, an engine spec, a level and alt-move (and hints and training, where given, true or false)';
  const tc = o.timeControl as BaseAndIncrement | null | undefined;
  if (tc !== null && tc !== undefined && (typeof tc !== 'object' || !isNum(tc.baseMs) || !isNum(tc.incrementMs))) return 'the header\'s timeControl is not a base and an increment in ms';
  return {
    format: o.format,
    variant: o.variant as VariantName,
    start: o.start,
    policy: o.policy as Policy['name'],
    ...(o.showJumps === true ? { showJumps: true } : {}),
    ...(isStr(o.lang) && isLanguage(o.lang) && o.lang !== 'en' ? { lang: o.lang } : {}),
    tags: o.tags as JournalHeader['tags'],
    ...(computer ? { computer } : {}),
    timeControl: tc === null || tc === undefined ? null : { baseMs: tc.baseMs, incrementMs: tc.incrementMs },
    created: o.created,
    t0: o.t0,
  };
}

/** The header's computer, checked field by field; null when it is not one. */
function computerOf(x: unknown): ComputerConfig | null {
  if (typeof x !== 'object' || x === null) return null;
  const c = x as Record<string, unknown>;
  if (!COLORS.includes(c.side) || !isStr(c.name) || !isStr(c.spec) || !(c.level === null || Number.isInteger(c.level)) || typeof c.altMove !== 'boolean') return null;
  if ((c.hints !== undefined && typeof c.hints !== 'boolean') || (c.training !== undefined && typeof c.training !== 'boolean')) return null;
  const options = { ...(c.hints === false ? { hints: false } : {}), ...(c.training === true ? { training: true } : {}) };
  return { side: c.side as ComputerConfig['side'], name: c.name, spec: c.spec, level: c.level as number | null, altMove: c.altMove, ...options };
}

/** The fields each kind of output must have, and what each must be. */
const outFields: Record<OutRecord['type'], readonly (readonly [string, (x: unknown) => boolean])[]> = {
  move: [['ply', (x) => Number.isInteger(x) && (x as number) > 0], ['side', (x) => COLORS.includes(x)], ['text', isStr], ['fen', isStr]],
  irregularity: [['code', isStr], ['article', isStr], ['squares', (x) => Array.isArray(x) && x.every((q) => Number.isInteger(q) && q >= 0)], ['decision', (x) => x === 'decide' || x === 'note'], ['message', isStr]],
  accepted: [['code', isStr], ['article', isStr], ['fen', isStr]],
  corrected: [['fen', isStr]],
  result: [['result', isStr], ['winner', (x) => x === 'draw' || COLORS.includes(x)], ['reason', isStr], ['article', isStr]],
};

/** Liberal reader: unknown fields are ignored; a missing or mistyped required field is a problem. */
function entryOf(o: Record<string, unknown>): JournalEntry | string {
  switch (o.k) {
    case 'ev': {
      const e = o.e as Record<string, unknown> | undefined;
      if (!e || !EVENT_TYPES.includes(e.type) || !isNum(e.t)) return 'an event entry without a known event type and time';
      if ((e.type === 'lift' || e.type === 'place') && !(Number.isInteger(e.square) && (e.square as number) >= 0)) return `a ${e.type} without a square`;
      if (e.type === 'press' && !BOARD_BUTTONS.includes(e.button as BoardButton)) return 'a press without a button of the board';
      if (e.type === 'resign' && !COLORS.includes(e.color)) return 'a resignation without a colour';
      if (e.type === 'board' && !(Array.isArray(e.occupied) && e.occupied.every((q) => Number.isInteger(q) && (q as number) >= 0))) return 'a board connected again without its occupied squares';
      return { k: 'ev', e: e as unknown as RefereeEvent };
    }
    case 'out': {
      const r = o.o as Record<string, unknown> | undefined;
      if (!r || !OUT_TYPES.includes(r.type) || !isNum(r.t)) return 'an output entry without a known output type and time';
      const lacks = outFields[r.type as OutRecord['type']].find(([name, ok]) => !ok(r[name]));
      if (lacks) return `${/^[aeiou]/.test(r.type as string) ? 'an' : 'a'} ${r.type as string} output whose "${lacks[0]}" is missing or not what it should be`;
      return { k: 'out', o: r as unknown as OutRecord };
    }
    case 'clock': {
      if (!isNum(o.t) || !isNum(o.white) || !isNum(o.black) || !(o.running === null || COLORS.includes(o.running))) return 'a clock entry without t, white, black and running';
      const entry: { -readonly [K in keyof ClockRecord]: ClockRecord[K] } = { k: 'clock', t: o.t, white: o.white, black: o.black, running: o.running as Color | null };
      if (o.on !== undefined) {
        if (!isStr(o.on)) return 'a clock entry whose "on" is not a reason';
        entry.on = o.on as ClockReason; // an unknown reason (a newer dambord) is kept and read as a plain entry
      }
      if (o.used !== undefined) {
        if (!Array.isArray(o.used) || o.used.length !== 2 || !o.used.every(isNum)) return 'a clock entry whose "used" is not two times';
        entry.used = [o.used[0], o.used[1]];
      }
      if (o.moves !== undefined) {
        const counts = (x: unknown): x is MoveCounts => Array.isArray(x) && x.length === 3 && x.every((n) => isNum(n) && n >= 0);
        if (!Array.isArray(o.moves) || o.moves.length !== 2 || !o.moves.every(counts)) return 'a clock entry whose "moves" is not two move counts';
        entry.moves = [o.moves[0], o.moves[1]];
      }
      return entry;
    }
    case 'note':
      if (!isNum(o.t) || !isStr(o.text)) return 'a note without t and text';
      return { k: 'note', t: o.t, text: o.text };
    default:
      return `unknown entry kind ${JSON.stringify(o.k)}`;
  }
}

/** What a damaged header line still shows: each field as found in its text, none checked. */
export interface HeaderSalvage {
  readonly variant?: string;
  readonly start?: string;
  readonly policy?: string;
  readonly showJumps?: boolean;
  /** The language of the journal's messages, as the line shows it. */
  readonly lang?: string;
  readonly tags: readonly { readonly name: string; readonly value: string }[];
  readonly created?: string;
  readonly t0?: number;
}

/** A JSON string's contents in a pattern: no raw quote, escapes whole. */
const JSON_STRING = String.raw`"((?:[^"\\\x00-\x1f]|\\.)*)"`;
const unquote = (raw: string): string | undefined => {
  try {
    const v: unknown = JSON.parse(`"${raw}"`);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The fields of a damaged header line that can still be read, each found by its own pattern so
 * that a bad byte costs only the field it falls in. Nothing here is trusted: recover.ts tries
 * them against the journal's entries before using them.
 */
export function salvageHeader(text: string): HeaderSalvage {
  const field = (name: string): string | undefined => {
    const m = new RegExp(`"${name}":${JSON_STRING}`).exec(text);
    return m ? unquote(m[1]) : undefined;
  };
  const t0 = /"t0":(\d{1,15})[,}]/.exec(text);
  const lang = field('lang');
  const tags: { name: string; value: string }[] = [];
  for (const m of text.matchAll(new RegExp(`\\{"name":${JSON_STRING},"value":${JSON_STRING}\\}`, 'g'))) {
    const name = unquote(m[1]);
    const value = unquote(m[2]);
    if (name !== undefined && value !== undefined) tags.push({ name, value });
  }
  return {
    variant: field('variant'),
    start: field('start'),
    policy: field('policy'),
    ...(/"showJumps":true[,}]/.test(text) ? { showJumps: true } : {}),
    ...(lang !== undefined ? { lang } : {}),
    tags,
    created: field('created'),
    ...(t0 ? { t0: Number(t0[1]) } : {}),
  };
}

/**
 * Reads a journal's bytes. Never throws. Stops at the first bad line: a line cut off without
 * its `\n`, a checksum mismatch, a wrong entry number, an unknown entry. Everything before it is
 * returned; nothing after it is trusted (`problem.tail` tells whether anything came after).
 */
export function parseJournal(bytes: Uint8Array): JournalRead {
  const entries: JournalEntry[] = [];
  let header: JournalHeader | null = null;
  /** Why the header line is not trusted, and where it ends: the entries after it are read on. */
  let damaged: { reason: string; end: number } | null = null;
  let start = 0;
  let line = 1;
  const done = (read: JournalRead): JournalRead => {
    if (!damaged) return read;
    const problem: JournalProblem = { line: 1, reason: `line 1: ${damaged.reason}`, offset: 0, tail: damaged.end + 1 >= bytes.length };
    // Nothing sound after a damaged header: the header is the problem, as in any other file.
    if (read.entries.length === 0) return { header: null, entries: [], goodBytes: 0, problem };
    return { ...read, headerProblem: { ...problem, tail: false }, salvage: salvageHeader(new TextDecoder().decode(bytes.subarray(0, damaged.end))) };
  };
  const fail = (reason: string): JournalRead => {
    const next = bytes.indexOf(0x0a, start);
    const tail = next < 0 || next + 1 >= bytes.length;
    return done({ header, entries, goodBytes: start, problem: { line, reason: `line ${line}: ${reason}`, offset: start, tail } });
  };
  if (bytes.length === 0) return fail('the journal is empty: the header was never written');
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0) {
      const rest = bytes.subarray(start);
      if (rest.every((b) => b === 0)) return fail(`${rest.length} zero bytes at the end: the file grew but its data never reached the disk (a power cut)`);
      return fail(`cut off after ${rest.length} bytes without an end of line: the write was interrupted (a crash or a power cut)`);
    }
    const d = decodeLine(bytes.subarray(start, end), line - 1);
    if (line === 1) {
      const h = d.ok ? headerOf(d.value) : d.reason;
      // A newer format is not damage: it is refused whole.
      if (typeof h === 'string' && d.ok && isNum(d.value.format) && d.value.format > JOURNAL_FORMAT) return fail(h);
      if (typeof h === 'string') damaged = { reason: h, end };
      else header = h;
    } else {
      if (!d.ok) return fail(d.reason);
      const e = entryOf(d.value);
      if (typeof e === 'string') return fail(e);
      entries.push(e);
    }
    start = end + 1;
    line++;
  }
  return done({ header, entries, goodBytes: start });
}

/** The text of a journal: the header and the entries, numbered. The inverse of `parseJournal`. */
export function writeJournal(header: JournalHeader, entries: readonly JournalEntry[]): string {
  return encodeHeader(header) + entries.map((e, i) => encodeEntry(e, i + 1)).join('');
}
