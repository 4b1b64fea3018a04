/**
 * The contract between `dambord` and each of its commands: a command is a module with a name,
 * a one-line summary, a usage text and a `run` function that gets its arguments and the
 * streams to talk through, so tests can run it in-process.
 */

/** The streams a command reads and writes (the process's own in `main`, buffers in tests). */
export interface Io {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
}

/**
 * A `dambord` command.
 *
 * @example
 * export const hello: Command = {
 *   name: 'hello',
 *   summary: 'Say hello',
 *   usage: 'Usage: dambord hello\n\nExample:\n  dambord hello\n',
 *   async run(_argv, io) { io.stdout.write('hello\n'); return EXIT.ok; },
 * };
 */
export interface Command {
  /** The words that invoke it after `dambord`: `perft`, or two words such as `pdn check`. */
  readonly name: string;
  /** One line for the command list of `dambord --help`. */
  readonly summary: string;
  /**
   * The full help text printed by `dambord help NAME` and `dambord NAME --help`: the usage
   * line, what it does, every option and at least one example. Ends with a newline.
   */
  readonly usage: string;
  /**
   * Runs the command on the arguments after its name (`--help` never reaches it) and resolves
   * to the exit code (see `EXIT`). Expected failures (bad input, missing files) are reported on
   * `io.stderr` with an exit code; a throw is taken for a bug.
   */
  run(argv: readonly string[], io: Io): Promise<number>;
}

/** Exit codes of every `dambord` command. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The command ran and a check it made failed (e.g. `pdn check` found errors). */
  checkFailed: 1,
  /** The command line or the input is wrong: a bad option, FEN, variant or number. */
  usage: 2,
  /** A file could not be read or written. */
  io: 3,
  /** A bug in dambord (an uncaught exception). */
  internal: 70,
} as const;

/**
 * Reports a usage error of `command` on stderr, with how to get its help; returns `EXIT.usage`.
 *
 * @example return usageError(io, 'perft', 'DEPTH is missing');
 */
export function usageError(io: Io, command: string, message: string): number {
  io.stderr.write(`dambord ${command}: ${message}\nRun 'dambord ${command} --help' for its usage.\n`);
  return EXIT.usage;
}
