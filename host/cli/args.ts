/**
 * The command-line grammar of every `dambord` command, and its parser: long options only.
 *
 * - `--name VALUE` or `--name=VALUE` for an option that takes a value (`string`);
 * - `--name` for a flag (`boolean`); `--name=...` on a flag is an error;
 * - anything else is a positional argument, including `-` (standard input) and numbers such
 *   as `-1` (so the command, not the parser, says what is wrong with them);
 * - after `--` everything is positional;
 * - an option not in the spec, an option given twice and a missing value are errors.
 */

/** The options a command accepts: name (without `--`) to what it takes. */
export type OptionSpec = Readonly<Record<string, 'string' | 'boolean'>>;

/** Parsed options: a flag is true or false, a value option is its text or undefined. */
export type Options<S extends OptionSpec> = {
  [K in keyof S]: S[K] extends 'boolean' ? boolean : string | undefined;
};

/** The outcome of `parseArgs`: the options and positionals, or what is wrong with the line. */
export type ArgsResult<S extends OptionSpec> =
  | { ok: true; options: Options<S>; positionals: string[] }
  | { ok: false; error: string };

/**
 * Parses `argv` (the arguments after the command's name) against `spec`. Never throws.
 *
 * @example
 * parseArgs(['--variant', 'english', '--divide', '5'], { variant: 'string', divide: 'boolean' })
 * // { ok: true, options: { variant: 'english', divide: true }, positionals: ['5'] }
 */
export function parseArgs<S extends OptionSpec>(argv: readonly string[], spec: S): ArgsResult<S> {
  const options: Record<string, string | boolean | undefined> = {};
  for (const [name, kind] of Object.entries(spec)) options[name] = kind === 'boolean' ? false : undefined;
  const given = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith('--')) return { ok: false, error: `unknown option ${arg} (options are long: --name)` };
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!kind) return { ok: false, error: `unknown option --${name}` };
    if (given.has(name)) return { ok: false, error: `--${name} is given twice` };
    given.add(name);
    if (kind === 'boolean') {
      if (eq >= 0) return { ok: false, error: `--${name} is a flag and takes no value` };
      options[name] = true;
    } else if (eq >= 0) {
      options[name] = arg.slice(eq + 1);
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return { ok: false, error: `--${name} needs a value` };
      options[name] = value;
      i++;
    }
  }
  return { ok: true, options: options as Options<S>, positionals };
}
