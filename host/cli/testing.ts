// For tests: `dambord ARGV` run in-process, its streams collected.

import { PassThrough } from 'node:stream';
import type { Command } from './command.ts';
import { runCli } from './main.ts';

/** What a command run said and how it exited. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `dambord ARGV` in-process with `stdin` as standard input (bytes are kept as they are)
 * and collects what it writes; `opts` as `runCli` takes them (other commands, debug).
 */
export async function runCliBuffered(argv: string[], stdin: string | Uint8Array = '', opts: { commands?: readonly Command[]; debug?: boolean } = {}): Promise<CliRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const sink = (to: Buffer[]) => new PassThrough().on('data', (chunk: Buffer) => to.push(chunk));
  const input = new PassThrough();
  input.end(typeof stdin === 'string' ? Buffer.from(stdin, 'utf8') : stdin);
  const code = await runCli(argv, { stdout: sink(out), stderr: sink(err), stdin: input }, opts);
  await new Promise((r) => setImmediate(r));
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
