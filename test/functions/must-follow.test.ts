import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { createApp } from '../../functions/http/app.js';
import { TableService } from '../../functions/use-cases/table-service.js';

const app = createApp({ service: new TableService({ store: new MemoryTableStore() }), version: 'test' });
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/schafkopf/illegal-follow-suit.json', import.meta.url), 'utf8'),
);

describe('POST /v1/records/score: a broken follow rule is a 422 naming what must be followed', () => {
  it('a Gras lead not followed by a seat holding Gras: "must follow Gras", the rule and the seat', async () => {
    // Seat 0 leads the Gras-Sau; seat 1 holds G9 G8 G7 and plays the Schellen-Sieben.
    const record = {
      ...fixture,
      expected: undefined,
      derivation: undefined,
      actions: [
        { seat: 0, type: 'play', card: 'GA' },
        { seat: 1, type: 'play', card: 'S7' },
      ],
    };
    const res = await app.request('/v1/records/score', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'action/illegal',
      detail: 'must follow Gras (Farbzwang)',
      index: 1,
      seat: 1,
      rule: 'must follow suit (Farbzwang)',
    });
  });
});
