/** Settings from the environment (infra/ sets these on every function). */
export interface Settings {
  readonly dataTable: string;
  readonly connectionsTable: string;
  /** https URL of the WebSocket API stage, for the management API client. */
  readonly wsManagementEndpoint: string | undefined;
  /** The SQS queue of due work (AWS: DUE_QUEUE_URL; unset locally, where local/scheduler.ts runs it). */
  readonly dueQueueUrl: string | undefined;
  /** The S3 bucket closed tables are archived to (AWS: ARCHIVE_BUCKET, the due function only; docs/operations.md). */
  readonly archiveBucket: string | undefined;
  /** Point the DynamoDB client elsewhere (local runtime: dynalite). */
  readonly dynamoEndpoint: string | undefined;
  /** sha256 hashes of the API keys that may create tables (API_KEY_HASHES, or API_KEYS hashed at start). */
  readonly apiKeyHashes: readonly string[];
  readonly version: string;
  /** BOT_BUDGET_MS: time one bot decision may take (default 200; docs/bots.md says what fits which function). */
  readonly botBudgetMs: number | undefined;
  /** Per-client limits (RATE_LIMITS: unset = the defaults, `off`, or `principal=40/5,address=100/20`). */
  readonly rateLimits: RateLimits | undefined;
}

import { sha256 } from '../crypto/secrets.js';
import { type Bucket, DEFAULT_RATE_LIMITS, type RateLimits } from '../edge/rate-limit.js';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A positive whole number of milliseconds, or undefined (the default applies) when unset or not a number. */
const budget = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    dataTable: env.DATA_TABLE ?? 'stammtisch-data',
    connectionsTable: env.CONNECTIONS_TABLE ?? 'stammtisch-connections',
    wsManagementEndpoint: env.WS_MANAGEMENT_ENDPOINT,
    dueQueueUrl: env.DUE_QUEUE_URL,
    archiveBucket: env.ARCHIVE_BUCKET,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    apiKeyHashes: [...list(env.API_KEY_HASHES), ...list(env.API_KEYS).map(sha256)],
    version: env.APP_VERSION ?? '0.1.0',
    botBudgetMs: budget(env.BOT_BUDGET_MS),
    rateLimits: rateLimitsOf(env.RATE_LIMITS),
  };
}

/** `off`, or `principal=<burst>/<perSecond>,address=<burst>/<perSecond>` over the defaults. */
function rateLimitsOf(value: string | undefined): RateLimits | undefined {
  if (value === undefined || value.trim() === '') return DEFAULT_RATE_LIMITS;
  if (value.trim() === 'off') return undefined;
  const limits: { principal: Bucket; address: Bucket } = { ...DEFAULT_RATE_LIMITS };
  for (const part of list(value)) {
    const m = /^(principal|address)=(\d+)\/(\d+(?:\.\d+)?)$/.exec(part);
    if (m === null) throw new Error(`RATE_LIMITS: "${part}" is not principal|address=<burst>/<perSecond>`);
    limits[m[1] as 'principal' | 'address'] = { burst: Number(m[2]), perSecond: Number(m[3]) };
  }
  return { ...DEFAULT_RATE_LIMITS, ...limits };
}
