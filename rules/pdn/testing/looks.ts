// For tests: how many characters the PDN reader looks at, to tell a linear cost from a quadratic
// one by a count rather than a time (which depends on the load of the machine).

/**
 * The calls of `String.prototype.charCodeAt`, by which the lexer reads its text, made while
 * `read` runs. Four times the text should give about four times the count; sixteen is quadratic.
 *
 * @example looks(() => parsePdnText('/'.repeat(4000)))
 */
export function looks(read: () => void): number {
  const charCodeAt = String.prototype.charCodeAt;
  let calls = 0;
  String.prototype.charCodeAt = function (this: string, i: number) {
    calls++;
    return charCodeAt.call(this, i);
  };
  try {
    read();
  } finally {
    String.prototype.charCodeAt = charCodeAt;
  }
  return calls;
}
