import { type DealAnalysis, type Schemas, StammtischError } from '@stammtisch/sdk';
import { useEffect, useState } from 'preact/hooks';
import { api, call, problemText, secrets } from '../api.js';
import { Card } from '../cards.js';
import { actionLabel } from '../format.js';
import { useT } from '../i18n/index.js';
import { AnalysisPanel, StepVerdict } from './Analysis.js';
import { Settlement } from './Settlement.js';

interface RecordAction {
  readonly seat: number;
  readonly type: string;
  readonly card?: string;
  readonly cards?: string[];
  readonly [k: string]: unknown;
}
interface GameRecord {
  readonly variant: string;
  readonly options?: Record<string, unknown>;
  readonly seats: number;
  readonly dealer: number;
  readonly hands: string[][];
  readonly blind?: string[];
  readonly actions: RecordAction[];
}
interface RecordResponse {
  readonly record: GameRecord;
  readonly players: number[];
  readonly complete: boolean;
  readonly result: Schemas['DealResult'] | null;
}

/**
 * What the record shows after `step` actions, read off the record alone (no rules): each seat's cards less those it
 * has played or laid away (a seat that plays or lays away a blind card took it), and the trick as the plays since the
 * last full trick (a trick has one card from each seat that plays).
 */
export function replayAt(
  record: GameRecord,
  step: number,
): { hands: string[][]; trick: { seat: number; card: string }[] } {
  const hands = record.hands.map((h) => [...h]);
  const blind = new Set(record.blind ?? []);
  const cardsOf = (a: RecordAction): string[] => [
    ...(a.card !== undefined && a.type === 'play' ? [a.card] : []),
    ...(a.cards ?? []),
  ];
  // Blind cards a seat uses anywhere in the deal are that seat's from the start of the replay.
  for (const a of record.actions) for (const c of cardsOf(a)) if (blind.has(c)) hands[a.seat]?.push(c);
  const playing = new Set(record.actions.filter((a) => a.type === 'play').map((a) => a.seat)).size || record.seats;
  let trick: { seat: number; card: string }[] = [];
  for (const a of record.actions.slice(0, step)) {
    for (const c of cardsOf(a)) {
      const h = hands[a.seat];
      if (h !== undefined && h.includes(c)) h.splice(h.indexOf(c), 1);
    }
    if (a.type === 'play' && a.card !== undefined) {
      if (trick.length === playing) trick = [];
      trick.push({ seat: a.seat, card: a.card });
    }
  }
  return { hands, trick };
}

/** Step forwards and backwards through a finished deal's record (buttons, and the arrow keys). */
export function Replay({ id, deal }: { id: string; deal: number }) {
  const t = useT();
  const [data, setData] = useState<RecordResponse>();
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  // A deal still being played has no record yet (409 deal/not_over): the replay and analysis come after it.
  const [running, setRunning] = useState(false);
  const [token, setToken] = useState<string>();
  const [step, setStep] = useState(0);
  const [analysis, setAnalysis] = useState<DealAnalysis>();

  useEffect(() => {
    const path = `/v1/tables/${id}/deals/${deal}/record`;
    const own = secrets.table(id)?.token;
    setToken(own);
    call<RecordResponse>(path, own !== undefined ? { token: own } : {})
      .catch(async (e: unknown) => {
        // Not allowed as who we are (or nobody): read it as a spectator, when the table lets one watch.
        if (!(e instanceof StammtischError) || (e.status !== 401 && e.status !== 403)) throw e;
        const s = await call<{ spectatorToken: string }>(`/v1/tables/${id}/spectators`, { method: 'POST', body: {} });
        setToken(s.spectatorToken);
        return call<RecordResponse>(path, { token: s.spectatorToken });
      })
      .then(setData, (e: unknown) => {
        if (e instanceof StammtischError && e.code === 'deal/not_over') setRunning(true);
        else setError(problemText(e));
      });
    api()
      .table(id)
      .then(
        (d) => setNames(d.seats.map((s) => s.name ?? t('common.seat', { n: s.seat + 1 }))),
        () => undefined,
      );
  }, [id, deal]);

  const total = data?.record.actions.length ?? 0;
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'ArrowRight') setStep((s) => Math.min(total, s + 1));
      else if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
      else if (e.key === 'Home') setStep(0);
      else if (e.key === 'End') setStep(total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [total]);

  if (data === undefined)
    return (
      <main id="main">
        <h1>{t('replay.heading', { deal, id })}</h1>
        {running ? (
          <>
            <p role="status">{t('analysis.running')}</p>
            <p>
              <a href={`/table/${id}/watch`}>{t('table.heading', { id })}</a>
            </p>
          </>
        ) : error !== undefined ? (
          <p role="alert">{t('common.error', { detail: error })}</p>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </main>
    );
  const { record } = data;
  // Record seats are the deal's seats; `players` maps them to table seats (names are by table seat).
  const nameOf = (s: number): string => names[data.players[s] ?? s] ?? t('common.seat', { n: s + 1 });
  const { hands, trick } = replayAt(record, step);
  const last = step > 0 ? record.actions[step - 1] : undefined;
  return (
    <main id="main" class="replay">
      <h1>{t('replay.heading', { deal, id })}</h1>
      <p>
        <a href={`/table/${id}/watch`}>{t('table.heading', { id })}</a>
      </p>
      <div class="buttons" role="group" aria-label={t('replay.step', { i: step, n: total })}>
        <button type="button" onClick={() => setStep(0)} disabled={step === 0}>
          ⏮ {t('replay.first')}
        </button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-keyshortcuts="ArrowLeft">
          ◀ {t('replay.prev')}
        </button>
        <button type="button" onClick={() => setStep(step + 1)} disabled={step >= total} aria-keyshortcuts="ArrowRight">
          {t('replay.next')} ▶
        </button>
        <button type="button" onClick={() => setStep(total)} disabled={step >= total}>
          {t('replay.last')} ⏭
        </button>
      </div>
      <p role="status">
        {t('replay.step', { i: step, n: total })}
        {last !== undefined && (
          <>
            {' · '}
            {nameOf(last.seat)}: {actionLabel(last as never)}
          </>
        )}
      </p>
      {analysis !== undefined && <StepVerdict analysis={analysis} step={step} />}
      <section aria-labelledby="rtrick-h">
        <h2 id="rtrick-h">{t('table.trick')}</h2>
        {trick.length === 0 ? (
          <p class="small">{t('table.emptyTrick')}</p>
        ) : (
          <ul class="cards">
            {trick.map((c) => (
              <li key={c.card}>
                <span class="who">{nameOf(c.seat)}</span>
                <Card card={c.card} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rhands-h">
        <h2 id="rhands-h">{t('replay.hands')}</h2>
        {hands.map((h, s) => (
          <div key={s} class="replay-hand">
            <h3>{nameOf(s)}</h3>
            <ul class="cards" aria-label={t('table.hand', { name: nameOf(s) })}>
              {h.map((c) => (
                <li key={c}>
                  <Card card={c} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      {!data.complete && <p>{t('replay.incomplete')}</p>}
      <AnalysisPanel
        id={id}
        deal={deal}
        token={token}
        step={step}
        nameOf={nameOf}
        onStep={setStep}
        onLoaded={setAnalysis}
      />
      {step === total && data.result !== null && (
        <Settlement result={data.result} options={(record.options ?? {}) as never} dealNo={deal} nameOf={nameOf} />
      )}
    </main>
  );
}
