import type {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiClientConfig,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ApiGatewayPusher } from '../adapters/apigw/connection-pusher.js';
import { DynamoConnectionStore } from '../adapters/dynamodb/connection-store.js';
import { DynamoPresenceStore } from '../adapters/dynamodb/presence-store.js';
import type { DueWorkScheduler } from '../ports/due-work.js';
import { type Presence, createPresence, withPresence } from '../use-cases/presence.js';
import type { Commit } from '../ports/table-store.js';
import type { ConnectionStore } from '../ports/connections.js';
import { type FanOutReport, createFanOut } from '../use-cases/fanout.js';
import type { Runtime } from './runtime.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { createTournamentFanOut } from '../tournaments/push.js';

export interface PushOptions {
  /** Where the management API lives (default WS_MANAGEMENT_ENDPOINT; unset: each connection's own endpoint). */
  readonly endpoint?: () => string | undefined;
  /** Extra SDK client settings (the local runtime's fake credentials). */
  readonly management?: Omit<ApiGatewayManagementApiClientConfig, 'endpoint'>;
  /** Where a seat's reconnect grace period is scheduled (docs/presence.md); unset: no grace periods. */
  readonly scheduler?: DueWorkScheduler | undefined;
  /** Applied to each management API client (the Lambda entries: traced with the Powertools Tracer). */
  readonly wrapManagementClient?: (client: ApiGatewayManagementApiClient) => ApiGatewayManagementApiClient;
}

export interface Push {
  readonly connections: ConnectionStore;
  readonly pusher: ApiGatewayPusher;
  readonly endpoint: () => string | undefined;
  /** Seat presence; `connections` reports every removed or unsubscribed seat connection to it. */
  readonly presence: Presence;
  /** Push one commit to its table's subscribers (the stream handler calls it). */
  readonly fanOut: (commit: Commit) => Promise<FanOutReport>;
  /** Push one tournament commit to the tournament's subscribers (functions/tournaments/push.ts). */
  readonly tournamentFanOut: (commit: TournamentCommit) => Promise<unknown>;
}

/**
 * The push half of the composition root: connections, the management API client and the fan-out. The stream
 * Lambda needs only this (it stays free of the WebSocket message schemas); createRealtime adds the ws handler.
 */
export function createPush(runtime: Runtime, opts: PushOptions = {}): Push {
  const rows = new DynamoConnectionStore(runtime.client, runtime.settings.connectionsTable);
  const pusher = new ApiGatewayPusher(opts.management ?? {}, opts.wrapManagementClient);
  const endpoint = opts.endpoint ?? (() => runtime.settings.wsManagementEndpoint);
  const presence = createPresence({
    store: new DynamoPresenceStore(runtime.client, runtime.settings.connectionsTable),
    service: runtime.service,
    connections: rows,
    pusher,
    endpoint,
    ...(opts.scheduler !== undefined ? { scheduler: opts.scheduler } : {}),
  });
  const connections = withPresence(rows, presence);
  return {
    connections,
    pusher,
    endpoint,
    presence,
    // The service's cached heads: pushes are computed from the commit and the cached state (use-cases/fanout.ts).
    fanOut: createFanOut({
      store: runtime.store,
      connections,
      pusher,
      endpoint,
      ...(runtime.service.heads !== undefined ? { heads: runtime.service.heads } : {}),
    }),
    tournamentFanOut: createTournamentFanOut({ connections, pusher, endpoint }),
  };
}
