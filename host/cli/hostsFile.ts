// The relay's hosts file (`dambord relay --hosts FILE`, issue 26): the hall's hosts, each with its
// own user, password and boards, so that each publishes only its boards' states; and the readers
// (the relay's own user at a mosquitto). Pure: the file's text in, the users or every error out.
//
//   # NAME  BOARDS  PASSWORD (the rest of the line)
//   hall1   1-16    correct horse battery
//   hall2   17-32,40 another secret
//   relay   read    the relay's secret

import type { BrokerUser } from '../broadcast/access.ts';
import { boardList } from '../broadcast/access.ts';
import { listOfBoards } from './broadcastOptions.ts';

/** The shortest password a hosts file takes. */
export const MIN_PASSWORD = 8;

/**
 * Reads a hosts file: one user a line, `NAME BOARDS PASSWORD`, blank lines and `#` comment lines
 * skipped. NAME is letters, digits, `.`, `_` and `-` (up to 64); BOARDS a list such as `1-4,7`,
 * or `read` for a reader; PASSWORD the rest of the line (at least 8 characters, no control
 * characters). A name given twice, or a board given to two hosts, is an error. Errors name the
 * file and line, never a password.
 *
 * @example readHostsFile('hall1 1-4 s3cret-pass\n', 'hosts.txt') // { ok: true, users: [{ username: 'hall1', password: 's3cret-pass', boards: Set {1, 2, 3, 4} }] }
 */
export function readHostsFile(text: string, file: string): { ok: true; users: BrokerUser[] } | { ok: false; errors: string[] } {
  const users: BrokerUser[] = [];
  const errors: string[] = [];
  const names = new Map<string, number>();
  const owners = new Map<number, { name: string; line: number }>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const at = `${file}:${i + 1}`;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\S+)\s+(\S+)(?:\s+(.*))?$/.exec(line);
    if (!m) return errors.push(`${at}: a line is NAME BOARDS PASSWORD (e.g. hall1 1-16 a-long-secret), not one word`);
    const [, name, boardsText, password = ''] = m;
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) return errors.push(`${at}: the name "${name.slice(0, 64)}" should be letters, digits, ".", "_" or "-" (up to 64)`);
    const before = names.get(name);
    if (before !== undefined) return errors.push(`${at}: ${name} is named on line ${before} already`);
    names.set(name, i + 1);
    if (password.length < MIN_PASSWORD || /\p{Cc}/u.test(password)) return errors.push(`${at}: ${name}'s password should be at least ${MIN_PASSWORD} characters, none of them control characters`);
    if (boardsText === 'read') return users.push({ username: name, password, boards: 'read' });
    const boards = listOfBoards(boardsText, `${at}: ${name}'s boards`);
    if (!boards.ok) return errors.push(boards.error);
    const taken = [...boards.boards].filter((b) => owners.has(b));
    if (taken.length > 0) {
      const other = owners.get(taken[0])!;
      return errors.push(`${at}: board${taken.length === 1 ? '' : 's'} ${boardList(new Set(taken))} of ${name} ${taken.length === 1 ? 'is' : 'are'} ${other.name}'s (line ${other.line}): a board has one host`);
    }
    for (const b of boards.boards) owners.set(b, { name, line: i + 1 });
    users.push({ username: name, password, boards: boards.boards });
  });
  if (errors.length === 0 && !users.some((u) => u.boards !== 'read')) errors.push(`${file}: no host: give each host a line NAME BOARDS PASSWORD (e.g. hall1 1-16 a-long-secret)`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, users };
}
