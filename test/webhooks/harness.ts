import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { LocalServer } from '../../local/server.js';
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

/** The webhook pieces on a running local server, with a manual clock; `feed()` hands new commits to the deliverer. */
export function webhooksOn(
  server: LocalServer,
  opts: { policy?: TargetPolicy; timeoutMs?: number; apiKeyHashes?: readonly string[] } = {},
): { hooks: Webhooks; clock: ManualClock; feed(tableId: string): Promise<void> } {
  const clock = new ManualClock(Date.now());
  const hooks = createWebhooks({
    client: server.client,
    dataTable: server.runtime.settings.dataTable,
    tables: server.runtime.store,
    service: server.runtime.service,
    apiKeyHashes: opts.apiKeyHashes ?? [],
    policy: opts.policy ?? { allowAddresses: ['127.0.0.1'], allowHttp: true },
    timers: clock,
    timeoutMs: opts.timeoutMs ?? 300,
  });
  const fed = new Map<string, number>();
  return {
    hooks,
    clock,
    async feed(tableId) {
      await server.idle();
      const after = fed.get(tableId) ?? 0;
      for (const commit of await server.runtime.store.range(tableId, after + 1, 1e12)) {
        await hooks.deliverer.onCommit(commit);
        fed.set(tableId, commit.seq);
      }
    },
  };
}

/** Move the manual clock on and wait for the retries that fell due to finish. */
export async function advance(w: { hooks: Webhooks; clock: ManualClock }, ms: number): Promise<void> {
  w.clock.advance(ms);
  await w.hooks.scheduler.idle?.();
}
