// A message on a board's topic as the relay reads it (issue 26), before the round store's gate
// (admit.ts): pure, the same for the subscriber (mqttLink.ts) and its fuzz test.
//
// An empty payload is nothing (the way to clear a retained state; dambord's own broker refuses
// it). A payload larger than the largest state is refused before it is parsed, so that a
// stranger's 60 MB message costs no more than its size on the wire. Then the JSON, the fields
// (checkState.ts) and the topic: a state belongs under its own board's topic only.

import { checkBoardState } from './checkState.ts';
import { boardTopic } from './topics.ts';
import type { BoardState } from './types.ts';

/** A message read: a state, nothing (an empty payload), or why it is not a board's state. */
export type ReadMessage = { readonly kind: 'state'; readonly state: BoardState } | { readonly kind: 'empty' } | { readonly kind: 'bad'; readonly why: string };

/**
 * Reads a message received on `topic`; `maxBytes` is the largest payload read (larger ones are
 * refused unread). Never throws.
 *
 * @example readStateMessage('dambord/NK/1/board/1', Buffer.from('{}'), 131072) // { kind: 'bad', why: "not a board's state: event is missing: ..." }
 */
export function readStateMessage(topic: string, payload: Uint8Array, maxBytes: number): ReadMessage {
  if (payload.length === 0) return { kind: 'empty' };
  if (payload.length > maxBytes) return { kind: 'bad', why: `${payload.length} bytes: a board's state is at most ${maxBytes}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'));
  } catch (e) {
    return { kind: 'bad', why: `not JSON: ${(e as Error).message}` };
  }
  const checked = checkBoardState(parsed);
  if (!checked.ok) return { kind: 'bad', why: checked.error };
  const { state } = checked;
  let own: string;
  try {
    own = boardTopic(state);
  } catch (e) {
    return { kind: 'bad', why: (e as Error).message };
  }
  if (own !== topic) return { kind: 'bad', why: `the state of board ${state.board} of round "${state.round}" of "${state.event}" belongs under ${own}` };
  return { kind: 'state', state };
}
