import type { ApiGatewayManagementApiClientConfig } from '@aws-sdk/client-apigatewaymanagementapi';
import { ApiGatewayPusher } from '../adapters/apigw/connection-pusher.js';
import { DynamoConnectionStore } from '../adapters/dynamodb/connection-store.js';
import type { Commit } from '../ports/table-store.js';
import { type WsEvent, type WsResult, createWsHandler } from '../ws/handler.js';
import type { ConnectionStore } from './connections.js';
import { type FanOutReport, createFanOut } from './fanout.js';
import type { Runtime } from './runtime.js';

export interface Realtime {
  readonly connections: ConnectionStore;
  readonly pusher: ApiGatewayPusher;
  /** The WebSocket API handler ($connect, $disconnect, action routes). */
  readonly ws: (event: WsEvent) => Promise<WsResult>;
  /** Push one commit to its table's subscribers (the stream handler calls it). */
  readonly fanOut: (commit: Commit) => Promise<FanOutReport>;
}

/**
 * The realtime half of the composition root, shared by functions/ws/lambda.ts, functions/stream/lambda.ts and the
 * local runtime. `endpoint` overrides where the management API lives (default WS_MANAGEMENT_ENDPOINT; unset: each
 * connection's own https://{domainName}/{stage}); `management` adds SDK client settings (the local fake credentials).
 */
export function createRealtime(
  runtime: Runtime,
  opts: {
    endpoint?: () => string | undefined;
    management?: Omit<ApiGatewayManagementApiClientConfig, 'endpoint'>;
  } = {},
): Realtime {
  const connections = new DynamoConnectionStore(runtime.client, runtime.settings.connectionsTable);
  const pusher = new ApiGatewayPusher(opts.management ?? {});
  const endpoint = opts.endpoint ?? (() => runtime.settings.wsManagementEndpoint);
  return {
    connections,
    pusher,
    ws: createWsHandler({ service: runtime.service, connections, pusher, endpoint }),
    fanOut: createFanOut({ store: runtime.store, connections, pusher, endpoint }),
  };
}
