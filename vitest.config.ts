import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WAIT_LIMIT_MS } from './test/limits.ts';
import { SummaryReporter } from './test/summaryReporter.ts';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'engine/**/*.test.ts', 'host/**/*.test.ts', 'hardware/**/*.test.ts', 'firmware/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards, not verdicts (test/limits.ts): a busy machine makes a test slower, never red.
    testTimeout: TEST_LIMIT_MS,
    hookTimeout: WAIT_LIMIT_MS,
    expect: { poll: { timeout: WAIT_LIMIT_MS } },
    // Vitest leaves one core free by default; the simulated boards are CPU-bound, so use them all.
    maxWorkers: availableParallelism(),
    reporters: ['default', new SummaryReporter()],
  },
});
