// The MQTT topics of a broadcast (issue 15): each board's state is published, retained, under
// `dambord/<event>/<round>/board/<N>`, and a relay follows an event with
// `dambord/<event>/+/board/+`. Pure.
//
// An event's or round's name is made topic-safe and stays readable: each `+`, `#`, `/` and NUL
// becomes `_`, and an empty name is `_`. Two names that differ only there share a topic.

import type { BoardAddress } from './types.ts';

/** The first level of every dambord topic; a broker lets clients publish only under it. */
export const TOPIC_ROOT = 'dambord';

/** An event's or round's name as one topic level: `+`, `#`, `/` and NUL become `_`; empty is `_`. */
export function topicLevel(name: string): string {
  return name.replace(/[+#/]/g, '_').replaceAll('\0', '_') || '_';
}

/** The topic a board's state is published under: `dambord/<event>/<round>/board/<N>`. Throws a RangeError for a board number that is not whole and positive. */
export function boardTopic(address: BoardAddress): string {
  if (!Number.isSafeInteger(address.board) || address.board < 1) {
    throw new RangeError(`board ${address.board} cannot be published: a board's number is a whole number from 1`);
  }
  return `${TOPIC_ROOT}/${topicLevel(address.event)}/${topicLevel(address.round)}/board/${address.board}`;
}

/** The filter for every board of every round of an event: `dambord/<event>/+/board/+`. */
export function eventFilter(event: string): string {
  return `${TOPIC_ROOT}/${topicLevel(event)}/+/board/+`;
}

/** A board topic's address (the event and round as topic-safe names), or null for any other topic. */
export function parseBoardTopic(topic: string): BoardAddress | null {
  const levels = topic.split('/');
  if (levels.length !== 5) return null;
  const [root, event, round, word, n] = levels;
  if (root !== TOPIC_ROOT || word !== 'board' || !/^[1-9][0-9]{0,14}$/.test(n)) return null;
  if (!event || !round || /[+#]/.test(event + round) || (event + round).includes('\0')) return null;
  return { event, round, board: Number(n) };
}
