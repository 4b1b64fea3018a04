/* global EventSource, setTimeout */
// The relay's stream as the viewers' page follows it (GET /api/round/events: the round first,
// then each board's new state, numbered per board), and the connection's state in words. A
// stream the browser gives up on (an answer that is not a stream) is opened again in 5 s.

import { $ } from './html.js';
import { connectionWords } from './watchModel.js';

/**
 * Follows the relay's stream: `take(type, data)` for each `round` and `board` event (data
 * parsed; data that is not JSON is dropped), and after each that changed something (`take`
 * returns true) the connection's state shown as `hasRound()` and the stream have it. Returns `close` (the page hidden) and `open` (shown again).
 * @param {(type: 'round'|'board', data: unknown) => boolean} take
 * @param {() => boolean} hasRound whether a round has come
 */
export function followRound(take, hasRound) {
  const status = $('connection');
  /** @type {EventSource | null} */
  let events = null;
  const show = () => {
    const words = connectionWords(events ? events.readyState : 0, hasRound());
    if (status.textContent !== words) status.textContent = words;
    status.className = `connection${events && events.readyState === 1 ? ' live' : ' down'}`;
  };
  const receive = (/** @type {'round'|'board'} */ type, /** @type {MessageEvent} */ e) => {
    let data;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    if (take(type, data)) show();
  };
  const connect = () => {
    const stream = new EventSource('/api/round/events');
    events = stream;
    stream.addEventListener('round', (e) => receive('round', e));
    stream.addEventListener('board', (e) => receive('board', e));
    stream.addEventListener('open', show);
    stream.addEventListener('error', () => {
      show();
      // The browser gave up (an answer that is not a stream): a new stream in a while, which starts with the round.
      if (stream.readyState === 2) setTimeout(connect, 5000);
    });
    show();
  };
  connect();
  return { close: () => events && events.close(), open: connect };
}
