import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { createApp } from '../../functions/http/app.js';
import { TableService } from '../../functions/use-cases/table-service.js';
import { OPENAPI_PATH, openapi } from '../support/functions/openapi.js';
import { dynamoClient } from '../../functions/adapters/dynamodb/client.js';
import { DynamoDueWorkStore } from '../../functions/adapters/dynamodb/due-work-store.js';
import { createTournaments, storeOnlyScheduler } from '../../functions/tournaments/compose.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const root = join(OPENAPI_PATH, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('openapi.yaml', () => {
  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(readFileSync(OPENAPI_PATH, 'utf8'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes exactly the routes the Hono app registers', () => {
    const tableStore = new MemoryTableStore();
    // The tournaments' adapters are never called here: only the registered routes are compared.
    const client = dynamoClient('http://127.0.0.1:9');
    const dueWork = new DynamoDueWorkStore(client, 'data');
    const tournaments = createTournaments({
      client,
      dataTable: 'data',
      tableStore,
      dueWork,
      scheduler: storeOnlyScheduler(dueWork),
      now: () => 0,
    });
    const app = createApp({ service: new TableService({ store: tableStore }), tournaments: tournaments.service });
    client.destroy();
    const registered = new Set(
      app.routes
        .filter((r) => METHODS.includes(r.method.toLowerCase()))
        .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(openapi.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect([...registered].sort()).toEqual([...documented].sort());
  });

  it('lists every error code the code can produce, and no other', () => {
    const enumCodes = new Set((openapi.components.schemas.ErrorCode as { enum: string[] }).enum);
    const sources = [...filesUnder(join(root, 'functions')), ...filesUnder(join(root, 'engine'))]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const produced = new Set(
      [
        ...sources.matchAll(
          /'((?:request|route|auth|variant|table|seat|deal|action|record|tournament|webhook)\/[a-z_]+)'/g,
        ),
      ].map((m) => m[1]!),
    );
    produced.add('internal');
    expect([...produced].filter((c) => !enumCodes.has(c)).sort()).toEqual([]);
    expect([...enumCodes].filter((c) => !produced.has(c)).sort()).toEqual([]);
  });
});
