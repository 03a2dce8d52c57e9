import { createDueWork } from '../composition/due.js';
import { createRuntime } from '../composition/runtime.js';

/** DUE_QUEUE (SQS) and the sweep rule: run due work (turn deadlines, scheduled starts, stalled tables). */
export const handler = createDueWork(createRuntime()).handler;
