import { describe, expect, it } from 'vitest';
import { readStateMessage } from './message.ts';
import { realState } from './testing/realStates.ts';
import { boardTopic } from './topics.ts';

const state = realState({ event: 'NK 2009', round: '1', board: 3, game: 0, plies: 6, t: 1_239_192_000_000 });
const topic = boardTopic(state);

describe('a message on a board topic, as the relay reads it (issue 26)', () => {
  it('takes a board state under its own topic', () => {
    expect(readStateMessage(topic, Buffer.from(JSON.stringify(state)), 128 * 1024)).toEqual({ kind: 'state', state });
  });

  it('refuses a payload larger than a state may be before parsing it: a 62 MB message costs its size, not its parse', () => {
    const huge = Buffer.alloc(62 * 1024 * 1024, 0x20);
    huge.write('{"event":', 0);
    const read = readStateMessage(topic, huge, 128 * 1024);
    expect(read).toEqual({ kind: 'bad', why: `${huge.length} bytes: a board's state is at most 131072` });
  });

  it('an empty payload is nothing; JSON that is not a state, or a state under another board, is said', () => {
    expect(readStateMessage(topic, Buffer.alloc(0), 1000)).toEqual({ kind: 'empty' });
    expect(readStateMessage(topic, Buffer.from('{'), 1000)).toMatchObject({ kind: 'bad', why: expect.stringMatching(/^not JSON/) });
    expect(readStateMessage(topic, Buffer.from('{}'), 1000)).toMatchObject({ kind: 'bad', why: expect.stringMatching(/^not a board's state/) });
    const other = boardTopic({ ...state, board: 4 });
    expect(readStateMessage(other, Buffer.from(JSON.stringify(state)), 128 * 1024)).toMatchObject({ kind: 'bad', why: expect.stringMatching(/belongs under/) });
  });
});
