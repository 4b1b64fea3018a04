// What the PDN reader reports, by code, and where in the text (SourcePos). Every error and remark of parsePdnText and readPdn
// carries one of these codes beside its sentence for people: programs decide on the code, people
// read the sentence (which may change wording; the codes do not).

/** A place in the PDN text: 1-based line and column (in UTF-16 code units) and the 0-based offset. */
export interface SourcePos {
  line: number;
  column: number;
  offset: number;
}

/** What a code means for the game it occurs in. */
export interface PdnErrorKind {
  /**
   * The game ends at it: the game keeps what was read before it and the reader goes on at the
   * next tag section (a syntax error), or the replay stops at it (a move or a position that
   * cannot be played). Otherwise it is a remark about text that was read anyway or left out.
   */
  readonly fatal: boolean;
  /**
   * Text of the file was left out of what was read (a stray `)`, the rest of a variation after
   * an illegal move), so a game written from what was read does not hold it.
   */
  readonly dropped: boolean;
}

const FATAL: PdnErrorKind = { fatal: true, dropped: false };
const READ: PdnErrorKind = { fatal: false, dropped: false };
const DROPPED: PdnErrorKind = { fatal: false, dropped: true };

/**
 * Every code the PDN reader gives, with what it means for the game. The one place where the
 * codes are listed: a new thing the reader detects gets a code here first.
 *
 * @example PDN_ERROR_CODES[readPdn('1. 32-28 {open').games[0].error!.code] // { fatal: true, dropped: false }
 */
export const PDN_ERROR_CODES = {
  // Text that is not PDN (the lexer): the game ends there.
  /** A `{` comment is never closed with `}`. */
  'unterminated-comment': FATAL,
  /** A `{` inside a `{` comment: PDN comments cannot be nested. */
  'nested-comment': FATAL,
  /** A `[` with no tag name after it. */
  'tag-without-name': FATAL,
  /** A tag does not end on its line: an unquoted value with no `]`, or a quoted value with no closing `"`. */
  'unclosed-tag': FATAL,
  /** A `/` setup (`/FEN "..."/`) is not closed with `/` on its line. */
  'unclosed-setup': FATAL,
  /** A `$` with no number after it (a NAG is `$1`). */
  'nag-without-number': FATAL,
  /** A lone `.`, neither a move number's dot nor an ellipsis. */
  'lone-dot': FATAL,
  /** A move number of more than six digits. */
  'long-move-number': FATAL,
  /** A `½` that does not start a result such as `½-½`. */
  'not-a-result': FATAL,
  /** A word where a move is expected that is not one (one square, a square of three digits, a letter alone, junk glued to a move). */
  'not-a-move': FATAL,
  /** A character that starts no PDN token (`#`, a `}` with no comment open, a `]` with no tag open). */
  'unexpected-character': FATAL,

  // Text read anyway (the lexer and the syntax layer).
  /** A tag value not in double quotes (`[Event NK]`), read up to the `]`. */
  'unquoted-tag-value': READ,
  /** A quoted tag value with no `]` after it, read up to the end of its line. */
  'tag-missing-bracket': READ,
  /** A `"` inside a tag value that is not escaped as `\"`, read as part of the value. */
  'unescaped-quote': READ,
  /** A setup in the movetext not written as `/FEN "..."/`, its position read from what is there. */
  'setup-not-fen': READ,
  /** A literal `\n`, `\r` or `\t` between tokens (PDN escaped twice, as in JSON), read as whitespace. */
  'escaped-line-break': READ,
  /** A variation never closed with `)`: it ends with the game. */
  'unclosed-variation': READ,

  // Text left out (the syntax layer).
  /** A `)` with no variation open, in a game or between games. */
  'unmatched-close': DROPPED,
  /** A NAG or move strength with no move before it to belong to, in a game or between games. */
  'annotation-without-move': DROPPED,
  /** A variation with no move before it to be an alternative to. */
  'variation-without-move': DROPPED,
  /** Comments in a variation that has no move for them to belong to. */
  'comment-without-move': DROPPED,
  /** A variation with nothing in it: `()`. */
  'empty-variation': DROPPED,
  /** A result inside a variation. */
  'result-in-variation': DROPPED,
  /** Text between or after games (comments, move numbers) that holds no game. */
  'no-game': DROPPED,

  // The replay under the variant's rules (readPdn).
  /** A GameType tag naming a variant dambord does not play: the game is not replayed. */
  'unknown-game-type': FATAL,
  /** A game with no GameType or Variant tag whose moves are legal in 8x8 variants only, which all read them alike: read as the first of them. */
  'variant-guessed': READ,
  /** A game with no GameType or Variant tag whose moves are legal in 8x8 variants that read them differently (a capture crowns in one and not in another): not replayed past it. */
  'variant-ambiguous': FATAL,
  /** The FEN tag gives no side to move; the variant's first player is assumed. */
  'fen-turn-assumed': READ,
  /** A field of the FEN tag that is not a list of pieces (a move counter), left out. */
  'fen-field-ignored': DROPPED,
  /** The FEN tag is not a position of the variant: the game is not replayed. */
  'invalid-fen-tag': FATAL,
  /** A `/FEN "..."/` setup in the movetext is not a position of the variant. */
  'invalid-setup': FATAL,
  /** A move that does not name a legal move in its position. */
  'illegal-move': FATAL,
  /** A move that names several legal moves (a capture whose turning squares are needed). */
  'ambiguous-move': FATAL,
  /** A move whose squares are not squares of the variant's board (`51-46` in international draughts). */
  'unreadable-move': FATAL,
  /** One capture written jump by jump as several moves (`e1xc3 58. c3xe5`), read as one move. */
  'split-capture': READ,
  /** A variation stopped at a move or setup that cannot be played (its reason follows); the rest of it is left out. */
  'in-variation': DROPPED,
} as const satisfies Readonly<Record<string, PdnErrorKind>>;

/** A code of {@link PDN_ERROR_CODES}: what the PDN reader noticed. */
export type PdnErrorCode = keyof typeof PDN_ERROR_CODES;

/**
 * Something the reader noticed, with where and why.
 *
 * A `fatal` error ends the game it occurs in: the game keeps what was read before it and the
 * reader skips to the next line that starts with a tag (`[`). Other errors are remarks about
 * text that was read anyway or ignored (a tag value without quotes, an unmatched `)`).
 * `fatal` is always `PDN_ERROR_CODES[code].fatal`.
 *
 * @example { pos: { line: 1, column: 34, offset: 33 }, code: 'nested-comment', fatal: true,
 *            reason: "Nested comment: '{' at line 1, column 34 is inside the comment opened at line 1, column 25; PDN comments cannot be nested." }
 */
export interface PdnError {
  pos: SourcePos;
  /** What was noticed, for programs. */
  code: PdnErrorCode;
  /** A sentence a person understands, naming the line and column. */
  reason: string;
  fatal: boolean;
}

/** A {@link PdnError} whose `fatal` is the code's. */
export function pdnError(code: PdnErrorCode, pos: SourcePos, reason: string): PdnError {
  return { pos, code, reason, fatal: PDN_ERROR_CODES[code].fatal };
}
