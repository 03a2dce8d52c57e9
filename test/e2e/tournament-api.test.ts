import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { startLocal } from '../../local/server.js';
import { apiClient } from '../support/functions/client.js';
import { useLocalServer } from '../support/local-server.js';

/** The /v1/tournaments routes over HTTP: access, bad input (4xx naming the field, nothing written), formats. */

const T0 = Date.UTC(2026, 10, 28, 17, 0);
const clock = new ManualClock(T0);
const { server, api } = useLocalServer({ clock });

const base = {
  name: 'Preisschafkopf',
  variant: 'schafkopf',
  rounds: 2,
  dealsPerRound: 4,
  startsAt: new Date(T0 + 3_600_000).toISOString().replace('Z', '+00:00'),
};

async function create(extra: Record<string, unknown> = {}) {
  const res = await api.post<{ tournamentId: string; organiserKey: string; inviteCode?: string }>('/v1/tournaments', {
    body: { ...base, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('/v1/tournaments', () => {
  it('refuses bad input with a problem naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startsAt: '2026-11-28T18:00:00' }, 400, 'startsAt'],
      [{ dealsPerRound: 10 }, 422, 'dealsPerRound'],
      [{ variant: 'skat' }, 422, 'variant'],
      [{ tableSize: 4, variant: 'saukopf' }, 422, 'remainder'],
      [{ scoring: 'golf' }, 400, 'scoring'],
      [{ options: { tariff: { sauspiel: -1 } } }, 422, 'options'],
      [{ unknown: 1 }, 400, 'body'],
    ];
    for (const [extra, status, field] of cases) {
      const res = await api.post<{ code: string; field: string }>('/v1/tournaments', { body: { ...base, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(res.body.field, JSON.stringify(extra)).toContain(field === 'body' ? '' : field);
    }
    const key = 'ok_' + 'x'.repeat(30);
    expect((await api.get<{ tournaments: unknown[] }>('/v1/tournaments', { token: key })).body.tournaments).toEqual([]);
  });

  it('registration: organiser or invite code; one token per player; self-registration closes at round 1, walk-ins by the organiser', async () => {
    const t = await create({ selfRegistration: true, noShows: 'drop' });
    const U = t.tournamentId;
    const byOrg = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
      token: t.organiserKey,
      body: { name: 'Anni', externalId: 'club-17' },
    });
    expect(byOrg.status).toBe(201);
    const self = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
      body: { name: 'Beppi', inviteCode: t.inviteCode },
    });
    expect(self.status).toBe(201);
    expect((await api.post(`/v1/tournaments/${U}/players`, { body: { name: 'X' } })).status).toBe(401);
    expect(
      (await api.post(`/v1/tournaments/${U}/players`, { body: { name: 'X', inviteCode: 'inv_nope' } })).status,
    ).toBe(403);
    const dup = await api.post<{ code: string }>(`/v1/tournaments/${U}/players`, {
      token: t.organiserKey,
      body: { name: 'Anni again', externalId: 'club-17' },
    });
    expect([dup.status, dup.body.code]).toEqual([409, 'tournament/duplicate_player']);
    // A player checks in only themself; the organiser anyone.
    expect(
      (await api.post(`/v1/tournaments/${U}/players/${self.body.playerId}/check-in`, { token: byOrg.body.playerToken }))
        .status,
    ).toBe(403);
    expect(
      (
        await api.post(`/v1/tournaments/${U}/players/${byOrg.body.playerId}/check-in`, {
          token: byOrg.body.playerToken,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.post(`/v1/tournaments/${U}/players/${self.body.playerId}/check-in`, { token: t.organiserKey })).status,
    ).toBe(200);
    for (const name of ['Centa', 'Done'])
      await api.post(`/v1/tournaments/${U}/players`, { token: t.organiserKey, body: { name } });
    // The organiser sees the invite code; the public does not.
    const asOrg = await api.get<{ inviteCode?: string }>(`/v1/tournaments/${U}`, { token: t.organiserKey });
    expect(asOrg.body.inviteCode).toBe(t.inviteCode);
    expect((await api.get<{ inviteCode?: string }>(`/v1/tournaments/${U}`)).body.inviteCode).toBeUndefined();
    // The organiser's list.
    const list = await api.get<{ tournaments: { tournamentId: string }[] }>('/v1/tournaments', {
      token: t.organiserKey,
    });
    expect(list.body.tournaments.map((x) => x.tournamentId)).toEqual([U]);
    // Calendar: two rounds, parsed by a real iCalendar parser.
    const ics = await fetch(`${server.url}/v1/tournaments/${U}/calendar.ics`);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(await ics.text()));
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(2);

    // Round 1 starts at startsAt by itself: the two checked-in players at one table with two bots.
    clock.advanceTo(T0 + 3_600_000);
    await server.idle();
    const started = await api.get<{ phase: string; rounds: { tables: { seats: { kind: string }[] }[] }[] }>(
      `/v1/tournaments/${U}`,
    );
    expect(started.body.phase).toBe('playing');
    expect(started.body.rounds[0]!.tables[0]!.seats.map((x) => x.kind).sort()).toEqual([
      'bot',
      'bot',
      'player',
      'player',
    ]);
    const late = await api.post<{ code: string }>(`/v1/tournaments/${U}/players`, {
      body: { name: 'Late', inviteCode: t.inviteCode },
    });
    expect([late.status, late.body.code]).toEqual([409, 'tournament/registration_closed']);
    // The organiser still registers a walk-in: they play from the next round drawn.
    const walkIn = await api.post<{ playerId: string }>(`/v1/tournaments/${U}/players`, {
      token: t.organiserKey,
      body: { name: 'Walk-in' },
    });
    expect(walkIn.status).toBe(201);
    const after = await api.get<{ players: { playerId: string; walkIn?: boolean }[] }>(`/v1/tournaments/${U}`);
    expect(after.body.players.find((p) => p.playerId === walkIn.body.playerId)?.walkIn).toBe(true);
    const mine = await api.get<{ tables: { tableId: string; seat: number; yourTurn: boolean }[] }>(
      `/v1/tournaments/${U}/me/tables`,
      { token: byOrg.body.playerToken },
    );
    expect(mine.body.tables).toHaveLength(1);
    // The player's one token is their seat token at that table.
    const view = await api.get<{ audience: string }>(`/v1/tables/${mine.body.tables[0]!.tableId}/view`, {
      token: byOrg.body.playerToken,
    });
    expect(view.body.audience).toBe(`seat:${mine.body.tables[0]!.seat}`);
    expect(
      (await api.post(`/v1/tournaments/${U}/players/${self.body.playerId}/withdraw`, { token: self.body.playerToken }))
        .status,
    ).toBe(200);
  });

  it('404 for an unknown tournament, 400 for a malformed id, 401 for me/tables without a player token', async () => {
    expect((await api.get('/v1/tournaments/u00000000')).status).toBe(404);
    expect((await api.get('/v1/tournaments/NOPE')).status).toBe(400);
    const t = await create();
    expect((await api.get(`/v1/tournaments/${t.tournamentId}/me/tables`)).status).toBe(401);
    expect((await api.get(`/v1/tournaments/${t.tournamentId}/rounds/1/tables/1/sheet`)).status).toBe(404);
    expect((await api.get(`/v1/tournaments/${t.tournamentId}/events`)).status).toBe(200);
  });
});

describe('the schedule survives a restart', () => {
  it('a round due while the server was down starts when it comes back (due work restored from the store)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'stammtisch-tournament-'));
    try {
      const first = await startLocal({ port: 0, dataDir, clock: new ManualClock(T0) });
      const a = apiClient(first.url);
      const t = (
        await a.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
          body: { ...base, noShows: 'bot', remainder: 'bots' },
        })
      ).body;
      for (const name of ['A', 'B', 'C', 'D']) {
        const p = await a.post<{ playerId: string }>(`/v1/tournaments/${t.tournamentId}/players`, {
          token: t.organiserKey,
          body: { name },
        });
        await a.post(`/v1/tournaments/${t.tournamentId}/players/${p.body.playerId}/check-in`, {
          token: t.organiserKey,
        });
      }
      await first.close();
      // Down over startsAt; back an hour and a half later.
      const later = new ManualClock(T0 + 5_400_000);
      const second = await startLocal({ port: 0, dataDir, clock: later });
      try {
        const b = apiClient(second.url);
        // The restored job is overdue: it runs at once (the manual clock fires it when moved to now).
        later.advanceTo(later.now());
        await second.idle();
        const after = await b.get<{ phase: string; rounds: unknown[] }>(`/v1/tournaments/${t.tournamentId}`);
        expect(after.body.phase).toBe('playing');
        expect(after.body.rounds).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
