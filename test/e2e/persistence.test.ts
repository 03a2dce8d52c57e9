import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocal } from '../../local/server.js';
import { apiClient } from '../support/functions/client.js';
import { allEvents, createTable, join, viewAs } from '../support/functions/play.js';

const dataDir = mkdtempSync(joinPath(tmpdir(), 'stammtisch-data-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local runtime keeps its tables in the data folder', () => {
  it('a restart on the same folder serves the same tables, events and seat tokens, and play goes on', async () => {
    const first = await startLocal({ port: 0, dataDir });
    const api1 = apiClient(first.url);
    const { tableId, organiserKey } = await createTable(api1, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await join(api1, tableId);
    await first.idle();
    const before = await viewAs(api1, tableId, me.token);
    const eventsBefore = await allEvents(api1, tableId, organiserKey);
    await first.close();

    const second = await startLocal({ port: 0, dataDir });
    try {
      const api2 = apiClient(second.url);
      const after = await viewAs(api2, tableId, me.token);
      expect(after).toEqual(before);
      expect(await allEvents(api2, tableId, organiserKey)).toEqual(eventsBefore);
      const action = after.view.legalActions.find((a) => a.type === 'pass') ?? after.view.legalActions[0]!;
      const res = await api2.post<{ version: number }>(`/v1/tables/${tableId}/actions`, {
        token: me.token,
        body: { action, expectedVersion: after.version },
      });
      expect(res.status).toBe(200);
      expect(res.body.version).toBeGreaterThan(after.version);
    } finally {
      await second.close();
    }
  });
});
