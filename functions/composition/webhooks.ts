import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableStore } from '../ports/table-store.js';
import { tournament } from '../../engine/index.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { DynamoWebhookStore } from '../adapters/dynamodb/webhook-store.js';
import { TimerScheduler, type Timers, realTimers } from '../adapters/memory/timer-scheduler.js';
import type { TargetPolicy } from '../adapters/http/webhook-targets.js';
import type { PumpJob, Scheduler } from '../ports/webhooks.js';
import type { TableService } from '../use-cases/table-service.js';
import { Deliverer } from '../use-cases/webhook-delivery.js';
import { type TournamentAccess, WebhookService } from '../use-cases/webhooks.js';
import type { Runtime } from './runtime.js';

export interface Webhooks {
  readonly service: WebhookService;
  readonly deliverer: Deliverer;
  readonly scheduler: Scheduler & { stop?(): void; idle?(): Promise<void> };
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
  /** Replace the in-process retry timers (the durable due-work store). */
  readonly scheduler?: (run: (job: PumpJob) => Promise<void>) => Scheduler;
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
  const scheduler = w.scheduler !== undefined ? w.scheduler(run) : new TimerScheduler(run, timers);
  deliverer.setScheduler(scheduler);
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
export { ManualClock, TimerScheduler } from '../adapters/memory/timer-scheduler.js';

/** The webhook pieces of a runtime (Lambda entries and local/server.ts): policy from the environment unless given. */
export function webhooksFor(
  runtime: Runtime,
  opts: Partial<Pick<WebhookWiring, 'policy' | 'timers' | 'timeoutMs' | 'scheduler' | 'tournaments'>> = {},
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
