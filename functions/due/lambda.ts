import { createDueWork } from '../composition/due.js';
import { createRuntime } from '../composition/runtime.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';

const telemetry = createTelemetry({ service: 'due', metrics: true });

/**
 * DUE_QUEUE (SQS) and the sweep rule: run due work (turn deadlines, reconnect grace periods, scheduled starts, stalled
 * tables); TimerFirings counts each run.
 */
export const handler = instrument(telemetry, createDueWork(createRuntime(), undefined, telemetry).handler);
