/**
 * Small helpers for driving a SimulatedBoard from tests and benchmarks: the protocol's CRC-16
 * and line framing (docs/protocol.md, written here independently of host/link so the tests check
 * the firmware against the document, not against another implementation), and a collector of
 * the lines the board sends with the board time each was complete.
 */

import type { SimulatedBoard } from './board.ts';

/** CRC-16/CCITT-FALSE: polynomial 0x1021, init 0xFFFF, no reflection, no final XOR (check value 0x29B1 for "123456789"). */
export function crc16(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The CRC of a body as a line carries it: four upper-case hex digits. */
export function crcHex(body: string): string {
  return crc16(body).toString(16).toUpperCase().padStart(4, '0');
}

/** `BODY*HHHH\n` with the body's CRC. */
export function frame(body: string): string {
  return `${body}*${crcHex(body)}\n`;
}

/** A line as the board sent it, split at `*`, with whether its CRC is right. */
export interface ReceivedLine {
  readonly text: string;
  readonly body: string;
  readonly crcOk: boolean;
  /** Board time its `\n` was out, ms. */
  readonly ms: number;
}

/** Checks a received line (without `\n`): body, and whether `*HHHH` matches. */
export function checkLine(text: string): { body: string; crcOk: boolean } {
  const star = text.lastIndexOf('*');
  if (star < 0) return { body: text, crcOk: false };
  const body = text.slice(0, star);
  const hh = text.slice(star + 1);
  return { body, crcOk: /^[0-9A-F]{4}$/.test(hh) && parseInt(hh, 16) === crc16(body) };
}

/** Collects the board's lines as they complete. */
export class LineCollector {
  readonly lines: ReceivedLine[] = [];
  private partial = '';
  private readonly off: () => void;

  constructor(private readonly board: SimulatedBoard) {
    this.off = board.onTx((bytes) => {
      for (const b of bytes) {
        if (b === 0x0a) {
          const text = this.partial.replace(/\r$/, '');
          this.partial = '';
          this.lines.push({ text, ...checkLine(text), ms: this.board.simTimeMs });
        } else {
          this.partial += String.fromCharCode(b);
        }
      }
    });
  }

  /** The bodies of the lines so far, optionally only those starting with a word. */
  bodies(prefix?: string): string[] {
    return this.lines.map((l) => l.body).filter((b) => prefix === undefined || b === prefix || b.startsWith(`${prefix} `));
  }

  /** Forgets the lines so far. */
  clear(): void {
    this.lines.length = 0;
  }

  /** Runs the board in 1 ms steps until a new line satisfies `match` (returns it) or `withinMs` pass (returns undefined). */
  waitFor(match: (l: ReceivedLine) => boolean, withinMs = 1000): ReceivedLine | undefined {
    const end = this.board.simTimeMs + withinMs;
    for (let i = this.lines.length; ; ) {
      for (; i < this.lines.length; i++) if (match(this.lines[i])) return this.lines[i];
      if (this.board.simTimeMs >= end) return undefined;
      this.board.advance(Math.min(1, end - this.board.simTimeMs));
    }
  }

  dispose(): void {
    this.off();
  }
}
