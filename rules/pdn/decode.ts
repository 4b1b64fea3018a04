// Bytes of a text file (a PDN file, an action script) to text: UTF-16 when it says so by its byte
// order mark or shows it by its NUL bytes, UTF-8 when the bytes are valid UTF-8, else
// Windows-1252 (the latin-1 superset that Windows draughts programs write). Pure: no Node APIs.

// Windows-1252 code points for the bytes 0x80..0x9F; the five unassigned bytes keep their C1
// code point, as the WHATWG Encoding Standard does.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf16le = new TextDecoder('utf-16le');

/**
 * Decodes the bytes of a text file (a PDN file, an action script) to a string ready for
 * {@link parsePdnText} or the action-script parser.
 *
 * - UTF-16, little- or big-endian, is recognised by its byte order mark (`FF FE`, `FE FF`),
 *   which is dropped, or without one by its NUL bytes: in the first KB, at least every other
 *   byte NUL and few of the others (mostly ASCII text saved as UTF-16). A last byte
 *   on its own, or a lone surrogate, becomes U+FFFD.
 * - A UTF-8 byte order mark is dropped.
 * - Valid UTF-8 is decoded as UTF-8; anything else as Windows-1252, since real club files are
 *   latin-1 (`0xE9` is `é`, `0x93` is `“`).
 * - Line endings are normalised: CRLF and a lone CR become LF.
 *
 * Lines and columns in the text are those of the file's characters whatever its encoding.
 * Never throws.
 *
 * @example decodeText(new Uint8Array([0x5b, 0x45, 0xe9, 0x0d, 0x0a])) // '[Eé\n'
 * @example decodeText(new Uint8Array([0xff, 0xfe, 0x2a, 0x00])) // '*'
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  const endian = utf16Endian(bytes);
  if (endian === 'le') text = utf16le.decode(bytes);
  else if (endian === 'be') text = utf16le.decode(swapPairs(bytes));
  else {
    const body = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    try {
      text = utf8.decode(body);
    } catch {
      text = decodeWindows1252(body);
    }
  }
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}

/** The bytes of a PDN file as text: {@link decodeText}. */
export const decodePdnBytes: (bytes: Uint8Array) => string = decodeText;

/** Whether the bytes are UTF-16 and which way round: by the byte order mark, else by where the NUL bytes of the first KB are (null: not UTF-16). */
function utf16Endian(bytes: Uint8Array): 'le' | 'be' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  const pairs = Math.min(512, bytes.length >> 1);
  let evenNul = 0;
  let oddNul = 0;
  for (let k = 0; k < pairs; k++) {
    if (bytes[2 * k] === 0) evenNul++;
    if (bytes[2 * k + 1] === 0) oddNul++;
  }
  // ASCII saved as UTF-16 has a NUL in every pair, on one side; a few on the other side are characters such as U+0100.
  if (oddNul * 2 >= pairs && evenNul * 4 < oddNul) return 'le';
  if (evenNul * 2 >= pairs && oddNul * 4 < evenNul) return 'be';
  return null;
}

/** Big-endian UTF-16 as little-endian: each pair of bytes swapped (a last byte on its own kept). */
function swapPairs(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    out[i] = bytes[i + 1];
    out[i + 1] = bytes[i];
  }
  if (bytes.length % 2) out[bytes.length - 1] = bytes[bytes.length - 1];
  return out;
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
