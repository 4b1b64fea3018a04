// Bytes of a PDN file to text: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (the
// latin-1 superset that Windows draughts programs write). Pure: no Node APIs.

// Windows-1252 code points for the bytes 0x80..0x9F; the five unassigned bytes keep their C1
// code point, as the WHATWG Encoding Standard does.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes the bytes of a PDN file to a string ready for {@link parsePdnText}.
 *
 * - A UTF-8 byte order mark is dropped.
 * - Valid UTF-8 is decoded as UTF-8; anything else as Windows-1252, since real club files are
 *   latin-1 (`0xE9` is `é`, `0x93` is `“`).
 * - Line endings are normalised: CRLF and a lone CR become LF.
 *
 * Never throws.
 *
 * @example decodePdnBytes(new Uint8Array([0x5b, 0x45, 0xe9, 0x0d, 0x0a])) // '[Eé\n'
 */
export function decodePdnBytes(bytes: Uint8Array): string {
  let body = bytes;
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    text = decodeWindows1252(body);
  }
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}

function decodeWindows1252(bytes: Uint8Array): string {
  const chunks: string[] = [];
  const codes = new Array<number>(Math.min(bytes.length, 8192));
  for (let start = 0; start < bytes.length; start += 8192) {
    const end = Math.min(bytes.length, start + 8192);
    codes.length = end - start;
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    chunks.push(String.fromCharCode(...codes));
  }
  return chunks.join('');
}
