/** Settings from the environment (infra/ sets these on every function). */
export interface Settings {
  readonly dataTable: string;
  readonly connectionsTable: string;
  /** https URL of the WebSocket API stage, for the management API client. */
  readonly wsManagementEndpoint: string | undefined;
  /** Point the DynamoDB client elsewhere (local runtime: dynalite). */
  readonly dynamoEndpoint: string | undefined;
  /** sha256 hashes of the API keys that may create tables (API_KEY_HASHES, or API_KEYS hashed at start). */
  readonly apiKeyHashes: readonly string[];
  readonly version: string;
  /** BOT_BUDGET_MS: time one bot decision may take (default 200; docs/bots.md says what fits which function). */
  readonly botBudgetMs: number | undefined;
}

import { sha256 } from '../crypto/secrets.js';

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
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    apiKeyHashes: [...list(env.API_KEY_HASHES), ...list(env.API_KEYS).map(sha256)],
    version: env.APP_VERSION ?? '0.1.0',
    botBudgetMs: budget(env.BOT_BUDGET_MS),
  };
}
