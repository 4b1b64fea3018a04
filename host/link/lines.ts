/**
 * Bytes from the board into lines, in linear time and bounded memory: the splitter between the
 * serial port and the codec (docs/protocol.md, "Lines").
 *
 * A line ends at `\n`. A line is kept only up to `maxLine` characters and one `\r` (the line
 * end the codec drops); a line that goes past that is handed on at once as its first
 * `maxLine + 2` characters, which the codec refuses as `long` (counted in the link's
 * `longLines`), and the rest of it is discarded up to the next `\n`. So a board, or noise, that
 * sends megabytes without a line end costs no more memory than one line, and each byte is
 * looked at once.
 *
 * Characters are bytes (latin1): the CRC and the length checks see the bytes as sent.
 */
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;

/** Splits a byte stream into lines; emits strings (object mode), without their `\n`, skipping empty ones. */
export class LineSplitter extends Transform {
  /** The line so far: at most `keep` characters. */
  #line = '';
  /** The line went past `keep`: it was handed on, and the rest of it is dropped. */
  #discarding = false;
  /** Characters kept of a line: `maxLine` and a `\r`. */
  readonly #keep: number;
  constructor(readonly maxLine: number) {
    super({ readableObjectMode: true });
    this.#keep = maxLine + 1;
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    let start = 0;
    while (start <= bytes.length) {
      const nl = bytes.indexOf(NEWLINE, start);
      const end = nl < 0 ? bytes.length : nl;
      if (!this.#discarding && end > start) {
        const room = this.#keep - this.#line.length;
        if (end - start <= room) {
          this.#line += bytes.toString('latin1', start, end);
        } else {
          // One character past what a line may hold: the codec sees it is too long.
          this.push(this.#line + bytes.toString('latin1', start, start + room + 1));
          this.#line = '';
          this.#discarding = true;
        }
      }
      if (nl < 0) break;
      if (this.#discarding) this.#discarding = false;
      else if (this.#line !== '') this.push(this.#line);
      this.#line = '';
      start = nl + 1;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line without its `\n` is not a line: the board ends every line.
    this.#line = '';
    this.#discarding = false;
    done();
  }
}
