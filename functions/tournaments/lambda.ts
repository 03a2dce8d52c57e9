import { createRuntime } from '../composition/runtime.js';
import { lambdaTournaments } from './compose.js';

const runtime = createRuntime();
const tournaments = lambdaTournaments(runtime);

/**
 * Scheduled entry point (an EventBridge rule, e.g. every minute): runs every stored due job whose time has come —
 * a round's start, a look at a running round's tables. Jobs are idempotent; a failed one stays for the next sweep.
 */
export const handler = async (): Promise<{ ran: number }> => {
  const ran = await tournaments.due.sweep(Date.now(), (job) => tournaments.service.runJob(job));
  return { ran: ran.length };
};
