import { handle } from 'hono/aws-lambda';
import { createHttp } from '../composition/http.js';
import { createRuntime } from '../composition/runtime.js';
import { lambdaTournaments } from '../tournaments/compose.js';

// Built once per Lambda container (cold start); the app itself is runtime free.
const runtime = createRuntime();

/** API Gateway (HTTP API) entry point: the Hono REST app. */
export const handler = handle(createHttp(runtime, { tournaments: lambdaTournaments(runtime).service }));
