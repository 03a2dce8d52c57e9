import { describe, expect, it } from 'vitest';
import { createTable, join } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

/** `GET /v1/tables/{id}/view?format=text` without `lang`: the language comes from Accept-Language (docs/chat-commands.md). */

const { server, api } = useLocalServer();

async function text(tableId: string, token: string, query: string, acceptLanguage?: string): Promise<Response> {
  return fetch(`${server.url}/v1/tables/${tableId}/view?${query}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptLanguage !== undefined ? { 'accept-language': acceptLanguage } : {}),
    },
  });
}

const GERMAN = /^Bayerischer Schafkopf · Spiel 1 · Geber: /m;
const ENGLISH = /^Bayerischer Schafkopf · Deal 1 · dealer: /m;

describe('the text view’s language', () => {
  it('follows Accept-Language without lang, lang over the header, German when the header names neither', async () => {
    const { tableId } = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      maxDeals: 1,
    });
    const me = await join(api, tableId, 0);
    await server.idle();
    const cases: [string, string | undefined, RegExp][] = [
      ['format=text', 'en-US,en;q=0.9', ENGLISH],
      ['format=text', 'de-DE,de;q=0.9,en;q=0.8', GERMAN],
      // By q, not by position; a region counts as its language.
      ['format=text', 'fr;q=1, de;q=0.2, en-GB;q=0.7', ENGLISH],
      ['format=text', 'en;q=0.1, de-AT;q=0.5', GERMAN],
      // Neither language named, none given, or excluded with q=0: German.
      ['format=text', 'fr-FR, it', GERMAN],
      ['format=text', undefined, GERMAN],
      ['format=text', 'en;q=0', GERMAN],
      // An explicit lang wins over the header.
      ['format=text&lang=de', 'en-US', GERMAN],
      ['format=text&lang=en', 'de-DE', ENGLISH],
    ];
    for (const [query, header, expected] of cases) {
      const res = await text(tableId, me.token, query, header);
      expect(res.status).toBe(200);
      expect(await res.text(), `${query} / ${String(header)}`).toMatch(expected);
      // A cache keyed by URL alone must not serve one language for the other.
      expect(res.headers.get('vary') ?? '').toMatch(query.includes('lang=') ? /^$/ : /accept-language/i);
    }
    // A lang outside de|en is still refused by name.
    const bad = await text(tableId, me.token, 'format=text&lang=fr', 'en');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/lang/);
  });
});
