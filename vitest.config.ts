import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'host/**/*.test.ts', 'hardware/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
