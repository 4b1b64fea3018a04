// The relay's account of what it refused (host/broadcast/refusals.ts): every refusal counted by
// reason and topic, each reason said at most once a minute however many arrive, the topics
// counted one by one up to a bound.

import { describe, expect, it } from 'vitest';
import { createRefusalLog } from './refusals.ts';

const T0 = 1_800_000_000_000;

describe('refusals', () => {
  it('10,000 refusals of one reason in a minute are said once; the next minute once more, with how many came meanwhile', () => {
    const log = createRefusalLog();
    const said: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const line = log.note('round', `dambord/E/R${i}/board/1`, `round "R${i}" is not the round served ("1")`, T0 + i);
      if (line) said.push(line);
    }
    expect(said).toEqual(['refused a state on dambord/E/R0/board/1: round "R0" is not the round served ("1")']);
    // Another reason is said at once.
    expect(log.note('board', 'dambord/E/1/board/5', 'board 5 is not one of the round', T0 + 10)).toMatch(/board 5/);
    expect(log.note('round', 'dambord/E/X/board/1', 'round "X"', T0 + 60_000)).toBe('refused a state on dambord/E/X/board/1: round "X" (and 9999 more refused for this reason since it was last said)');
    expect(log.counts()).toMatchObject({ total: 10_002, byReason: { round: 10_001, board: 1 } });
  });

  it('counts at most `topics` topics one by one, the rest together; control characters in a topic are not written out', () => {
    const log = createRefusalLog({ topics: 3 });
    for (let i = 0; i < 100; i++) log.note('round', `t${i % 10}`, 'x', T0);
    const { byTopic } = log.counts();
    expect(byTopic).toHaveLength(4);
    expect(byTopic[0]).toEqual(['(other topics)', 70]);
    expect(byTopic.slice(1).map(([, n]) => n)).toEqual([10, 10, 10]);
    expect(createRefusalLog().note('x', 'a\u001b[2Jb\u202e', 'round "\u001b]0;x\u0007" is not', T0)).toBe('refused a state on a?[2Jb?: round "?]0;x?" is not');
  });
});

describe('refusals by host (relay --hosts)', () => {
  it("names the host a board's topic belongs to, and the host the broker refused, and counts by host", () => {
    const log = createRefusalLog();
    expect(log.note('history', 'dambord/E/1/board/5', 'it takes back 9 moves', T0, 'hall2')).toBe('refused a state on dambord/E/1/board/5 (host hall2): it takes back 9 moves');
    expect(log.note('access', '', 'publication refused: hall1 may publish the states of boards 1-4 only, not on dambord/E/1/board/5', T0, 'hall1')).toBe(
      'refused host hall1: publication refused: hall1 may publish the states of boards 1-4 only, not on dambord/E/1/board/5',
    );
    log.note('access', '', 'login refused', T0 + 1, 'hall1');
    expect(log.counts().byHost).toEqual([['hall1', 2], ['hall2', 1]]);
    expect(log.counts().byTopic).toEqual([['dambord/E/1/board/5', 1]]);
  });
});

describe('refusals of two hosts', () => {
  it("one host's refusals do not hide another's: each reason of each host is said once a minute", () => {
    const log = createRefusalLog();
    expect(log.note('access', '', 'publication refused', T0, 'hall1')).not.toBeNull();
    expect(log.note('access', '', 'publication refused', T0 + 1, 'hall1')).toBeNull();
    expect(log.note('access', '', 'login refused', T0 + 2, 'hall2')).toBe('refused host hall2: login refused');
  });
});
