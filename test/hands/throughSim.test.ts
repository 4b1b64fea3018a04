// Hand-model games on the simulated dambord board: see throughBoards.ts.
import { describe, it } from 'vitest';
import { same } from './throughBoards.ts';
import { SIMULATED_RUN_LIMIT_MS } from '../limits.ts';

describe('hand-model games on the simulated dambord board (firmware in avr8js, serial link)', () => {
  it.each(['international', 'czech', 'english', 'brazilian', 'russian'])('%s: the same as the plain replay, and the real game', async (variant) => {
    await same(variant, 3, 'dambord');
  }, SIMULATED_RUN_LIMIT_MS);
});

