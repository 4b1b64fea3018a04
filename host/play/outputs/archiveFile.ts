// The club's archive as an output of a game: each scoresheet the PDN output writes (pdnFile.ts)
// is offered here and filed into the archive (host/archive/filing.ts) when it is news to it. The
// journal and the scoresheet are always written first; when the archive is busy (an import
// holds its lock) or cannot be written (a full disk), the game is filed again a little later and
// at its next change, and the log says so once: nothing is lost.

import { fileGame } from '../../archive/filing.ts';
import type { Filed } from '../../archive/filing.ts';
import { ArchiveBusy } from '../../archive/import.ts';
import { why } from '../../files/read.ts';
import { join } from 'node:path';

/** The archive's side of the games of a table (or of an event's board). */
export interface ArchiveFiler {
  /** The scoresheet `text` was just written to `path`: filed when it is news (see {@link archiveFiler}). */
  offer(path: string, text: string): void;
  /** Files now, once, what is still waiting; stops the retries (the end of the run). */
  close(): void;
}

/** How a table's games are filed. */
export interface FilerOptions {
  /** Filed from their first scoresheet on, result `*` while played (an event's boards); false: once they have a result (play, digitise). */
  readonly inProgress: boolean;
  /** Told, a line for people, when the archive is busy or cannot be written, and when the game is filed after all. */
  readonly log: (line: string) => void;
  /** Told each game filed (a new entry, or its entry updated), or found in the archive already. */
  readonly filed?: (path: string, r: Filed) => void;
  /** The waits before each retry of a busy archive, in ms (default 100, 200, 400, 800). */
  readonly retryMs?: readonly number[];
  /** The wait between later tries once those are spent, in ms (default 10 s). */
  readonly laterMs?: number;
}

/** A command's `filed` (play, digitise): `say` told where each game is filed, `<path> is filed into the club's archive as <dir>/<file> (<result>)`. */
export function sayFiled(dir: string, say: (line: string) => void): (path: string, r: Filed) => void {
  return (file, r) => {
    if (r.kind === 'filed') say(`${file} is filed into the club's archive as ${join(dir, r.game.file)} (${r.game.result})`);
  };
}

/** The result a scoresheet's Result tag gives, `*` when it has none. */
function resultOf(text: string): string {
  return /^\s*\[\s*Result\s+"([^"]*)"\s*\]/im.exec(text)?.[1].trim() || '*';
}

/**
 * Files the scoresheets offered into the archive in `dir`: a game the first time it is offered
 * (a game played with `inProgress` false: once it has a result) and again when its result
 * changes; a resumed game is filed again at its first offer, its entry updated (filing.ts).
 * Never throws.
 *
 * @example const filer = archiveFiler('archive', { inProgress: false, log: console.log }); pdnFile({ written: filer.offer })
 */
export function archiveFiler(dir: string, o: FilerOptions): ArchiveFiler {
  const retries = o.retryMs ?? [100, 200, 400, 800];
  const filed = new Map<string, string>();
  const pending = new Map<string, string>();
  const told = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const attempt = (tries: number): void => {
    timer = null;
    let wait: number | null = null;
    for (const [path, text] of [...pending]) {
      try {
        const r = fileGame(dir, path, text);
        pending.delete(path);
        filed.set(path, resultOf(text));
        o.filed?.(path, r);
        if (r.kind === 'bad') o.log(`${path} is not filed into the club's archive in ${dir}: it does not read back as one game (${r.reason})`);
        if (told.delete(path)) o.log(`${path} is filed into the club's archive in ${dir} now`);
      } catch (e) {
        const busy = e instanceof ArchiveBusy;
        wait = busy && tries < retries.length ? retries[tries] : (o.laterMs ?? 10_000);
        if ((!busy || tries >= retries.length) && !told.has(path)) {
          told.add(path);
          o.log(`${path} is not filed into the archive yet: ${busy ? e.message : `cannot write the archive ${dir}: ${why(e, 'write')}`}; the game is kept in its journal and scoresheet, and filed at its next change`);
        }
      }
    }
    if (wait !== null && !closed) {
      timer = setTimeout(() => attempt(tries + 1), wait);
      timer.unref?.();
    }
  };

  return {
    offer(path, text) {
      const result = resultOf(text);
      if (!o.inProgress && result === '*' && !filed.has(path)) return;
      if (filed.get(path) === result && !pending.has(path)) return;
      pending.set(path, text);
      if (timer !== null) clearTimeout(timer);
      attempt(0);
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (pending.size > 0) attempt(retries.length);
    },
  };
}
