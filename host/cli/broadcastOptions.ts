import { readPairings } from '../event/pairings.ts';
import type { Pairings } from '../event/pairings.ts';
import { EXIT } from './command.ts';
import type { Io } from './command.ts';
import { readText } from './input.ts';
// Options that `dambord event` and `dambord relay` share: a delay in seconds, a list of board
// numbers, and the MQTT broker's address with its user name and password.

/** `--NAME SECONDS`, a whole or decimal number of seconds from 0 to `max`, as ms (0 when not given). */
export function secondsOption(name: string, text: string | undefined, max: number): { ok: true; ms: number } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, ms: 0 };
  const s = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  return s >= 0 && s <= max ? { ok: true, ms: Math.round(s * 1000) } : { ok: false, error: `--${name} must be a number of seconds from 0 to ${max}, not "${text}"` };
}

/**
 * Board numbers as people write them: `1-16`, `1,3,5-8`; an error starts with `what` (the option or the file and line).
 *
 * @example listOfBoards('1,3,5-7') // { ok: true, boards: Set {1, 3, 5, 6, 7} }
 */
export function listOfBoards(text: string, what = '--boards'): { ok: true; boards: ReadonlySet<number> } | { ok: false; error: string } {
  const boards = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    const from = Number(m?.[1]);
    const to = m?.[2] === undefined ? from : Number(m[2]);
    if (!m || from < 1 || to < from) return { ok: false, error: `${what}: "${part}" is not a board number or a range such as 1-16` };
    for (let b = from; b <= to; b++) boards.add(b);
  }
  return { ok: true, boards };
}

/** A broker to connect to: its address without the password, and the user's name and password. */
export interface BrokerAddress {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
}

/**
 * `--broker mqtt://USER:PASSWORD@HOST:PORT`: the address and the credentials; the password may
 * instead be in the environment's DAMBORD_MQTT_PASSWORD (kept out of the process list).
 */
export function brokerOption(text: string, env: NodeJS.ProcessEnv = process.env): { ok: true; link: BrokerAddress } | { ok: false; error: string } {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, error: `--broker must be an address such as mqtt://user:password@127.0.0.1:1883, not "${text}"` };
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(u.protocol)) return { ok: false, error: `--broker: "${u.protocol}" is not an MQTT address (mqtt://, mqtts://, ws:// or wss://)` };
  const username = u.username ? decodeURIComponent(u.username) : undefined;
  const password = u.password ? decodeURIComponent(u.password) : env.DAMBORD_MQTT_PASSWORD;
  u.username = '';
  u.password = '';
  return { ok: true, link: { url: u.toString().replace(/\/$/, ''), ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}) } };
}

/**
 * The pairings file a `--pairings FILE` option names, read (pairings.ts readPairings), or the exit
 * code after its errors were written to standard error, each line `dambord COMMAND: ...` (EXIT.io:
 * the file cannot be read; EXIT.checkFailed: its lines are wrong).
 */
export async function pairingsOption(file: string, io: Io, command: string): Promise<{ ok: true; pairings: Pairings } | { ok: false; code: number }> {
  const text = await readText(file, io);
  if (!text.ok) {
    io.stderr.write(`dambord ${command}: ${text.error}\n`);
    return { ok: false, code: EXIT.io };
  }
  const read = readPairings(text.text, { name: text.name });
  if (!read.ok) {
    io.stderr.write(`${read.errors.map((e) => `dambord ${command}: ${e.message}`).join('\n')}\n`);
    return { ok: false, code: EXIT.checkFailed };
  }
  return { ok: true, pairings: read };
}

