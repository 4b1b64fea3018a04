// The MQTT topics of a broadcast (issue 15): each board's state is published, retained, under
// `dambord/<event>/<round>/board/<N>`, and a relay follows an event with
// `dambord/<event>/+/board/+`. Pure.
//
// An event's or round's name is one topic level, readable and one-to-one: `%`, `+`, `#`, `/`,
// the control characters (C0, DEL, C1) are percent-encoded as their UTF-8 bytes (`Open A/B` is
// `Open A%2FB`, `Open A_B` stays `Open A_B`), a lone surrogate is `%uD800`, and the empty name is
// `%` alone. Two different names never share a topic, and topicName reads a level back. Hosts
// and the relay name topics with these functions only, so they agree.

import type { BoardAddress } from './types.ts';

/** The first level of every dambord topic; a broker lets clients publish only under it. */
export const TOPIC_ROOT = 'dambord';

/** MQTT's limit on a topic: 65,535 bytes of UTF-8. */
const MAX_TOPIC_BYTES = 65_535;

/** The characters a topic level encodes: `%`, MQTT's `+ # /`, control characters and lone surrogates. */
const ESCAPED = /[%+#/\p{Cc}\p{Cs}]/gu;

/**
 * An event's or round's name as one topic level, readable and one-to-one (topicName reads it back).
 *
 * @example topicLevel('Open A/B') // 'Open A%2FB'
 * @example topicLevel('') // '%'
 */
export function topicLevel(name: string): string {
  if (name === '') return '%';
  return name.replace(ESCAPED, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) return `%u${code.toString(16).toUpperCase()}`;
    return encodeURIComponent(c);
  });
}

/** The name a topic level stands for, or null for a level topicLevel never makes (so each name has one level). */
export function topicName(level: string): string | null {
  if (level === '%') return '';
  if (level === '') return null;
  const name = level.replace(/%(u[0-9A-F]{4}|C2%[89][0-9A-F]|[0-7][0-9A-F])/g, (e) =>
    e[1] === 'u' ? String.fromCharCode(parseInt(e.slice(2), 16)) : decodeURIComponent(e),
  );
  return topicLevel(name) === level ? name : null;
}

/** The topic a board's state is published under: `dambord/<event>/<round>/board/<N>`. Throws a RangeError for a board number that is not whole and positive, or names too long for a topic. */
export function boardTopic(address: BoardAddress): string {
  if (!Number.isSafeInteger(address.board) || address.board < 1) {
    throw new RangeError(`board ${address.board} cannot be published: a board's number is a whole number from 1`);
  }
  const topic = `${TOPIC_ROOT}/${topicLevel(address.event)}/${topicLevel(address.round)}/board/${address.board}`;
  if (Buffer.byteLength(topic) > MAX_TOPIC_BYTES) throw new RangeError(`board ${address.board} cannot be published: its event's and round's names make a topic longer than MQTT's ${MAX_TOPIC_BYTES} bytes`);
  return topic;
}

/** The filter for every board of every round of an event: `dambord/<event>/+/board/+`. */
export function eventFilter(event: string): string {
  return `${TOPIC_ROOT}/${topicLevel(event)}/+/board/+`;
}

/** A board topic's address (the event's and round's names read back), or null for any other topic. */
export function parseBoardTopic(topic: string): BoardAddress | null {
  const levels = topic.split('/');
  if (levels.length !== 5) return null;
  const [root, eventLevel, roundLevel, word, n] = levels;
  if (root !== TOPIC_ROOT || word !== 'board' || !/^[1-9][0-9]{0,14}$/.test(n)) return null;
  const event = topicName(eventLevel);
  const round = topicName(roundLevel);
  if (event === null || round === null) return null;
  return { event, round, board: Number(n) };
}
