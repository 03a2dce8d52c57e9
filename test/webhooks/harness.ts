import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ManualClock, createWebhooks, type Webhooks } from '../../functions/composition/webhooks.js';
import type { TargetPolicy } from '../../functions/adapters/http/webhook-targets.js';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the receiver does with the n-th request: answer with a status, or never answer (a time-out). */
export type Reply = number | 'hang' | { redirect: string };

/** A webhook receiver on 127.0.0.1: records each request and answers as `plan` says (default 200). */
export async function receiver(plan: (n: number, r: Received) => Reply = () => 200): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      const reply = plan(received.length, r);
      if (reply === 'hang') return;
      if (typeof reply === 'object') {
        res.writeHead(302, { location: reply.redirect }).end();
        return;
      }
      res.writeHead(reply).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verify a delivery with the independent `standardwebhooks` verifier, as of the delivery's own clock time. */
export function verify(secret: string, r: Received, now: number): unknown {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(now);
  try {
    return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } finally {
    spy.mockRestore();
  }
}

/** The webhook pieces of a running local server (its own fan-out delivers), with its manual clock. */
export interface WebhookServer {
  readonly server: LocalServer;
  readonly hooks: Webhooks;
  readonly clock: ManualClock;
}

/**
 * A local server whose webhooks may target 127.0.0.1, retry on a manual clock and time out after 3 s. The timeout is
 * real socket time: short enough for the one test whose receiver never answers, long enough that a loopback answer on
 * a loaded CI machine is never taken for a timeout (300 ms was: a flaky SSRF test under load).
 */
export async function webhookServer(apiKeys?: readonly string[]): Promise<WebhookServer> {
  const clock = new ManualClock(Date.now());
  const server = await startLocal({
    port: 0,
    ...(apiKeys !== undefined ? { apiKeys } : {}),
    webhooks: { allowAddresses: ['127.0.0.1'], timers: clock, timeoutMs: 3_000 },
  });
  return { server, hooks: server.webhooks, clock };
}

/**
 * Other webhook pieces over the same store, with another target policy (the AWS one in SSRF tests) — and, where a
 * test drives them itself, its own clock and outbox (`inline`: pumps run when the test calls them).
 */
export function webhooksWithPolicy(
  server: LocalServer,
  policy: TargetPolicy,
  own: { readonly timers?: ManualClock; readonly outbox?: 'inline' } = {},
): Webhooks {
  return createWebhooks({
    client: server.client,
    dataTable: server.runtime.settings.dataTable,
    tables: server.runtime.store,
    service: server.runtime.service,
    apiKeyHashes: [],
    policy,
    timers: own.timers ?? new ManualClock(Date.now()),
    ...(own.outbox !== undefined ? { outbox: own.outbox } : {}),
    // No test here waits for a timeout: a generous one, so a loaded machine cannot turn an answer into one.
    timeoutMs: 10_000,
  });
}

/** Move the manual clock on and wait for the retries that fell due to finish. */
export async function advance(w: { hooks: Webhooks; clock: ManualClock }, ms: number): Promise<void> {
  w.clock.advance(ms);
  await w.hooks.scheduler.idle?.();
}
