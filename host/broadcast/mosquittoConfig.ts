// The same access rules as dambord's own broker (access.ts), for a mosquitto (issue 26): from
// the relay's hosts file, a password file (mosquitto's PBKDF2-SHA512 hashes, as mosquitto_passwd
// writes them), an access list (each host writes only its boards' topics, readers read the
// event) and the lines that make mosquitto use them and refuse anonymous clients.
//
// What mosquitto cannot do that dambord's own broker does: refuse an empty message (a host may
// still clear its own boards' retained states, never another's), and tie client ids to users.

import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { makeFolders } from '../files/folders.ts';
import path from 'node:path';
import { boardList, type BrokerUser } from './access.ts';
import { topicLevel, TOPIC_ROOT } from './topics.ts';

/** PBKDF2 rounds of each password's hash (mosquitto_passwd's -I; mosquitto reads it from the file). */
const ITERATIONS = 10_000;

/** One line of mosquitto's password_file: `name:$7$<iterations>$<salt>$<hash>` (salt given for tests; random otherwise). */
export function mosquittoPasswordLine(user: BrokerUser, salt: Buffer = randomBytes(12)): string {
  const hash = pbkdf2Sync(user.password, salt, ITERATIONS, 64, 'sha512');
  return `${user.username}:$7$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * mosquitto's acl_file for an event: each host `topic write` on its boards' topics (any round),
 * each reader `topic read` on the event's; a user with every board writes the event's board topics.
 *
 * @example mosquittoAcl('NK 2026', [{ username: 'hall1', password: '...', boards: new Set([1, 2]) }])
 *   // '# boards 1-2\nuser hall1\ntopic write dambord/NK 2026/+/board/1\ntopic write dambord/NK 2026/+/board/2\n'
 */
export function mosquittoAcl(event: string, users: readonly BrokerUser[]): string {
  const base = `${TOPIC_ROOT}/${topicLevel(event)}`;
  return users
    .map((u) => {
      const boards = u.boards ?? 'all';
      const lines = boards === 'read' ? ['# reads the event', `user ${u.username}`, `topic read ${base}/#`]
        : boards === 'all' ? ['# every board', `user ${u.username}`, `topic write ${base}/+/board/+`]
        : [`# boards ${boardList(boards)}`, `user ${u.username}`, ...[...boards].sort((a, b) => a - b).map((b) => `topic write ${base}/+/board/${b}`)];
      return `${lines.join('\n')}\n`;
    })
    .join('\n');
}

/** The files writeMosquittoConfig wrote. */
export interface MosquittoFiles {
  /** The lines to include in mosquitto.conf (`include_dir`, or copy them). */
  readonly conf: string;
  readonly passwordFile: string;
  readonly aclFile: string;
}

/**
 * Writes `passwd` (readable by its owner only), `acl` and `dambord.conf` in `dir` (made if
 * missing) for `event`'s users. Throws the file system's error (with its path) when it cannot.
 */
export function writeMosquittoConfig(dir: string, event: string, users: readonly BrokerUser[]): MosquittoFiles {
  makeFolders(dir);
  const passwordFile = path.resolve(dir, 'passwd');
  const aclFile = path.resolve(dir, 'acl');
  const conf = path.resolve(dir, 'dambord.conf');
  writeFileSync(passwordFile, `${users.map((u) => mosquittoPasswordLine(u)).join('\n')}\n`, { mode: 0o600 });
  chmodSync(passwordFile, 0o600);
  writeFileSync(aclFile, mosquittoAcl(event, users));
  writeFileSync(conf, ['# dambord relay --hosts: who may publish which boards of ' + JSON.stringify(event), 'allow_anonymous false', `password_file ${passwordFile}`, `acl_file ${aclFile}`, ''].join('\n'));
  return { conf, passwordFile, aclFile };
}
