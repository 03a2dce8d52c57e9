import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ApiGatewayManagementApiClientConfig } from '@aws-sdk/client-apigatewaymanagementapi';
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

/** The SDK's request as its handlers get it (@smithy/protocol-http HttpRequest; only what is read here). */
interface SdkRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Record<string, string | string[] | null>;
  readonly headers: Record<string, string>;
  readonly body?: unknown;
}

/**
 * An AWS SDK request handler that hands each signed request straight to dynalite's HTTP request listener, in process
 * (docs/performance.md "One commit per bot run"): the SDK client still runs its whole middleware stack (serialisation,
 * endpoint, signing, retries, deserialisation) and dynalite still parses, validates and answers the same request — only
 * the loopback socket, the HTTP parser on both sides and the connection pool are left out. The request listener is
 * dynalite's own (`http.createServer(listener)`), so its port still serves other clients.
 */
export function inProcessHandler(
  server: Server,
  inFlight?: { track<T>(work: Promise<T>): Promise<T> },
): NonNullable<DynamoDBClientConfig['requestHandler']> {
  const listener = server.listeners('request')[0] as ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  if (listener === undefined) throw new Error('the dynalite server has no request listener');
  return {
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
    handle: (request: SdkRequest) => {
      const answered = new Promise((resolve, reject) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v;
        const query = Object.entries(request.query ?? {})
          .flatMap(([k, v]) => (v === null ? [k] : (Array.isArray(v) ? v : [v]).map((x) => `${k}=${x}`)))
          .join('&');
        const req = Object.assign(new EventEmitter(), {
          headers,
          method: request.method,
          url: query === '' ? request.path : `${request.path}?${query}`,
        });
        const out: Record<string, string> = {};
        const res = {
          statusCode: 200,
          contentType: undefined as string | undefined,
          setHeader(name: string, value: unknown) {
            out[name.toLowerCase()] = String(value);
          },
          end(body?: string) {
            resolve({
              response: { statusCode: res.statusCode, headers: out, body: Buffer.from(body ?? '', 'utf8') },
            });
          },
        };
        try {
          listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        const body = request.body;
        const bytes =
          body === undefined || body === null
            ? undefined
            : typeof body === 'string'
              ? Buffer.from(body, 'utf8')
              : body instanceof Uint8Array
                ? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
                : undefined;
        if (body !== undefined && body !== null && bytes === undefined) {
          reject(new Error('the in-process DynamoDB handler takes string or byte bodies only'));
          return;
        }
        if (bytes !== undefined && bytes.length > 0) req.emit('data', bytes);
        req.emit('end');
      });
      // Counted until dynalite answers: its store must not close under a request it is still working on.
      return inFlight === undefined ? answered : inFlight.track(answered);
    },
  } as unknown as NonNullable<DynamoDBClientConfig['requestHandler']>;
}

/**
 * An AWS SDK request handler that hands each signed request to a `fetch`-style handler in process: the local
 * gateway's management API (local/gateway.ts `fetch`), so the fan-out's PostToConnection calls keep the SDK's whole
 * stack (the same adapter as on AWS) without a loopback HTTP round trip to the server's own port.
 */
export function fetchHandler(
  fetch: (req: Request) => Promise<Response> | undefined,
): NonNullable<ApiGatewayManagementApiClientConfig['requestHandler']> {
  return {
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
    handle: async (request: SdkRequest & { protocol?: string; hostname?: string; port?: number }) => {
      const query = Object.entries(request.query ?? {})
        .flatMap(([k, v]) =>
          v === null
            ? [encodeURIComponent(k)]
            : (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`),
        )
        .join('&');
      const port = request.port !== undefined ? `:${request.port}` : '';
      const url = `${request.protocol ?? 'http:'}//${request.hostname ?? 'localhost'}${port}${request.path}${query === '' ? '' : `?${query}`}`;
      const body = request.body as string | Uint8Array | undefined | null;
      const req = new Request(url, {
        method: request.method,
        headers: request.headers,
        ...(body !== undefined && body !== null && request.method !== 'GET' && request.method !== 'HEAD'
          ? { body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength) }
          : {}),
      });
      const res = (await fetch(req)) ?? new Response('not found', { status: 404 });
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        headers[k] = v;
      });
      return { response: { statusCode: res.status, headers, body: Buffer.from(await res.arrayBuffer()) } };
    },
  } as unknown as NonNullable<ApiGatewayManagementApiClientConfig['requestHandler']>;
}
