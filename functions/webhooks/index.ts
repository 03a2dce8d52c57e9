import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableStore } from '../ports/table-store.js';
import type { TableService } from '../use-cases/table-service.js';
import { Deliverer } from './deliver.js';
import { DynamoWebhookStore } from './dynamodb-store.js';
import { type Scheduler, TimerScheduler, type Timers, realTimers } from './scheduler.js';
import { WebhookService } from './service.js';
import type { TargetPolicy } from './ssrf.js';

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
  /** Default (AWS): https only, public addresses only. */
  readonly policy?: TargetPolicy;
  /** Default: the real clock and timers; tests pass a ManualClock. */
  readonly timers?: Timers;
  readonly timeoutMs?: number;
  /** Replace the in-process retry timers (the durable due-work store). */
  readonly scheduler?: (run: (job: import('./scheduler.js').PumpJob) => Promise<void>) => Scheduler;
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
  });
  const run = (job: import('./scheduler.js').PumpJob) => deliverer.pump(job);
  const scheduler = w.scheduler !== undefined ? w.scheduler(run) : new TimerScheduler(run, timers);
  deliverer.setScheduler(scheduler);
  const service = new WebhookService({
    store,
    tables: w.service,
    deliverer,
    policy,
    clock: timers,
    apiKeyHashes: w.apiKeyHashes,
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
export { ManualClock, TimerScheduler } from './scheduler.js';
