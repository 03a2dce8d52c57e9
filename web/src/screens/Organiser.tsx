import { useLocation } from 'preact-iso';
import type { Schemas } from '@stammtisch/sdk';
import { useEffect, useState } from 'preact/hooks';
import { api, call, problemText, secrets } from '../api.js';
import { useT } from '../i18n/index.js';
import { useTournament } from '../tournament-data.js';
import { Controls, LiveEntry } from './OrganiserControls.js';
import { Draw, Schedule, StandingsTable } from './TournamentParts.js';

interface Created {
  tournamentId: string;
  organiserKey: string;
}

/** Create a tournament: rules, rounds, deals, start, turn clock; the organiser key stays in this browser. */
export function Organiser() {
  const t = useT();
  const { route } = useLocation();
  const [name, setName] = useState('Stammtisch-Turnier');
  // The games come from the server's catalogue (GET /v1/variants, the default first); none is named here.
  const [variants, setVariants] = useState<Schemas['Variant'][]>([]);
  const [variant, setVariant] = useState('');
  const [tableSize, setTableSize] = useState(4);
  const [rounds, setRounds] = useState(2);
  const [deals, setDeals] = useState(4);
  const [startsIn, setStartsIn] = useState('5');
  const [clock, setClock] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api()
      .variants()
      .then(
        (r) => {
          setVariants(r.variants);
          setVariant((current) => (current === '' ? (r.variants[0]?.id ?? '') : current));
        },
        (e: unknown) => setError(problemText(e)),
      );
  }, []);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      const minutes = Number.parseFloat(startsIn);
      const turnSeconds = Number.parseInt(clock, 10);
      const created = await call<Created>('/v1/tournaments', {
        body: {
          name,
          variant,
          tableSize,
          rounds,
          dealsPerRound: deals,
          startsAt: new Date(Date.now() + Math.max(0, minutes) * 60_000).toISOString(),
          pauseMinutes: 0,
          noShows: 'bot',
          remainder: 'bots',
          selfRegistration: true,
          ...(Number.isFinite(turnSeconds) && turnSeconds > 0 ? { clock: { turnSeconds } } : {}),
        },
      });
      secrets.setTournament(created.tournamentId, created.organiserKey);
      route(`/organiser/${created.tournamentId}`);
    } catch (err) {
      setError(problemText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main">
      <h1>{t('org.heading')}</h1>
      <section aria-labelledby="tcreate-h">
        <h2 id="tcreate-h">{t('org.create')}</h2>
        <form onSubmit={(e) => void submit(e)}>
          <label>
            {t('org.name')}
            <input type="text" value={name} maxLength={120} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <label>
            {t('lobby.variant')}
            <select value={variant} onChange={(e) => setVariant(e.currentTarget.value)}>
              {variants.map(({ id, title }) => (
                <option key={id} value={id}>
                  {t(`variant.${id}`, { defaultValue: title })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('org.tableSize')}
            <input
              type="number"
              min={2}
              max={8}
              value={tableSize}
              onInput={(e) => setTableSize(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            {t('org.rounds')}
            <input
              type="number"
              min={1}
              max={20}
              value={rounds}
              onInput={(e) => setRounds(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            {t('org.deals')}
            <input
              type="number"
              min={1}
              max={200}
              value={deals}
              onInput={(e) => setDeals(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            {t('org.startsIn')}
            <input
              type="number"
              min={0}
              step="any"
              value={startsIn}
              onInput={(e) => setStartsIn(e.currentTarget.value)}
            />
          </label>
          <label>
            {t('lobby.clock')}
            <input type="number" min={1} value={clock} onInput={(e) => setClock(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary" disabled={busy || variant === ''}>
            {t('org.create')}
          </button>
        </form>
      </section>
      {error !== undefined && (
        <p role="alert" class="error">
          {t('common.error', { detail: error })}
        </p>
      )}
    </main>
  );
}

interface Registered {
  playerId: string;
  playerToken: string;
}

/** The organiser's desk: registration, check-in, the draw, live standings, score sheets, the projector link. */
export function OrganiserConsole({ id }: { id: string }) {
  const t = useT();
  const key = secrets.tournament(id);
  const { tournament, standings, error, reload } = useTournament(id, key);
  const [player, setPlayer] = useState('');
  const [links, setLinks] = useState<Record<string, string>>({});
  const [actionError, setActionError] = useState<string>();
  const act = async (path: string, body: unknown = {}): Promise<unknown> => {
    setActionError(undefined);
    try {
      const r = await call<unknown>(path, { body, ...(key !== undefined ? { token: key } : {}) });
      await reload();
      return r;
    } catch (e) {
      setActionError(problemText(e));
      return undefined;
    }
  };
  const register = async (e: Event): Promise<void> => {
    e.preventDefault();
    const name = player.trim();
    if (name === '') return;
    const r = (await act(`/v1/tournaments/${id}/players`, { name })) as Registered | undefined;
    if (r !== undefined) {
      setLinks({
        ...links,
        [r.playerId]: `${location.origin}/tournament/${id}?token=${encodeURIComponent(r.playerToken)}`,
      });
      setPlayer('');
    }
  };
  const title = String((tournament?.config as { name?: string } | undefined)?.name ?? id);
  return (
    <main id="main">
      <h1>{t('org.console', { name: title })}</h1>
      {tournament === undefined ? (
        <p>{error !== undefined ? t('common.error', { detail: error }) : t('common.loading')}</p>
      ) : (
        <>
          <p role="status">
            {t('org.status', { phase: t(`tour.phase.${tournament.phase}`) })}
            {tournament.nextRound?.startsAt !== undefined &&
              ` · ${t('tour.round', { n: tournament.nextRound.round })}: ${new Date(tournament.nextRound.startsAt).toLocaleTimeString(document.documentElement.lang)}`}
          </p>
          <p class="noprint">
            <a href={`/tournament/${id}/projector`} target="_blank" rel="noreferrer">
              {t('tour.projector')}
            </a>
            {tournament.inviteCode !== undefined && (
              <>
                {' · '}
                {t('org.inviteCode')}: <code>{tournament.inviteCode}</code>
              </>
            )}
          </p>
          <section aria-labelledby="desk-h" class="noprint">
            <h2 id="desk-h">{t('org.desk')}</h2>
            <form onSubmit={(e) => void register(e)}>
              <label>
                {t('org.playerName')}
                <input type="text" maxLength={40} value={player} onInput={(e) => setPlayer(e.currentTarget.value)} />
              </label>
              <button type="submit" class="primary">
                {t('org.register')}
              </button>
            </form>
            <table class="list">
              <caption>{t('tour.player')}</caption>
              <tbody>
                {tournament.players.map((p) => (
                  <tr key={p.playerId}>
                    <th scope="row">{p.name}</th>
                    <td>{p.withdrawn ? '—' : p.checkedIn ? t('org.checkedIn') : ''}</td>
                    <td class="buttons">
                      {!p.checkedIn && !p.withdrawn && (
                        <button
                          type="button"
                          onClick={() => void act(`/v1/tournaments/${id}/players/${p.playerId}/check-in`)}
                        >
                          {t('org.checkIn', { name: p.name })}
                        </button>
                      )}
                      {!p.withdrawn && tournament.phase !== 'ended' && (
                        <button
                          type="button"
                          onClick={() => void act(`/v1/tournaments/${id}/players/${p.playerId}/withdraw`)}
                        >
                          {t('org.withdraw', { name: p.name })}
                        </button>
                      )}
                      {links[p.playerId] !== undefined && (
                        <a href={links[p.playerId]} aria-label={t('org.playerLink', { name: p.name })}>
                          {t('org.playerLink', { name: p.name })}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {actionError !== undefined && (
              <p role="alert" class="error">
                {t('common.error', { detail: actionError })}
              </p>
            )}
          </section>
          {key !== undefined && (
            <>
              <Controls tournament={tournament} organiserKey={key} reload={reload} />
              <LiveEntry tournament={tournament} organiserKey={key} reload={reload} />
            </>
          )}
          <Schedule tournament={tournament} />
          <Draw tournament={tournament} sheets />
          {standings !== undefined && (
            <StandingsTable
              standings={standings}
              caption={t(tournament.phase === 'ended' ? 'tour.final' : 'tour.live')}
            />
          )}
        </>
      )}
    </main>
  );
}
