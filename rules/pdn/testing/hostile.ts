// For tests and benchmarks: PDN that is legal but hostile to a reader that recurses or spreads
// as deep or as long as its input.

/**
 * One game, `1. 32-28 (31-27 (33-29 (31-27 ... ))) *`: each variation an alternative to the
 * move before it, `depth` deep, with `then` (more moves of the main line) after them.
 */
export function nestedVariations(depth: number, then = ''): string {
  const alts = ['31-27', '33-29'];
  let open = '';
  for (let k = 0; k < depth; k++) open += `(${alts[k % 2]} `;
  return `[Event "deep"]\n1. 32-28 ${open}${')'.repeat(depth)} ${then ? `${then} ` : ''}*\n`;
}

/** A comment of `words` words, `w0 w1 ... w9 w0 ...`, without its braces. */
export function longComment(words: number): string {
  return Array.from({ length: words }, (_, k) => `w${k % 10}`).join(' ');
}
