import { createRealtime } from '../composition/realtime.js';
import { createRuntime } from '../composition/runtime.js';

const runtime = createRuntime();
const realtime = createRealtime(runtime);

/** API Gateway WebSocket entry point ($connect, $disconnect, $default and the action routes). */
export const handler = realtime.ws;
