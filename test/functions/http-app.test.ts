import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { createApp } from '../../functions/http/app.js';
import { TableService } from '../../functions/use-cases/table-service.js';

const app = createApp({ service: new TableService({ store: new MemoryTableStore() }), version: '1.2.3' });

describe('the Hono app without a runtime (app.request)', () => {
  it('answers CORS preflights for browser clients on any origin, with the headers the API reads', async () => {
    const res = await app.request('/v1/tables/t1234/actions', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://cards.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'content-type', 'idempotency-key']) expect(allowed).toContain(h);
  });

  it('marks ordinary and error responses for cross-origin reading', async () => {
    const ok = await app.request('/v1/health', { headers: { origin: 'https://cards.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(await ok.json()).toEqual({ status: 'ok', version: '1.2.3' });
    const missing = await app.request('/v1/tables/t1234/view', { headers: { origin: 'https://cards.example' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });
});
