import type {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiClientConfig,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ApiGatewayPusher } from '../adapters/apigw/connection-pusher.js';
import { DynamoConnectionStore } from '../adapters/dynamodb/connection-store.js';
import type { Commit } from '../ports/table-store.js';
import type { ConnectionStore } from '../ports/connections.js';
import { type FanOutReport, createFanOut } from '../use-cases/fanout.js';
import type { Runtime } from './runtime.js';

export interface PushOptions {
  /** Where the management API lives (default WS_MANAGEMENT_ENDPOINT; unset: each connection's own endpoint). */
  readonly endpoint?: () => string | undefined;
  /** Extra SDK client settings (the local runtime's fake credentials). */
  readonly management?: Omit<ApiGatewayManagementApiClientConfig, 'endpoint'>;
  /** Applied to each management API client (the Lambda entries: traced with the Powertools Tracer). */
  readonly wrapManagementClient?: (client: ApiGatewayManagementApiClient) => ApiGatewayManagementApiClient;
}

export interface Push {
  readonly connections: ConnectionStore;
  readonly pusher: ApiGatewayPusher;
  readonly endpoint: () => string | undefined;
  /** Push one commit to its table's subscribers (the stream handler calls it). */
  readonly fanOut: (commit: Commit) => Promise<FanOutReport>;
}

/**
 * The push half of the composition root: connections, the management API client and the fan-out. The stream
 * Lambda needs only this (it stays free of the WebSocket message schemas); createRealtime adds the ws handler.
 */
export function createPush(runtime: Runtime, opts: PushOptions = {}): Push {
  const connections = new DynamoConnectionStore(runtime.client, runtime.settings.connectionsTable);
  const pusher = new ApiGatewayPusher(opts.management ?? {}, opts.wrapManagementClient);
  const endpoint = opts.endpoint ?? (() => runtime.settings.wsManagementEndpoint);
  return {
    connections,
    pusher,
    endpoint,
    fanOut: createFanOut({ store: runtime.store, connections, pusher, endpoint }),
  };
}
