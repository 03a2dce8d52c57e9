import type { Schemas } from '@stammtisch/sdk';
import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { call, problemText, secrets } from '../api.js';
import { useT } from '../i18n/index.js';
import { useTournament } from '../tournament-data.js';
import { Schedule, StandingsTable } from './TournamentParts.js';

type MyTables = Schemas['MyTables'];

/** Open a tournament by id (and a player's key). */
export function Tournaments() {
  const t = useT();
  const { route } = useLocation();
  const [id, setId] = useState('');
  const [token, setToken] = useState('');
  return (
    <main id="main">
      <h1>{t('tour.heading')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim() !== '') secrets.setTournament(id.trim(), token.trim());
          route(`/tournament/${id.trim()}`);
        }}
      >
        <label>
          {t('tour.id')}
          <input type="text" required value={id} onInput={(e) => setId(e.currentTarget.value)} />
        </label>
        <label>
          {t('tour.token')}
          <input type="password" autoComplete="off" value={token} onInput={(e) => setToken(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary">
          {t('tour.open')}
        </button>
      </form>
    </main>
  );
}

/** A player's tournament page: my tables with "your turn" across them, the schedule, the live list. */
export function TournamentPlayer() {
  const t = useT();
  const { params } = useRoute();
  const { query } = useLocation();
  const id = params.id ?? '';
  // A player link carries the token once (?token=…); it is kept in this browser.
  const fromLink = query.token;
  if (fromLink !== undefined && fromLink !== '') secrets.setTournament(id, fromLink);
  const token = secrets.tournament(id);
  const { tournament, standings } = useTournament(id, token);
  const [mine, setMine] = useState<MyTables>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (token === undefined || !token.startsWith('st_')) return;
    const load = (): void =>
      void call<MyTables>(`/v1/tournaments/${id}/me/tables`, { token }).then(
        (m) => {
          setMine(m);
          for (const tb of m.tables) secrets.setTable(tb.tableId, { token, seat: tb.seat });
        },
        (e: unknown) => setError(problemText(e)),
      );
    load();
    // "Your turn" changes with every move at any of the player's tables: looked at every few seconds.
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [id, token]);
  const title = String((tournament?.config as { name?: string } | undefined)?.name ?? id);
  return (
    <main id="main">
      <h1>{title}</h1>
      {tournament !== undefined && <p role="status">{t(`tour.phase.${tournament.phase}`)}</p>}
      {mine !== undefined && (
        <section aria-labelledby="mine-h">
          <h2 id="mine-h">{t('tour.myTables')}</h2>
          {mine.tables.length === 0 ? (
            <p>{t('tour.noTables')}</p>
          ) : (
            <ul>
              {mine.tables.map((tb) => (
                <li key={tb.tableId}>
                  <a href={`/table/${tb.tableId}`}>
                    {t('tour.round', { n: tb.round })} · {t('lobby.table')} {tb.table}
                  </a>{' '}
                  · {t('table.deal', { n: tb.dealNo })}/{tb.deals} · {tb.status}
                  {tb.yourTurn && <strong> · {t('tour.yourTurn')}</strong>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {error !== undefined && <p role="alert">{t('common.error', { detail: error })}</p>}
      {tournament !== undefined && <Schedule tournament={tournament} />}
      {standings !== undefined && (
        <StandingsTable standings={standings} caption={t(tournament?.phase === 'ended' ? 'tour.final' : 'tour.live')} />
      )}
      <p>
        <a href={`/tournament/${id}/projector`}>{t('tour.projector')}</a>
      </p>
    </main>
  );
}
