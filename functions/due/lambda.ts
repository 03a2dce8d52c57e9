import { s3Archive } from '../composition/archive.js';
import { createDueWork } from '../composition/due.js';
import { createRuntime } from '../composition/runtime.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';

const telemetry = createTelemetry({ service: 'due', metrics: true });
const runtime = createRuntime();

/**
 * DUE_QUEUE (SQS) and the sweep rule: run due work (turn deadlines, reconnect grace periods, scheduled starts, stalled
 * tables, idle closes, archiving closed tables); TimerFirings counts each run.
 */
export const handler = instrument(telemetry, createDueWork(runtime, undefined, telemetry, s3Archive(runtime)).handler);
