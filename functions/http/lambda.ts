import { handle } from 'hono/aws-lambda';
import { createRuntime } from '../composition/runtime.js';
import { createApp } from './app.js';

// Built once per Lambda container (cold start); the app itself is runtime free.
const runtime = createRuntime();

/** API Gateway (HTTP API) entry point: the Hono REST app. */
export const handler = handle(
  createApp({
    service: runtime.service,
    apiKeyHashes: runtime.settings.apiKeyHashes,
    version: runtime.settings.version,
  }),
);
