import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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
 * (issue 15): the SDK client still runs its whole middleware stack (serialisation, endpoint, signing, retries,
 * deserialisation) and dynalite still parses, validates and answers the same request — only the loopback socket, the
 * HTTP parser on both sides and the connection pool are left out. The request listener is dynalite's own
 * (`http.createServer(listener)`), so its port still serves other clients.
 */
export function inProcessHandler(server: Server): NonNullable<DynamoDBClientConfig['requestHandler']> {
  const listener = server.listeners('request')[0] as ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  if (listener === undefined) throw new Error('the dynalite server has no request listener');
  return {
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
    handle: (request: SdkRequest) =>
      new Promise((resolve, reject) => {
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
      }),
  } as unknown as NonNullable<DynamoDBClientConfig['requestHandler']>;
}
