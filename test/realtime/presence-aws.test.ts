import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DueMessage, SqsDueWorkScheduler } from '../../functions/adapters/sqs/due-work-queue.js';
import { createDueWork } from '../../functions/composition/due.js';
import { createRealtime } from '../../functions/composition/realtime.js';
import { createRuntime } from '../../functions/composition/runtime.js';
import { createDueHandler } from '../../functions/due/handler.js';
import { createTelemetry, instrument } from '../../functions/observability/telemetry.js';
import { SEAT_GRACE } from '../../functions/use-cases/presence.js';
import type { WsEvent } from '../../functions/ws/handler.js';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, createTable, join, startServer } from '../support/functions/play.js';
import { checkFrame } from './asyncapi.js';
import { WsClient } from './ws-client.js';

// The AWS path of presence (docs/presence.md): the WebSocket Lambda's handler on API Gateway events ($connect rows
// written by the gateway, then `subscribe` and `$disconnect` events), the grace period sent to the due queue (SQS
// SendMessage recorded at the SDK boundary) and delivered to the due Lambda's handler as an SQS event, which marks the
// seat absent and counts TimerFirings (EMF). DynamoDB is dynalite through the real SDK client.

class Recorder {
  readonly sent: { body: DueMessage; delay: number }[] = [];
  async send(command: SendMessageCommand): Promise<unknown> {
    this.sent.push({ body: JSON.parse(command.input.MessageBody!) as DueMessage, delay: command.input.DelaySeconds! });
    return {};
  }
}

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
function awsEvent(name: 'message' | 'disconnect', values: Record<string, string>): WsEvent {
  let text = fixture(name);
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`"${k}"`, JSON.stringify(v));
  return JSON.parse(text) as WsEvent;
}

let server: LocalServer;
let api: Api;
beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

async function open(tableId: string, token: string): Promise<{ client: WsClient; id: string }> {
  const before = new Set(server.gateway.connectionIds());
  const client = await WsClient.connect(server.wsUrl, { tableId, token });
  return { client, id: server.gateway.connectionIds().find((c) => !before.has(c))! };
}

describe('presence on the AWS path', () => {
  it('subscribe and $disconnect events keep presence; the grace period goes to SQS and the due Lambda marks the seat absent', async () => {
    let now = Date.now();
    const settings = { ...server.runtime.settings, dueQueueUrl: 'https://sqs.eu-central-1.amazonaws.com/1/due' };
    // The Lambdas' composition over the same store, time injected; SendMessage recorded.
    const runtime = createRuntime(settings, { client: server.client, now: () => now });
    const sqs = new Recorder();
    const realtime = createRealtime(runtime, {
      endpoint: () => server.gateway.endpoint,
      management: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
      scheduler: new SqsDueWorkScheduler(runtime.dueWork, settings.dueQueueUrl, sqs, () => now),
    });

    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      maxDeals: 1,
      clock: { turnSeconds: 3600, graceSeconds: 30 },
    });
    const me = await join(api, t.tableId, 0);
    await server.idle();
    const organiser = await WsClient.connect(server.wsUrl, { tableId: t.tableId, token: t.organiserKey });
    await organiser.request({ action: 'subscribe' });
    const { client, id } = await open(t.tableId, me.token);

    const message = (body: unknown): WsEvent =>
      awsEvent('message', { ROUTE_KEY: 'subscribe', CONNECTION_ID: id, BODY: JSON.stringify(body) });
    expect((await realtime.ws(message({ action: 'subscribe', requestId: 's1' }))).statusCode).toBe(200);
    await organiser.until(() => organiser.frames.some((f) => f.type === 'presence'));
    expect(organiser.frames.find((f) => f.type === 'presence')).toMatchObject({ seat: 0, connected: true });
    await client.until(() => client.frames.some((f) => f.requestId === 's1'));
    expect(client.frames.find((f) => f.requestId === 's1')?.presence).toContainEqual({
      seat: 0,
      connected: true,
      since: new Date(now).toISOString(),
    });

    now += 1000;
    expect((await realtime.ws(awsEvent('disconnect', { CONNECTION_ID: id }))).statusCode).toBe(200);
    const gone = now;
    expect(sqs.sent).toEqual([
      {
        body: {
          work: { at: gone + 30_000, kind: SEAT_GRACE, key: `${t.tableId}#0`, pinnedVersion: 2 },
          stored: true,
        },
        delay: 30,
      },
    ]);
    await organiser.until(() => organiser.frames.some((f) => f.type === 'presence' && f.connected === false));
    expect(organiser.frames.filter((f) => f.type === 'presence').flatMap(checkFrame)).toEqual([]);

    // The due Lambda: the message arrives (early it hops; at its time it runs), TimerFirings counted in EMF.
    const telemetry = createTelemetry({
      service: 'due',
      metrics: true,
      env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'false' },
    });
    const due = createDueWork(runtime, sqs, telemetry);
    const handler = instrument(
      telemetry,
      createDueHandler({ handlers: due.handlers, store: runtime.dueWork, scheduler: due.scheduler, now: () => now }),
    );
    const record = { messageId: 'm1', body: JSON.stringify(sqs.sent[0]!.body) };
    now = gone + 20_000;
    expect((await handler({ Records: [record] })).batchItemFailures).toEqual([]);
    expect(sqs.sent).toHaveLength(2);
    expect(sqs.sent[1]!.body).toEqual(sqs.sent[0]!.body);
    expect((await allEvents(api, t.tableId)).map((e) => e.event.type)).not.toContain('SeatAbsent');

    now = gone + 30_000;
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n'));
      return true;
    });
    try {
      expect(
        (await handler({ Records: [{ messageId: 'm2', body: JSON.stringify(sqs.sent[1]!.body) }] })).batchItemFailures,
      ).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    const emf = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(emf.find((d) => d.TimerFirings !== undefined)).toMatchObject({ TimerFirings: 1, service: 'stammtisch-due' });
    const events = await allEvents(api, t.tableId);
    expect(events.filter((e) => e.event.type === 'SeatAbsent').map((e) => e.event)).toEqual([
      { type: 'SeatAbsent', seat: 0 },
    ]);
    // Done: the stored item is gone; a repeated delivery finds nothing and does nothing.
    expect(await runtime.dueWork.get(SEAT_GRACE, `${t.tableId}#0`)).toBeUndefined();
    await handler({ Records: [{ messageId: 'm3', body: JSON.stringify(sqs.sent[1]!.body) }] });
    expect((await allEvents(api, t.tableId)).length).toBe(events.length);
    await client.close();
    await organiser.close();
  });
});
