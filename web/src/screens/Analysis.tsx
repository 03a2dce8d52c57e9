import { type Action, type DealAnalysis, StammtischError } from '@stammtisch/sdk';
import { useState } from 'preact/hooks';
import { api, problemText } from '../api.js';
import { cardName } from '../cards.js';
import { actionLabel } from '../format.js';
import { lang, useT } from '../i18n/index.js';

type Decision = DealAnalysis['decisions'][number];

/** An option as a person reads it: a card by its name, any other move by its label. */
function optionLabel(a: Action): string {
  const f = a as { type: string; card?: unknown };
  return f.type === 'play' && typeof f.card === 'string' ? cardName(f.card) : actionLabel(a);
}

const same = (a: Action, b: Action): boolean =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => (x < y ? -1 : 1)));

function number(v: number, unit: Decision['unit']): string {
  const digits = unit === 'points' ? 1 : 2;
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(v);
}

/**
 * The strong bot's analysis of a finished deal in the replay (GET …/deals/{n}/analysis through the SDK): the deal's
 * biggest mistakes (each a link to its step) and, for the step shown, every legal option's expected value under what
 * that seat knew. Loaded on request: the first reader's request computes it on the server. A deal still being played
 * is refused by the server (409 `deal/not_over`); then this says the analysis comes after the deal.
 */
export function AnalysisPanel(props: {
  id: string;
  deal: number;
  token: string | undefined;
  step: number;
  nameOf: (seat: number) => string;
  onStep: (step: number) => void;
  /** The analysis once it is here (the replay shows the step's verdict next to its controls). */
  onLoaded?: (analysis: DealAnalysis) => void;
}) {
  const t = useT();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'running' }
    | { kind: 'error'; detail: string }
    | { kind: 'ready'; analysis: DealAnalysis }
  >({ kind: 'idle' });

  const load = (): void => {
    setState({ kind: 'loading' });
    api(props.token)
      .dealAnalysis(props.id, props.deal)
      .then(
        (analysis) => {
          setState({ kind: 'ready', analysis });
          props.onLoaded?.(analysis);
        },
        (e: unknown) =>
          setState(
            e instanceof StammtischError && e.code === 'deal/not_over'
              ? { kind: 'running' }
              : { kind: 'error', detail: problemText(e) },
          ),
      );
  };

  const unit = (d: Decision): string => t(`analysis.unit.${d.unit}`);
  return (
    <section class="analysis" aria-labelledby="analysis-h">
      <h2 id="analysis-h">{t('analysis.heading')}</h2>
      <p class="small">{t('analysis.intro')}</p>
      {state.kind === 'idle' && (
        <button type="button" onClick={load}>
          {t('analysis.load')}
        </button>
      )}
      {state.kind === 'loading' && <p role="status">{t('analysis.loading')}</p>}
      {state.kind === 'running' && <p role="status">{t('analysis.afterDeal')}</p>}
      {state.kind === 'error' && (
        <p role="alert" class="error">
          {t('common.error', { detail: state.detail })}
        </p>
      )}
      {state.kind === 'ready' && (
        <Ready analysis={state.analysis} step={props.step} nameOf={props.nameOf} onStep={props.onStep} unit={unit} />
      )}
    </section>
  );
}

/**
 * One line for the step shown, next to the replay's controls (on a phone the full table is further down): the bot's
 * verdict on the action just taken, or nothing when that step had no choice.
 */
export function StepVerdict({ analysis, step }: { analysis: DealAnalysis; step: number }) {
  const t = useT();
  const d = step > 0 ? analysis.decisions.find((x) => x.index === step - 1) : undefined;
  if (d === undefined) return null;
  return (
    <p class={d.loss > 0 ? 'verdict worse' : 'verdict'}>
      {d.loss > 0
        ? t('analysis.verdictWorse', {
            best: optionLabel(d.best),
            loss: number(d.loss, d.unit),
            unit: t(`analysis.unit.${d.unit}`),
          })
        : t('analysis.verdictBest')}
    </p>
  );
}

function Ready(props: {
  analysis: DealAnalysis;
  step: number;
  nameOf: (seat: number) => string;
  onStep: (step: number) => void;
  unit: (d: Decision) => string;
}) {
  const t = useT();
  const { analysis, step, nameOf, unit } = props;
  // The step shown is after action `step - 1`: its decision is the one evaluated here.
  const current = step > 0 ? analysis.decisions.find((d) => d.index === step - 1) : undefined;
  return (
    <>
      <h3 id="mistakes-h">{t('analysis.mistakes')}</h3>
      {analysis.mistakes.length === 0 ? (
        <p>{t('analysis.noMistakes')}</p>
      ) : (
        <ol class="mistakes" aria-labelledby="mistakes-h">
          {analysis.mistakes.map((i) => {
            const d = analysis.decisions[i];
            if (d === undefined) return null;
            return (
              <li key={i}>
                <button
                  type="button"
                  class="link"
                  aria-current={d.index === step - 1 ? 'step' : undefined}
                  onClick={() => props.onStep(d.index + 1)}
                >
                  {t('analysis.mistake', {
                    step: d.index + 1,
                    name: nameOf(d.seat),
                    chosen: optionLabel(d.chosen),
                    best: optionLabel(d.best),
                    loss: number(d.loss, d.unit),
                    unit: unit(d),
                  })}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <h3 id="decision-h">{step > 0 ? t('analysis.decision', { step }) : t('analysis.pick')}</h3>
      {step > 0 && current === undefined && <p>{t('analysis.noDecision')}</p>}
      {current !== undefined && <DecisionTable d={current} nameOf={nameOf} unit={unit(current)} />}
    </>
  );
}

function DecisionTable({ d, nameOf, unit }: { d: Decision; nameOf: (seat: number) => string; unit: string }) {
  const t = useT();
  // Every option as good as the best is marked best (ties, and a choice within the sampling noise: loss 0).
  const bestValue = d.options.find((o) => same(o.action, d.best))?.value ?? null;
  const isBest = (o: Decision['options'][number], chosen: boolean): boolean =>
    o.value !== null && bestValue !== null && (Math.abs(o.value - bestValue) < 1e-9 || (chosen && d.loss === 0));
  return (
    <div class="decision">
      <table class="list">
        <caption>{t('analysis.caption', { name: nameOf(d.seat), unit, prefer: t(`analysis.${d.prefer}`) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analysis.option')}</th>
            <th scope="col">{t('analysis.value')}</th>
          </tr>
        </thead>
        <tbody>
          {d.options.map((o, i) => {
            const chosen = same(o.action, d.chosen);
            const best = isBest(o, chosen);
            return (
              <tr key={i} class={chosen ? (d.loss > 0 ? 'chosen worse' : 'chosen') : undefined}>
                <th scope="row">
                  {optionLabel(o.action)}
                  {chosen && <span class="tag">{t('analysis.chosen')}</span>}
                  {best && <span class="tag best">{t('analysis.best')}</span>}
                </th>
                <td>{o.value === null ? t('analysis.notValued') : number(o.value, d.unit)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        {d.loss > 0
          ? t('analysis.loss', {
              chosen: optionLabel(d.chosen),
              best: optionLabel(d.best),
              loss: number(d.loss, d.unit),
              unit,
            })
          : t('analysis.noLoss', { chosen: optionLabel(d.chosen) })}
      </p>
      {d.unit === 'step' && <p class="small">{t('analysis.stepHelp')}</p>}
      <p class="small">{t('analysis.samples', { n: d.samples })}</p>
    </div>
  );
}
