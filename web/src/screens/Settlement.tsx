import type { Schemas, TableView } from '@stammtisch/sdk';
import { amount, contractLabel } from '../format.js';
import { useT } from '../i18n/index.js';

type DealResult = Schemas['DealResult'];

/**
 * A finished deal's settlement, line by line, as the server computed it (DealResult and the table's tariff): the
 * game and its base tariff, Schneider and Schwarz, Laufende, the doublings, and each seat's payout.
 */
export function Settlement(props: {
  result: DealResult;
  options: TableView['options'];
  totals?: readonly string[] | undefined;
  dealNo: number;
  nameOf: (s: number) => string;
}) {
  const t = useT();
  const { result: r, nameOf } = props;
  const tariff = ((props.options as { tariff?: Record<string, number> }).tariff ?? {}) as Record<string, number>;
  const game = r.contract?.game;
  const lines: { label: string; value: string }[] = [];
  if (r.thrownIn !== undefined) lines.push({ label: t('table.thrownIn', { reason: r.thrownIn }), value: '' });
  if (r.contract !== null) {
    lines.push({ label: t('table.contract', { contract: contractLabel(r.contract) }), value: '' });
    if (r.declarers.length > 0)
      lines.push({
        label: t('table.declarers', { names: r.declarers.map(nameOf).join(', ') }),
        value: t(r.won ? 'table.won' : 'table.lost'),
      });
    if (game !== undefined && tariff[game] !== undefined)
      lines.push({ label: t('table.tariff', { game, amount: tariff[game] }), value: String(tariff[game]) });
  }
  const declarerPoints = r.declarers.reduce((sum, s) => sum + (r.cardPoints[s] ?? 0), 0);
  if (r.declarers.length > 0)
    lines.push({ label: t('table.cardPoints'), value: `${declarerPoints} : ${120 - declarerPoints}` });
  if (r.schneider)
    lines.push({ label: t('table.schneider'), value: tariff.schneider !== undefined ? `+${tariff.schneider}` : '✓' });
  if (r.schwarz)
    lines.push({ label: t('table.schwarz'), value: tariff.schwarz !== undefined ? `+${tariff.schwarz}` : '✓' });
  if (r.laufende > 0)
    lines.push({
      label: t('table.laufende', { n: r.laufende }),
      value: tariff.laufende !== undefined ? `+${r.laufende} × ${tariff.laufende}` : String(r.laufende),
    });
  if (r.multiplier !== 1) lines.push({ label: t('table.multiplier', { m: r.multiplier }), value: `×${r.multiplier}` });
  const details = Object.entries(r.details ?? {}).filter(([, v]) => typeof v !== 'object');
  return (
    <section class="settlement" aria-labelledby="settle-h">
      <h2 id="settle-h">{t('table.settlement', { n: props.dealNo })}</h2>
      <table>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <th scope="row">{l.label}</th>
              <td>{l.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>{t('table.payout')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tour.player')}</th>
            <th scope="col">{t('table.cardPoints')}</th>
            <th scope="col">{t('table.payout')}</th>
            {props.totals !== undefined && <th scope="col">{t('table.total')}</th>}
          </tr>
        </thead>
        <tbody>
          {r.payout.map((p, s) => (
            <tr key={s}>
              <th scope="row">{nameOf(s)}</th>
              <td>{r.cardPoints[s] ?? 0}</td>
              <td>{amount(r.payoutExact?.[s] ?? p)}</td>
              {props.totals !== undefined && <td>{amount(props.totals[s] ?? '0')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {details.length > 0 && (
        <details>
          <summary>{t('table.details')}</summary>
          <dl>
            {details.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{String(v)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}
