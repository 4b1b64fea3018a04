// `--resume FILE|last` of `dambord play` and `dambord digitise`: the journal to go on with, and
// its game reopened (host/journal/reopen.ts) with what was repaired said.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ResumeOptions } from '../game/resume.ts';
import { readJournal } from '../journal/journal.ts';
import { reopenGame } from '../journal/reopen.ts';
import type { Reopened } from '../journal/reopen.ts';
import { EXIT, usageError } from './command.ts';
import type { Io } from './command.ts';

/**
 * The journal `--resume` names: `file`, or for `last` the newest journal in `dir` that holds a
 * game, or {@link NoJournal} when there is none (said by {@link resumeFrom}).
 */
export function journalToResume(file: string, dir: string): string | NoJournal {
  if (file !== 'last') return file;
  try {
    const names = readdirSync(dir).filter((f) => f.endsWith('.journal')).sort().reverse();
    for (const name of names) {
      const read = readJournal(join(dir, name));
      if ((read.header || read.headerProblem) && read.entries.length > 0) return join(dir, name);
    }
  } catch {
    // no folder: said by the caller as no journal
  }
  return { none: dir };
}

/** `--resume last` in a folder `none` that holds no journal of a game. */
export interface NoJournal {
  readonly none: string;
}

/**
 * Reopens the journal `file` for `dambord <command>` to go on with its game, saying what was
 * repaired; the exit code when it cannot be resumed (a game over whose scoresheet is saved among
 * them).
 */
export function resumeFrom(command: string, asked: string | NoJournal, io: Io, options: ResumeOptions): Reopened | number {
  if (typeof asked !== 'string') {
    io.stderr.write(`dambord ${command}: there is no game to resume: the folder ${asked.none} holds no journal of a game\n`);
    return EXIT.io;
  }
  const file = asked;
  const r = reopenGame(file, options);
  if (!r.ok) {
    if (r.kind === 'usage') return usageError(io, command, r.message);
    io.stderr.write(`dambord ${command}: ${r.message}\n`);
    return EXIT.io;
  }
  for (const note of r.notes) io.stderr.write(`dambord ${command}: ${note}\n`);
  // A game over with its scoresheet written has nothing to go on with (a crash between the
  // result and the scoresheet is resumed: the scoresheet is written then).
  const over = r.game.state.result;
  const sheet = file.replace(/\.journal$/, '.pdn');
  if (over && sheet !== file && existsSync(sheet)) {
    r.journal.close();
    const what = command === 'play' ? `${over.result}, ${over.reason}` : over.result;
    io.stderr.write(`dambord ${command}: the game of ${file} is over (${what}) and its scoresheet is saved in ${sheet}: there is nothing to resume\n`);
    return EXIT.usage;
  }
  io.stdout.write(`dambord ${command}: resuming ${file}: ${r.game.plies} ${r.game.plies === 1 ? 'ply' : 'plies'} played\n`);
  return r;
}
