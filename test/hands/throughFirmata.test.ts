// Hand-model games on the simulated Firmata board: see throughBoards.ts.
import { describe, it } from 'vitest';
import { same } from './throughBoards.ts';
import { SIMULATED_RUN_LIMIT_MS } from '../limits.ts';

describe('hand-model games on the simulated Firmata board (StandardFirmata, johnny-five)', () => {
  it.each(['international', 'czech'])('%s: the same as the plain replay, and the real game', async (variant) => {
    await same(variant, 5, 'firmata');
  }, SIMULATED_RUN_LIMIT_MS);
});
