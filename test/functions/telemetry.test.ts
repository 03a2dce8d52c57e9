import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTelemetry, instrument, observeFanOut } from '../../functions/observability/telemetry.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { apiClient } from '../support/functions/client.js';

/** Every JSON line written to stdout or stderr while `work` runs (Powertools logs and EMF documents go there). */
async function captured(work: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const keep = (chunk: string | Uint8Array): boolean => {
    lines.push(...String(chunk).split('\n'));
    return true;
  };
  // Warnings and errors go to stderr.
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
  ];
  try {
    await work();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('observability: Powertools logs and metrics', () => {
  let server: LocalServer;
  beforeAll(async () => {
    process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
    server = await startLocal({ port: 0 });
    delete process.env.POWERTOOLS_LOG_LEVEL;
  });
  afterAll(async () => {
    await server.close();
  });

  it('the local server writes one structured line per request, refusals with their code and correlation ids', async () => {
    const api = apiClient(server.url);
    const logs = await captured(async () => {
      await api.get('/v1/tables/t0000000000', { headers: { 'x-request-id': 'req-42' } });
      await api.get('/v1/health');
    });
    const refused = logs.find((l) => l.message === 'request refused');
    expect(refused).toMatchObject({
      level: 'WARN',
      service: 'stammtisch-local',
      code: 'table/not_found',
      status: 404,
      requestId: 'req-42',
      tableId: 't0000000000',
      route: '/v1/tables/:tableId',
    });
    expect(logs.find((l) => l.message === 'request')).toMatchObject({ level: 'INFO', status: 200, method: 'GET' });
  });

  it('on Lambda: EMF metrics per invocation — counters, errors by code, pushes, gone connections and deals', async () => {
    const telemetry = createTelemetry({
      service: 'test',
      metrics: true,
      env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'false' },
    });
    const fanOut = observeFanOut(telemetry, () => Promise.resolve({ frames: 6, gone: 1 }));
    const handler = instrument(telemetry, async () => {
      telemetry.count('Moves');
      telemetry.failed('table/version_conflict', 409, { tableId: 't1' });
      await fanOut({ tableId: 't1', seq: 7, events: [{ type: 'DealStarted', deal: 2 } as { type: string }] });
      return 'ok';
    });
    const docs = await captured(async () => {
      expect(await handler({})).toBe('ok');
    });
    const emf = docs.filter((d) => d._aws !== undefined);
    const byCode = emf.find((d) => d.code === 'table/version_conflict');
    expect(byCode).toMatchObject({ Errors: 1, service: 'stammtisch-test' });
    const counters = emf.find((d) => d.Moves !== undefined);
    expect(counters).toMatchObject({ Moves: 1, Conflicts: 1, Pushes: 6, GoneConnections: 1, DealsStarted: 1 });
  });
});
