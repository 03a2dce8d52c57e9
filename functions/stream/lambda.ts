import { botStep } from '../shared/bots.js';
import { createRuntime } from '../shared/runtime.js';
import { createStreamHandler } from './handler.js';

const runtime = createRuntime();

/** DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit, then bot seats act. */
export const handler = createStreamHandler(async (commit) => {
  await botStep(runtime.service, commit.tableId);
});
