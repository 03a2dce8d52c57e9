import type { Hono } from 'hono';
import { createApp } from '../http/app.js';
import type { TournamentService } from '../tournaments/service.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { Runtime } from './runtime.js';

/** The REST app bound to a runtime: functions/http/lambda.ts on AWS, local/server.ts on a laptop. */
export function createHttp(
  runtime: Runtime,
  telemetry?: Telemetry,
  extra: { readonly tournaments?: TournamentService; readonly now?: () => number } = {},
): Hono {
  return createApp({
    service: runtime.service,
    apiKeyHashes: runtime.settings.apiKeyHashes,
    version: runtime.settings.version,
    ...(runtime.rateLimiter !== undefined ? { rateLimiter: runtime.rateLimiter } : {}),
    ...(telemetry !== undefined ? { telemetry } : {}),
    ...extra,
  });
}
