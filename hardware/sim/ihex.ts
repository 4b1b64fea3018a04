/**
 * Intel HEX (the format avr-objcopy writes and avrdude flashes) into an AVR program memory.
 *
 * Records are `:LLAAAATT<data>CC`: LL data bytes at address AAAA, record type TT, checksum CC
 * (the two's complement of the sum of every other byte). Types: 00 data, 01 end of file,
 * 02 extended segment address (base = value * 16), 04 extended linear address (base = value
 * << 16); 03 and 05 (start addresses) are read and ignored, as a flash programmer ignores them.
 *
 * A parser, so it returns a result with an error instead of throwing (style.md item 1).
 *
 * @example
 *   const r = parseIntelHex(readFileSync('firmware/hex/dambord-10x10.hex', 'utf8'));
 *   if (!r.ok) throw new Error(`line ${r.line}: ${r.error}`);
 *   new CPU(r.program);   // avr8js
 */

import { readFileSync } from 'node:fs';

/** The ATmega328P's flash: 32 KiB, 16384 words of 16 bits. */
export const ATMEGA328P_FLASH_BYTES = 32768;

export type IntelHexResult =
  | {
      readonly ok: true;
      /** Program memory as 16-bit little-endian words, the size of the flash; unwritten bytes are 0xFF (erased). */
      readonly program: Uint16Array;
      /** Data bytes the file wrote. */
      readonly bytes: number;
      /** One past the highest byte address written. */
      readonly end: number;
    }
  | {
      readonly ok: false;
      /** What is wrong, for people. */
      readonly error: string;
      /** 1-based line of the file. */
      readonly line: number;
    };

/**
 * Reads Intel HEX text into a flash image of `flashBytes` bytes (default: the ATmega328P's).
 * Blank lines are skipped; anything after the end-of-file record is ignored. Fails on a bad
 * record, a bad checksum, data outside the flash, or a missing end-of-file record.
 */
export function parseIntelHex(text: string, flashBytes: number = ATMEGA328P_FLASH_BYTES): IntelHexResult {
  const image = new Uint8Array(flashBytes).fill(0xff);
  const lines = text.split(/\r?\n/);
  let base = 0;
  let bytes = 0;
  let end = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const no = i + 1;
    if (line === '') continue;
    if (!/^:([0-9A-Fa-f]{2})+$/.test(line) || line.length < 11) return { ok: false, error: 'not an Intel HEX record', line: no };
    const rec = new Uint8Array((line.length - 1) / 2);
    for (let j = 0; j < rec.length; j++) rec[j] = parseInt(line.slice(1 + 2 * j, 3 + 2 * j), 16);
    const len = rec[0];
    if (rec.length !== len + 5) return { ok: false, error: `record says ${len} data bytes but has ${rec.length - 5}`, line: no };
    let sum = 0;
    for (const b of rec) sum = (sum + b) & 0xff;
    if (sum !== 0) return { ok: false, error: 'bad checksum', line: no };
    const addr = (rec[1] << 8) | rec[2];
    const type = rec[3];
    const data = rec.subarray(4, 4 + len);
    switch (type) {
      case 0x00: {
        const at = base + addr;
        if (at + len > flashBytes) return { ok: false, error: `data at 0x${at.toString(16)} beyond the ${flashBytes}-byte flash`, line: no };
        image.set(data, at);
        bytes += len;
        end = Math.max(end, at + len);
        break;
      }
      case 0x01:
        return { ok: true, program: words(image), bytes, end };
      case 0x02:
        if (len !== 2) return { ok: false, error: 'extended segment address needs 2 bytes', line: no };
        base = ((data[0] << 8) | data[1]) * 16;
        break;
      case 0x04:
        if (len !== 2) return { ok: false, error: 'extended linear address needs 2 bytes', line: no };
        base = ((data[0] << 8) | data[1]) * 65536;
        break;
      case 0x03:
      case 0x05:
        break;
      default:
        return { ok: false, error: `unknown record type ${type}`, line: no };
    }
  }
  return { ok: false, error: 'no end-of-file record', line: lines.length };
}

/** Little-endian 16-bit words, as the AVR fetches them, whatever the host's byte order. */
function words(image: Uint8Array): Uint16Array {
  const out = new Uint16Array(image.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = image[2 * i] | (image[2 * i + 1] << 8);
  return out;
}

/** Reads an Intel HEX file; throws (programmer or installation error) if it does not parse. */
export function loadIntelHex(path: string | URL, flashBytes: number = ATMEGA328P_FLASH_BYTES): Uint16Array {
  const r = parseIntelHex(readFileSync(path, 'utf8'), flashBytes);
  if (!r.ok) throw new Error(`${String(path)}: line ${r.line}: ${r.error}`);
  return r.program;
}
