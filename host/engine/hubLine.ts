// The syntax of a Hub line (the protocol of Scan 3.x, "Hub protocol for draughts, version 2",
// protocol.txt by Fabien Letouzey, "general syntax"):
//   "All lines (both from and to the engine) have the form:
//    <command> <arg>=<val> <arg>=<val> ...
//    possibly with 0 arguments.  Values can be quoted with double quotes.  It is in fact required
//    if they contain a special character (such as a space or '=') or are empty.
//    Some arguments act as a flag and don't have a value; the "=val" part is then omitted.  You
//    can consider that the value is the empty string."

/** A Hub line read: its command and its arguments in order (a flag's value is ''). */
export interface HubLine {
  readonly command: string;
  readonly args: ReadonlyMap<string, string>;
}

/**
 * A line from a Hub engine, read as the protocol's general syntax writes it; null when it cannot
 * be read (a quote left open, `=` with no name, text glued after a closing quote) or is empty.
 *
 * @example readHubLine('done move=32-28 ponder=17-22') // { command: 'done', args: move, ponder }
 */
export function readHubLine(text: string): HubLine | null {
  const s = text.trim();
  const cmd = /^\S+/.exec(s);
  if (!cmd || cmd[0].includes('=') || cmd[0].includes('"')) return null;
  const args = new Map<string, string>();
  let i = cmd[0].length;
  const arg = /\s+([^\s="]+)(?:=(?:"([^"]*)"|([^\s"]*)))?(?=\s|$)/y;
  while (i < s.length) {
    arg.lastIndex = i;
    const m = arg.exec(s);
    if (!m) return null;
    args.set(m[1], m[2] ?? m[3] ?? '');
    i = arg.lastIndex;
  }
  return { command: cmd[0], args };
}

/**
 * A line to a Hub engine: the command and its arguments, a value quoted when it holds a space,
 * `=` or a quote-free special character, or is empty; `true` writes a flag.
 *
 * @example writeHubLine('pos', { pos: 'W...', moves: '38-15 5-41' }) // 'pos pos=W... moves="38-15 5-41"'
 */
export function writeHubLine(command: string, args: Readonly<Record<string, string | number | true>> = {}): string {
  const parts = [command];
  for (const [name, value] of Object.entries(args)) {
    if (value === true) parts.push(name);
    else {
      const v = String(value);
      parts.push(`${name}=${v === '' || /[\s="]/.test(v) ? `"${v.replace(/"/g, '')}"` : v}`);
    }
  }
  return parts.join(' ');
}
