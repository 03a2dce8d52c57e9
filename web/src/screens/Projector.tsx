import { useRoute } from 'preact-iso';
import { useT } from '../i18n/index.js';
import { useTournament } from '../tournament-data.js';
import { StandingsTable } from './TournamentParts.js';

/** The projector page: large type, the current round's tables and the list, updated by the tournament WebSocket. */
export function Projector() {
  const t = useT();
  const { params } = useRoute();
  const id = params.id ?? '';
  const { tournament, standings, online } = useTournament(id, undefined);
  const current = tournament?.rounds.at(-1);
  const title = String((tournament?.config as { name?: string } | undefined)?.name ?? id);
  return (
    <main id="main" class="projector">
      <h1>{title}</h1>
      {tournament !== undefined && (
        <p role="status" class="projector-status">
          {current !== undefined ? `${t('tour.round', { n: current.round })} · ` : ''}
          {t(`tour.phase.${tournament.phase}`)}
          <span class="small">{online ? '' : ` · ${t('common.offline')}`}</span>
        </p>
      )}
      {current !== undefined && tournament?.phase !== 'ended' && (
        <section aria-labelledby="ptables-h">
          <h2 id="ptables-h">
            {t('org.tables')} · {t('tour.round', { n: current.round })}
          </h2>
          <ol>
            {current.tables.map((tb) => (
              <li key={tb.tableId}>
                {t('lobby.table')} {tb.table}:{' '}
                {tb.seats.map((s) => String((s as { name?: string }).name ?? t('common.bot'))).join(', ')}
                {tb.finished ? ' ✓' : ''}
              </li>
            ))}
          </ol>
        </section>
      )}
      {standings !== undefined && standings.standings.length > 0 && (
        <StandingsTable standings={standings} caption={t(tournament?.phase === 'ended' ? 'tour.final' : 'tour.live')} />
      )}
    </main>
  );
}
