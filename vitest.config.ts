import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/summaryReporter.ts';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'host/**/*.test.ts', 'hardware/**/*.test.ts', 'firmware/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    reporters: ['default', new SummaryReporter()],
  },
});
