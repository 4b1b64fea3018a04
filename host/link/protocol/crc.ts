/**
 * CRC-16/CCITT-FALSE, the checksum of every line of the dambord link (docs/protocol.md,
 * "Lines"): polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. Check value:
 * the CRC of the ASCII bytes `123456789` is 0x29B1. A corrupted line passes it about once in
 * 65536, and never when the damage is one burst of up to 16 bits.
 *
 * And CRC-8/SMBUS, the checksum of link protocol 1 (firmware 1.x), kept only to recognise such
 * a board and say that it needs the new firmware.
 */

const TABLE = (() => {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 8;
    for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    t[i] = c;
  }
  return t;
})();

/** CRC-16/CCITT-FALSE of `data`; a string is taken as one byte per character (latin1). */
export function crc16(data: Uint8Array | string): number {
  let c = 0xffff;
  if (typeof data === 'string') {
    for (let i = 0; i < data.length; i++) c = ((c << 8) & 0xffff) ^ TABLE[(c >> 8) ^ (data.charCodeAt(i) & 0xff)];
  } else {
    for (const byte of data) c = ((c << 8) & 0xffff) ^ TABLE[(c >> 8) ^ byte];
  }
  return c;
}

/** The CRC as the wire writes it: four upper-case hexadecimal digits. */
export function crcHex(data: Uint8Array | string): string {
  return crc16(data).toString(16).toUpperCase().padStart(4, '0');
}

/** CRC-8/SMBUS (polynomial 0x07, initial 0, check value 0xF4): the lines of link protocol 1. */
export function legacyCrc8(text: string): number {
  let c = 0;
  for (let i = 0; i < text.length; i++) {
    c ^= text.charCodeAt(i) & 0xff;
    for (let b = 0; b < 8; b++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
  }
  return c;
}
