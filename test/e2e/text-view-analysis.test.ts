import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../sdk/index.js';
import { createTable, join } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

// The analysis works with the table's bot budget per decision: a small one keeps this file quick.
process.env.BOT_BUDGET_MS = '15';
const { server, api } = useLocalServer();

/** `GET …/view?format=text&analysis=true`: the finished deal's biggest mistakes under the text, never a running deal's. */

async function text(tableId: string, query: string, token?: string): Promise<string> {
  const res = await fetch(`${server.url}/v1/tables/${tableId}/view?${query}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

interface Analysis {
  decisions: { index: number; tableSeat: number; loss: number }[];
  mistakes: number[];
}

describe('the text view with the analysis summary', () => {
  it('while the deal is being played: only a line saying the analysis comes after it, and nothing is analysed', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await join(api, tableId, 0);
    await server.idle();
    const de = await text(tableId, 'format=text&lang=de&analysis=true', me.token);
    expect(de).toMatch(/^Analyse: gibt es, sobald das Spiel vorbei ist\.$/m);
    expect(de).not.toMatch(/Fehler/);
    const en = await text(tableId, 'format=text&lang=en&analysis=true');
    expect(en).toMatch(/^Analysis: available once the deal is over\.$/m);
    // Without the parameter the text is as before.
    expect(await text(tableId, 'format=text&lang=de', me.token)).not.toMatch(/Analyse/);
    const stored = await server.client.send(
      new GetItemCommand({
        TableName: server.runtime.settings.dataTable,
        Key: { pk: { S: `AN#${tableId}` }, sk: { S: '1#strong-3' } },
      }),
    );
    expect(stored.Item).toBeUndefined();
  });

  it('under a finished deal: its biggest mistakes, one line each, as the analysis route has them', async () => {
    // prepare: four bots play one deal to the end (Ramsch when all pass: a thrown-in deal would have no decision)
    const { tableId } = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [0, 1, 2, 3],
      maxDeals: 1,
      options: { allPass: 'ramsch' },
    });
    await server.idle();
    // act
    const en = await text(tableId, 'format=text&lang=en&analysis=true');
    const de = await text(tableId, 'format=text&lang=de&analysis=true');
    // assess: the same analysis the route serves (stored by the first text view)
    const analysis = (await api.get<Analysis>(`/v1/tables/${tableId}/deals/1/analysis`)).body;
    expect(analysis.decisions.length).toBeGreaterThan(0);
    expect(en).toMatch(/^Result: /m);
    const lines = en.split('\n');
    if (analysis.mistakes.length === 0) {
      expect(lines).toContain('Analysis of deal 1 (strong bot): no mistake found.');
      expect(de.split('\n')).toContain('Analyse von Spiel 1 (starker Bot): kein Fehler gefunden.');
    } else {
      const head = lines.indexOf('Analysis of deal 1 (strong bot), biggest mistakes:');
      expect(head).toBeGreaterThan(0);
      const listed = lines.slice(head + 1);
      expect(listed).toHaveLength(analysis.mistakes.length);
      analysis.mistakes.forEach((m, i) => {
        const d = analysis.decisions[m]!;
        expect(listed[i]).toMatch(
          new RegExp(`^${i + 1}\\. Move ${d.index + 1} · bot-${d.tableSeat}: .+, better .+ \\(`),
        );
        expect(listed[i]).toMatch(/ worse\)$/);
      });
      expect(de).toMatch(/^Analyse von Spiel 1 \(starker Bot\), größte Fehler:$/m);
      expect(de).toMatch(/^1\. Zug \d+ · bot-\d: .+, besser .+ schlechter\)$/m);
    }
    // Without the parameter: the result, no analysis.
    expect(await text(tableId, 'format=text&lang=en')).not.toMatch(/Analysis/);
    // The SDK asks for it the same way.
    const client = createClient({ baseUrl: server.url });
    expect(await client.textView(tableId, 'en', { analysis: true })).toBe(en);
    expect(await client.textView(tableId, 'en')).not.toMatch(/Analysis/);
  });

  it('refuses a bad analysis value by name', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const res = await fetch(`${server.url}/v1/tables/${tableId}/view?format=text&analysis=yes`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/analysis/);
  });
});
