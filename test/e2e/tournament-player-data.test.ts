import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * What players give when they register: names travel into CSV rows and iCalendar lines (a control character or line
 * break is refused, naming the field); an `externalId` (an id in the organiser's own system) is seen by the organiser
 * and the player only — not by anonymous callers of the tournament, its events or its WebSocket stream.
 */

const T0 = Date.UTC(2026, 10, 28, 17, 0);
const { api } = useLocalServer({ clock: new ManualClock(T0) });

const body = (name: string) => ({
  name,
  variant: 'schafkopf',
  rounds: 1,
  dealsPerRound: 4,
  startsAt: new Date(T0 + 3_600_000).toISOString(),
});

describe('tournament and player names are one line of text', () => {
  it('a tournament name with CR/LF and a player name with a line feed are refused; nothing is written', async () => {
    const bad = await api.post<{ code: string; field: string }>('/v1/tournaments', {
      body: body('Cup\r\nBEGIN:VEVENT'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('name');
    const ok = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', { body: body('Cup') });
    expect(ok.status).toBe(201);
    const U = ok.body.tournamentId;
    for (const name of ["Eve\n=cmd|' /C calc'!A0", 'Bob\r=SUM(1)', 'Tab\tby', 'Sep\u2028x']) {
      const r = await api.post<{ field: string }>(`/v1/tournaments/${U}/players`, {
        token: ok.body.organiserKey,
        body: { name },
      });
      expect(r.status, name).toBe(400);
      expect(r.body.field).toBe('name');
    }
    const t = await api.get<{ players: unknown[] }>(`/v1/tournaments/${U}`);
    expect(t.body.players).toEqual([]);
  });

  it('an externalId is shown to the organiser and its player only', async () => {
    const ok = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
      body: body('Club'),
    });
    const { tournamentId: U, organiserKey: ORG } = ok.body;
    const anni = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
      token: ORG,
      body: { name: 'Anni', externalId: 'club-17' },
    });
    const beppi = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
      token: ORG,
      body: { name: 'Beppi', externalId: 'club-18' },
    });
    expect([anni.status, beppi.status]).toEqual([201, 201]);
    type Players = { players: { playerId: string; externalId?: string }[] };
    type Events = { events: { event: { type: string; playerId?: string; externalId?: string } }[] };
    const ids = async (token?: string): Promise<Record<string, string | undefined>> => {
      const t = await api.get<Players>(`/v1/tournaments/${U}`, token !== undefined ? { token } : {});
      expect(t.status).toBe(200);
      return Object.fromEntries(t.body.players.map((p) => [p.playerId, p.externalId]));
    };
    const eventIds = async (token?: string): Promise<Record<string, string | undefined>> => {
      const e = await api.get<Events>(`/v1/tournaments/${U}/events?after=0`, token !== undefined ? { token } : {});
      expect(e.status).toBe(200);
      const registered = e.body.events.filter((x) => x.event.type === 'PlayerRegistered');
      return Object.fromEntries(registered.map((x) => [x.event.playerId!, x.event.externalId]));
    };
    const A = anni.body.playerId;
    const B = beppi.body.playerId;
    expect(await ids()).toEqual({ [A]: undefined, [B]: undefined });
    expect(await eventIds()).toEqual({ [A]: undefined, [B]: undefined });
    expect(await ids(anni.body.playerToken)).toEqual({ [A]: 'club-17', [B]: undefined });
    expect(await eventIds(anni.body.playerToken)).toEqual({ [A]: 'club-17', [B]: undefined });
    expect(await ids(ORG)).toEqual({ [A]: 'club-17', [B]: 'club-18' });
    expect(await eventIds(ORG)).toEqual({ [A]: 'club-17', [B]: 'club-18' });
  });
});
