import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';

/**
 * Test files that run in a process of their own: they change env, stub or spy on globals, fake the timers, or measure
 * the process's own memory. The other files of the 'unit' project share a process per worker (below).
 */
const ISOLATED = [
  // vi.stubEnv('BOT_BUDGET_MS') around its server's start.
  'test/e2e/bot-levels.test.ts',
  // process.env.BOT_BUDGET_MS set at the top of the file.
  'test/e2e/deal-analysis.test.ts',
  'test/e2e/text-view-analysis.test.ts',
  // Garbage-collects and measures the process's ArrayBuffers; patches abstract-level's prototype.
  'test/e2e/memory.test.ts',
  // process.env for the Lambda handlers (read when their modules load).
  'test/functions/http-lambda.test.ts',
  'test/realtime/lambda.test.ts',
  // vi.useFakeTimers.
  'test/functions/long-timers.test.ts',
  // vi.stubEnv / process.env and spies on the Powertools logger and tracer.
  'test/functions/telemetry.test.ts',
  'test/functions/tracing.test.ts',
  // vi.spyOn on process.stdout or console.
  'test/functions/due-work.test.ts',
  'test/realtime/presence-aws.test.ts',
  'test/webhooks/timer-scheduler.test.ts',
];

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
          // The CDK tests are suites (test/infra/*.suite.ts, and the Discord function's CDK test) loaded by one test
          // file, test/infra/cdk.test.ts, so that they run in one process: the first synthesis in a process costs
          // about 5 s of CPU, the later ones under 1.5 s each, and synthesize() (test/infra/support.ts) shares each
          // configuration's synthesis between the suites. Separate files ran in both workers and paid it twice.
          include: ['test/infra/**/*.test.ts'],
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
          exclude: ['test/infra/**', 'test/engine/**', 'test/browser/web-*.test.ts', ...ISOLATED],
          // These files share one process per worker: each fresh process spent about half a second loading the AWS SDK,
          // Hono, dynalite and the local server, and parsing openapi.yaml and compiling its validators (the e2e
          // client checks every response), before its first test. They change no env, stub or spy on nothing, use no
          // fake timers and no vi.mock; each starts its own local server (port 0, in-memory dynalite) and closes it.
          // The product keeps no module state that outlives a server (local/*-patch.ts patch once, idempotently).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The files that change the process for the files after them: each in a fresh process.
          name: 'isolated',
          include: ISOLATED,
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
          // The files drive the browser over its WebSocket and change nothing in their own process (no env, no mocks,
          // no timers; useBrowser() connects and closes per file), so they share a process per worker instead of
          // each loading Vitest's runner and playwright-core anew.
          isolate: false,
        },
      },
    ],
  },
});
