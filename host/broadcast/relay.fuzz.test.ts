// The relay's MQTT input against anything (issue 26): fast-check sends messages on any topic with
// any payload (bytes, text, JSON values, real boards' states of any round, board, time and size,
// with any field replaced by anything) at any time, through the subscriber's message path, the
// field check (checkState.ts), the gate (admit.ts) and the round store. Nothing throws; a state
// refused is never shown; what the store holds stays bounded (one round, the boards of its
// bound); the feeds always answer. DAMBORD_FUZZ_RUNS sets the number of runs (test/fuzz.ts).
//
// Messages are read as the subscriber reads them (message.ts readStateMessage: an empty payload
// is nothing; then the size, JSON, the field check and the state's own topic), without a broker.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../test/fuzz.ts';
import { ADMIT_DEFAULTS } from './admit.ts';
import { readStateMessage } from './message.ts';
import { createRoundStore } from './store.ts';
import { nodeStoreHost } from './storeHost.ts';
import { realState } from './testing/realStates.ts';
import { boardTopic } from './topics.ts';
import type { BoardState } from './types.ts';

const EVENT = 'NK 2009';
const T0 = 1_239_192_000_000;
const MAX_BOARD = 64;

/** A message as the subscriber takes it (message.ts): the state to put, or why it is not one. */
function receive(topic: string, payload: Uint8Array): BoardState | string {
  const read = readStateMessage(topic, payload, ADMIT_DEFAULTS.maxBytes);
  return read.kind === 'state' ? read.state : read.kind === 'empty' ? 'empty' : read.why;
}

const realStates = fc
  .record({
    game: fc.integer({ min: 0, max: 5 }),
    plies: fc.integer({ min: 0, max: 40 }),
    board: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constantFrom(0, -1, 65, 2_000_000, 4_294_967_295, 1e15, 1.5)),
    round: fc.oneof(fc.constant('1'), fc.constantFrom('2', 'HIJACK', ''), fc.string({ maxLength: 12 })),
    event: fc.oneof(fc.constant(EVENT), fc.string({ maxLength: 8 })),
    t: fc.oneof(fc.integer({ min: -60_000, max: 120_000 }).map((d) => T0 + d), fc.constantFrom(8.64e15, -1, 0, Number.MAX_SAFE_INTEGER)),
  })
  .map(({ game, plies, ...address }) => realState({ ...address, game, plies }));

/** A real state of this event's first round, from the last minute up to the relay's allowed skew ahead: one the relay takes, so every case feeds it real play as well as junk. */
const acceptable = fc
  .record({ game: fc.integer({ min: 0, max: 5 }), plies: fc.integer({ min: 0, max: 40 }), board: fc.integer({ min: 1, max: 8 }), d: fc.integer({ min: -60_000, max: ADMIT_DEFAULTS.skewMs }) })
  .map(({ d, ...rest }) => ({ ...realState({ ...rest, round: '1', event: EVENT, t: T0 + d }) }))
  .map((s) => ({ topic: safeTopic(s), payload: Buffer.from(JSON.stringify(s)) }));

/** A real state with one field replaced by anything, or made large. */
const changed = fc.tuple(realStates, fc.constantFrom('players', 'position', 'turn', 'moves', 'pdn', 'variant', 'size', 'irregularity', 'link', 'clock', 'result', 'lastMove', 'none'), fc.anything(), fc.nat(3)).map(([s, field, value, big]) => {
  if (field === 'none') return s;
  if (big === 3 && field === 'moves') return { ...s, moves: Array.from({ length: 5000 }, (_, i) => ({ ...(s.moves[0] ?? { side: 'white', text: '32-28', irregular: null }), ply: i + 1 })) };
  if (big === 3 && field === 'pdn') return { ...s, pdn: s.pdn.repeat(200) };
  return { ...s, [field]: value };
});

const message = fc.oneof(
  { weight: 6, arbitrary: changed.map((s) => ({ topic: safeTopic(s), payload: Buffer.from(JSON.stringify(s) ?? '') })) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), fc.uint8Array({ maxLength: 300 })).map(([topic, payload]) => ({ topic, payload: Buffer.from(payload) })) },
  { weight: 1, arbitrary: fc.tuple(realStates, fc.jsonValue()).map(([s, v]) => ({ topic: safeTopic(s), payload: Buffer.from(JSON.stringify(v) ?? '') })) },
);

/** A state as viewers get it, as text: without its scoresheet and its rev. */
function viewerKey(x: object): string {
  const { pdn: _pdn, rev: _rev, ...rest } = x as { pdn?: unknown; rev?: unknown };
  return JSON.stringify(rest);
}

/** A state's own topic, or any when it has none. */
function safeTopic(s: BoardState): string {
  try {
    return boardTopic(s);
  } catch {
    return `dambord/x/${String(s.round)}/board/${String(s.board)}`;
  }
}

describe('the relay\'s MQTT input, any topic, any payload, any size, any time', () => {
  it('never throws, never shows what it refused, holds one round of bounded boards, and its feeds always answer', async () => {
    let takenInAll = 0;
    await fuzz(
      'relay MQTT input',
      fc.property(fc.tuple(acceptable, fc.integer({ min: 0, max: 5000 })), fc.array(fc.tuple(message, fc.integer({ min: 0, max: 5000 })), { maxLength: 30 }), fc.boolean(), (first, rest, delayed) => {
        const messages = [first, ...rest];
        let now = T0;
        const store = createRoundStore({ event: EVENT, maxBoard: MAX_BOARD, ...(delayed ? { delayMs: 1000 } : {}) }, { ...nodeStoreHost, now: () => now });
        const taken = new Set<string>();
        try {
          for (const [{ topic, payload }, wait] of messages) {
            now += wait;
            const state = receive(topic, payload);
            if (typeof state === 'string') continue;
            if (store.put(state)) {
              taken.add(viewerKey(state));
              takenInAll++;
            }
            const snap = store.snapshot();
            const counts = store.counts();
            expect(counts.boards).toBeLessThanOrEqual(MAX_BOARD);
            expect(counts.waiting).toBeLessThanOrEqual(10_000);
            for (const b of snap.boards) {
              expect(taken.has(viewerKey(b))).toBe(true);
              expect(b.round).toBe(snap.round);
              expect(b.board >= 1 && b.board <= MAX_BOARD).toBe(true);
            }
            expect(() => JSON.parse(store.roundJson().body) as unknown).not.toThrow();
            expect(store.roundPdn().body.length).toBeLessThan(MAX_BOARD * 200_000);
            for (const n of [1, 2, MAX_BOARD, 2_000_000]) store.boardPdn(n);
          }
          // The case's first state is real, of this round: it was taken, and not only junk refused.
          expect(taken.size).toBeGreaterThan(0);
        } finally {
          store.close();
        }
      }),
      60,
    );
    // Real states were taken too, not only refused: every case begins with one the relay must take.
    expect(takenInAll).toBeGreaterThan(0);
  });
});
