import { createPush } from '../composition/push.js';
import { createRuntime } from '../composition/runtime.js';
import { createCommitStream } from '../composition/stream.js';
import { lambdaTournaments } from '../tournaments/compose.js';

const runtime = createRuntime();
const push = createPush(runtime);
const tournaments = lambdaTournaments(runtime);

/** DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit to its subscribers, then bot seats act. */
export const handler = createCommitStream(runtime, push.fanOut, {
  onTableClosed: (tableId) => tournaments.service.tableClosed(tableId),
});
