import { useState } from 'preact/hooks';
import { call, problemText } from '../api.js';
import { useT } from '../i18n/index.js';

interface Verdict {
  readonly commitmentMatches: boolean;
  readonly dealMatches: boolean;
  readonly local: boolean;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The fair-shuffle check: the commitment published when the deal started, the seed revealed when it ended, the
 * server's verdict, and the commitment recomputed here in the browser (sha256 of "<tableId>:<deal>:<seed>").
 */
export function Fairness(props: {
  tableId: string;
  deal: number;
  commitment?: string | undefined;
  done: boolean;
  token: string | undefined;
}) {
  const t = useT();
  const [seed, setSeed] = useState<string>();
  const [verdict, setVerdict] = useState<Verdict>();
  const [error, setError] = useState<string>();
  const auth = props.token !== undefined ? { token: props.token } : {};
  const verify = async (): Promise<void> => {
    setError(undefined);
    try {
      const f = await call<{ seed?: string; commitment: string }>(
        `/v1/tables/${props.tableId}/deals/${props.deal}/fairness`,
        auth,
      );
      if (f.seed === undefined) return;
      setSeed(f.seed);
      const v = await call<{ commitmentMatches: boolean; dealMatches: boolean }>(
        `/v1/tables/${props.tableId}/deals/${props.deal}/verify`,
        { ...auth, body: { seed: f.seed } },
      );
      const local = (await sha256Hex(`${props.tableId}:${props.deal}:${f.seed}`)) === f.commitment;
      setVerdict({ ...v, local });
    } catch (e) {
      setError(problemText(e));
    }
  };
  const yn = (b: boolean): string => t(b ? 'table.yes' : 'table.no');
  return (
    <details class="fairness">
      <summary>{t('table.fairness')}</summary>
      <dl>
        <dt>{t('table.commitment')}</dt>
        <dd class="mono">{props.commitment ?? '—'}</dd>
        {seed !== undefined && (
          <>
            <dt>{t('table.seed')}</dt>
            <dd class="mono">{seed}</dd>
          </>
        )}
      </dl>
      {props.done && (
        <button type="button" onClick={() => void verify()}>
          {t('table.verify')}
        </button>
      )}
      {verdict !== undefined && (
        <p role="status">
          {t('table.verified', {
            c: yn(verdict.commitmentMatches),
            d: yn(verdict.dealMatches),
            local: yn(verdict.local),
          })}
        </p>
      )}
      {error !== undefined && <p role="alert">{error}</p>}
    </details>
  );
}
