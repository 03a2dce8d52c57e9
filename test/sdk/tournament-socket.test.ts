import { describe, expect, it } from 'vitest';
import { type SocketState, TournamentSocket, type TournamentSeqEvent, createClient } from '../../sdk/index.js';
import { useLocalServer } from '../support/local-server.js';

/** The SDK's tournament stream against the local server: catch-up, pushes, and a dropped connection in between. */
const { server } = useLocalServer();

describe('TournamentSocket', () => {
  it('catches up, receives each registration as it happens, and every event once across a dropped connection', async () => {
    const api = createClient({ baseUrl: server.url });
    const created = await api.raw.POST('/v1/tournaments', {
      body: {
        name: 'Kirta',
        variant: 'schafkopf',
        rounds: 1,
        dealsPerRound: 4,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      } as never,
    });
    const { tournamentId, organiserKey } = created.data as { tournamentId: string; organiserKey: string };
    const organiser = createClient({ baseUrl: server.url, token: organiserKey });
    const register = (name: string) =>
      organiser.raw.POST('/v1/tournaments/{tournamentId}/players', {
        params: { path: { tournamentId } },
        body: { name } as never,
      });
    await register('Anni');

    const seen: TournamentSeqEvent[] = [];
    const states: SocketState[] = [];
    const sock = await TournamentSocket.connect({
      wsUrl: server.wsUrl,
      tournamentId,
      onEvent: (e) => seen.push(e),
      onState: (s) => states.push(s),
    });
    const until = (test: () => boolean) =>
      new Promise<void>((resolve) => {
        if (test()) return resolve();
        const offs = [sock.on('frame', check), sock.on('state', check)];
        function check(): void {
          if (!test()) return;
          for (const off of offs) off();
          resolve();
        }
      });
    await until(() => sock.lastSeq === 2);
    expect(seen.map((e) => e.event.type)).toEqual(['TournamentCreated', 'PlayerRegistered']);

    await register('Beppi');
    await server.idle();
    await until(() => sock.lastSeq === 3);

    // The server drops the connection; meanwhile two more register; the socket comes back and catches up.
    for (const id of server.gateway.connectionIds())
      await fetch(`${server.gateway.endpoint}/@connections/${encodeURIComponent(id)}`, { method: 'DELETE' });
    await until(() => sock.state === 'reconnecting');
    await register('Centa');
    await register('Done');
    await server.idle();
    await until(() => sock.state === 'open' && sock.lastSeq === 5);
    expect(states).toEqual(['open', 'reconnecting', 'open']);

    const rest = (await api.raw.GET('/v1/tournaments/{tournamentId}/events', {
      params: { path: { tournamentId }, query: { limit: 500 } as never },
    })) as { data?: { events: { seq: number; event: { type: string } }[] } };
    expect(seen.map((e) => e.seq)).toEqual(rest.data!.events.map((e) => e.seq));
    expect(seen.map((e) => e.event.type)).toEqual(rest.data!.events.map((e) => e.event.type));
    sock.close();
  });
});
