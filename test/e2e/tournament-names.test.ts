import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { useLocalServer } from '../support/local-server.js';

/** Names travel into CSV rows and iCalendar lines: a control character or line break in one is refused, naming it. */

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
});
