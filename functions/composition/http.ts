import type { Context, Hono } from 'hono';
import { DynamoPresenceStore } from '../adapters/dynamodb/presence-store.js';
import { createApp } from '../http/app.js';
import { presenceList } from '../use-cases/presence.js';
import type { TournamentService } from '../tournaments/service.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { Runtime } from './runtime.js';
import type { Webhooks } from './webhooks.js';

/** The REST app bound to a runtime: functions/http/lambda.ts on AWS, local/server.ts on a laptop. */
export function createHttp(
  runtime: Runtime,
  telemetry?: Telemetry,
  extra: {
    readonly tournaments?: TournamentService;
    readonly now?: () => number;
    readonly webhooks?: Webhooks;
    /** The caller's address when the platform's own is not it (behind CloudFront: functions/edge/origin-verify.ts). */
    readonly clientAddress?: (c: Context) => string | undefined;
  } = {},
): Hono {
  return createApp({
    service: runtime.service,
    apiKeyHashes: runtime.settings.apiKeyHashes,
    version: runtime.settings.version,
    ...(runtime.rateLimiter !== undefined ? { rateLimiter: runtime.rateLimiter } : {}),
    ...(telemetry !== undefined ? { telemetry } : {}),
    ...(extra.tournaments !== undefined ? { tournaments: extra.tournaments } : {}),
    ...(extra.now !== undefined ? { now: extra.now } : {}),
    ...(extra.webhooks !== undefined ? { webhooks: extra.webhooks.service } : {}),
    presence: presenceList(new DynamoPresenceStore(runtime.client, runtime.settings.connectionsTable), runtime.service),
    ...(extra.clientAddress !== undefined ? { clientAddress: extra.clientAddress } : {}),
  });
}
