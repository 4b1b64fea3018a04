/**
 * CRC-8/SMBUS, the checksum of every line of the dambord link (docs/protocol.md, "Lines"):
 * polynomial 0x07, initial value 0x00, no reflection, no final XOR. Check value: the CRC of
 * the ASCII bytes `123456789` is 0xF4.
 */

const TABLE = (() => {
  const t = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let b = 0; b < 8; b++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
    t[i] = c;
  }
  return t;
})();

/** CRC-8/SMBUS of `data`; a string is taken as one byte per character (latin1). */
export function crc8(data: Uint8Array | string): number {
  let c = 0;
  if (typeof data === 'string') {
    for (let i = 0; i < data.length; i++) c = TABLE[c ^ (data.charCodeAt(i) & 0xff)];
  } else {
    for (const byte of data) c = TABLE[c ^ byte];
  }
  return c;
}

/** The CRC as the wire writes it: two upper-case hexadecimal digits. */
export function crcHex(data: Uint8Array | string): string {
  return crc8(data).toString(16).toUpperCase().padStart(2, '0');
}
