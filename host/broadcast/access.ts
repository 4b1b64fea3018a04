// Who may do what at dambord's own MQTT broker (issue 26): each host publishes only its boards'
// states, only the relay reads, nobody clears a board or takes another's client id. The broker
// (broker.ts) asks these questions of each client; mosquitto is given the same rules as an
// access list (mosquittoConfig.ts). Pure.

import { parseBoardTopic, topicLevel, TOPIC_ROOT } from './topics.ts';

/** A name and password a client may connect with, and what it may do. */
export interface BrokerUser {
  readonly username: string;
  readonly password: string;
  /**
   * The boards whose states it may publish (a hall's host); `'all'` for every board of the
   * event (a hall's one shared user, `--mqtt-user`); `'read'` for a reader (the relay), who
   * publishes nothing. `'all'` when not given.
   */
  readonly boards?: ReadonlySet<number> | 'all' | 'read';
}

/** The rules a broker applies; null where a rule is not wanted. */
export interface AccessRules {
  /** The event whose boards may be published and read; any event's when null. */
  readonly event: string | null;
  /** The one client id that only `readerNames` may use (the relay's), or null. */
  readonly relayClientId: string | null;
  /** Whether clients without a user (anonymous, loopback only) may read. */
  readonly anonymousReads: boolean;
}

/** Board numbers as people write them: `1-4,7`. */
export function boardList(boards: ReadonlySet<number>): string {
  const sorted = [...boards].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === i ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j;
  }
  return parts.join(',');
}

/**
 * Why `user` (null: a client without a user) may not publish `payloadBytes` bytes on `topic`, or
 * null when it may. An empty message is always refused: retained, it would clear the board.
 *
 * @example publishRefusal({ username: 'hall1', password: 'x', boards: new Set([1, 2]) }, rules, 'dambord/E/1/board/3', 900)
 *   // 'hall1 may publish the states of boards 1-2 only, not on dambord/E/1/board/3'
 */
export function publishRefusal(user: BrokerUser | null, rules: AccessRules, topic: string, payloadBytes: number): string | null {
  const address = parseBoardTopic(topic);
  const where = rules.event === null ? `${TOPIC_ROOT}/<event>/<round>/board/<N>` : `${TOPIC_ROOT}/${topicLevel(rules.event)}/<round>/board/<N>`;
  if (address === null || (rules.event !== null && address.event !== rules.event)) return `publishing is allowed only on ${where}, not on ${topic}`;
  if (payloadBytes === 0) return `an empty message on ${topic} would clear the board's state: refused`;
  const boards = user?.boards ?? 'all';
  const who = user === null ? 'a client without a user' : user.username;
  if (boards === 'read') return `${who} only reads: it may not publish on ${topic}`;
  if (boards !== 'all' && !boards.has(address.board)) return `${who} may publish the states of boards ${boardList(boards)} only, not on ${topic}`;
  return null;
}

/** Whether `user` (null: a client without a user) may subscribe to `filter`: readers, or anyone without a user when the rules allow; only under the event's topics. */
export function maySubscribe(user: BrokerUser | null, rules: AccessRules, filter: string): boolean {
  const reader = user === null ? rules.anonymousReads : user.boards === 'read';
  if (!reader) return false;
  const [root, event] = filter.split('/');
  return root === TOPIC_ROOT && (rules.event === null ? event !== undefined : event === topicLevel(rules.event));
}

/**
 * Why a client of `user` may not take `clientId`, or null when it may: a user's ids are its
 * name or start with its name and `-` (so no user can take another's session, or kick it off);
 * the relay's id is a reader's only.
 */
export function clientIdRefusal(user: BrokerUser | null, rules: AccessRules, clientId: string): string | null {
  if (clientId === rules.relayClientId) return user?.boards === 'read' ? null : `the client id "${clientId}" is the relay's`;
  if (user === null || clientId === user.username || clientId.startsWith(`${user.username}-`)) return null;
  return `the client id "${clientId}" is not ${user.username}'s: its ids start with "${user.username}-"`;
}
