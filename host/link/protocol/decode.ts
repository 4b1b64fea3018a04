/**
 * Lines in, typed messages out (docs/protocol.md). Sans-I/O and total: every function here
 * returns a result for any input and never throws.
 *
 * A strict writer and a liberal reader: the reader also accepts lower-case CRC digits, runs of
 * spaces between fields, leading zeros, OCC with fewer or more digits than the board's size
 * needs, `HELLO` fields in any order and unknown `HELLO` fields (kept in `extra`). It
 * recognises a line of link protocol 1 (CRC-8) as `legacy`, so that an old board is named.
 *
 * `decodeHostLine` reads host lines as the firmware does (firmware/core/command.c), checks in
 * the same order and words its refusals as the board does, so that a test peer built on it
 * answers like the board.
 */
import { SquareSet } from '../../../rules/squareSet.ts';
import { BOARD_BUTTONS } from '../types.ts';
import type { BoardButton, LedFrame, LedPattern, LinkConfig } from '../types.ts';
import { crc16, legacyCrc8 } from './crc.ts';
import { CONFIG_KEYS, LED_CHARS, LIMITS } from './messages.ts';
import type { BoardMessage, ErrCode, EventMessage, HostCommand } from './messages.ts';

/**
 * Why a line was refused:
 * - `long`: over 128 bytes;
 * - `frame`: no `*HHHH` at the end, a `*` inside the body, or a byte outside printable ASCII;
 * - `crc`: the CRC does not match the body;
 * - `legacy`: a line of link protocol 1 (`BODY*HH` with a matching CRC-8): a board with the
 *   firmware of before this protocol (`fw` says which, when the line is its HELLO);
 * - `unknown`: well framed, but the first word names no message this side knows;
 * - `syntax`: a known message with missing or malformed fields;
 * - `arg`: a known message whose fields are well formed but out of range.
 */
export type LineErrorKind = 'long' | 'frame' | 'crc' | 'legacy' | 'unknown' | 'syntax' | 'arg';

export interface LineError {
  readonly kind: LineErrorKind;
  /** For people: what is wrong. */
  readonly reason: string;
  /** The line as received (without the line end), for logs. */
  readonly line: string;
  /** `legacy` only: the firmware version a HELLO of protocol 1 names. */
  readonly fw?: string;
}

export type Decoded<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: LineError };

/** The `ERR` code a board answers a refused host line with. */
export function errCodeFor(kind: LineErrorKind): ErrCode {
  switch (kind) {
    case 'long':
      return 'LONG';
    case 'crc':
      return 'CRC';
    case 'arg':
      return 'ARG';
    default:
      return 'SYNTAX';
  }
}

class Refused {
  constructor(
    readonly kind: LineErrorKind,
    readonly reason: string,
    readonly fw?: string,
  ) {}
}

function refuse(kind: LineErrorKind, reason: string, fw?: string): never {
  throw new Refused(kind, reason, fw);
}

function toText(line: string | Uint8Array): string {
  if (typeof line === 'string') return line;
  let s = '';
  for (const b of line) s += String.fromCharCode(b);
  return s;
}

const HEX_CRC = new RegExp(`^[0-9A-Fa-f]{${LIMITS.crcDigits}}$`);

/**
 * A line of link protocol 1 (firmware 1.x): `BODY*HH`, HH its CRC-8, refused as `legacy` so
 * that the host can say the board needs the new firmware. Returns if it is not one.
 */
function legacy(line: string, star: number): void {
  if (star < 0 || star !== line.length - 3 || !/^[0-9A-Fa-f]{2}$/.test(line.slice(star + 1))) return;
  const body = line.slice(0, star);
  if (parseInt(line.slice(star + 1), 16) !== legacyCrc8(body)) return;
  const hello = /^HELLO dambord (\S+)/.exec(body);
  if (hello) refuse('legacy', `HELLO of dambord firmware ${hello[1]}, which speaks link protocol 1`, hello[1]);
  refuse('legacy', 'a line of link protocol 1 (a CRC-8 checksum)');
}

/**
 * Strips the line end and checks, in the board's order, length, checksum frame, CRC and
 * characters; returns the body. Reasons are worded as the board words its refusals. A line
 * from the board (`fromBoard`) of protocol 1 is refused as `legacy`.
 */
function unframe(raw: string, fromBoard: boolean): string {
  let line = raw;
  if (line.endsWith('\n')) line = line.slice(0, -1);
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (line.length > LIMITS.maxLine) refuse('long', `line over ${LIMITS.maxLine} bytes`);
  const star = line.indexOf('*');
  if (star < 0 || star !== line.length - 1 - LIMITS.crcDigits || !HEX_CRC.test(line.slice(star + 1))) {
    if (fromBoard) legacy(line, star);
    refuse('frame', 'no checksum');
  }
  const body = line.slice(0, star);
  const want = crc16(body);
  if (parseInt(line.slice(star + 1), 16) !== want) refuse('crc', `expected ${want.toString(16).toUpperCase().padStart(LIMITS.crcDigits, '0')}`);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) refuse('frame', 'bad character');
  }
  return body;
}

function words(body: string): string[] {
  return body.split(' ').filter((w) => w !== '');
}

function decimal(text: string | undefined, what: string, min: number, max: number): number {
  if (text === undefined) refuse('syntax', `${what} missing`);
  if (!/^[0-9]{1,10}$/.test(text)) refuse('syntax', `${what} '${text}' is not a decimal number`);
  const n = Number(text);
  if (n < min || n > max) refuse('arg', `${what} ${n} is out of range ${min}-${max}`);
  return n;
}

function expectCount(w: readonly string[], n: number, shape: string): void {
  if (w.length < n) refuse('syntax', `too few fields: ${shape}`);
  if (w.length > n) refuse('syntax', `too many fields: ${shape}`);
}

function squareNumber(text: string | undefined): number {
  return decimal(text, 'square', 1, 64) - 1;
}

function buttonNumber(text: string | undefined): BoardButton {
  return BOARD_BUTTONS[decimal(text, 'button', 1, BOARD_BUTTONS.length) - 1];
}

/** A hexadecimal bit set of up to 64 bits into a SquareSet (bit k-1 is square k). */
function hexSet(text: string | undefined, what: string): SquareSet {
  if (text === undefined) refuse('syntax', `${what} missing`);
  if (!/^[0-9A-Fa-f]{1,16}$/.test(text)) refuse('syntax', `${what} '${text}' is not 1-16 hexadecimal digits`);
  const lo = parseInt(text.slice(-8), 16);
  const hi = text.length > 8 ? parseInt(text.slice(0, -8), 16) : 0;
  return SquareSet.fromBits(lo, hi);
}

function buttonMask(text: string | undefined): BoardButton[] {
  if (text === undefined) refuse('syntax', 'BTNS missing');
  if (!/^[0-9A-Fa-f]{1,2}$/.test(text)) refuse('syntax', `BTNS '${text}' is not hexadecimal`);
  const mask = parseInt(text, 16);
  if (mask >> BOARD_BUTTONS.length !== 0) refuse('arg', `BTNS ${text} names a button above ${BOARD_BUTTONS.length}`);
  return BOARD_BUTTONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

function decodeHello(w: readonly string[]): BoardMessage {
  if (w[1] !== 'dambord') refuse('syntax', `HELLO from '${w[1] ?? ''}', not a dambord board`);
  const fw = w[2];
  if (fw === undefined || fw.includes('=')) refuse('syntax', 'HELLO without a firmware version');
  const fields = new Map<string, string>();
  for (const kv of w.slice(3)) {
    const eq = kv.indexOf('=');
    if (eq <= 0) refuse('syntax', `HELLO field '${kv}' is not key=value`);
    const key = kv.slice(0, eq);
    if (fields.has(key)) refuse('syntax', `HELLO field '${key}' twice`);
    fields.set(key, kv.slice(eq + 1));
  }
  const req = (key: string) => fields.get(key) ?? refuse('syntax', `HELLO without ${key}=`);
  const proto = decimal(req('proto'), 'proto', 1, 65535);
  const squares = decimal(req('squares'), 'squares', 1, 64);
  const buttons = fields.has('buttons') ? decimal(fields.get('buttons'), 'buttons', 0, BOARD_BUTTONS.length) : BOARD_BUTTONS.length;
  const capsText = fields.get('caps') ?? '';
  const caps = capsText === '' ? [] : capsText.split(',');
  if (caps.some((c) => c === '')) refuse('syntax', `HELLO caps '${capsText}' has an empty entry`);
  const ring = fields.has('ring') ? decimal(fields.get('ring'), 'ring', 0, LIMITS.seqMax) : 0;
  const boot = decimal(req('boot'), 'boot', 0, LIMITS.msMax);
  const extra: Record<string, string> = {};
  for (const [k, v] of fields) if (!['proto', 'squares', 'buttons', 'caps', 'ring', 'boot'].includes(k)) extra[k] = v;
  return { type: 'hello', fw, proto, squares, buttons, caps, ring, boot, extra };
}

function decodeEvent(w: readonly string[]): EventMessage {
  expectCount(w, 7, 'EV SEQ MS L|P|D|U ARG OCC BTNS');
  const seq = decimal(w[1], 'SEQ', 1, LIMITS.seqMax);
  const ms = decimal(w[2], 'MS', 0, LIMITS.msMax);
  const after = { type: 'event' as const, seq, ms, occupancy: hexSet(w[5], 'OCC'), buttons: buttonMask(w[6]) };
  switch (w[3]) {
    case 'L':
      return { ...after, kind: 'lift', square: squareNumber(w[4]) };
    case 'P':
      return { ...after, kind: 'place', square: squareNumber(w[4]) };
    case 'D':
      return { ...after, kind: 'down', button: buttonNumber(w[4]) };
    case 'U':
      return { ...after, kind: 'up', button: buttonNumber(w[4]) };
    default:
      return refuse('syntax', `event kind '${w[3]}' is not L, P, D or U`);
  }
}

function decodeBoardBody(body: string): BoardMessage {
  const w = words(body);
  switch (w[0]) {
    case 'HELLO':
      return decodeHello(w);
    case 'EV':
      return decodeEvent(w);
    case 'SNAP':
      expectCount(w, 5, 'SNAP SEQ MS OCC BTNS');
      return {
        type: 'snap',
        seq: decimal(w[1], 'SEQ', 0, LIMITS.seqMax),
        ms: decimal(w[2], 'MS', 0, LIMITS.msMax),
        occupancy: hexSet(w[3], 'OCC'),
        buttons: buttonMask(w[4]),
      };
    case 'HB':
      expectCount(w, 3, 'HB SEQ MS');
      return { type: 'hb', seq: decimal(w[1], 'SEQ', 0, LIMITS.seqMax), ms: decimal(w[2], 'MS', 0, LIMITS.msMax) };
    case 'OK':
      expectCount(w, 2, 'OK CMD');
      return { type: 'ok', command: w[1] };
    case 'ERR': {
      const m = /^ *ERR +([^ ]+) *(.*)$/.exec(body);
      if (m === null) return refuse('syntax', 'ERR without a code');
      return { type: 'err', code: m[1], text: m[2].trimEnd() };
    }
    case undefined:
      return refuse('syntax', 'empty body');
    default:
      return refuse('unknown', `unknown message '${w[0].slice(0, 16)}'`);
  }
}

function run<T>(line: string | Uint8Array, fromBoard: boolean, decodeBody: (body: string) => T): Decoded<T> {
  let text = '';
  try {
    text = toText(line);
    return { ok: true, message: decodeBody(unframe(text, fromBoard)) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: { kind: e.kind, reason: e.reason, line: text, ...(e.fw === undefined ? {} : { fw: e.fw }) } };
    return { ok: false, error: { kind: 'syntax', reason: `unreadable line (${String(e)})`, line: text } };
  }
}

/**
 * One line from the board (with or without its `\r\n`) into a message.
 *
 * @example
 * decodeBoardLine('EV 1 5120 L 32 3FFFF400FFFFF 0*HHHH')
 *   // { ok: true, message: { type: 'event', seq: 1, ms: 5120, kind: 'lift', square: 31, occupancy: ..., buttons: [] } }
 * decodeBoardLine('EV 1 5120 L 32 3FFFF400FFFFF 0*0000')  // { ok: false, error: { kind: 'crc', ... } }
 */
export function decodeBoardLine(line: string | Uint8Array): Decoded<BoardMessage> {
  return run(line, true, decodeBoardBody);
}

/** What a receiver of host lines knows about itself. */
export interface HostLineContext {
  /** The board's square count: an `LED` pattern must have exactly this many characters. */
  readonly squares: number;
}

const LED_PATTERNS = new Map<string, LedPattern>(Object.entries(LED_CHARS).map(([p, c]) => [c, p as LedPattern]));

/** The board's refusal of each command's arguments (docs/protocol.md, "Host to board"). */
function argText(word: string, ctx: HostLineContext): string {
  switch (word) {
    case 'RESEND':
      return 'RESEND SEQ 1-65535';
    case 'LED':
      return `LED PATTERN of ${ctx.squares} 0/1/S/F/A`;
    case 'BEEP':
      return 'BEEP HZ 100-8000 MS 1-2000';
    case 'CFG':
      return 'CFG make|break=0-255 snap|hb=0-65535';
    default:
      return `${word} takes no argument`;
  }
}

/** A number as the board reads it: up to five decimal digits, leading zeros allowed. */
function boardNumber(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^[0-9]{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function decodeHostBody(body: string, ctx: HostLineContext): HostCommand {
  const w = words(body);
  const word = w[0];
  const arg = (): never => refuse('arg', argText(word, ctx));
  switch (word) {
    case 'HELLO':
    case 'SNAP':
      if (w.length !== 1) arg();
      return { type: word === 'HELLO' ? 'hello' : 'snap' };
    case 'RESEND': {
      const seq = w.length === 2 ? boardNumber(w[1], 1, LIMITS.seqMax) : null;
      return seq === null ? arg() : { type: 'resend', seq };
    }
    case 'LED': {
      if (w.length !== 2 || w[1].length !== ctx.squares) arg();
      const frame: LedPattern[] = [];
      for (const ch of w[1]) frame.push(LED_PATTERNS.get(ch) ?? arg());
      return { type: 'led', frame: frame as LedFrame };
    }
    case 'BEEP': {
      const hz = w.length === 3 ? boardNumber(w[1], LIMITS.hz[0], LIMITS.hz[1]) : null;
      const ms = w.length === 3 ? boardNumber(w[2], LIMITS.beepMs[0], LIMITS.beepMs[1]) : null;
      return hz === null || ms === null ? arg() : { type: 'beep', hz, ms };
    }
    case 'CFG': {
      // Any number of pairs, in any order, the last of a repeated key counting; all or nothing.
      const config: { -readonly [K in keyof LinkConfig]?: number } = {};
      for (const kv of w.slice(1)) {
        const eq = kv.indexOf('=');
        const key = kv.slice(0, eq) as keyof LinkConfig;
        if (eq <= 0 || !(CONFIG_KEYS as readonly string[]).includes(key)) arg();
        const v = boardNumber(kv.slice(eq + 1), LIMITS[key][0], LIMITS[key][1]);
        if (v === null) arg();
        else config[key] = v;
      }
      return { type: 'cfg', config };
    }
    case undefined:
      return refuse('syntax', 'empty line');
    default:
      return refuse('unknown', 'unknown command');
  }
}

/**
 * One line from the host into a command, as the board (or a test peer standing in for it)
 * reads it. On failure the board answers `ERR ${errCodeFor(error.kind)} ${error.reason}`.
 * (The board skips empty lines: check for one before calling this.)
 */
export function decodeHostLine(line: string | Uint8Array, ctx: HostLineContext): Decoded<HostCommand> {
  return run(line, false, (body) => decodeHostBody(body, ctx));
}
