import { amount } from '../format.js';
import { useT } from '../i18n/index.js';
import type { Standings, Tournament } from '../tournament-data.js';

/** The list: rank, name, points per round and in total. */
export function StandingsTable({ standings, caption }: { standings: Standings; caption: string }) {
  const t = useT();
  const rounds = Math.max(0, ...standings.standings.map((r) => r.rounds.length));
  return (
    <table class="list">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tour.rank')}</th>
          <th scope="col">{t('tour.player')}</th>
          {Array.from({ length: rounds }, (_, i) => (
            <th scope="col" key={i}>
              {t('tour.round', { n: i + 1 })}
            </th>
          ))}
          <th scope="col">{t('tour.points')}</th>
        </tr>
      </thead>
      <tbody>
        {standings.standings.map((r) => (
          <tr key={r.playerId}>
            <td>{r.rank}</td>
            <th scope="row">{r.name}</th>
            {Array.from({ length: rounds }, (_, i) => (
              <td key={i}>{r.rounds[i] !== undefined ? amount(r.rounds[i] ?? '0') : '—'}</td>
            ))}
            <td>
              <strong>{amount(r.total)}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each round's planned start and end and whether it is played, playing or planned. */
export function Schedule({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const fmt = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section aria-labelledby="sched-h">
      <h2 id="sched-h">{t('tour.schedule')}</h2>
      <ol>
        {tournament.schedule.map((s) => (
          <li key={s.round}>
            {t('tour.round', { n: s.round })}: {fmt.format(new Date(s.startsAt))} – {fmt.format(new Date(s.endsAt))} ·{' '}
            {s.status}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The draw of every round: tables, who sits where, whether the table has finished. */
export function Draw({ tournament, sheets }: { tournament: Tournament; sheets?: boolean }) {
  const t = useT();
  if (tournament.rounds.length === 0) return null;
  return (
    <section aria-labelledby="draw-h">
      <h2 id="draw-h">{t('org.draw')}</h2>
      {tournament.rounds.map((r) => (
        <div key={r.round}>
          <h3>{t('tour.round', { n: r.round })}</h3>
          <ul>
            {r.tables.map((tb) => (
              <li key={tb.tableId}>
                <a href={`/table/${tb.tableId}/watch`}>
                  {t('lobby.table')} {tb.table}
                </a>
                : {tb.seats.map((s) => String((s as { name?: string }).name ?? t('common.bot'))).join(', ')}
                {tb.finished ? ' ✓' : ''}
                {sheets === true && (
                  <>
                    {' · '}
                    <a
                      href={`/v1/tournaments/${tournament.tournamentId}/rounds/${r.round}/tables/${tb.table}/sheet`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t('org.sheet', { r: r.round, t: tb.table })}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
