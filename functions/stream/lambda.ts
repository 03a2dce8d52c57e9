import { createPush } from '../composition/push.js';
import { createRuntime } from '../composition/runtime.js';
import { createCommitStream } from '../composition/stream.js';
import { webhooksFor } from '../composition/webhooks.js';

const runtime = createRuntime();
const push = createPush(runtime);
// Each attempt waits at most 5 s here: the stream batch must not stall behind a slow webhook target.
const webhooks = webhooksFor(runtime, { timeoutMs: 5_000 });

/** DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit to its subscribers, then bot seats act. */
export const handler = createCommitStream(runtime, push.fanOut, webhooks);
