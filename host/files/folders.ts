// Folders made one by one, where Node's recursive mkdir can loop for ever (/proc/x).

import { existsSync, lstatSync, mkdirSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes the folder `dir` and those above it that are missing, one by one; throws an Error
 * naming the first that cannot be made. Not Node's `mkdirSync(dir, { recursive: true })`, which
 * loops for ever when a folder that exists refuses a new one with ENOENT (`/proc/x`: /proc
 * exists, mkdir /proc/x says "no such file or directory"), so `archive import --archive /proc/x`
 * hung with no output; the archive, the journals, the event's boards and the speech's files are
 * made with it.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!existsSync(at) && path.dirname(at) !== at) {
    missing.unshift(at);
    at = path.dirname(at);
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && isFolder(folder)) continue;
      if (code === 'EEXIST' && lstatSync(folder).isSymbolicLink()) throw new Error(`${folder} is a link to ${readlinkSync(folder)}, which is not there`, { cause: e });
      if (code !== 'ENOENT') throw e;
      // Its parent is there (made or found just before): a folder that takes no new ones, or a link to nowhere.
      throw new Error(`${path.dirname(folder)} takes no new folder ${path.basename(folder)} (mkdir says "no such file or directory": a system folder such as /proc, or a link to nowhere)`, { cause: e });
    }
  }
  if (!isFolder(dir)) throw Object.assign(new Error(`${dir} is a file, not a folder`), { code: 'EEXIST' });
}

/** Whether `file` is a folder (links followed). */
export function isFolder(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
