// The clock times after moves, as dambord's scoresheets, PDN 3.0 and the draughts sites write them.
import { describe, expect, it } from 'vitest';
import { clocksText } from '../game/clock/clock.ts';
import { moverClock } from './clocks.ts';

describe('moverClock', () => {
  it.each([
    [[clocksText(1_771_000, 1_800_000, 'black')], 'white', '0:29:31'],
    [[clocksText(1_771_000, 1_795_000, 'white')], 'black', '0:29:55'],
    [['[%clock w1:29:31 B1:30:00]'], 'black', '1:30:00'],
    [['[%clock 0:49:11]'], 'black', '0:49:11'],
    [['a fine move [%clk 0:05:00] indeed'], 'white', '0:05:00'],
    [['[%clk 0:04:58.3]'], 'black', '0:04:58.3'],
    [['[%clk 0:05:00]', '[%clk 0:04:59]'], 'white', '0:04:59'],
    [['no clock here'], 'white', undefined],
    [['[%clock soon]'], 'white', undefined],
    [['[%clock x1:00:00 y2:00:00]'], 'white', undefined],
    [[], 'black', undefined],
  ] as const)('%j after a move of %s: %s', (comments, mover, time) => {
    expect(moverClock(comments, mover)).toBe(time);
  });
});
