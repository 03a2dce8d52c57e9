import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { apiClient } from '../support/functions/client.js';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { onTournamentCommit } from '../../functions/composition/webhooks.js';
import { RETRY_DELAYS_MS } from '../../functions/ports/webhooks.js';
import { createStreamHandler, streamEventFor } from '../../functions/stream/handler.js';
import { advance, receiver, verify, webhookServer } from './harness.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * Tournament-scoped webhooks on the local server (the same handler as the stream function's tournament commits): the
 * organiser registers for a tournament, a real receiver on 127.0.0.1 verifies every delivery with the independent
 * `standardwebhooks` verifier and gets the tournament's events in seq order — the same events as REST — while a small
 * all-bot tournament runs from its schedule to its end.
 */

const T0 = Date.UTC(2026, 10, 28, 17, 0);
const clock = new ManualClock(T0);
const { server, api } = useLocalServer({ clock, webhooks: { allowAddresses: ['127.0.0.1'], timeoutMs: 2_000 } });

interface Payload {
  readonly type: string;
  readonly timestamp: string;
  readonly data: { tournamentId: string; seq: number; event: { type: string } };
}

async function createTournament() {
  const res = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
    body: {
      name: 'Hook Cup',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: new Date(T0 + 3_600_000).toISOString(),
      noShows: 'bot',
      remainder: 'bots',
      clock: { turnSeconds: 30 },
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('tournament webhooks', () => {
  it('the organiser registers; every tournament event arrives signed, in seq order, as REST shows them', async () => {
    const rx = await receiver();
    try {
      const { tournamentId: U, organiserKey: ORG } = await createTournament();
      const created = await api.post<{ id: string; secret: string; scope: unknown; events: string[] }>('/v1/webhooks', {
        token: ORG,
        body: { url: rx.url, tournamentId: U },
      });
      expect(created.status).toBe(201);
      expect(created.body.scope).toEqual({ kind: 'tournament', tournamentId: U });
      const hook = created.body;

      // Four players, only Anni checks in (and never plays: her clock runs out twice, then a bot takes her seat); bots
      // play the no-shows' seats. Only time moves: the round starts at startsAt and the tournament ends by itself.
      for (const name of ['Anni', 'Beppi', 'Centa', 'Done']) {
        const p = await api.post<{ playerId: string }>(`/v1/tournaments/${U}/players`, { token: ORG, body: { name } });
        expect(p.status).toBe(201);
        if (name === 'Anni') await api.post(`/v1/tournaments/${U}/players/${p.body.playerId}/check-in`, { token: ORG });
      }
      clock.advanceTo(T0 + 3_600_000);
      await server.idle();
      for (let step = 0; step < 60; step++) {
        if ((await api.get<{ phase: string }>(`/v1/tournaments/${U}`)).body.phase === 'ended') break;
        const due = clock.nextAt();
        if (due === undefined) throw new Error('stuck: no timer pending');
        clock.advanceTo(due);
        await server.idle();
      }

      const rest = (
        await api.get<{ version: number; events: { seq: number; event: { type: string } }[] }>(
          `/v1/tournaments/${U}/events?after=0&limit=500`,
        )
      ).body;
      expect(rest.events.at(-1)?.event.type).toBe('TournamentEnded');

      // Every delivery verifies with the secret (the independent verifier), and they are the events from the
      // registration on (seq 2: created before it), in order, once each.
      const verifier = new Webhook(hook.secret);
      const got = rx.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as Payload);
      const after = rest.events.filter((e) => e.seq > 1);
      expect(got.map((p) => p.data.seq)).toEqual(after.map((e) => e.seq));
      expect(got.map((p) => p.type)).toEqual(after.map((e) => e.event.type));
      expect(got.map((p) => p.data.event)).toEqual(after.map((e) => e.event));
      expect(got.every((p) => p.data.tournamentId === U)).toBe(true);
      expect(got.map((p) => p.type)).toEqual(
        expect.arrayContaining(['PlayerRegistered', 'RoundDrawn', 'RoundStarted', 'TableFinished', 'RoundEnded']),
      );
      // The webhook-id names the registration, the tournament and the seq (stable across retries).
      expect(rx.received[0]!.headers['webhook-id']).toBe(`msg_${hook.id}.${U}.${after[0]!.seq}.0`);

      // The delivery log shows them against the tournament; list, rotate and delete work as for table webhooks.
      const log = await api.get<{ deliveries: { tournamentId?: string; tableId?: string; status: string }[] }>(
        `/v1/webhooks/${hook.id}/deliveries?limit=100`,
        { token: ORG },
      );
      expect(log.body.deliveries).toHaveLength(after.length);
      expect(log.body.deliveries.every((d) => d.tournamentId === U && d.tableId === undefined)).toBe(true);
      expect(log.body.deliveries.every((d) => d.status === 'delivered')).toBe(true);
      const firstId = String(rx.received[0]!.headers['webhook-id']);
      const again = await api.post<{ id: string; tournamentId: string; attempts: unknown[] }>(
        `/v1/webhooks/${hook.id}/deliveries/${firstId}/redeliver`,
        { token: ORG },
      );
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: firstId, tournamentId: U });
      expect(again.body.attempts).toHaveLength(2);
      expect(rx.received.at(-1)!.body).toBe(rx.received[0]!.body);
      const list = await api.get<{ webhooks: { id: string }[] }>('/v1/webhooks', { token: ORG });
      expect(list.body.webhooks.map((h) => h.id)).toEqual([hook.id]);
      const rotated = await api.post<{ secret: string }>(`/v1/webhooks/${hook.id}/rotate`, { token: ORG });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(hook.secret);
      expect((await api.del(`/v1/webhooks/${hook.id}`, { token: ORG })).status).toBe(204);
      expect((await api.get<{ webhooks: unknown[] }>('/v1/webhooks', { token: ORG })).body.webhooks).toEqual([]);
    } finally {
      await rx.close();
    }
  });

  it('refuses a player token (403), an unknown tournament (404), no token (401) and table events in the filter', async () => {
    const { tournamentId: U, organiserKey: ORG } = await createTournament();
    const player = await api.post<{ playerToken: string }>(`/v1/tournaments/${U}/players`, {
      token: ORG,
      body: { name: 'Xaver' },
    });
    const url = 'https://example.com/hook';
    const asPlayer = await api.post<{ code: string }>('/v1/webhooks', {
      token: player.body.playerToken,
      body: { url, tournamentId: U },
    });
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.code).toBe('auth/forbidden');
    const unknown = await api.post<{ code: string }>('/v1/webhooks', {
      token: ORG,
      body: { url, tournamentId: 'u0000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('tournament/not_found');
    expect((await api.post('/v1/webhooks', { body: { url, tournamentId: U } })).status).toBe(401);
    const stray = await api.post<{ field: string }>('/v1/webhooks', {
      token: ORG,
      body: { url, tournamentId: U, events: ['DealEnded'] },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.field).toBe('events');
    const both = await api.post<{ field: string }>('/v1/webhooks', {
      token: ORG,
      body: { url, tournamentId: U, tableId: 'abcd1234' },
    });
    expect(both.status).toBe(400);
    // Nothing was written.
    expect((await api.get<{ webhooks: unknown[] }>('/v1/webhooks', { token: ORG })).body.webhooks).toEqual([]);
  });
});

describe('tournament webhook retries and the stream function path', () => {
  it('a failed head holds the later events back until its retry; the stream handler delivers a stored record once per registration', async () => {
    const w = await webhookServer();
    // 1st attempt: 500, then 200.
    const rx = await receiver((n) => (n === 1 ? 500 : 200));
    try {
      const a = apiClient(w.server.url);
      const t = (
        await a.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
          body: {
            name: 'Retry Cup',
            variant: 'schafkopf',
            rounds: 1,
            dealsPerRound: 4,
            startsAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        })
      ).body;
      const hook = (
        await a.post<{ id: string; secret: string }>('/v1/webhooks', {
          token: t.organiserKey,
          body: { url: rx.url, tournamentId: t.tournamentId, events: ['PlayerRegistered', 'Withdrawn'] },
        })
      ).body;
      const ids: string[] = [];
      for (const name of ['Anni', 'Beppi', 'Centa']) {
        const p = await a.post<{ playerId: string }>(`/v1/tournaments/${t.tournamentId}/players`, {
          token: t.organiserKey,
          body: { name },
        });
        ids.push(p.body.playerId);
      }
      await a.post(`/v1/tournaments/${t.tournamentId}/players/${ids[1]!}/check-in`, { token: t.organiserKey });
      await a.post(`/v1/tournaments/${t.tournamentId}/players/${ids[2]!}/withdraw`, { token: t.organiserKey });
      await w.server.idle();
      // The first delivery failed: nothing after it went out (ordering per tournament); CheckedIn is filtered out.
      expect(rx.received).toHaveLength(1);
      await advance(w, RETRY_DELAYS_MS[0]! - 1);
      expect(rx.received).toHaveLength(1);
      await advance(w, 1);
      const got = rx.received.map((r) => verify(hook.secret, r, w.clock.now()) as Payload);
      expect(got.map((p) => [p.type, p.data.seq])).toEqual([
        ['PlayerRegistered', 2],
        ['PlayerRegistered', 2],
        ['PlayerRegistered', 3],
        ['PlayerRegistered', 4],
        ['Withdrawn', 6],
      ]);
      expect(rx.received[0]!.headers['webhook-id']).toBe(rx.received[1]!.headers['webhook-id']);

      // The stream function's handler (functions/stream/lambda.ts) with the same tournament-commit step, fed the
      // stored commit record: a registration made since gets it; the first one (it had it) gets nothing twice.
      const rx2 = await receiver();
      const late = (
        await a.post<{ id: string; secret: string }>('/v1/webhooks', {
          token: t.organiserKey,
          body: { url: rx2.url, tournamentId: t.tournamentId },
        })
      ).body;
      const item = await w.server.client.send(
        new GetItemCommand({
          TableName: w.server.runtime.settings.dataTable,
          Key: { pk: { S: `U#${t.tournamentId}` }, sk: { S: `C#${'3'.padStart(12, '0')}` } },
        }),
      );
      expect(item.Item).toBeDefined();
      const handler = createStreamHandler(async () => undefined, onTournamentCommit(undefined, w.hooks));
      expect(await handler(streamEventFor(item.Item!, 1))).toEqual({ batchItemFailures: [] });
      // The handler only enqueues (the outbox); the pump sends on its own.
      await w.hooks.scheduler.idle?.();
      expect(rx.received).toHaveLength(5);
      expect(rx2.received.map((r) => (verify(late.secret, r, w.clock.now()) as Payload).data.seq)).toEqual([3]);
      await rx2.close();
    } finally {
      await rx.close();
      await w.server.close();
    }
  });
});
