// The PDN tokenizer: one pass over the string with charCodeAt, one token at a time.
// It follows the liberal reading grammar of PDN 3.0 (wiegerw/pdn, doc/grammar.rst, "PDN Reading
// Grammar") and the oddities of real files listed in doc/issues.rst. It never throws: text it
// cannot read becomes a 'bad' token whose `code` says what and whose `text` says why.

import type { PdnErrorCode, SourcePos } from './errors.ts';

/** What the current token of a {@link PdnLexer} is. */
export type TokenKind =
  | 'eof'
  | 'tag' // [Name "value"]: text = name, value = value
  | 'comment' // {...} or ; to end of line: text = the comment, whitespace collapsed
  | 'movenum' // 12. or 12...: number, black = written with an ellipsis
  | 'ellipsis' // ... on its own
  | 'move' // 32-28, 32x23x14, c3:e5, a3b4: text (spaces removed), glued = strengths glued to it
  | 'strength' // ! ?! (?) standing alone: text without parentheses
  | 'nag' // $3: text
  | 'open' // ( starting a variation
  | 'close' // )
  | 'setup' // /FEN "..."/: text = the FEN
  | 'result' // 2-0, 1/2-1/2, *, 1 1/2 - 1/2: text
  | 'bad'; // unreadable text: code = what is wrong, text = the reason, a sentence

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === 0xa0 || c === 0xfeff || c === 11 || c === 12;
}
function isEscapedBreak(c: number): boolean {
  return c === 110 /* n */ || c === 114 /* r */ || c === 116 /* t */;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}
/** Characters that may directly follow a move or result: whitespace and punctuation that starts a token. */
function isDelimiter(c: number): boolean {
  return (
    isBlank(c) || c === LF || c === CR || c === 123 /* { */ || c === 40 /* ( */ || c === 41 /* ) */ ||
    c === 91 /* [ */ || c === 59 /* ; */ || c === 36 /* $ */ || c === 125 /* } */ || c === 93 /* ] */ || Number.isNaN(c)
  );
}
/** A character that shows as nothing, or garbles a terminal: C0 and C1 controls (a NUL byte from a binary file, say). */
function isControl(c: number): boolean {
  return c < 32 || (c >= 0x7f && c <= 0x9f);
}
function isSeparator(c: number): boolean {
  return c === 45 /* - */ || c === 120 /* x */ || c === 88 /* X */ || c === 58 /* : */;
}

/** Collapses every run of whitespace to one space and trims; comment text is compared in this form. */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Tokenizer over a whole PDN text. Call {@link next} to advance; the fields describe the current
 * token. Positions are 1-based lines and columns counted in UTF-16 code units; `\n`, `\r\n` and a
 * lone `\r` each end a line.
 *
 * @example
 * const lx = new PdnLexer('1. 32-28 *');
 * lx.next(); // lx.kind === 'movenum', lx.number === 1
 * lx.next(); // lx.kind === 'move', lx.text === '32-28'
 */
export class PdnLexer {
  kind: TokenKind = 'eof';
  /** Offset, line and column of the token (for a 'bad' token: of the offending character). */
  offset = 0;
  line = 1;
  column = 1;
  text = '';
  value = '';
  number = 0;
  black = false;
  glued: string[] | null = null;
  /** For a 'bad' token: what is wrong (`text` says it for people). */
  code: PdnErrorCode = 'unexpected-character';
  /** A remark about a token that was read anyway (a tag value without quotes, say). */
  note: { readonly code: PdnErrorCode; readonly reason: string } | null = null;
  /**
   * Where a literal `\n`, `\r` or `\t` (backslash and letter) was read as whitespace between
   * tokens, as in PDN text escaped twice on its way through JSON. Set by the lexer; the reader
   * reports it and clears it.
   */
  escapedBreak: SourcePos | null = null;

  private readonly s: string;
  private i = 0;
  private ln = 1;
  private ls = 0; // offset where the current line starts

  constructor(text: string) {
    this.s = text;
  }

  /** The position of the current token. */
  pos(): SourcePos {
    return { line: this.line, column: this.column, offset: this.offset };
  }

  /** True when only whitespace and line comments stand between here and the end or a tag section. */
  atGameBoundary(): boolean {
    const [i0, ln, ls, esc] = [this.i, this.ln, this.ls, this.escapedBreak];
    const i = this.skipSpace();
    [this.i, this.ln, this.ls, this.escapedBreak] = [i0, ln, ls, esc];
    return i >= this.s.length || this.s.charCodeAt(i) === 91;
  }

  /** Skips to the next line whose first non-blank character is `[` (or to the end), then reads that token. */
  resync(): void {
    const s = this.s;
    const n = s.length;
    let i = this.i;
    let lineStart = false;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) {
        this.ln++;
        this.ls = i + 1;
        lineStart = true;
      } else if (c === 91 && lineStart) {
        break;
      } else if (!isBlank(c) && c !== CR) {
        lineStart = false;
      }
      i++;
    }
    this.i = i;
    this.next();
  }

  /** Advances to the next token. */
  next(): void {
    const s = this.s;
    const i = this.skipSpace();
    this.glued = null;
    this.note = null;
    this.offset = i;
    this.line = this.ln;
    this.column = i - this.ls + 1;
    if (i >= s.length) {
      this.i = i;
      this.kind = 'eof';
      return;
    }
    const c = s.charCodeAt(i);
    switch (c) {
      case 91: // [
        return this.scanTag(i);
      case 123: // {
        return this.scanComment(i);
      case 59: // ;
        return this.scanLineComment(i);
      case 40: // (
        if (this.scanStrength(i)) return;
        this.i = i + 1;
        this.kind = 'open';
        return;
      case 41: // )
        this.i = i + 1;
        this.kind = 'close';
        return;
      case 42: // *
        this.i = i + 1;
        this.kind = 'result';
        this.text = '*';
        return;
      case 36: // $
        return this.scanNag(i);
      case 47: // /
        return this.scanSetup(i);
      case 46: // .
        return this.scanDots(i);
      case 33: // !
      case 63: // ?
        this.scanStrength(i);
        return;
      case 0xbd: // ½
        if (this.scanResult(i)) return;
        return this.bad(i, 'not-a-result', `'½' at line ${this.line}, column ${this.column} does not start a result such as ½-½.`);
    }
    if (isDigit(c)) {
      if (this.scanResult(i)) return;
      let j = i + 1;
      while (isDigit(s.charCodeAt(j))) j++;
      if (s.charCodeAt(j) === 46) {
        if (j - i > 6) return this.bad(i, 'long-move-number', `'${word(s, i)}' at line ${this.line}, column ${this.column} is too long for a move number.`);
        let k = j + 1;
        while (s.charCodeAt(k) === 46) k++;
        this.kind = 'movenum';
        this.number = Number(s.slice(i, j));
        this.black = k - j >= 2;
        this.i = k;
        return;
      }
      return this.scanMove(i);
    }
    if (isLetter(c)) {
      if (isDigit(s.charCodeAt(i + 1))) return this.scanMove(i);
      return this.bad(i, 'not-a-move', `'${word(s, i)}' at line ${this.line}, column ${this.column} is not a move: expected a move such as 32-28 or c3-d4.`);
    }
    const cp = s.codePointAt(i) ?? c;
    const shown = c === 125 ? "'}' with no comment open" : c === 93 ? "']' with no tag open" : isControl(cp) ? `control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `'${String.fromCodePoint(cp)}'`;
    this.bad(i, 'unexpected-character', `Unexpected ${shown} at line ${this.line}, column ${this.column}: expected a move, a move number, a comment, a variation or a result.`);
  }

  /** Skips whitespace and `%` escape lines; returns the offset of the next token. */
  private skipSpace(): number {
    const s = this.s;
    const n = s.length;
    let i = this.i;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) {
        i++;
        this.ln++;
        this.ls = i;
      } else if (isBlank(c) || c === CR) {
        i++;
      } else if (c === 92 /* \ */ && isEscapedBreak(s.charCodeAt(i + 1))) {
        // A line break escaped twice, as in PDN stored in JSON: "...]\\n[Site ..."
        this.escapedBreak ??= { line: this.ln, column: i - this.ls + 1, offset: i };
        i += 2;
      } else if (c === 37 /* % */ && this.onlyBlankBefore(i)) {
        while (i < n && s.charCodeAt(i) !== LF && s.charCodeAt(i) !== CR) i++;
      } else {
        break;
      }
    }
    this.i = i;
    return i;
  }

  private onlyBlankBefore(i: number): boolean {
    for (let k = i - 1; k >= this.ls; k--) if (!isBlank(this.s.charCodeAt(k))) return false;
    return true;
  }

  /** Ends a 'bad' token at the end of the word that starts at i (at least one character). */
  private bad(i: number, code: PdnErrorCode, reason: string): void {
    const s = this.s;
    let j = i + 1;
    while (j < s.length && !isDelimiter(s.charCodeAt(j))) j++;
    this.i = j;
    this.badToken(code, reason);
  }

  /** Makes the current token a 'bad' one (the caller has set where the reading goes on). */
  private badToken(code: PdnErrorCode, reason: string): void {
    this.kind = 'bad';
    this.code = code;
    this.text = reason;
  }

  private fail(at: number, code: PdnErrorCode, reason: string): void {
    this.badToken(code, reason);
    this.offset = at;
    this.line = this.ln;
    this.column = at - this.ls + 1;
  }

  private skipBlanks(i: number): number {
    while (isBlank(this.s.charCodeAt(i))) i++;
    return i;
  }

  private lineEnd(i: number): number {
    while (!this.isLineEnd(i)) i++;
    return i;
  }

  /** True at a line break or the end of the text. */
  private isLineEnd(i: number): boolean {
    const c = this.s.charCodeAt(i);
    return c === LF || c === CR || Number.isNaN(c);
  }

  private scanTag(i: number): void {
    const s = this.s;
    const at = `the tag at line ${this.line}, column ${this.column}`;
    let j = this.skipBlanks(i + 1);
    const nameStart = j;
    for (;;) {
      const c = s.charCodeAt(j);
      if (Number.isNaN(c) || isBlank(c) || c === LF || c === CR || c === 34 || c === 93 || c === 91) break;
      j++;
    }
    if (j === nameStart) {
      this.i = j;
      this.badToken('tag-without-name', `${cap(at)} has no name: expected a name such as Event right after '['.`);
      return;
    }
    this.kind = 'tag';
    this.text = s.slice(nameStart, j);
    j = this.skipBlanks(j);
    // The tag ends on its line; the end of the line is found by the scans below, which stop there
    // (looking for it first made a line of tags quadratic).
    if (s.charCodeAt(j) !== 34) {
      // Unquoted value: [Event Foo]
      let k = j;
      while (!this.isLineEnd(k) && s.charCodeAt(k) !== 93) k++;
      if (this.isLineEnd(k)) {
        this.i = k;
        this.badToken('unclosed-tag', `${cap(at)} is not closed with ']' on its line.`);
        return;
      }
      this.value = s.slice(j, k).trim();
      this.note = { code: 'unquoted-tag-value', reason: `The value of ${at} is not in double quotes; read as "${this.value}".` };
      this.i = k + 1;
      return;
    }
    let k = j + 1;
    let escaped = false;
    while (!this.isLineEnd(k)) {
      const c = s.charCodeAt(k);
      if (c === 92 && (s.charCodeAt(k + 1) === 34 || s.charCodeAt(k + 1) === 92)) {
        escaped = true;
        k += 2;
        continue;
      }
      if (c === 34) break;
      k++;
    }
    if (!this.isLineEnd(k)) {
      const m = this.skipBlanks(k + 1);
      const c = s.charCodeAt(m);
      if (c === 93 || this.isLineEnd(m)) {
        this.value = unescape(s.slice(j + 1, k), escaped);
        this.i = c === 93 ? m + 1 : m;
        if (c !== 93) this.note = { code: 'tag-missing-bracket', reason: `${cap(at)} is not closed with ']'; read it up to the end of its line.` };
        return;
      }
      // An unescaped quote inside the value: the value ends at the next `"` that is followed by `]`.
      for (k++; !this.isLineEnd(k); k++) {
        if (s.charCodeAt(k) !== 34) continue;
        const close = this.skipBlanks(k + 1);
        if (s.charCodeAt(close) !== 93) continue;
        this.value = unescape(s.slice(j + 1, k), true);
        this.note = { code: 'unescaped-quote', reason: `The value of ${at} contains a double quote that is not escaped as \\"; read as "${this.value}".` };
        this.i = close + 1;
        return;
      }
    }
    this.i = k;
    this.badToken('unclosed-tag', `The value of ${at} is not closed with '"]' on its line.`);
  }

  private scanComment(i: number): void {
    const s = this.s;
    const n = s.length;
    const openLine = this.line;
    const openColumn = this.column;
    let j = i + 1;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === 125) break;
      if (c === LF || (c === CR && s.charCodeAt(j + 1) !== LF)) {
        this.ln++;
        this.ls = j + 1;
      } else if (c === 123) {
        this.i = j + 1;
        this.fail(
          j,
          'nested-comment',
          `Nested comment: '{' at line ${this.ln}, column ${j - this.ls + 1} is inside the comment opened at line ${openLine}, column ${openColumn}; PDN comments cannot be nested.`,
        );
        return;
      }
    }
    if (j >= n) {
      this.i = n;
      this.badToken('unterminated-comment', `The comment opened at line ${openLine}, column ${openColumn} is never closed with '}'.`);
      return;
    }
    this.i = j + 1;
    this.kind = 'comment';
    this.text = collapseWhitespace(s.slice(i + 1, j));
  }

  private scanLineComment(i: number): void {
    const eol = this.lineEnd(i);
    this.i = eol;
    this.kind = 'comment';
    this.text = collapseWhitespace(this.s.slice(i + 1, eol));
  }

  /** At `!`, `?` or `(`: a move strength such as `!?` or `(?)`. Returns false (consuming nothing) for a `(` that opens a variation. */
  private scanStrength(i: number): boolean {
    const s = this.s;
    const paren = s.charCodeAt(i) === 40;
    let j = paren ? i + 1 : i;
    const start = j;
    while (s.charCodeAt(j) === 33 || s.charCodeAt(j) === 63) j++;
    if (paren) {
      if (j === start || s.charCodeAt(j) !== 41) return false;
      this.i = j + 1;
    } else {
      this.i = j;
    }
    this.kind = 'strength';
    this.text = s.slice(start, j);
    return true;
  }

  private scanNag(i: number): void {
    let j = i + 1;
    while (isDigit(this.s.charCodeAt(j))) j++;
    if (j === i + 1) {
      return this.bad(i, 'nag-without-number', `'$' at line ${this.line}, column ${this.column} is not followed by a number, as in the annotation $1.`);
    }
    this.i = j;
    this.kind = 'nag';
    this.text = this.s.slice(i, j);
  }

  private scanDots(i: number): void {
    let j = i + 1;
    while (this.s.charCodeAt(j) === 46) j++;
    if (j - i < 2) {
      return this.bad(i, 'lone-dot', `A lone '.' at line ${this.line}, column ${this.column}: expected a move number such as 12. or an ellipsis ...`);
    }
    this.i = j;
    this.kind = 'ellipsis';
  }

  private scanSetup(i: number): void {
    const s = this.s;
    let j = i + 1;
    while (!this.isLineEnd(j) && s.charCodeAt(j) !== 47) j++;
    if (this.isLineEnd(j)) {
      this.i = j;
      this.badToken('unclosed-setup', `The setup opened with '/' at line ${this.line}, column ${this.column} is not closed with '/' on its line, as in /FEN "W:W31-50:B1-20"/.`);
      return;
    }
    const body = s.slice(i + 1, j).trim();
    this.i = j + 1;
    this.kind = 'setup';
    const q1 = body.indexOf('"');
    const q2 = body.lastIndexOf('"');
    if (body.startsWith('FEN') && q1 > 0 && q2 > q1 && body.slice(3, q1).trim() === '' && q2 === body.length - 1) {
      this.text = body.slice(q1 + 1, q2);
    } else {
      this.text = q2 > q1 && q1 >= 0 ? body.slice(q1 + 1, q2) : body;
      this.note = { code: 'setup-not-fen', reason: `The setup at line ${this.line}, column ${this.column} is not written as /FEN "..."/; read its position as "${this.text}".` };
    }
  }

  /**
   * A result starting at i: `2-0`, `0-1`, `1-1`, `1/2-1/2`, `½-½`, or the Delfts forms
   * `1 1/2 - 1/2` and `1/2 - 1 1/2`. Sides are plain numbers or halves; it is a result, not a move,
   * when a side is a fraction or exactly `0`, or both sides are `1`. Returns false, consuming nothing, otherwise.
   */
  private scanResult(i: number): boolean {
    const s = this.s;
    const a = this.scanScore(i, true);
    if (a < 0) return false;
    const aFrac = this.scoreFrac;
    const aDigit = this.scoreDigit;
    let j = this.skipBlanks(a);
    if (s.charCodeAt(j) !== 45) return false;
    j = this.skipBlanks(j + 1);
    const b = this.scanScore(j, aFrac); // 1/2 - 1 1/2, but not the 3 of 45-3 1/2-1/2
    if (b < 0 || !isDelimiter(s.charCodeAt(b))) return false;
    const bDigit = this.scoreDigit;
    const isResult = aFrac || this.scoreFrac || aDigit === 0 || bDigit === 0 || (aDigit === 1 && bDigit === 1);
    if (!isResult) return false;
    this.i = b;
    this.kind = 'result';
    this.text = s.slice(i, b).replace(/\s+/g, ' ');
    return true;
  }

  private scoreFrac = false;
  private scoreDigit = -1; // the side's value when it is a single digit, else -1

  /** One side of a result at i: digits, a half (1/2 or ½), or digits followed by a half (`1½`, and `1 1/2` when mixed). Returns its end or -1. */
  private scanScore(i: number, mixed: boolean): number {
    const s = this.s;
    this.scoreFrac = false;
    this.scoreDigit = -1;
    if (s.charCodeAt(i) === 0xbd) {
      this.scoreFrac = true;
      return i + 1;
    }
    if (!isDigit(s.charCodeAt(i))) return -1;
    let j = i + 1;
    while (isDigit(s.charCodeAt(j))) j++;
    this.scoreDigit = j - i === 1 ? s.charCodeAt(i) - 48 : -1;
    const c = s.charCodeAt(j);
    if (c === 0xbd) {
      this.scoreFrac = true;
      return j + 1;
    }
    if (c === 47) {
      // 1/2
      const h = this.scanHalf(i);
      this.scoreFrac = h > 0;
      return h;
    }
    const k = this.skipBlanks(j);
    const h = mixed && k > j ? this.scanHalf(k) : -1;
    if (h > 0) {
      // 1 1/2
      this.scoreFrac = true;
      return h;
    }
    return j;
  }

  /** `1/2` at i: returns its end or -1. */
  private scanHalf(i: number): number {
    const s = this.s;
    return s.charCodeAt(i) === 49 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 50 && !isDigit(s.charCodeAt(i + 3)) ? i + 3 : -1;
  }

  /** End of a square at i (12, 05, c3, j10), or -1. */
  private square(i: number): number {
    const s = this.s;
    let j = i;
    if (isLetter(s.charCodeAt(j))) j++;
    const d = j;
    while (isDigit(s.charCodeAt(j))) j++;
    return j - d >= 1 && j - d <= 2 ? j : -1;
  }

  private scanMove(i: number): void {
    const s = this.s;
    const at = `line ${this.line}, column ${this.column}`;
    let j = this.square(i);
    if (j < 0) {
      let k = i;
      while (isDigit(s.charCodeAt(k))) k++;
      if (k - i === 4 && isDelimiter(s.charCodeAt(k))) {
        // 3228: a numeric move written without its separator.
        this.i = k;
        this.kind = 'move';
        this.text = `${s.slice(i, i + 2)}-${s.slice(i + 2, k)}`;
        return;
      }
      return this.bad(i, 'not-a-move', `'${word(s, i)}' at ${at} is not a move: squares are numbers of one or two digits, or a letter and a number.`);
    }
    let text = '';
    let last = i; // text is s.slice(i, j) plus text, once spaces are dropped
    let squares = 1;
    const alpha = isLetter(s.charCodeAt(i));
    for (;;) {
      const k = this.skipBlanks(j);
      const c = s.charCodeAt(k);
      if (isSeparator(c)) {
        const m = this.skipBlanks(k + 1);
        const e = this.square(m);
        if (e < 0) break;
        if (k !== j || m !== k + 1) {
          text += s.slice(last, j) + s[k];
          last = m;
        }
        j = e;
      } else if (alpha && k === j && isLetter(c)) {
        const e = this.square(k);
        if (e < 0) break;
        j = e;
      } else {
        break;
      }
      squares++;
    }
    if (squares < 2) {
      return this.bad(i, 'not-a-move', `'${word(s, i)}' at ${at} is not a move: expected two squares such as 32-28 or a move number such as 12.`);
    }
    text += s.slice(last, j);
    // Strengths glued to the move: 32-28!?, 32-28*, 29-23(?)
    let c = s.charCodeAt(j);
    if (c === 33 || c === 63 || (c === 40 && (s.charCodeAt(j + 1) === 33 || s.charCodeAt(j + 1) === 63))) {
      if (this.scanStrength(j)) {
        this.glued = [this.text];
        j = this.i;
      }
    }
    if (s.charCodeAt(j) === 42) {
      (this.glued ??= []).push('*');
      j++;
    }
    c = s.charCodeAt(j);
    if (!isDelimiter(c)) {
      this.glued = null;
      return this.bad(i, 'not-a-move', `'${word(s, i)}' at ${at} is not a move: unexpected '${String.fromCodePoint(s.codePointAt(j) ?? c)}' after ${text}.`);
    }
    this.i = j;
    this.kind = 'move';
    this.text = text;
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function word(s: string, i: number): string {
  let j = i + 1;
  while (j < s.length && !isDelimiter(s.charCodeAt(j))) j++;
  return j - i > 40 ? `${s.slice(i, i + 40)}…` : s.slice(i, j);
}

function unescape(raw: string, escaped: boolean): string {
  if (!escaped) return raw;
  let out = '';
  for (let k = 0; k < raw.length; k++) {
    const c = raw.charCodeAt(k);
    if (c === 92 && (raw.charCodeAt(k + 1) === 34 || raw.charCodeAt(k + 1) === 92)) k++;
    out += raw[k];
  }
  return out;
}
