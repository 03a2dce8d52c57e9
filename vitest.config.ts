import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: a busy shared machine slows every test several-fold, and a slow test is not a failing one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Separate processes: each file gets its own module state (dynalite, the local server, env-dependent config).
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, i.e. one on a 2-core machine. The tests are independent
    // (port 0, in-memory stores, temporary folders), and while one file waits on I/O another can run.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
