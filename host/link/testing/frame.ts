/**
 * TEST HELPER: lines framed as docs/protocol.md "Lines" says, with the CRC-16/CCITT-FALSE the
 * simulator's tests write from the specification, bit by bit (hardware/sim/testkit.ts:
 * polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; check value 0x29B1 for
 * `123456789`), not with the product's codec, so that tests built on it check the codec instead
 * of agreeing with it.
 */
import { crcHex } from '../../../hardware/sim/testkit.ts';

/** The CRC of `body` as a line carries it: four upper-case hex digits. */
export const specCrcHex = crcHex;

/** `body` framed as a line, without the line end: `BODY*HHHH`. */
export function framed(body: string): string {
  return `${body}*${specCrcHex(body)}`;
}

/** CRC-8/SMBUS (polynomial 0x07, initial 0), the checksum of link protocol 1, bit by bit. */
function specCrc8(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff;
    for (let b = 0; b < 8; b++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** A line of link protocol 1 (firmware 1.x): `BODY*HH`. */
export function framedV1(body: string): string {
  return `${body}*${specCrc8(body).toString(16).toUpperCase().padStart(2, '0')}`;
}
