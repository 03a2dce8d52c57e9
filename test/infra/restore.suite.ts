import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { apiClient } from '../support/functions/client.js';

/**
 * The restore runbook (docs/operations.md "Backups and restore"), rehearsed on the embedded store with the real commands: play,
 * stop the server, export, wipe the store, restore into an empty one, start again — the table is where it was and
 * plays on to the end of its last deal. Three deals, so that a thrown-in first deal (fewer moves than the three
 * played before the stop) cannot end the table early.
 */
const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'stammtisch-restore-'));
const dataDir = join(work, 'data');
const dump = join(work, 'backup.jsonl');
const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

type View = { version: number; view: { closed: boolean; legalActions: { type: string }[]; totals: unknown } };

async function playMoves(server: LocalServer, tableId: string, token: string, max: number): Promise<number> {
  const api = apiClient(server.url);
  let moves = 0;
  while (moves < max) {
    await server.idle();
    const { body } = await api.get<View>(`/v1/tables/${tableId}/view`, { token });
    if (body.view.closed) break;
    const action = body.view.legalActions.find((a) => !['knock', 'kontra', 're'].includes(a.type));
    if (action === undefined) continue;
    const res = await api.post(`/v1/tables/${tableId}/actions`, {
      token,
      body: { action, expectedVersion: body.version },
    });
    expect(res.status).toBe(200);
    moves++;
  }
  return moves;
}

// The runbook's `npx tsx scripts/backup.ts …` as node with tsx's loader: the same script, without the npm and tsx CLI
// processes in front (each a node start of its own).
const backup = (...args: string[]): string =>
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/backup.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('restore runbook on the embedded store', () => {
  it('export, wipe, restore: the table is unchanged and plays on', async () => {
    const first = await startLocal({ port: 0, dataDir });
    servers.push(first);
    const api = apiClient(first.url);
    const created = await api.post<{ tableId: string }>('/v1/tables', {
      body: { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 3 },
    });
    const { tableId } = created.body;
    const seat = await api.post<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, { body: { name: 'anna' } });
    const token = seat.body.seatToken;
    expect(await playMoves(first, tableId, token, 3)).toBe(3);
    await first.idle();
    const before = (await api.get<View>(`/v1/tables/${tableId}/view`, { token })).body;
    await first.close();

    expect(backup('export', '--data-dir', dataDir, '--out', dump)).toMatch(/exported \d+ items/);
    const exported = readFileSync(dump, 'utf8').trim().split('\n').length;
    rmSync(dataDir, { recursive: true, force: true });
    expect(backup('restore', '--data-dir', dataDir, '--in', dump)).toContain(`restored ${exported} items`);
    // A second restore into the now-full table is refused: two histories are never merged.
    expect(() => backup('restore', '--data-dir', dataDir, '--in', dump)).toThrow();

    const second = await startLocal({ port: 0, dataDir });
    servers.push(second);
    const after = (await apiClient(second.url).get<View>(`/v1/tables/${tableId}/view`, { token })).body;
    expect(after).toEqual(before);
    await playMoves(second, tableId, token, 120);
    await second.idle();
    const end = (await apiClient(second.url).get<View>(`/v1/tables/${tableId}/view`, { token })).body;
    expect(end.view.closed).toBe(true);
    expect(end.version).toBeGreaterThan(before.version);
  });
});
