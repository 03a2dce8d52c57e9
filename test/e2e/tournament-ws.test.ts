import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { checkClientMessage, checkFrame } from '../realtime/asyncapi.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * A tournament's event stream over a real WebSocket client against the local server: connect with `?tournamentId=`,
 * subscribe (with catch-up), and receive registration, check-in, the draw and the round's start as pushes — every
 * frame as documented in asyncapi.yaml, seqs without holes, the same events as GET /v1/tournaments/{id}/events.
 */

const T0 = Date.UTC(2026, 10, 28, 17, 0);
const clock = new ManualClock(T0);
const { server, api } = useLocalServer({ clock });

interface Frame {
  readonly type: string;
  readonly requestId?: string;
  readonly version?: number;
  readonly events?: readonly { seq: number; event: { type: string } }[];
  readonly code?: string;
  readonly status?: number;
  readonly field?: string;
}

/** A raw `ws` client that keeps every frame and resolves waits on a predicate (no timers). */
class Client {
  readonly frames: Frame[] = [];
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
  }
  static open(url: string): Promise<Client> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Client(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }
  send(message: Record<string, unknown>): void {
    expect(checkClientMessage(message as { action: string })).toEqual([]);
    this.socket.send(JSON.stringify(message));
  }
  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
  /** The events received (replies and pushes), by seq, once each. */
  events(): { seq: number; type: string }[] {
    const bySeq = new Map<number, string>();
    for (const f of this.frames) for (const e of f.events ?? []) bySeq.set(e.seq, e.event.type);
    return [...bySeq].sort((a, b) => a[0] - b[0]).map(([seq, type]) => ({ seq, type }));
  }
  close(): void {
    this.socket.close(1000, 'bye');
  }
  private wake(): void {
    const ready = this.waiters.filter((w) => w.test());
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }
}

const refusal = (url: string): Promise<number> =>
  new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
  });

describe('a tournament event stream over WebSocket', () => {
  it('subscribe with catch-up, then pushes of registration, check-in, draw and round start; refusals at connect', async () => {
    const created = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
      body: {
        name: 'Projector',
        variant: 'schafkopf',
        rounds: 1,
        dealsPerRound: 4,
        startsAt: new Date(T0 + 3_600_000).toISOString(),
        noShows: 'bot',
        remainder: 'bots',
      },
    });
    expect(created.status).toBe(201);
    const { tournamentId: U, organiserKey: ORG } = created.body;

    // Refused at the handshake: an unknown tournament (404), a token that is not this tournament's (403), a bad id.
    expect(await refusal(`${server.wsUrl}?tournamentId=u0000000000`)).toBe(404);
    expect(await refusal(`${server.wsUrl}?tournamentId=${U}&token=ok_${'x'.repeat(30)}`)).toBe(403);
    expect(await refusal(`${server.wsUrl}?tournamentId=NOPE`)).toBe(400);

    const first = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
      token: ORG,
      body: { name: 'Anni' },
    });
    // A projector screen (no token) and a player (their token) follow the stream.
    const screen = await Client.open(`${server.wsUrl}?tournamentId=${U}`);
    const player = await Client.open(`${server.wsUrl}?tournamentId=${U}&token=${first.body.playerToken}`);
    screen.send({ action: 'subscribe', requestId: 's1', tournamentId: U, after: 0 });
    player.send({ action: 'subscribe', requestId: 'p1', tournamentId: U });
    await screen.until(() => screen.frames.some((f) => f.type === 'tournament_events' && f.requestId === 's1'));
    await player.until(() => player.frames.some((f) => f.type === 'tournament_subscribed'));
    // The catch-up: creation and the first registration.
    expect(screen.events().map((e) => e.type)).toEqual(['TournamentCreated', 'PlayerRegistered']);
    expect(player.frames[0]).toMatchObject({ type: 'tournament_subscribed', requestId: 'p1', version: 2 });

    // Subscribing to another tournament than the one connected for is refused.
    screen.send({ action: 'subscribe', requestId: 's2', tournamentId: 'u1111111111' });
    await screen.until(() => screen.frames.some((f) => f.requestId === 's2'));
    expect(screen.frames.find((f) => f.requestId === 's2')).toMatchObject({ type: 'error', status: 403 });

    // Pushes: three more registrations and check-ins, then the draw and the start at startsAt.
    for (const name of ['Beppi', 'Centa', 'Done']) {
      const r = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
        token: ORG,
        body: { name },
      });
      await api.post(`/v1/tournaments/${U}/players/${r.body.playerId}/check-in`, { token: r.body.playerToken });
    }
    clock.advanceTo(T0 + 3_600_000);
    await server.idle();
    const rest = (
      await api.get<{ version: number; events: { seq: number; event: { type: string } }[] }>(
        `/v1/tournaments/${U}/events?after=0&limit=500`,
      )
    ).body;
    expect(rest.events.map((e) => e.event.type)).toEqual(
      expect.arrayContaining(['RoundDrawn', 'RoundStarted', 'CheckedIn']),
    );
    await screen.until(() => screen.events().length === rest.events.length);
    await player.until(() => player.events().at(-1)?.seq === rest.version);
    // The same events as REST, without holes (the player, subscribed without `after`, from seq 3 on).
    expect(screen.events()).toEqual(rest.events.map((e) => ({ seq: e.seq, type: e.event.type })));
    expect(player.events()).toEqual(
      rest.events.filter((e) => e.seq > 2).map((e) => ({ seq: e.seq, type: e.event.type })),
    );
    for (const f of [...screen.frames, ...player.frames]) expect(checkFrame(f)).toEqual([]);
    // Pushes carry no requestId; one frame per commit.
    expect(player.frames.filter((f) => f.type === 'tournament_events').every((f) => f.requestId === undefined)).toBe(
      true,
    );
    screen.close();
    player.close();
  });
});
