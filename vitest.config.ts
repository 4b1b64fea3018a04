import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/summaryReporter.ts';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'host/**/*.test.ts', 'hardware/**/*.test.ts', 'firmware/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // Vitest leaves one core free by default; the simulated boards are CPU-bound, so use them all.
    maxWorkers: availableParallelism(),
    reporters: ['default', new SummaryReporter()],
  },
});
