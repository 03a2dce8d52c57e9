import {
  ApiGatewayManagementApiClient,
  type ApiGatewayManagementApiClientConfig,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { PostOutcome, Pusher } from '../../ports/connections.js';

const isGone = (e: unknown): boolean =>
  e instanceof GoneException ||
  (e as { name?: string } | undefined)?.name === 'GoneException' ||
  (e as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 410;

/**
 * The broadcaster over the API Gateway management API (`POST/DELETE {endpoint}/@connections/{id}`). One SDK client
 * per endpoint, reused across invocations. `config` adds settings such as the local runtime's fake credentials.
 */
export class ApiGatewayPusher implements Pusher {
  private readonly clients = new Map<string, ApiGatewayManagementApiClient>();

  /** `wrap` sees each new client once (the Lambda entries trace it: functions/observability/tracing.ts). */
  constructor(
    private readonly config: Omit<ApiGatewayManagementApiClientConfig, 'endpoint'> = {},
    private readonly wrap: (client: ApiGatewayManagementApiClient) => ApiGatewayManagementApiClient = (c) => c,
  ) {}

  /** The client for one management endpoint (made on first use, then reused). */
  client(endpoint: string): ApiGatewayManagementApiClient {
    let client = this.clients.get(endpoint);
    if (client === undefined) {
      client = this.wrap(new ApiGatewayManagementApiClient({ ...this.config, endpoint }));
      this.clients.set(endpoint, client);
    }
    return client;
  }

  async post(endpoint: string, connectionId: string, data: string): Promise<PostOutcome> {
    try {
      await this.client(endpoint).send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }),
      );
      return 'sent';
    } catch (e) {
      if (isGone(e)) return 'gone';
      throw e;
    }
  }

  async disconnect(endpoint: string, connectionId: string): Promise<PostOutcome> {
    try {
      await this.client(endpoint).send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      return 'sent';
    } catch (e) {
      if (isGone(e)) return 'gone';
      throw e;
    }
  }

  destroy(): void {
    for (const c of this.clients.values()) c.destroy();
    this.clients.clear();
  }
}
