import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableStore } from '../ports/table-store.js';
import { tournament } from '../../engine/index.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { DynamoWebhookStore } from '../adapters/dynamodb/webhook-store.js';
import { TimerScheduler, type Timers, realTimers } from '../adapters/memory/timer-scheduler.js';
import type { TargetPolicy } from '../adapters/http/webhook-targets.js';
import { type PumpJob, type Scheduler, WEBHOOK_PUMP, pumpJobOf, pumpKey } from '../ports/webhooks.js';
import type { DueWork, DueWorkHandler, DueWorkScheduler, DueWorkStore } from '../ports/due-work.js';
import type { TableService } from '../use-cases/table-service.js';
import { Deliverer } from '../use-cases/webhook-delivery.js';
import { type TournamentAccess, WebhookService } from '../use-cases/webhooks.js';
import type { Runtime } from './runtime.js';

/** The outbox as the runtimes hold it: `runNow` (local) runs a stored item's pump on the in-process runner. */
export type OutboxScheduler = Scheduler & {
  stop?(): void;
  idle?(): Promise<void>;
  isIdle?(): boolean;
  /** Pump the queue now on the in-process runner, after any run of the same queue (absent on AWS). */
  runNow?(job: PumpJob): void;
};

export interface Webhooks {
  readonly service: WebhookService;
  readonly deliverer: Deliverer;
  readonly scheduler: OutboxScheduler;
  readonly store: DynamoWebhookStore;
}

export interface WebhookWiring {
  readonly client: DynamoDBClient;
  readonly dataTable: string;
  readonly tables: TableStore;
  readonly service: TableService;
  readonly apiKeyHashes: readonly string[];
  /** Tournament registrations check the organiser key here (the TournamentService). */
  readonly tournaments?: TournamentAccess;
  /** Default (AWS): https only, public addresses only. */
  readonly policy?: TargetPolicy;
  /** Default: the real clock and timers; tests pass a ManualClock. */
  readonly timers?: Timers;
  readonly timeoutMs?: number;
  /** Replace the in-process retry timers. */
  readonly scheduler?: (run: (job: PumpJob) => Promise<void>) => Scheduler;
  /**
   * The durable outbox (`outbox` below): locally the due-work store (pumps run on this process's timers), on AWS the
   * due-work queue too (pumps run in the due function). Absent: in-process timers only; `inline`: no outbox at all,
   * the commit side sends (a Lambda without a due queue, which must not leave work running after it returns).
   */
  readonly outbox?: { readonly store: DueWorkStore; readonly due?: DueWorkScheduler } | 'inline';
}

/** Compose the webhook pieces: store, deliverer (fan-out hook `deliverer.onCommit`), scheduler, service. */
export function createWebhooks(w: WebhookWiring): Webhooks {
  const timers = w.timers ?? realTimers;
  const store = new DynamoWebhookStore(w.client, w.dataTable);
  const policy = w.policy ?? {};
  const deliverer = new Deliverer({
    store,
    tables: w.tables,
    clock: timers,
    policy,
    ...(w.timeoutMs !== undefined ? { timeoutMs: w.timeoutMs } : {}),
    ...(w.service.heads !== undefined ? { heads: w.service.heads } : {}),
  });
  const run = (job: PumpJob) => deliverer.pump(job);
  const timerScheduler = (): OutboxScheduler =>
    w.scheduler !== undefined ? w.scheduler(run) : new TimerScheduler(run, timers);
  const box = w.outbox;
  const scheduler =
    box === undefined || box === 'inline'
      ? timerScheduler()
      : box.due !== undefined
        ? outbox(box.store, { due: box.due })
        : outbox(box.store, { inner: timerScheduler() });
  if (box !== 'inline') deliverer.setScheduler(scheduler);
  const service = new WebhookService({
    store,
    tables: w.service,
    deliverer,
    policy,
    clock: timers,
    apiKeyHashes: w.apiKeyHashes,
    ...(w.tournaments !== undefined ? { tournaments: w.tournaments } : {}),
  });
  return { service, deliverer, scheduler, store };
}

/** Policy from the environment: WEBHOOK_ALLOW_ADDRESSES=127.0.0.1 (local only) also allows plain http. */
export function policyFromEnv(env: NodeJS.ProcessEnv = process.env): TargetPolicy {
  const allow = (env.WEBHOOK_ALLOW_ADDRESSES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return allow.length > 0 ? { allowAddresses: allow, allowHttp: true } : {};
}

export { Deliverer, WebhookService };

/**
 * The webhook outbox on the due-work port (functions/ports/due-work.ts): while a (registration, stream) queue has
 * deliveries, a `webhook.pump` item for it is stored — written before the commit side returns, removed when a pump
 * finds the queue empty — so a restart (`LocalScheduler.restore`) or the AWS sweep finds every queue that still has
 * something to send. `run` is who sends now: locally the in-process timers (`inner`), on AWS the due-work queue
 * (`due`: the message runs the pump in the due function, never in the stream function).
 */
export function outbox(store: DueWorkStore, runner: { inner: Scheduler } | { due: DueWorkScheduler }): OutboxScheduler {
  const work = (at: number, job: PumpJob): DueWork => ({ at, kind: WEBHOOK_PUMP, key: pumpKey(job) });
  const inner = 'inner' in runner ? (runner.inner as OutboxScheduler) : undefined;
  return {
    async schedule(at, job) {
      if ('due' in runner) {
        await runner.due.schedule(work(at, job));
        return;
      }
      await store.put(work(at, job));
      await inner?.schedule(at, job);
    },
    async emptied(job) {
      const stored = await store.get(WEBHOOK_PUMP, pumpKey(job));
      if (stored !== undefined) await store.remove(stored);
    },
    // The item itself is kept: the pump drops it when it finds the queue empty.
    ...(inner !== undefined ? { runNow: (job: PumpJob) => void inner.schedule(0, job) } : {}),
    ...(inner?.stop !== undefined ? { stop: () => inner.stop?.() } : {}),
    ...(inner?.idle !== undefined ? { idle: () => inner.idle!() } : {}),
    ...(inner?.isIdle !== undefined ? { isIdle: () => inner.isIdle!() } : {}),
  };
}

/**
 * The `webhook.pump` due-work handler: one pump of the queue the item names (the pump keeps or drops the item). With
 * an in-process runner (locally: a stored item armed by `LocalScheduler.restore()` while the start-up catch-up already
 * started a pump of the same queue) the run joins that runner, which never runs two pumps of one queue at once;
 * without one (the AWS due function) it pumps here.
 */
export function pumpHandler(webhooks: Pick<Webhooks, 'deliverer' | 'scheduler'>): DueWorkHandler {
  return async (work) => {
    const job = pumpJobOf(work.key);
    if (job === undefined) return 'keep';
    if (webhooks.scheduler.runNow !== undefined) webhooks.scheduler.runNow(job);
    else await webhooks.deliverer.pump(job);
    return 'keep';
  };
}
export { ManualClock, TimerScheduler } from '../adapters/memory/timer-scheduler.js';

/** The webhook pieces of a runtime (Lambda entries and local/server.ts): policy from the environment unless given. */
export function webhooksFor(
  runtime: Runtime,
  opts: Partial<Pick<WebhookWiring, 'policy' | 'timers' | 'timeoutMs' | 'scheduler' | 'tournaments' | 'outbox'>> = {},
): Webhooks {
  return createWebhooks({
    client: runtime.client,
    dataTable: runtime.settings.dataTable,
    tables: runtime.store,
    service: runtime.service,
    apiKeyHashes: runtime.settings.apiKeyHashes,
    policy: opts.policy ?? policyFromEnv(),
    ...(opts.timers !== undefined ? { timers: opts.timers } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.scheduler !== undefined ? { scheduler: opts.scheduler } : {}),
    ...(opts.tournaments !== undefined ? { tournaments: opts.tournaments } : {}),
    outbox: opts.outbox ?? { store: runtime.dueWork },
  });
}

/**
 * What happens to each tournament commit, on AWS (the stream function) and locally (the service's commit hook, in
 * order per tournament): the push to its WebSocket subscribers and the signed webhook deliveries, both awaited; a
 * failure rejects (the stream retries the record; both steps are idempotent).
 */
export function onTournamentCommit(
  push: ((commit: TournamentCommit) => Promise<unknown>) | undefined,
  webhooks: Webhooks | undefined,
): (commit: TournamentCommit) => Promise<void> {
  return async (written) => {
    // Pushed as published: a running duplicate round's table results are embargoed (engine/tournament publishedEvent).
    const commit: TournamentCommit = { ...written, events: tournament.publishedCommitEvents(written.events) };
    const [pushed, hooks] = await Promise.allSettled([push?.(commit), webhooks?.deliverer.onTournamentCommit(commit)]);
    if (pushed.status === 'rejected') throw pushed.reason;
    if (hooks.status === 'rejected') throw hooks.reason;
  };
}
