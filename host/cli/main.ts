import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { why } from '../files/read.ts';
import { EXIT } from './command.ts';
import type { Command, Io } from './command.ts';

/**
 * The `dambord` command line: the registry of commands and the dispatcher around them (help,
 * version, exit codes, errors). To add a command, write `commands/NAME.ts` exporting a
 * `Command` and add it to `registry` below.
 *
 * A command's module is loaded when it runs, and only then: the simulators, serialport and
 * johnny-five that `play` needs take a quarter of a second to load, which `perft` or `pdn check`
 * would pay otherwise. The help loads them all, for their summaries.
 */
const registry: readonly { readonly name: string; readonly load: () => Promise<Command> }[] = [
  { name: 'perft', load: async () => (await import('./commands/perft.ts')).perftCommand },
  { name: 'pdn check', load: async () => (await import('./commands/pdn.ts')).pdnCheckCommand },
  { name: 'pdn convert', load: async () => (await import('./commands/pdn.ts')).pdnConvertCommand },
  { name: 'pdn compare', load: async () => (await import('./commands/pdnCompare.ts')).pdnCompareCommand },
  { name: 'archive import', load: async () => (await import('./commands/archive.ts')).archiveImportCommand },
  { name: 'archive check', load: async () => (await import('./commands/archive.ts')).archiveCheckCommand },
  { name: 'archive list', load: async () => (await import('./commands/archive.ts')).archiveListCommand },
  { name: 'archive export', load: async () => (await import('./commands/archive.ts')).archiveExportCommand },
  { name: 'archive sheet', load: async () => (await import('./commands/archive.ts')).archiveSheetCommand },
  { name: 'archive serve', load: async () => (await import('./commands/archive.ts')).archiveServeCommand },
  { name: 'play', load: async () => (await import('./commands/play.ts')).playCommand },
  { name: 'digitise', load: async () => (await import('./commands/digitise.ts')).digitiseCommand },
  { name: 'replay', load: async () => (await import('./commands/replay.ts')).replayCommand },
  { name: 'script', load: async () => (await import('./commands/script.ts')).scriptCommand },
  { name: 'event', load: async () => (await import('./commands/event.ts')).eventCommand },
  { name: 'relay', load: async () => (await import('./commands/relay.ts')).relayCommand },
  { name: 'match', load: async () => (await import('./commands/match.ts')).matchCommand },
  { name: 'analyse', load: async () => (await import('./commands/analyse.ts')).analyseCommand },
  { name: 'flash', load: async () => (await import('./commands/flash.ts')).flashCommand },
];

/** Every command of `dambord`, in the order of its help. */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(registry.map((c) => c.load()));
}

/** How `runCli` runs: which commands exist, and whether an internal error shows its stack. */
export interface CliOptions {
  readonly commands?: readonly Command[];
  /** Print the stack of an internal error (`DAMBORD_DEBUG=1`). */
  readonly debug?: boolean;
}

/**
 * Runs `dambord` with `argv` (the arguments after `dambord`) and resolves to the exit code.
 * Never throws: an exception from a command becomes exit 3 (a file error, naming the file) or
 * 70 (a bug, with a request to report it).
 *
 * @example await runCli(['perft', '--variant', 'english', '3'], io) // prints "1 7\n2 49\n3 302\n"
 */
export async function runCli(argv: readonly string[], io: Io, opts: CliOptions = {}): Promise<number> {
  // A leading `--` ends no option of dambord's own: it is what `npx dambord -- --version` and
  // `npm exec dambord -- ...` may pass on, and is taken as nothing.
  if (argv[0] === '--') argv = argv.slice(1);
  const first = argv[0];
  if (first === '--version') return print(io, `dambord ${version()}\n`);
  // The command named, loaded alone; every command for anything else (the help, a group, a mistake).
  const named = opts.commands ? undefined : lookup(registry, argv);
  const list = opts.commands ?? (named ? [await named.command.load()] : await loadCommands());
  if (first === undefined) {
    io.stderr.write(mainHelp(list));
    return EXIT.usage;
  }
  if (first === '--help' || first === '-h') return print(io, mainHelp(list));
  if (first === 'help') {
    const asked = argv.slice(1);
    if (asked.length === 0 || (asked.length === 1 && isHelp(asked[0]))) return print(io, mainHelp(list));
    const group = groupHelp(list, asked[0]);
    if (group && asked.length === 1) return print(io, group);
    const found = lookup(list, asked);
    if (!found || found.rest.length > 0) return unknown(io, list, asked);
    return print(io, found.command.usage);
  }
  if (first.startsWith('-')) {
    io.stderr.write(`dambord: unknown option ${first}\nRun 'dambord --help' for the commands and options.\n`);
    return EXIT.usage;
  }
  const found = lookup(list, argv);
  if (!found) {
    // A group of commands (`pdn`): its usage lists them; on stdout when asked for, else on stderr.
    const group = groupHelp(list, first);
    if (group && argv.length === 2 && isHelp(argv[1])) return print(io, group);
    if (group && argv.length === 1) {
      io.stderr.write(`dambord: "${first}" needs a command after it\n\n${group}`);
      return EXIT.usage;
    }
    return unknown(io, list, argv);
  }
  const { command, rest } = found;
  const end = rest.indexOf('--');
  if ((end < 0 ? rest : rest.slice(0, end)).some(isHelp)) return print(io, command.usage);
  try {
    return await command.run(rest, io);
  } catch (e) {
    return crashed(io, command, e, opts.debug ?? false);
  }
}

/** The process entry: runs `dambord` on the process's arguments and streams. */
export async function main(): Promise<void> {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') process.stderr.write(`dambord: cannot write the output: ${e.message}\n`);
    process.exit(e.code === 'EPIPE' ? EXIT.ok : EXIT.io); // EPIPE: the reader went away (`dambord ... | head`)
  });
  const io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
  const code = await runCli(process.argv.slice(2), io, { debug: process.env.DAMBORD_DEBUG === '1' });
  process.exitCode = code;
  // A command that failed with a bug may have left its page, board link or signal handlers open,
  // which would keep the process alive and deaf to Ctrl-C: it ends here (its words are written:
  // standard output and error are synchronous on files and, on Linux, pipes).
  if (code === EXIT.internal) process.exit(code);
}

function lookup<C extends { readonly name: string }>(list: readonly C[], argv: readonly string[]): { command: C; rest: readonly string[] } | undefined {
  let best: C | undefined;
  let words = 0;
  for (const c of list) {
    const name = c.name.split(' ');
    if (name.length > words && name.every((w, i) => argv[i] === w)) {
      best = c;
      words = name.length;
    }
  }
  return best && { command: best, rest: argv.slice(words) };
}

function isHelp(arg: string): boolean {
  return arg === '--help' || arg === '-h';
}

/** The usage of a group of commands (`pdn`: `pdn check`, `pdn convert`), or undefined when `word` names none. */
function groupHelp(list: readonly Command[], word: string): string | undefined {
  const under = list.filter((c) => c.name.startsWith(word + ' '));
  if (under.length === 0) return undefined;
  const width = Math.max(...under.map((c) => c.name.length)) + 3;
  const examples = under.map((c) => /\nExamples?:\n {2}(dambord .*)\n/.exec(c.usage)?.[1]).filter((e) => e !== undefined);
  return `Usage: dambord ${word} COMMAND [OPTIONS] [ARGUMENTS]

Commands:
${under.map((c) => `  ${c.name.padEnd(width)}${c.summary}\n`).join('')}
'dambord ${under[0].name} --help' (and so for each of them) shows its usage and options.
${examples.length > 0 ? `\nExamples:\n${examples.map((e) => `  ${e}\n`).join('')}` : ''}`;
}

function unknown(io: Io, list: readonly Command[], argv: readonly string[]): number {
  const under = list.filter((c) => c.name.startsWith(argv[0] + ' ')).map((c) => c.name);
  io.stderr.write(
    under.length > 0
      ? `dambord: "${argv[0]}" needs a subcommand: ${under.join(', ')}\n`
      : `dambord: unknown command "${argv.join(' ')}"; the commands are: ${list.map((c) => c.name).join(', ')}\n`,
  );
  io.stderr.write(`Run 'dambord --help' for the commands and options.\n`);
  return EXIT.usage;
}

function crashed(io: Io, command: Command, e: unknown, debug: boolean): number {
  const err = e instanceof Error ? (e as NodeJS.ErrnoException) : undefined;
  if (err && typeof err.code === 'string' && typeof err.path === 'string') {
    io.stderr.write(`dambord ${command.name}: cannot open ${err.path}: ${why(err)}\n`);
    if (debug && err.stack) io.stderr.write(err.stack + '\n');
    return EXIT.io;
  }
  io.stderr.write(`dambord: internal error: ${err ? err.message : String(e)}\n`);
  io.stderr.write(`This is a bug in dambord ${command.name}; please report it with the command line that caused it${debug ? '' : ' (run it again with DAMBORD_DEBUG=1 for details)'}.\n`);
  if (debug && err?.stack) io.stderr.write(err.stack + '\n');
  return EXIT.internal;
}

function mainHelp(list: readonly Command[]): string {
  const width = Math.max(...list.map((c) => c.name.length), 'help'.length) + 3;
  const rows = [...list.map((c) => [c.name, c.summary]), ['help', 'Show the usage of a command: dambord help COMMAND']];
  return `dambord: a smart draughts board, its rules, referee and host.

Usage: dambord COMMAND [OPTIONS] [ARGUMENTS]

Commands:
${rows.map(([name, summary]) => `  ${name.padEnd(width)}${summary}\n`).join('')}
Options:
  --help      show this help; 'dambord COMMAND --help' shows a command's usage
  --version   print the version

Exit codes: 0 done, 1 a check failed, 2 bad usage or input, 3 a file could not be read or
written, 70 a bug in dambord (please report it).

Example:
  dambord perft --variant english 5
`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function print(io: Io, text: string): number {
  io.stdout.write(text);
  return EXIT.ok;
}

// Run directly (`tsx host/cli/main.ts ...`); bin.js calls main() itself.
const script = process.argv[1];
if (script && existsSync(script) && realpathSync(script) === fileURLToPath(import.meta.url)) await main();
