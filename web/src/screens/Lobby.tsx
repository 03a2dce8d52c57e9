import type { Schemas } from '@stammtisch/sdk';
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, secrets } from '../api.js';
import { useT } from '../i18n/index.js';

type Variant = Schemas['Variant'];
type LobbyEntry = Schemas['LobbyEntry'];
const LEVELS = ['random', 'heuristic', 'strong'] as const;

/** Public tables with open seats, and the form that opens a new one (the creator takes seat 1). */
export function Lobby() {
  const t = useT();
  const [tables, setTables] = useState<LobbyEntry[]>();
  const [error, setError] = useState<string>();
  const { route } = useLocation();

  const load = async (): Promise<void> => {
    try {
      const r = await api().raw.GET('/v1/tables', { params: { query: { limit: 50 } } });
      setTables(r.data?.tables ?? []);
    } catch (e) {
      setError(problemText(e));
    }
  };
  useEffect(() => void load(), []);

  const join = async (tableId: string): Promise<void> => {
    try {
      const name = localStorage.getItem('stammtisch:name') ?? undefined;
      const me = await api().join(tableId, name !== undefined && name !== '' ? { name } : {});
      secrets.setTable(tableId, { token: me.seatToken, seat: me.seat });
      route(`/table/${tableId}`);
    } catch (e) {
      setError(problemText(e));
    }
  };

  return (
    <main id="main" class="lobby">
      <h1>{t('lobby.heading')}</h1>
      <CreateTable onError={setError} />
      <section aria-labelledby="open-h">
        <h2 id="open-h">{t('lobby.openTables')}</h2>
        <button type="button" onClick={() => void load()}>
          {t('common.refresh')}
        </button>
        {tables === undefined ? (
          <p>{t('common.loading')}</p>
        ) : tables.length === 0 ? (
          <p>{t('lobby.none')}</p>
        ) : (
          <ul class="tables">
            {tables.map((x) => (
              <li key={x.tableId}>
                <span>
                  <strong>{t(`variant.${x.variant}`, { defaultValue: x.variant })}</strong> · {x.preset} · {x.tableId}
                </span>
                <span>{t('lobby.seatsOpen', { open: x.openSeats, seats: x.seats })}</span>
                <span class="buttons">
                  <button
                    type="button"
                    aria-label={t('lobby.joinTable', { id: x.tableId })}
                    onClick={() => void join(x.tableId)}
                  >
                    {t('lobby.join')}
                  </button>
                  <a
                    class="button"
                    href={`/table/${x.tableId}/watch`}
                    aria-label={t('lobby.watchTable', { id: x.tableId })}
                  >
                    {t('lobby.watch')}
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {error !== undefined && (
        <p role="alert" class="error">
          {t('common.error', { detail: error })}
        </p>
      )}
    </main>
  );
}

function CreateTable({ onError }: { onError: (e: string) => void }) {
  const t = useT();
  const { route } = useLocation();
  const [variants, setVariants] = useState<Variant[]>([]);
  // The server's first listed game until the catalogue answers (GET /v1/variants lists the default first).
  const [variant, setVariant] = useState('');
  const [seats, setSeats] = useState(4);
  const [preset, setPreset] = useState('');
  const [bots, setBots] = useState<boolean[]>([false, true, true, true, true, true, true, true]);
  const [level, setLevel] = useState<(typeof LEVELS)[number]>('heuristic');
  const [clock, setClock] = useState('');
  const [deals, setDeals] = useState('1');
  const [name, setName] = useState(() => localStorage.getItem('stammtisch:name') ?? '');
  const [visible, setVisible] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api()
      .variants()
      .then(
        (r) => {
          setVariants(r.variants);
          setVariant((current) => (current === '' ? (r.variants[0]?.id ?? '') : current));
        },
        (e: unknown) => onError(problemText(e)),
      );
  }, []);
  const v = variants.find((x) => x.id === variant);
  const presets = Object.keys((v?.presets ?? {}) as Record<string, unknown>);
  const min = v?.tableSeats.min ?? 2;
  const max = v?.tableSeats.max ?? 8;

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      localStorage.setItem('stammtisch:name', name);
      const botSeats = Array.from({ length: seats }, (_, s) => s).filter((s) => s !== 0 && bots[s]);
      const turnSeconds = Number.parseInt(clock, 10);
      const maxDeals = Number.parseInt(deals, 10);
      const created = await api().createTable({
        variant,
        seats,
        ...(preset !== '' ? { preset } : {}),
        bots: botSeats,
        botLevel: level,
        visibility: visible ? 'public' : 'private',
        ...(Number.isFinite(maxDeals) && maxDeals > 0 ? { maxDeals } : {}),
        ...(Number.isFinite(turnSeconds) && turnSeconds > 0 ? { clock: { turnSeconds } } : {}),
      });
      const me = await api(created.organiserKey).join(created.tableId, { seat: 0, ...(name !== '' ? { name } : {}) });
      secrets.setTable(created.tableId, { token: me.seatToken, seat: me.seat, organiserKey: created.organiserKey });
      route(`/table/${created.tableId}`);
    } catch (err) {
      onError(problemText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="create-h" class="create">
      <h2 id="create-h">{t('lobby.create')}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t('lobby.variant')}
          <select
            value={variant}
            onChange={(e) => {
              const id = e.currentTarget.value;
              setVariant(id);
              setPreset('');
              const nv = variants.find((x) => x.id === id);
              if (nv !== undefined) setSeats(Math.min(Math.max(seats, nv.tableSeats.min), nv.tableSeats.max));
            }}
          >
            {variants.map(({ id, title }) => (
              <option key={id} value={id}>
                {t(`variant.${id}`, { defaultValue: title })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lobby.players')}
          <input
            type="number"
            min={min}
            max={max}
            value={seats}
            onInput={(e) => setSeats(Number(e.currentTarget.value))}
          />
        </label>
        <label>
          {t('lobby.preset')}
          <select value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
            <option value="">{v?.defaultPreset ?? '—'}</option>
            {presets
              .filter((p) => p !== v?.defaultPreset)
              .map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('lobby.bots')}</legend>
          {Array.from({ length: seats }, (_, s) => s)
            .filter((s) => s > 0)
            .map((s) => (
              <label key={s} class="inline">
                <input
                  type="checkbox"
                  checked={bots[s] ?? false}
                  onChange={(e) => setBots(bots.map((b, i) => (i === s ? e.currentTarget.checked : b)))}
                />
                {t('lobby.botSeat', { n: s + 1 })}
              </label>
            ))}
        </fieldset>
        <label>
          {t('lobby.botLevel')}
          <select value={level} onChange={(e) => setLevel(e.currentTarget.value as (typeof LEVELS)[number])}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`level.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lobby.clock')}
          <input
            type="number"
            min={1}
            inputMode="numeric"
            value={clock}
            onInput={(e) => setClock(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('lobby.deals')}
          <input
            type="number"
            min={1}
            inputMode="numeric"
            value={deals}
            onInput={(e) => setDeals(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('lobby.name')}
          <input
            type="text"
            maxLength={40}
            autoComplete="nickname"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label class="inline">
          <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.currentTarget.checked)} />
          {t('lobby.visibility')}
        </label>
        <button type="submit" class="primary" disabled={busy || variant === ''}>
          {t('lobby.start')}
        </button>
      </form>
    </section>
  );
}
