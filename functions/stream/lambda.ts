import { createPush } from '../composition/push.js';
import { createRuntime } from '../composition/runtime.js';
import { createStreamHandler } from './handler.js';
import { createOnCommit } from './on-commit.js';

const runtime = createRuntime();
const push = createPush(runtime);

/** DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit to its subscribers, then bot seats act. */
export const handler = createStreamHandler(createOnCommit({ service: runtime.service, fanOut: push.fanOut }));
