import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Test files share a worker's module cache: importing the whole server once per worker rather
    // than once per file saves most of the suite's import time. Each test builds its own app,
    // database and store, so no state travels between files through modules.
    isolate: false,
  },
});
