import type { Hono } from 'hono';
import { createApp } from '../http/app.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { Runtime } from './runtime.js';
import type { Webhooks } from './webhooks.js';

/** The REST app bound to a runtime: functions/http/lambda.ts on AWS, local/server.ts on a laptop. */
export function createHttp(runtime: Runtime, telemetry?: Telemetry, webhooks?: Webhooks): Hono {
  return createApp({
    service: runtime.service,
    apiKeyHashes: runtime.settings.apiKeyHashes,
    version: runtime.settings.version,
    ...(runtime.rateLimiter !== undefined ? { rateLimiter: runtime.rateLimiter } : {}),
    ...(telemetry !== undefined ? { telemetry } : {}),
    ...(webhooks !== undefined ? { webhooks: webhooks.service } : {}),
  });
}
