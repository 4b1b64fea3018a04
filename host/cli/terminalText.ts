// Text from outside (a name typed, a tag read) made safe to print on a terminal: no escape
// sequence reaches it (colours, cursor moves, a changed title, a rewritten line) and no
// bidirectional control turns the rest of the line round.

/** An escape sequence: CSI (`ESC [` … final byte), OSC/DCS/PM/APC/SOS (to BEL or `ESC \`), or ESC and one character; C1's CSI (U+009B) alike. */
// eslint-disable-next-line no-control-regex
const ESCAPE_SEQUENCE = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u001b[\]PX^_][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[\u0020-\u007e]?/g;

/**
 * The controls shown as U+FFFD: C0 (tab, newline and the rest), DEL and C1, and the bidirectional
 * controls (LRM, RLM, ALM; the embeddings and overrides U+202A-U+202E; the isolates U+2066-U+2069).
 */
const CONTROL = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` as it may be printed on a terminal: each escape sequence and each control character
 * (C0, C1, DEL) or bidirectional control replaced by one U+FFFD, which shows that something was
 * there; all else kept as it was.
 *
 * @example forTerminal('Anna\u001b[2J\u202eBert') // 'Anna\ufffd\ufffdBert'
 */
export function forTerminal(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '\ufffd').replace(CONTROL, '\ufffd');
}
