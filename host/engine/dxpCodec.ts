import type { Color } from '../../rules/index.ts';

/**
 * DamExchange (DXP) layer 2: the messages two draughts programs exchange, to and from text.
 * Pure: no sockets, no clocks. The texts quoted are the protocol's own pages
 * (mesander.nl/damexchange: edxplg2.htm, egamereq.htm, egameacc.htm, emove.htm, egameend.htm,
 * echat.htm, backreq.htm, ebackacc.htm, esocket.htm).
 *
 * edxplg2.htm: "The first character position of each message denotes the message type. The
 * messages consist of character strings of 1 to 127 characters of the ASCII character set
 * (values 1 to and including 127 only)."
 *
 * Squares are the field numbers 1-50 of the 10x10 board (FMJD 2.6), as DXP writes them.
 */
export type DxpMessage = DxpGameReq | DxpGameAcc | DxpMove | DxpGameEnd | DxpChat | DxpBackReq | DxpBackAcc;

/** GAMEREQ ('R'): "Only the Initiator may send a GAMEREQ message." */
export interface DxpGameReq {
  readonly type: 'gamereq';
  /** "version of the DamExchange protocol, always '01'". */
  readonly version: string;
  /** "name of the computer program that sends the message" (trailing blanks removed). */
  readonly initiator: string;
  /** "the color (white or black) the Follower plays with". */
  readonly followerColor: Color;
  /** "the time in minutes for each player for the whole game" (0-999). */
  readonly minutes: number;
  /** "the total number of moves for the whole game"; 0: "no limit" (0-999). */
  readonly moves: number;
  /** null: 'A', "the normal starting position (with white to move first)"; else 'B' with the side to move and the 50 fields. */
  readonly position: DxpPosition | null;
}

/** A position as GAMEREQ carries it: the side to move and one letter per field 1-50 (`e` empty, `w`/`z` a white/black man, `W`/`Z` a king). */
export interface DxpPosition {
  readonly turn: Color;
  readonly fields: string;
}

/** GAMEACC ('A'): the Follower's answer to GAMEREQ. */
export interface DxpGameAcc {
  readonly type: 'gameacc';
  readonly follower: string;
  /** 0 accepts; 1 "the protocol version ... is not as expected"; 2 declines this game; 3 "does not want to play any game at all". */
  readonly code: 0 | 1 | 2 | 3;
}

/** MOVE ('M'): "passes a move to the opponent program". */
export interface DxpMove {
  readonly type: 'move';
  /** "the time in seconds the program used to generate the move" (0-9999, "for informational purposes only"). */
  readonly seconds: number;
  readonly from: number;
  readonly to: number;
  /** The captured fields; "the order in which the fields are specified is not important". */
  readonly captured: readonly number[];
}

/** GAMEEND ('E'): a request to end the game, or its acknowledgement. */
export interface DxpGameEnd {
  readonly type: 'gameend';
  /** 0 no reason given; "`1' (I give up), `2' (draw ...), '3' (I win)". */
  readonly reason: 0 | 1 | 2 | 3;
  /** 0: "willing to play a next game"; 1: "wants to stop entirely". */
  readonly stop: 0 | 1;
}

/** CHAT ('C'): "free-format text", 1 to 126 characters. */
export interface DxpChat {
  readonly type: 'chat';
  readonly text: string;
}

/** BACKREQ ('B'): to go back to move `move` (1-999) with `color` to move. */
export interface DxpBackReq {
  readonly type: 'backreq';
  readonly move: number;
  readonly color: Color;
}

/** BACKACC ('K'): the answer to BACKREQ: 0 accepted, 1 not supported, 2 declined. */
export interface DxpBackAcc {
  readonly type: 'backacc';
  readonly code: 0 | 1 | 2;
}

/** The longest message (edxplg2.htm: "1 to 127 characters"). */
export const DXP_MAX_LENGTH = 127;

/** esocket.htm: "The SOCKET protocol uses port 27531." */
export const DXP_PORT = 27531;

/** The result of reading a message: the message, or why it is not one (a sentence). */
export type DxpRead = { readonly ok: true; readonly message: DxpMessage } | { readonly ok: false; readonly reason: string };

const colorLetter = (c: Color) => (c === 'white' ? 'W' : 'Z');
const digits = (n: number, width: number) => String(n).padStart(width, '0');

/** The text of a message (without the NUL that ends it on a socket). Fields out of range are clamped to their width. */
export function encodeDxp(m: DxpMessage): string {
  switch (m.type) {
    case 'gamereq': {
      // egamereq.htm: "the name should consist of exactly 32 positions; if the name is shorter
      // than 32 positions, add trailing blanks at the right"; times and moves "in 3 positions".
      const head = `R${m.version}${name32(m.initiator)}${colorLetter(m.followerColor)}${digits(clamp(m.minutes, 999), 3)}${digits(clamp(m.moves, 999), 3)}`;
      return m.position ? `${head}B${colorLetter(m.position.turn)}${m.position.fields}` : `${head}A`;
    }
    case 'gameacc':
      return `A${name32(m.follower)}${m.code}`;
    case 'move':
      return `M${digits(clamp(m.seconds, 9999), 4)}${digits(m.from, 2)}${digits(m.to, 2)}${digits(m.captured.length, 2)}${m.captured.map((s) => digits(s, 2)).join('')}`;
    case 'gameend':
      return `E${m.reason}${m.stop}`;
    case 'chat':
      return `C${asciiText(m.text).slice(0, DXP_MAX_LENGTH - 1) || ' '}`;
    case 'backreq':
      return `B${digits(clamp(m.move, 999), 3)}${colorLetter(m.color)}`;
    case 'backacc':
      return `K${m.code}`;
  }
}

/** Reads one message's text (the NUL already taken off); every field is checked against the protocol's pages. */
export function decodeDxp(text: string): DxpRead {
  if (text.length === 0) return bad('the message is empty (a message has 1 to 127 characters)');
  if (text.length > DXP_MAX_LENGTH) return bad(`the message has ${text.length} characters (at most ${DXP_MAX_LENGTH})`);
  if ([...text].some((c) => c.charCodeAt(0) < 1 || c.charCodeAt(0) > 127)) return bad('the message has a character outside ASCII 1-127');
  switch (text[0]) {
    case 'R':
      return decodeGameReq(text);
    case 'A':
      return decodeGameAcc(text);
    case 'M':
      return decodeMove(text);
    case 'E':
      return exact(text, 3, 'GAMEEND') ?? codes(text, 'GAMEEND', '0123', '01', (reason, stop) => ({ type: 'gameend', reason: reason as 0 | 1 | 2 | 3, stop: stop as 0 | 1 }));
    case 'C':
      return text.length < 2 ? bad('CHAT has no text (1 to 126 characters)') : ok({ type: 'chat', text: text.slice(1) });
    case 'B': {
      const wrong = exact(text, 5, 'BACKREQ');
      if (wrong) return wrong;
      const move = number(text, 1, 3, 1, 999);
      const color = colorOf(text[4]);
      if (move === null) return bad(`BACKREQ's move number "${text.slice(1, 4)}" is not 001-999`);
      return color ? ok({ type: 'backreq', move, color }) : bad(`BACKREQ's colour "${text[4]}" is not W or Z`);
    }
    case 'K':
      return exact(text, 2, 'BACKACC') ?? codes(text, 'BACKACC', '012', null, (code) => ({ type: 'backacc', code: code as 0 | 1 | 2 }));
    default:
      return bad(`"${text[0]}" is not a DXP message type (R, A, M, E, C, B or K)`);
  }
}

/** GAMEREQ: 'R', version 2, name 32, Follower colour 1, time 3, moves 3, 'A' | 'B' + colour 1 + position 50. */
function decodeGameReq(text: string): DxpRead {
  if (text.length !== 43 && text.length !== 94) return bad(`GAMEREQ has ${text.length} characters (43 with 'A', 94 with 'B' and a position)`);
  const followerColor = colorOf(text[35]);
  const minutes = number(text, 36, 3, 0, 999);
  const moves = number(text, 39, 3, 0, 999);
  if (!followerColor) return bad(`GAMEREQ's Follower colour "${text[35]}" is not W or Z`);
  if (minutes === null || moves === null) return bad('GAMEREQ\'s thinking time and number of moves must be 3 digits each');
  const common = { type: 'gamereq', version: text.slice(1, 3), initiator: text.slice(3, 35).trimEnd(), followerColor, minutes, moves } as const;
  if (text[42] === 'A' && text.length === 43) return ok({ ...common, position: null });
  if (text[42] !== 'B' || text.length !== 94) return bad(`GAMEREQ's starting position "${text[42]}" is not 'A' (alone) or 'B' (with a position)`);
  const turn = colorOf(text[43]);
  const fields = text.slice(44);
  if (!turn) return bad(`GAMEREQ's colour to move "${text[43]}" is not W or Z`);
  if (!/^[ewzWZ]{50}$/.test(fields)) return bad('GAMEREQ\'s position must be 50 letters e, w, z, W or Z');
  return ok({ ...common, position: { turn, fields } });
}

/** GAMEACC: 'A', name 32, acceptance code 0-3. */
function decodeGameAcc(text: string): DxpRead {
  const wrong = exact(text, 34, 'GAMEACC');
  if (wrong) return wrong;
  const code = '0123'.indexOf(text[33]);
  if (code < 0) return bad(`GAMEACC's acceptance code "${text[33]}" is not 0-3`);
  return ok({ type: 'gameacc', follower: text.slice(1, 33).trimEnd(), code: code as 0 | 1 | 2 | 3 });
}

/** MOVE: 'M', time 4, from 2, to 2, number captured 2 ("`00' to `20'"), then "exactly twice the number in number captured" characters. */
function decodeMove(text: string): DxpRead {
  if (text.length < 11) return bad(`MOVE has ${text.length} characters (at least 11)`);
  const seconds = number(text, 1, 4, 0, 9999);
  const from = number(text, 5, 2, 1, 50);
  const to = number(text, 7, 2, 1, 50);
  const count = number(text, 9, 2, 0, 20);
  if (seconds === null) return bad(`MOVE's time "${text.slice(1, 5)}" is not 4 digits`);
  if (from === null || to === null) return bad(`MOVE's fields "${text.slice(5, 7)}" and "${text.slice(7, 9)}" must be 01-50`);
  if (count === null) return bad(`MOVE's number captured "${text.slice(9, 11)}" is not 00-20`);
  if (text.length !== 11 + 2 * count) return bad(`MOVE says ${count} captured but has ${text.length - 11} characters after it (${2 * count} expected)`);
  const captured: number[] = [];
  for (let i = 0; i < count; i++) {
    const sq = number(text, 11 + 2 * i, 2, 1, 50);
    if (sq === null) return bad(`MOVE's captured field "${text.slice(11 + 2 * i, 13 + 2 * i)}" is not 01-50`);
    if (captured.includes(sq)) return bad(`MOVE names captured field ${sq} twice`);
    captured.push(sq);
  }
  return ok({ type: 'move', seconds, from, to, captured });
}

function codes(text: string, name: string, first: string, second: string | null, make: (a: number, b: number) => DxpMessage): DxpRead {
  const a = first.indexOf(text[1]);
  if (a < 0) return bad(`${name}'s code "${text[1]}" is not one of ${first.split('').join(', ')}`);
  if (second === null) return ok(make(a, 0));
  const b = second.indexOf(text[2]);
  if (b < 0) return bad(`${name}'s stop code "${text[2]}" is not one of ${second.split('').join(', ')}`);
  return ok(make(a, b));
}

function exact(text: string, length: number, name: string): DxpRead | null {
  return text.length === length ? null : bad(`${name} has ${text.length} characters (${length} expected)`);
}

/** The digits at `at` (exactly `width` of them) as a number within [min, max], or null. */
function number(text: string, at: number, width: number, min: number, max: number): number | null {
  const s = text.slice(at, at + width);
  if (!/^\d+$/.test(s) || s.length !== width) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

function colorOf(letter: string | undefined): Color | null {
  return letter === 'W' ? 'white' : letter === 'Z' ? 'black' : null;
}

/** egamereq.htm: "exactly 32 positions ... add trailing blanks ... the name should not start with a blank character". */
function name32(name: string): string {
  return asciiText(name).trimStart().slice(0, 32).padEnd(32, ' ');
}

/** Text as DXP may carry it: ASCII 32-126 (a program's name or a chat line), anything else as '?'. */
function asciiText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

function clamp(n: number, max: number): number {
  return Math.max(0, Math.min(max, Math.round(n)));
}

function ok(message: DxpMessage): DxpRead {
  return { ok: true, message };
}

function bad(reason: string): DxpRead {
  return { ok: false, reason };
}

/**
 * Cuts a byte stream into messages (esocket.htm: "a message of 1 to 127 characters is sent as
 * data through stream sockets after adding a '\0' character at the end of the message"). Holds
 * at most 127 bytes: a longer run without a NUL is reported once and skipped up to the next NUL.
 */
export class DxpFramer {
  private buffer: number[] = [];
  private overflow = false;

  /** The messages (texts) and framing faults completed by `chunk`, in order. */
  push(chunk: Uint8Array): ({ readonly text: string } | { readonly fault: string; readonly text: string })[] {
    const out: ({ text: string } | { fault: string; text: string })[] = [];
    for (const byte of chunk) {
      if (byte === 0) {
        const text = String.fromCharCode(...this.buffer);
        if (this.overflow) {
          // Reported when it began; the NUL ends it.
        } else if (text.length === 0) out.push({ fault: 'an empty message (a lone NUL)', text });
        else out.push({ text });
        this.buffer = [];
        this.overflow = false;
      } else if (this.buffer.length < DXP_MAX_LENGTH) this.buffer.push(byte);
      else if (!this.overflow) {
        this.overflow = true;
        out.push({ fault: `more than ${DXP_MAX_LENGTH} characters without the NUL that ends a message`, text: String.fromCharCode(...this.buffer) });
      }
    }
    return out;
  }
}
