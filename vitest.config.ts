import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';

export default defineConfig({
  test: {
    // Generous: a busy shared machine slows every test several-fold, and a slow test is not a failing one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Separate processes: each file gets its own module state (dynalite, the local server, env-dependent config).
    pool: 'forks',
    // Long files first, the browser files before the rest (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // Vitest's default is one worker fewer than the cores, i.e. one on a 2-core machine. The tests are independent
    // (port 0, in-memory stores, temporary folders), and while one file waits on I/O another can run.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // The CDK tests share one process: loading aws-cdk-lib costs seconds per process, and synthesize()
          // (test/infra/support.ts) shares each configuration's synthesis between the files. They keep no module
          // state of their own (no env changes, no mocks), so running in one process changes nothing they check.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['test/engine/**/*.test.ts'],
          // The engine is pure (no I/O, no clock, no env; its tests mock nothing), so its 60-odd files share one
          // process per worker instead of each loading the engine and fast-check anew.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/infra/**', 'test/engine/**', 'test/browser/web-*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app in Debian's Chromium: one Vite build, one local server and one browser for all files
          // (test/browser/web-global-setup.ts); each file opens its own browser contexts.
          name: 'web',
          include: ['test/browser/web-*.test.ts'],
          globalSetup: ['test/browser/web-global-setup.ts'],
        },
      },
    ],
  },
});
