import {
  type Action,
  type ActionFields,
  type Schemas,
  type TableView,
  type TrickOrder,
  sortHand,
} from '@stammtisch/sdk';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, call, problemText, secrets } from '../api.js';
import { Card, CardFace, cardName } from '../cards.js';
import { actionLabel, amount, contractLabel } from '../format.js';
import { lang, useT } from '../i18n/index.js';
import { type Presence, watchTable } from '../realtime.js';
import { Settlement } from './Settlement.js';
import { Fairness } from './Fairness.js';

type ViewResponse = Schemas['ViewResponse'];
type DealView = Schemas['DealView'];

interface Shown {
  readonly view: TableView;
  readonly version: number;
  /** Names, commands and the deadline come with REST views; a push carries the view only. */
  readonly extra?: Pick<ViewResponse, 'names' | 'commands' | 'deadline' | 'audience'> | undefined;
  readonly extraVersion: number;
}

/** Frame arrival → rendered DOM, for the budget script (web/scripts/budget.mjs reads it). */
declare global {
  interface Window {
    __pushLatency?: { committed: number; frame: number }[];
  }
}

/**
 * How this browser sees the table: its seat token; else, watching, anonymously (a public table's spectator view), or
 * with a spectator token its organiser key fetches (a private table).
 */
async function audienceToken(
  tableId: string,
  watch: boolean,
): Promise<{ token?: string | undefined; seat?: number | undefined }> {
  const s = secrets.table(tableId);
  if (!watch && s !== undefined) return { token: s.token, seat: s.seat };
  if (s?.organiserKey === undefined) return {};
  const spectator = await call<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, {
    method: 'POST',
    body: {},
    token: s.organiserKey,
  });
  return { token: spectator.spectatorToken };
}

export function Table({ id, watch = false }: { id: string; watch?: boolean }) {
  const t = useT();
  const [who, setWho] = useState<{ token?: string | undefined; seat?: number | undefined }>();
  const [shown, setShown] = useState<Shown>();
  const [presence, setPresence] = useState<Record<number, boolean>>({});
  const [online, setOnline] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const version = useRef(0);
  const pendingPush = useRef<number | undefined>(undefined);

  const refresh = useCallback(async () => {
    if (who === undefined) return;
    try {
      const r: ViewResponse = await api(who.token).view(id);
      if (r.version < version.current) return;
      version.current = r.version;
      setShown({ view: r.view, version: r.version, extra: r, extraVersion: r.version });
      if (r.presence !== undefined) setPresence(Object.fromEntries(r.presence.map((p) => [p.seat, p.connected])));
    } catch (e) {
      setError(problemText(e));
    }
  }, [id, who]);

  useEffect(() => {
    audienceToken(id, watch).then(setWho, (e: unknown) => setError(problemText(e)));
  }, [id, watch]);

  useEffect(() => {
    if (who === undefined) return;
    void refresh();
    let stale: ReturnType<typeof setTimeout> | undefined;
    const later = (): void => {
      clearTimeout(stale);
      stale = setTimeout(() => void refresh(), 60);
    };
    const live = watchTable({
      tableId: id,
      token: who.token,
      version: () => version.current,
      onView: (view, v, at) => {
        version.current = v;
        pendingPush.current = at;
        setShown((old) => ({ view, version: v, extra: old?.extra, extraVersion: old?.extraVersion ?? 0 }));
        // The commands (labels in both languages) and the deadline come with the REST view.
        later();
      },
      onStale: later,
      onPresence: (p: Presence) => setPresence((old) => ({ ...old, [p.seat]: p.connected })),
      onState: setOnline,
    });
    return () => {
      clearTimeout(stale);
      live.close();
    };
  }, [id, who, refresh]);

  // Budget probe (web/scripts/budget): a push's frame arrival → DOM committed (layout effect) → the next animation
  // frame, which paints it. Kept in a small ring on window for the budget script; nothing reads it otherwise.
  useLayoutEffect(() => {
    const at = pendingPush.current;
    if (at === undefined) return;
    pendingPush.current = undefined;
    const committed = performance.now() - at;
    requestAnimationFrame(() => {
      const log = (window.__pushLatency ??= []);
      log.push({ committed, frame: performance.now() - at });
      if (log.length > 500) log.shift();
    });
  }, [shown]);

  const act = async (action: Action): Promise<void> => {
    if (who === undefined || shown === undefined || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await api(who.token).act(id, action, {
        expectedVersion: shown.version,
        // One key per (version, legal action): a retried click is answered from the first, never played twice.
        idempotencyKey: `web-${id}-${shown.version}-${shown.view.legalActions.indexOf(action)}`,
      });
    } catch (e) {
      setError(problemText(e));
    }
    await refresh();
    setBusy(false);
  };

  if (shown === undefined)
    return (
      <main id="main" class="table-screen">
        <h1>{t('table.heading', { id })}</h1>
        {error !== undefined ? (
          <p role="alert">{t('common.error', { detail: error })}</p>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </main>
    );

  return (
    <TableBoard
      id={id}
      shown={shown}
      seat={watch ? undefined : who?.seat}
      token={who?.token}
      presence={presence}
      online={online}
      error={error}
      busy={busy}
      onAct={act}
      watch={watch}
    />
  );
}

interface BoardProps {
  readonly id: string;
  readonly shown: Shown;
  readonly seat: number | undefined;
  readonly token: string | undefined;
  readonly presence: Record<number, boolean>;
  readonly online: boolean;
  readonly error: string | undefined;
  readonly busy: boolean;
  readonly watch: boolean;
  readonly onAct: (a: Action) => void;
}

function TableBoard({ id, shown, seat, token, presence, online, error, busy, watch, onAct }: BoardProps) {
  const t = useT();
  const { view, version, extra } = shown;
  const deal: DealView | null = view.deal;
  const names = (extra?.names ?? []).map((n, i) => n ?? t('common.seat', { n: i + 1 }));
  const nameOf = (s: number): string =>
    s === seat
      ? `${names[s] ?? t('common.seat', { n: s + 1 })} (${t('common.you')})`
      : (names[s] ?? t('common.seat', { n: s + 1 }));
  const legal = view.legalActions;
  const commands = extra !== undefined && shown.extraVersion === version ? extra.commands[lang()] : undefined;
  const label = (a: Action, i: number): string => commands?.[i] ?? actionLabel(a);
  const plays = new Map<string, Action>();
  const others: { action: Action; index: number }[] = [];
  legal.forEach((a, i) => {
    const f: ActionFields = a;
    if (f.type === 'play' && typeof f.card === 'string') plays.set(f.card, a);
    else others.push({ action: a, index: i });
  });
  const dealt = seat !== undefined ? (deal?.hands[seat] ?? null) : null;
  const groups = useHandOrder(id, token, dealt !== null ? (deal?.contract ?? null) : undefined, dealt);
  // The hand as shown: trumps first in the contract's trick order, then each suit (keys 1–9 count in this order).
  const myHand = groups?.flat() ?? dealt;
  const groupStart = new Set((groups ?? []).slice(1).map((g) => g[0]));
  const toAct = deal?.toAct ?? [];
  const leader =
    deal !== null && deal.trick.length > 0 ? deal.trick[0]?.seat : deal?.phase === 'play' ? toAct[0] : undefined;
  const finishedDeal = deal?.phase === 'done' ? view.dealNo : view.lastResult !== null ? view.dealNo - 1 : undefined;

  // Keys: 1–9 play the n-th playable card; P or Escape passes when passing is legal.
  const handRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement | null;
      if (target !== null && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (/^[1-9]$/.test(e.key) && myHand !== null) {
        const playable = myHand.filter((c) => plays.has(c));
        const card = playable[Number(e.key) - 1];
        const a = card !== undefined ? plays.get(card) : undefined;
        if (a !== undefined) onAct(a);
      } else if (e.key === 'p' || e.key === 'P' || e.key === 'Escape') {
        const pass = legal.find((a) => a.type === 'pass');
        if (pass !== undefined) onAct(pass);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const myTurn = seat !== undefined && toAct.includes(seat) && legal.length > 0;
  return (
    <main id="main" class="table-screen" aria-busy={busy}>
      <header class="table-head">
        <h1>
          {t('table.heading', { id })} · {t(`variant.${view.variant}`, { defaultValue: view.variant })}
          <small> ({view.preset})</small>
        </h1>
        <p class="meta">
          <span>{t('table.deal', { n: view.dealNo })}</span>
          {deal !== null && (
            <span> · {t('table.phase', { phase: t(`phase.${deal.phase}`, { defaultValue: deal.phase }) })}</span>
          )}
          {deal?.contract != null && <span> · {t('table.contract', { contract: contractLabel(deal.contract) })}</span>}
          <span class={online ? 'live on' : 'live off'} role="status">
            {' '}
            · {online ? t('common.online') : t('common.offline')}
          </span>
        </p>
        {watch && <p>{t('table.spectating')}</p>}
        {view.closed && <p role="status">{t('table.closed')}</p>}
      </header>

      <div class="board">
        <section class="seats" aria-labelledby="seats-h">
          <h2 id="seats-h">{t('table.seats')}</h2>
          <ol>
            {Array.from({ length: view.seats }, (_, s) => (
              <li
                key={s}
                class={toAct.includes(s) ? 'seat acting' : 'seat'}
                aria-current={toAct.includes(s) ? 'step' : undefined}
              >
                <span
                  class={presence[s] ? 'dot on' : 'dot'}
                  aria-label={presence[s] ? t('common.connected') : t('common.away')}
                  role="img"
                />
                <strong>{nameOf(s)}</strong>
                {deal?.dealer === s && <span class="tag">{t('table.dealer')}</span>}
                {leader === s && <span class="tag">{t('table.leads')}</span>}
                {deal !== null && deal.handCounts[s] !== undefined && (
                  <span class="small">{t('table.cards', { count: deal.handCounts[s] })}</span>
                )}
                {deal !== null && <span class="small">{t('table.tricks', { count: deal.tricksTaken[s] ?? 0 })}</span>}
                <span class="total" aria-label={`${t('table.total')} ${nameOf(s)}`}>
                  {amount(view.totals[s] ?? '0')}
                </span>
              </li>
            ))}
          </ol>
        </section>

        <section class="trick" aria-labelledby="trick-h">
          <h2 id="trick-h">{t('table.trick')}</h2>
          <TurnLine toAct={toAct} nameOf={nameOf} myTurn={myTurn} deadline={extra?.deadline} closed={view.closed} />
          {deal !== null && deal.trick.length > 0 ? (
            <ul class="cards">
              {deal.trick.map((c) => (
                <li key={c.seat}>
                  <span class="who">{nameOf(c.seat)}</span>
                  <Card card={c.card} />
                </li>
              ))}
            </ul>
          ) : (
            <p class="small">{t('table.emptyTrick')}</p>
          )}
          {deal?.lastTrick != null && deal.lastTrick.length > 0 && (
            <section class="last-trick" aria-labelledby="last-trick-h">
              <h3 id="last-trick-h">{t('table.lastTrick')}</h3>
              <ul class="cards">
                {deal.lastTrick.map((c) => (
                  <li key={c.seat}>
                    <span class="who">{nameOf(c.seat)}</span>
                    <Card card={c.card} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>
      </div>

      {myHand !== null && myHand.length > 0 && (
        <section class="hand" aria-labelledby="hand-h">
          <h2 id="hand-h">{t('table.yourHand')}</h2>
          <div class="cards" ref={handRef} role="group" aria-labelledby="hand-h">
            {myHand.map((c) => {
              const a = plays.get(c);
              return (
                <button
                  key={c}
                  type="button"
                  class={groupStart.has(c) ? 'card group-start' : 'card'}
                  title={cardName(c)}
                  disabled={a === undefined || busy}
                  onClick={() => a !== undefined && onAct(a)}
                >
                  <CardFace card={c} />
                  <span class="sr">{cardName(c)}</span>
                </button>
              );
            })}
          </div>
          <p class="small">{t('table.keys')}</p>
        </section>
      )}

      {others.length > 0 && seat !== undefined && (
        <section class="moves" aria-labelledby="moves-h">
          <h2 id="moves-h">{t('table.moves')}</h2>
          <div class="buttons">
            {others.map(({ action, index }) => (
              <button key={index} type="button" disabled={busy} onClick={() => onAct(action)}>
                {label(action, index)}
              </button>
            ))}
          </div>
        </section>
      )}
      {error !== undefined && (
        <p role="alert" class="error">
          {t('common.error', { detail: error })}
        </p>
      )}

      {deal !== null && (deal.auction?.length ?? 0) > 0 && (
        <details class="auction">
          <summary>{t('table.auction')}</summary>
          <ol>
            {(deal.auction ?? []).map((a, i) => (
              <li key={i}>
                {nameOf(a.seat)}: {actionLabel(a.action)}
              </li>
            ))}
          </ol>
        </details>
      )}

      {view.lastResult !== null && finishedDeal !== undefined && (
        <Settlement
          result={view.lastResult}
          options={view.options}
          totals={view.totals}
          dealNo={finishedDeal}
          nameOf={nameOf}
        />
      )}
      {finishedDeal !== undefined && (
        <section class="after" aria-label={t('table.record')}>
          <RecordLink id={id} deal={finishedDeal} token={token} />{' '}
          <a href={`/table/${id}/deal/${finishedDeal}`}>{t('table.replay')}</a>
        </section>
      )}
      {deal !== null && (
        <Fairness tableId={id} deal={deal.no} commitment={deal.commitment} done={deal.phase === 'done'} token={token} />
      )}
    </main>
  );
}

type Contract = NonNullable<DealView['contract']>;

/**
 * A hand grouped in the contract's order (trumps high → low, then each suit): the order is the server's
 * (GET …/trick-order, the variant's own `trickOrder`, through the SDK), fetched once per contract and kept; the
 * sorting is the SDK's `sortHand`. Until the first order has arrived (or when none can be had) the hand shows as
 * dealt: undefined. `contract` undefined: no hand to sort.
 */
function useHandOrder(
  id: string,
  token: string | undefined,
  contract: Contract | null | undefined,
  hand: readonly string[] | null,
): string[][] | undefined {
  const key =
    contract === undefined
      ? undefined
      : // The table too: another table may play another variant or options.
        JSON.stringify([
          id,
          contract === null
            ? null
            : [contract.game, contract.suit ?? '', contract.card ?? '', contract.spiess === true],
        ]);
  const orders = useRef(new Map<string, TrickOrder>());
  const last = useRef<TrickOrder | undefined>(undefined);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (key === undefined || contract === undefined || orders.current.has(key)) return;
    let live = true;
    const asked =
      contract === null
        ? null
        : {
            game: contract.game,
            ...(contract.suit !== undefined ? { suit: contract.suit } : {}),
            ...(contract.card !== undefined ? { card: contract.card } : {}),
            ...(contract.spiess !== undefined ? { spiess: contract.spiess } : {}),
          };
    api(token)
      .trickOrder(id, asked)
      .then(
        (order) => {
          orders.current.set(key, order);
          if (live) setLoaded((n) => n + 1);
        },
        // Without the order the hand stays as dealt: nothing to tell the player.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [id, token, key]);
  // While a new contract's order is on its way the last one stays (no jump back to the dealt order and forth).
  const known = key !== undefined ? orders.current.get(key) : undefined;
  if (known !== undefined) last.current = known;
  const order = known ?? (last.current?.tableId === id ? last.current : undefined);
  return order !== undefined && hand !== null ? sortHand(hand, order) : undefined;
}

function TurnLine(props: {
  toAct: readonly number[];
  nameOf: (s: number) => string;
  myTurn: boolean;
  deadline: string | undefined;
  closed: boolean;
}) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (props.deadline === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [props.deadline]);
  if (props.toAct.length === 0 || props.closed) return null;
  const left =
    props.deadline !== undefined ? Math.max(0, Math.ceil((Date.parse(props.deadline) - now) / 1000)) : undefined;
  return (
    <p class={props.myTurn ? 'turn mine' : 'turn'} role="status">
      {props.myTurn ? t('table.yourTurn') : t('table.waiting', { names: props.toAct.map(props.nameOf).join(', ') })}
      {left !== undefined && <span class="clock"> · {t('table.clock', { s: left })}</span>}
    </p>
  );
}

function RecordLink({ id, deal, token }: { id: string; deal: number; token: string | undefined }) {
  const t = useT();
  const download = useMemo(
    () => async (): Promise<void> => {
      const record = await call<unknown>(`/v1/tables/${id}/deals/${deal}/record`, token !== undefined ? { token } : {});
      const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `stammtisch-${id}-deal-${deal}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    [id, deal, token],
  );
  return (
    <button type="button" onClick={() => void download()}>
      {t('table.record')}
    </button>
  );
}
