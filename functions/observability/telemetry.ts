import { Logger } from '@aws-lambda-powertools/logger';
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The counters the alarms and the dashboard read (namespace `Stammtisch`, EMF in the function's log):
 * - Moves: accepted game actions (REST and WebSocket `act`);
 * - Conflicts: commands that lost a race (`table/version_conflict`, `table/busy`);
 * - DealsStarted: deals dealt (counted from the commit stream, once per deal);
 * - Pushes / GoneConnections: frames posted by the fan-out and connections found gone (410);
 * - TimerFirings: due work run (observeDueWork: the local scheduler and the due Lambda, one per run);
 * - Errors: every refused or failed request, with the problem `code` as a dimension;
 * - RateLimited: requests refused with 429.
 */
export type MetricName =
  'Moves' | 'Conflicts' | 'DealsStarted' | 'Pushes' | 'GoneConnections' | 'TimerFirings' | 'Errors' | 'RateLimited';

/** Correlation ids a log line carries when known. */
export interface Correlation {
  readonly requestId?: string | undefined;
  readonly tableId?: string | undefined;
  readonly deal?: number | undefined;
  readonly seq?: number | undefined;
  readonly connectionId?: string | undefined;
}

/** Structured logs and metrics for one function (or the local server): what transports report to. */
export interface Telemetry {
  readonly logger: Logger;
  /** Add to a counter (published with `flush()`, at the end of each invocation). */
  count(name: MetricName, value?: number): void;
  /** One refused or failed request: the Errors counter by `code`, and a log line (warn for 4xx, error for 5xx). */
  failed(code: string, status: number, where: Correlation & Record<string, unknown>): void;
  /** Publish the buffered metrics (Lambda: one EMF line per invocation; locally a no-op). */
  flush(): void;
}

export interface TelemetryOptions {
  /** `service` dimension and log field: `http`, `ws`, `stream`, `local`. */
  readonly service: string;
  /** Emit EMF metrics (on Lambda); off locally, where nothing collects them. */
  readonly metrics?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Powertools Logger + Metrics. The log level comes from POWERTOOLS_LOG_LEVEL (LOG_LEVEL), else INFO — and SILENT
 * under vitest so test output stays readable.
 */
export function createTelemetry(options: TelemetryOptions): Telemetry {
  const env = options.env ?? process.env;
  const level = env.POWERTOOLS_LOG_LEVEL ?? env.LOG_LEVEL ?? (env.VITEST !== undefined ? 'SILENT' : 'INFO');
  const logger = new Logger({
    serviceName: `stammtisch-${options.service}`,
    logLevel: level as 'INFO',
    persistentKeys: { version: env.APP_VERSION ?? '0.1.0' },
  });
  const metrics =
    options.metrics === true
      ? new Metrics({ namespace: 'Stammtisch', serviceName: `stammtisch-${options.service}` })
      : undefined;
  return {
    logger,
    count(name, value = 1) {
      metrics?.addMetric(name, MetricUnit.Count, value);
    },
    failed(code, status, where) {
      if (metrics !== undefined) {
        // One metric per code: a separate EMF document, so the code dimension does not stick to the other counters.
        const single = metrics.singleMetric();
        single.addDimension('code', code);
        single.addMetric('Errors', MetricUnit.Count, 1);
      }
      if (code === 'request/rate_limited') metrics?.addMetric('RateLimited', MetricUnit.Count, 1);
      if (code === 'table/version_conflict' || code === 'table/busy')
        metrics?.addMetric('Conflicts', MetricUnit.Count, 1);
      if (status >= 500) logger.error('request failed', { code, status, ...where });
      else logger.warn('request refused', { code, status, ...where });
    },
    flush() {
      // Nothing to publish is not an error (a ping records no counter).
      if (metrics !== undefined && metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    },
  };
}

/** Telemetry that records nothing (unit tests of a transport that do not look at it). */
export const silentTelemetry: Telemetry = createTelemetry({
  service: 'silent',
  env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
});

/** The Lambda context as Powertools takes it. */
export type LambdaContext = Parameters<Logger['addContext']>[0];

/**
 * A Lambda handler with the invocation's context on every log line (request id, cold start, function) and the
 * metrics published when it returns or throws.
 */
export function instrument<E, R>(
  telemetry: Telemetry,
  handler: (event: E, context?: LambdaContext) => Promise<R>,
): (event: E, context?: LambdaContext) => Promise<R> {
  return async (event, context) => {
    if (context !== undefined) telemetry.logger.addContext(context);
    try {
      return await handler(event, context);
    } finally {
      telemetry.flush();
    }
  };
}

/** What a fan-out reports (functions/use-cases/fanout.ts FanOutReport), as far as metrics go. */
interface PushReport {
  readonly frames: number;
  readonly gone: number;
}

/**
 * The fan-out with its numbers kept: Pushes, GoneConnections and DealsStarted counted per commit, one log line
 * correlated by table, deal and seq.
 */
export function observeFanOut<C extends CommitLike, R extends PushReport>(
  telemetry: Telemetry,
  fanOut: (commit: C) => Promise<R>,
): (commit: C) => Promise<R> {
  return async (commit) => {
    const report = await fanOut(commit);
    const deals = commit.events.filter((e) => e.type === 'DealStarted');
    telemetry.count('Pushes', report.frames);
    if (report.gone > 0) telemetry.count('GoneConnections', report.gone);
    if (deals.length > 0) telemetry.count('DealsStarted', deals.length);
    telemetry.logger.info('commit pushed', {
      tableId: commit.tableId,
      seq: commit.seq,
      events: commit.events.length,
      ...(deals.length > 0 ? { deal: (deals[0] as { deal?: number }).deal } : {}),
      frames: report.frames,
      gone: report.gone,
    });
    return report;
  };
}

interface CommitLike {
  readonly tableId: string;
  readonly seq: number;
  readonly events: readonly { readonly type: string }[];
}

/** A due-work handler: kind + key of the work in, a DueOutcome out (functions/ports/due-work.ts). */
type DueHandlerLike<W extends { readonly kind: string; readonly key: string }> = (
  work: W,
) => Promise<'done' | 'keep' | { readonly again: number }>;

/**
 * The due-work handlers with their firings counted: TimerFirings once per run (whatever its outcome) and one debug
 * line with the kind and key. Without telemetry the handlers are returned as they are.
 */
export function observeDueWork<W extends { readonly kind: string; readonly key: string }>(
  telemetry: Telemetry | undefined,
  handlers: ReadonlyMap<string, DueHandlerLike<W>>,
): ReadonlyMap<string, DueHandlerLike<W>> {
  if (telemetry === undefined) return handlers;
  return new Map([...handlers].map(([kind, handler]) => [kind, countFirings(telemetry, handler)]));
}

/** One due-work handler with its firings counted (observeDueWork). */
export function countFirings<W extends { readonly kind: string; readonly key: string }>(
  telemetry: Telemetry,
  handler: DueHandlerLike<W>,
): DueHandlerLike<W> {
  return async (work) => {
    telemetry.count('TimerFirings');
    telemetry.logger.debug('due work fired', { kind: work.kind, key: work.key });
    return handler(work);
  };
}
