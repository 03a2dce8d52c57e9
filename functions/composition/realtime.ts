import type { ApiGatewayPusher } from '../adapters/apigw/connection-pusher.js';
import type { Commit } from '../ports/table-store.js';
import { type TournamentStream, type WsEvent, type WsResult, createWsHandler } from '../ws/handler.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import type { ConnectionStore } from '../ports/connections.js';
import type { FanOutReport } from '../use-cases/fanout.js';
import type { Presence } from '../use-cases/presence.js';
import { type PushOptions, createPush } from './push.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { Runtime } from './runtime.js';

export interface Realtime {
  readonly connections: ConnectionStore;
  readonly pusher: ApiGatewayPusher;
  /** The WebSocket API handler ($connect, $disconnect, action routes). */
  readonly ws: (event: WsEvent) => Promise<WsResult>;
  /** Push one commit to its table's subscribers (the stream handler calls it). */
  readonly fanOut: (commit: Commit) => Promise<FanOutReport>;
  /** Seat presence (its `grace` handler runs the `seat.grace` due work). */
  readonly presence: Presence;
  /** Push one tournament commit to the tournament's subscribers. */
  readonly tournamentFanOut: (commit: TournamentCommit) => Promise<unknown>;
}

/**
 * The realtime half of the composition root, shared by functions/ws/lambda.ts and the local runtime (the stream
 * Lambda uses createPush alone). `endpoint` overrides where the management API lives (default
 * WS_MANAGEMENT_ENDPOINT; unset: each connection's own https://{domainName}/{stage}); `management` adds SDK client
 * settings (the local fake credentials).
 */
export function createRealtime(
  runtime: Runtime,
  opts: PushOptions & { telemetry?: Telemetry; tournaments?: TournamentStream } = {},
): Realtime {
  const push = createPush(runtime, opts);
  return {
    connections: push.connections,
    pusher: push.pusher,
    ws: createWsHandler({
      service: runtime.service,
      connections: push.connections,
      pusher: push.pusher,
      endpoint: push.endpoint,
      ...(runtime.rateLimiter !== undefined ? { rateLimiter: runtime.rateLimiter } : {}),
      ...(opts.telemetry !== undefined ? { telemetry: opts.telemetry } : {}),
      presence: push.presence,
      ...(opts.tournaments !== undefined ? { tournaments: opts.tournaments } : {}),
    }),
    fanOut: push.fanOut,
    presence: push.presence,
    tournamentFanOut: push.tournamentFanOut,
  };
}
