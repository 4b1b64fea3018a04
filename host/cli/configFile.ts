// --config FILE: a club's defaults for play, digitise, event, replay and relay, in TOML.
//
//   white = "?"             # keys are the commands' long options, without --
//   event = "Club night"
//   lang = "nl"
//   [play]                  # a section for one command beats the keys above it
//   time-control = "5400+30"
//
// The command line beats the file; the file beats the defaults.

import { TomlError, parse } from 'smol-toml';
import { readFileWithin, why } from '../files/read.ts';
import { SETTINGS, settingProblem } from '../game/settings.ts';
import type { SettingName } from '../game/settings.ts';
import { parseArgs } from './args.ts';
import type { ArgsResult, OptionSpec } from './args.ts';
import { CONFIGURABLE, RUN_ONLY } from './commandOptions.ts';
import { portOption, variantOption } from './input.ts';

/** The help line of --config, its description starting at `column` (of the command's usage). */
export function configHelp(column: number): string {
  return `  ${'--config FILE'.padEnd(column - 3)} take the options not given here from FILE (TOML: keys named as the options,
${' '.repeat(column)}a [section] per command over the common keys; see the README)`;
}

/** A configuration file is a few lines; a larger file is not one. */
const CONFIG_LIMIT = 1 << 20;

/** The settings that are a name or a scoresheet's tag. */
const TAG_SETTINGS = ['white', 'black', 'event', 'site', 'round'] as const satisfies readonly SettingName[];

/** The checks a value in the file gets beyond its type: the same as its option's. */
const VALUE_CHECKS: Readonly<Record<string, (value: string, name: string) => string | null>> = {
  variant: (v) => { const c = variantOption(v); return c.ok ? null : c.error; },
  'http-port': (v, name) => { const p = portOption(name, v, 0); return p.ok ? null : p.error; },
  'mqtt-port': (v, name) => { const p = portOption(name, v, 0); return p.ok ? null : p.error; },
  ...Object.fromEntries(SETTINGS.map((s) => [s, (v: string) => settingProblem(s as SettingName, v)])),
};

/**
 * Parses `argv` as `parseArgs` does against `spec` plus `--config FILE`, then fills each option
 * the command line leaves out from FILE: the key of `command`'s section (`[play]`), else the
 * top-level key of the same name. The whole file is checked, whatever the command: a TOML syntax
 * error, a section that is no command's, a key no command has (with the nearest one), a key given
 * on the command line only (`resume`...), a value of the wrong type (a flag takes true or false,
 * an option a string or a whole number) or one its option refuses: each is an error naming the
 * file and line. A file that cannot be read is an error naming it and why.
 *
 * @example parseArgsWithConfig('replay', ['--config', 'club.toml', 'game.script'], REPLAY_OPTIONS)
 */
export function parseArgsWithConfig<S extends OptionSpec>(command: string, argv: readonly string[], spec: S): ArgsResult<S> {
  const args = parseArgs(argv, { ...spec, config: 'string' });
  if (!args.ok) return args;
  // A name or a tag from the command line is checked as the page's and the file's are (one line
  // of text); a blank one is left to the command, which says what it needs.
  for (const name of TAG_SETTINGS) {
    const value = (args.options as Record<string, unknown>)[name];
    const problem = typeof value === 'string' && value.trim() !== '' ? settingProblem(name, value) : null;
    if (problem) return { ok: false, error: problem };
  }
  const file = (args.options as Record<string, string | boolean | undefined>).config as string | undefined;
  if (file === undefined) return args as ArgsResult<S>;
  const read = readConfig(file);
  if (!read.ok) return read;
  const options = args.options as Record<string, string | boolean | undefined>;
  const top = read.values.get(null) ?? new Map();
  const own = read.values.get(command) ?? new Map();
  for (const [name, kind] of Object.entries(spec)) {
    const given = kind === 'boolean' ? options[name] === true : options[name] !== undefined;
    const fromFile = own.get(name) ?? top.get(name);
    if (!given && fromFile !== undefined) options[name] = fromFile;
  }
  delete options.config;
  return args as ArgsResult<S>;
}

/** The values of a file by section (null: the top level) and key, or what is wrong with it. */
type ConfigRead = { ok: true; values: Map<string | null, Map<string, string | boolean>> } | { ok: false; error: string };

/** Reads and checks the configuration file `file` (see {@link parseArgsWithConfig}). */
export function readConfig(file: string): ConfigRead {
  let text: string;
  try {
    text = readFileWithin(file, CONFIG_LIMIT).toString('utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    return { ok: false, error: `cannot read the configuration ${file}: ${why(e)}` };
  }
  let doc: Record<string, unknown>;
  try {
    doc = parse(text);
  } catch (e) {
    if (!(e instanceof TomlError)) throw e;
    return { ok: false, error: `${file}, line ${e.line}, column ${e.column}: ${e.message.split('\n')[0]}` };
  }
  const at = (section: string | null, key: string) => `${file}, line ${lineOf(text, section, key)}`;
  const values = new Map<string | null, Map<string, string | boolean>>([[null, new Map()]]);
  const allKeys = new Map<string, 'string' | 'boolean'>();
  for (const spec of Object.values(CONFIGURABLE)) for (const [k, kind] of Object.entries(spec)) if (!RUN_ONLY.includes(k)) allKeys.set(k, kind);
  const commands = Object.keys(CONFIGURABLE);
  for (const [key, value] of Object.entries(doc)) {
    if (isTable(value)) {
      if (!Object.hasOwn(CONFIGURABLE, key)) return { ok: false, error: `${at(null, key)}: no command "${key}" has a section; the sections are ${commands.map((c) => `[${c}]`).join(', ')}${hint(key, commands, (c) => `[${c}]`)}` };
      const keys = new Map(Object.entries(CONFIGURABLE[key]).filter(([k]) => !RUN_ONLY.includes(k)));
      const section = new Map<string, string | boolean>();
      for (const [k, v] of Object.entries(value)) {
        const checked = checkEntry(k, v, keys, `dambord ${key}`);
        if (!checked.ok) return { ok: false, error: `${at(key, k)}: ${checked.error}` };
        section.set(k, checked.value);
      }
      values.set(key, section);
    } else {
      const checked = checkEntry(key, value, allKeys, 'dambord');
      if (!checked.ok) return { ok: false, error: `${at(null, key)}: ${checked.error}` };
      values.get(null)!.set(key, checked.value);
    }
  }
  return { ok: true, values };
}

/** One key of the file against the options `keys` of `who` (a command, or all of them). */
function checkEntry(key: string, value: unknown, keys: ReadonlyMap<string, 'string' | 'boolean'>, who: string): { ok: true; value: string | boolean } | { ok: false; error: string } {
  const kind = keys.get(key);
  if (kind === undefined) {
    if (RUN_ONLY.includes(key)) return { ok: false, error: `${key} is given on the command line only (--${key}), not in a file` };
    return { ok: false, error: `${who} has no option --${key}${hint(key, [...keys.keys()], (k) => k)}` };
  }
  if (kind === 'boolean') {
    return typeof value === 'boolean' ? { ok: true, value } : { ok: false, error: `${key} is a flag: true or false, not ${shown(value)}` };
  }
  const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isInteger(value) ? String(value) : null;
  if (text === null) return { ok: false, error: `${key} takes a string${key.endsWith('port') ? ' or a whole number' : ''}, not ${shown(value)}` };
  const problem = Object.hasOwn(VALUE_CHECKS, key) ? VALUE_CHECKS[key](text, key) : null;
  return problem === null ? { ok: true, value: text } : { ok: false, error: problem };
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** A TOML value as the file may have written it. */
function shown(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date';
  if (isTable(v)) return 'a table';
  return typeof v === 'string' ? `"${v}"` : String(v);
}

/** "; did you mean X?" for the name of `names` nearest `word` (at most a third of it wrong), or nothing. */
function hint(word: string, names: readonly string[], show: (name: string) => string): string {
  let best: string | null = null;
  let bestCost = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const n of names) {
    const cost = editDistance(word, n);
    if (cost < bestCost) [best, bestCost] = [n, cost];
  }
  return best === null ? '' : `; did you mean ${show(best)}?`;
}

/** The fewest characters inserted, deleted, changed or swapped with the next to turn `a` into `b` (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The line (from 1) where `key` is set in `section` (null: before any section), or of the
 * section's header when `section` is null and `key` names it. The file has parsed: a key is
 * found at the start of a line, bare or quoted, before `=`.
 */
function lineOf(text: string, section: string | null, key: string): number {
  const lines = text.split(/\r?\n/);
  let current: string | null = null;
  const name = (s: string) => s.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
  for (const [i, line] of lines.entries()) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      current = name(header[1]);
      if (section === null && current === key) return i + 1;
      continue;
    }
    const entry = /^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*[=.]/.exec(line);
    if (entry && current === section && name(entry[1]) === key) return i + 1;
  }
  return 1;
}
