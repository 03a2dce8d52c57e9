import { StammtischError } from '@stammtisch/sdk';
import { useState } from 'preact/hooks';
import { api, problemText } from '../api.js';
import { useT } from '../i18n/index.js';
import type { Tournament } from '../tournament-data.js';

/**
 * The organiser's interventions (docs/tournaments.md "The organiser's controls") and live-table score entry, through
 * the SDK's typed REST client. Every control says what it does in its name (a phone's screen reader reads it
 * alone), and every refusal is the server's problem text in an alert.
 */

type Seat = { seat: number; kind: string; playerId?: string; name?: string };
type Round = Tournament['rounds'][number];
type TableOf = Round['tables'][number];
type Outcome<T> = { data?: T; error?: unknown; response: Response };

/** The body of an SDK call, or its problem thrown (as the SDK's own methods do). */
async function sdk<T>(p: Promise<Outcome<T>>): Promise<T> {
  const out = await p;
  if (out.response.ok && out.error === undefined) return out.data as T;
  throw StammtischError.from(out.response.status, out.error, 'rest', out.response.statusText);
}

const seatName = (s: Seat, bot: string): string => s.name ?? bot;
const GAMES = ['sauspiel', 'solo', 'wenz', 'geier', 'farbwenz', 'bettel', 'sie', 'kreuz'] as const;
const SUITS = ['E', 'G', 'H', 'S'] as const;

/** Runs an intervention: busy while it runs, the server's refusal as an alert, the tournament reloaded after. */
function useRunner(reload: () => Promise<void>) {
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(f: () => Promise<T>, done?: string): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    try {
      const r = await f();
      setNote(done);
      await reload();
      return r;
    } catch (e) {
      setError(problemText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { error, note, busy, run };
}

function Feedback({ error, note }: { error: string | undefined; note: string | undefined }) {
  const t = useT();
  return (
    <>
      {error !== undefined && (
        <p role="alert" class="error">
          {t('common.error', { detail: error })}
        </p>
      )}
      {note !== undefined && <p role="status">{note}</p>}
    </>
  );
}

/** Draw, postpone, cancel; end the round or finish a table; substitute a player. */
export function Controls({
  tournament,
  organiserKey,
  reload,
}: {
  tournament: Tournament;
  organiserKey: string;
  reload: () => Promise<void>;
}) {
  const t = useT();
  const id = tournament.tournamentId;
  const client = api(organiserKey).raw;
  const tid = { tournamentId: id };
  const { error, note, busy, run } = useRunner(reload);
  const [reason, setReason] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [subFor, setSubFor] = useState('');
  const [sub, setSub] = useState('bot');
  const [creditTo, setCreditTo] = useState<'substitute' | 'original'>('substitute');
  const [seatLink, setSeatLink] = useState<string>();
  const why = reason.trim() === '' ? {} : { reason: reason.trim() };
  const running = tournament.rounds.find((r) => r.endedAt === undefined && r.startedAt !== undefined);
  const before = tournament.phase === 'registration' || tournament.phase === 'pause';
  const ended = tournament.phase === 'ended';
  const seated = new Set(
    running?.tables.flatMap((tb) =>
      (tb.seats as Seat[]).flatMap((s) => (s.playerId !== undefined ? [s.playerId] : [])),
    ),
  );
  const players = tournament.players.filter((p) => !p.withdrawn);
  const done = t('ctl.done');

  const substitute = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (subFor === '') return;
    const r = await run(
      () =>
        sdk(
          client.POST('/v1/tournaments/{tournamentId}/players/{playerId}/substitute', {
            params: { path: { ...tid, playerId: subFor } },
            body: { substitute: sub, creditTo, ...why },
          }),
        ),
      done,
    );
    if (r?.seatToken !== undefined) {
      const tableId = running?.tables[r.table - 1]?.tableId;
      if (tableId !== undefined)
        setSeatLink(`${location.origin}/table/${tableId}?token=${encodeURIComponent(r.seatToken)}`);
    }
  };

  if (ended) return null;
  return (
    <section aria-labelledby="ctl-h" class="noprint controls">
      <h2 id="ctl-h">{t('ctl.heading')}</h2>
      <label>
        {t('ctl.reason')}
        <input type="text" maxLength={200} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <div class="buttons">
        {before && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => sdk(client.POST('/v1/tournaments/{tournamentId}/draw', { params: { path: tid }, body: why })),
                done,
              )
            }
          >
            {tournament.draw !== undefined ? t('ctl.redraw') : t('ctl.publishDraw')}
          </button>
        )}
        {running !== undefined && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () =>
                  sdk(
                    client.POST('/v1/tournaments/{tournamentId}/rounds/{round}/end', {
                      params: { path: { ...tid, round: running.round } },
                      body: why,
                    }),
                  ),
                done,
              )
            }
          >
            {t('ctl.endRound', { n: running.round })}
          </button>
        )}
        {running?.tables
          .filter((tb) => !tb.finished && tb.live !== true)
          .map((tb) => (
            <button
              type="button"
              key={tb.table}
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    sdk(
                      client.POST('/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/finish', {
                        params: { path: { ...tid, round: running.round, table: tb.table } },
                        body: why,
                      }),
                    ),
                  done,
                )
              }
            >
              {t('ctl.finishTable', { t: tb.table })}
            </button>
          ))}
      </div>
      {before && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const at = new Date(startsAt);
            if (Number.isNaN(at.getTime())) return;
            void run(
              () =>
                sdk(
                  client.POST('/v1/tournaments/{tournamentId}/postpone', {
                    params: { path: tid },
                    body: { startsAt: at.toISOString(), ...why },
                  }),
                ),
              done,
            );
          }}
        >
          <label>
            {t('ctl.postponeTo')}
            <input
              type="datetime-local"
              required
              value={startsAt}
              onInput={(e) => setStartsAt(e.currentTarget.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            {t('ctl.postpone')}
          </button>
        </form>
      )}
      {running !== undefined && (
        <form onSubmit={(e) => void substitute(e)}>
          <label>
            {t('tour.player')}
            <select value={subFor} onChange={(e) => setSubFor(e.currentTarget.value)} required>
              <option value="" />
              {players
                .filter((p) => seated.has(p.playerId))
                .map((p) => (
                  <option key={p.playerId} value={p.playerId}>
                    {p.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            {t('ctl.substituteWho')}
            <select value={sub} onChange={(e) => setSub(e.currentTarget.value)}>
              <option value="bot">{t('common.bot')}</option>
              {players
                .filter((p) => !seated.has(p.playerId))
                .map((p) => (
                  <option key={p.playerId} value={p.playerId}>
                    {p.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            {t('ctl.creditTo')}
            <select
              value={creditTo}
              onChange={(e) => setCreditTo(e.currentTarget.value === 'original' ? 'original' : 'substitute')}
            >
              <option value="substitute">{t('ctl.creditSubstitute')}</option>
              <option value="original">{t('ctl.creditOriginal')}</option>
            </select>
          </label>
          <button type="submit" disabled={busy || subFor === ''}>
            {t('ctl.substitute', { name: players.find((p) => p.playerId === subFor)?.name ?? '…' })}
          </button>
          {seatLink !== undefined && (
            <a href={seatLink} aria-label={t('ctl.seatToken')}>
              {t('ctl.seatToken')}
            </a>
          )}
        </form>
      )}
      {!ended && tournament.rounds.length > 0 && <p class="hint">{t('ctl.walkIn')}</p>}
      <div class="buttons">
        <button
          type="button"
          class="danger"
          disabled={busy || reason.trim() === ''}
          title={reason.trim() === '' ? t('ctl.reasonFor', { what: t('ctl.cancel') }) : undefined}
          onClick={() =>
            void run(
              () =>
                sdk(
                  client.POST('/v1/tournaments/{tournamentId}/cancel', {
                    params: { path: tid },
                    body: { reason: reason.trim() },
                  }),
                ),
              done,
            )
          }
        >
          {t('ctl.cancel')}
        </button>
      </div>
      <Feedback error={error} note={note} />
    </section>
  );
}

/** The per-deal entry form (a live table's deal, or a correction of one). */
function DealForm({
  seats,
  sitsOutSeat,
  deal,
  label,
  submitLabel,
  busy,
  onEntry,
}: {
  seats: readonly Seat[];
  sitsOutSeat: boolean;
  deal: number;
  label: string;
  submitLabel?: string;
  busy: boolean;
  onEntry: (entry: Record<string, unknown>) => void;
}) {
  const t = useT();
  const [game, setGame] = useState<string>('sauspiel');
  const [suit, setSuit] = useState<string>('E');
  const [declarers, setDeclarers] = useState<number[]>([]);
  const [won, setWon] = useState(true);
  const [schneider, setSchneider] = useState(false);
  const [schwarz, setSchwarz] = useState(false);
  const [laufende, setLaufende] = useState(0);
  const [knocks, setKnocks] = useState(0);
  const [sitsOut, setSitsOut] = useState(0);
  const bot = t('common.bot');
  const toggle = (s: number, on: boolean): void =>
    setDeclarers((d) => (on ? [...d.filter((x) => x !== s), s].sort((a, b) => a - b) : d.filter((x) => x !== s)));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onEntry({
          kind: 'game',
          game,
          ...(game === 'solo' ? { suit } : {}),
          declarers,
          won,
          ...(schneider ? { schneider } : {}),
          ...(schwarz ? { schwarz } : {}),
          ...(laufende > 0 ? { laufende } : {}),
          ...(knocks > 0 ? { knocks } : {}),
          ...(sitsOutSeat ? { sitsOut } : {}),
        });
      }}
    >
      <fieldset>
        <legend>{label}</legend>
        <label>
          {t('ctl.game')}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            {GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`ctl.games.${g}`)}
              </option>
            ))}
          </select>
        </label>
        {game === 'solo' && (
          <label>
            {t('ctl.suit')}
            <select value={suit} onChange={(e) => setSuit(e.currentTarget.value)}>
              {SUITS.map((s) => (
                <option key={s} value={s}>
                  {t(`ctl.suits.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset>
          <legend>{t('ctl.declarers')}</legend>
          {seats.map((s) => (
            <label key={s.seat} class="check">
              <input
                type="checkbox"
                checked={declarers.includes(s.seat)}
                onChange={(e) => toggle(s.seat, e.currentTarget.checked)}
              />
              {seatName(s, bot)}
            </label>
          ))}
        </fieldset>
        {sitsOutSeat && (
          <label>
            {t('ctl.sitsOut')}
            <select value={sitsOut} onChange={(e) => setSitsOut(Number(e.currentTarget.value))}>
              {seats.map((s) => (
                <option key={s.seat} value={s.seat}>
                  {seatName(s, bot)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label class="check">
          <input type="checkbox" checked={won} onChange={(e) => setWon(e.currentTarget.checked)} />
          {t('ctl.won')}
        </label>
        <label class="check">
          <input type="checkbox" checked={schneider} onChange={(e) => setSchneider(e.currentTarget.checked)} />
          {t('ctl.schneider')}
        </label>
        <label class="check">
          <input type="checkbox" checked={schwarz} onChange={(e) => setSchwarz(e.currentTarget.checked)} />
          {t('ctl.schwarz')}
        </label>
        <label>
          {t('ctl.laufende')}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={14}
            value={laufende}
            onInput={(e) => setLaufende(Number(e.currentTarget.value) || 0)}
          />
        </label>
        <label>
          {t('ctl.knocks')}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={7}
            value={knocks}
            onInput={(e) => setKnocks(Number(e.currentTarget.value) || 0)}
          />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {submitLabel ?? t('ctl.enterDeal', { n: deal })}
        </button>
      </fieldset>
    </form>
  );
}

/** Per-player totals with the zero-sum check (whole or decimal points, as the list prints them). */
function TotalsForm({
  seats,
  busy,
  onTotals,
}: {
  seats: readonly Seat[];
  busy: boolean;
  onTotals: (totals: string[]) => void;
}) {
  const t = useT();
  const [totals, setTotals] = useState<string[]>(() => seats.map(() => ''));
  const values = totals.map((v) => Number(v.replace(',', '.')));
  const complete = totals.every((v) => v.trim() !== '' && Number.isFinite(Number(v.replace(',', '.'))));
  // Cents avoid float sums (0.1 + 0.2): the list's amounts have at most two decimals.
  const sum = values.reduce((a, v) => a + Math.round((Number.isFinite(v) ? v : 0) * 100), 0) / 100;
  const bot = t('common.bot');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (complete && sum === 0) onTotals(totals.map((v) => String(Number(v.replace(',', '.')))));
      }}
    >
      <fieldset>
        <legend>{t('ctl.perTotals')}</legend>
        {seats.map((s, i) => (
          <label key={s.seat}>
            {t('ctl.total', { name: seatName(s, bot) })}
            <input
              type="text"
              inputMode="decimal"
              pattern="-?[0-9]+([.,][0-9]{1,2})?"
              value={totals[i]}
              onInput={(e) => {
                const next = totals.slice();
                next[i] = e.currentTarget.value;
                setTotals(next);
              }}
            />
          </label>
        ))}
        <p aria-live="polite">
          {t('ctl.sum', { sum })}
          {complete && sum !== 0 && <strong role="alert"> {t('ctl.zeroSum')}</strong>}
        </p>
        <button type="submit" class="primary" disabled={busy || !complete || sum !== 0}>
          {t('ctl.enterTotals')}
        </button>
      </fieldset>
    </form>
  );
}

/** Live tables of the running round: enter deal by deal or the totals, then hand the sheet in. */
export function LiveEntry({
  tournament,
  organiserKey,
  reload,
}: {
  tournament: Tournament;
  organiserKey: string;
  reload: () => Promise<void>;
}) {
  const t = useT();
  const client = api(organiserKey).raw;
  const { error, note, busy, run } = useRunner(reload);
  const tableSize = Number((tournament.config as { tableSize?: number }).tableSize ?? 4);
  const open: { round: Round; table: TableOf }[] = tournament.rounds.flatMap((round) =>
    round.endedAt === undefined
      ? round.tables.filter((tb) => tb.live === true && !tb.finished).map((table) => ({ round, table }))
      : [],
  );
  const finished: { round: Round; table: TableOf }[] = tournament.rounds.flatMap((round) =>
    round.tables.filter((tb) => tb.finished).map((table) => ({ round, table })),
  );
  const [correcting, setCorrecting] = useState<string>('');
  const [correctDeal, setCorrectDeal] = useState(1);
  const [reason, setReason] = useState('');
  const done = t('ctl.done');
  if (open.length === 0 && finished.length === 0) return null;
  const path = (round: number, table: number) => ({
    params: { path: { tournamentId: tournament.tournamentId, round, table } },
  });
  const target = finished.find(({ round, table }) => `${round.round}:${table.table}` === correcting);
  return (
    <section aria-labelledby="live-h" class="noprint controls">
      <h2 id="live-h">{t('ctl.live')}</h2>
      {open.map(({ round, table }) => {
        const seats = table.seats as Seat[];
        const next = (table.entered ?? 0) + 1;
        const heading = t('ctl.liveTable', { r: round.round, t: table.table });
        return (
          <section key={`${round.round}:${table.table}`} aria-label={heading}>
            <h3>{heading}</h3>
            <p role="status">
              {table.totals !== undefined
                ? t('ctl.totalsEntered', { totals: table.totals.join(' / ') })
                : t('ctl.entered', { n: table.entered ?? 0, of: table.deals })}
            </p>
            {next <= table.deals && table.totals === undefined && (
              <DealForm
                key={next}
                seats={seats}
                sitsOutSeat={seats.length > tableSize}
                deal={next}
                label={t('ctl.perDeal')}
                busy={busy}
                onEntry={(entry) =>
                  void run(
                    () =>
                      sdk(
                        client.POST('/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/deals', {
                          ...path(round.round, table.table),
                          body: { deal: next, entry: entry as never },
                        }),
                      ),
                    done,
                  )
                }
              />
            )}
            {/* A sheet is entered either deal by deal or as totals (docs/tournaments.md "Live tables"). */}
            {(table.entered ?? 0) === 0 && table.totals === undefined && (
              <TotalsForm
                seats={seats}
                busy={busy}
                onTotals={(totals) =>
                  void run(
                    () =>
                      sdk(
                        client.POST('/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/totals', {
                          ...path(round.round, table.table),
                          body: { totals },
                        }),
                      ),
                    done,
                  )
                }
              />
            )}
            <button
              type="button"
              class="primary"
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    sdk(
                      client.POST(
                        '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/submit',
                        path(round.round, table.table),
                      ),
                    ),
                  done,
                )
              }
            >
              {t('ctl.submit')} ({heading})
            </button>
          </section>
        );
      })}
      {finished.length > 0 && (
        <section aria-labelledby="corr-h">
          <h3 id="corr-h">{t('ctl.correct')}</h3>
          <label>
            {t('org.tables')}
            <select value={correcting} onChange={(e) => setCorrecting(e.currentTarget.value)}>
              <option value="" />
              {finished.map(({ round, table }) => (
                <option key={`${round.round}:${table.table}`} value={`${round.round}:${table.table}`}>
                  {t('ctl.correctTable', { r: round.round, t: table.table })}
                </option>
              ))}
            </select>
          </label>
          {target !== undefined && (
            <>
              <label>
                {t('ctl.deal')}
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={target.table.deals}
                  value={correctDeal}
                  onInput={(e) => setCorrectDeal(Number(e.currentTarget.value) || 1)}
                />
              </label>
              <label>
                {t('ctl.reason')}
                <input
                  type="text"
                  required
                  maxLength={200}
                  value={reason}
                  onInput={(e) => setReason(e.currentTarget.value)}
                />
              </label>
              <DealForm
                key={correcting}
                seats={target.table.seats as Seat[]}
                sitsOutSeat={target.table.seats.length > tableSize}
                deal={correctDeal}
                label={t('ctl.correctDeal', { n: correctDeal })}
                submitLabel={t('ctl.correctDeal', { n: correctDeal })}
                busy={busy}
                onEntry={(entry) =>
                  void run(
                    () =>
                      sdk(
                        client.POST('/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/corrections', {
                          ...path(target.round.round, target.table.table),
                          body: { deal: correctDeal, entry: entry as never, reason: reason.trim() },
                        }),
                      ),
                    done,
                  )
                }
              />
            </>
          )}
        </section>
      )}
      <Feedback error={error} note={note} />
    </section>
  );
}
