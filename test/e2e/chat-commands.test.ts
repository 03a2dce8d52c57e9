import { describe, expect, it } from 'vitest';
import { createTable } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

/** Chat text over HTTP (docs/chat-commands.md): whole deals typed as text, the text view, unclear commands. */

const { server, api } = useLocalServer();

interface TextView {
  readonly version: number;
  readonly names: readonly (string | null)[];
  readonly commands: { readonly de: readonly string[]; readonly en: readonly string[] };
  readonly view: {
    readonly dealNo: number;
    readonly legalActions: readonly Record<string, unknown>[];
    readonly lastResult: unknown;
    readonly deal: { readonly toAct: readonly number[] } | null;
  };
}

/** A table of `variant` with bots on seats 1…, and Anna on seat 0. */
async function annaAndBots(variant: string, seats: number): Promise<{ tableId: string; token: string; key: string }> {
  const bots = Array.from({ length: seats - 1 }, (_, i) => i + 1);
  // Random bots (as before heuristic became the default) bid at about every other turn, so the deal nearly always
  // reaches card play; heuristic bots throw in about a quarter of the Schafkopf deals.
  const { tableId, organiserKey } = await createTable(api, { variant, seats, bots, botLevel: 'random', maxDeals: 1 });
  const joined = await api.post<{ seat: number; seatToken: string }>(`/v1/tables/${tableId}/seats`, {
    body: { seat: 0, name: 'Anna' },
  });
  expect(joined.status).toBe(201);
  await server.idle();
  return { tableId, token: joined.body.seatToken, key: organiserKey };
}

async function viewOf(tableId: string, token: string): Promise<TextView> {
  const res = await api.get<TextView>(`/v1/tables/${tableId}/view`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function textView(tableId: string, token: string | undefined, query: string): Promise<Response> {
  return fetch(`${server.url}/v1/tables/${tableId}/view?${query}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

/** Play Anna's turns by text until the deal is over: each turn types the command of a non-doubling legal action. */
async function playByText(tableId: string, token: string, lang: 'de' | 'en'): Promise<number> {
  let turns = 0;
  for (let step = 0; step < 200; step++) {
    await server.idle();
    const v = await viewOf(tableId, token);
    if (v.view.lastResult !== null && (v.view.deal === null || v.view.deal.toAct.length === 0)) return turns;
    if (!v.view.deal?.toAct.includes(0)) continue;
    const legal = v.view.legalActions;
    // Anna declares when she may (a Solo, or picking up the blind), so the deal always reaches card play: had she
    // passed, three passing bots (one deal in eight) would throw it in after two of her turns.
    const declares = legal.findIndex((a) => (a.type === 'bid' && a.game === 'solo') || a.type === 'pick');
    const index =
      declares >= 0
        ? declares
        : Math.max(
            0,
            legal.findIndex((a) => !['knock', 'kontra', 're', 'crack', 'recrack'].includes(String(a.type))),
          );
    const text = v.commands[lang][index]!;
    const res = await api.post<{ version: number; action: unknown; command: string; replayed: boolean }>(
      `/v1/tables/${tableId}/commands`,
      { token, body: { text, lang, expectedVersion: v.version } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toEqual(legal[index]);
    expect(res.body.command).toBe(text);
    turns++;
  }
  throw new Error('the deal did not end');
}

describe('chat commands over HTTP', () => {
  it('plays a whole Schafkopf deal by German text and a Sheepshead deal by English text', async () => {
    const sk = await annaAndBots('schafkopf', 4);
    expect(await playByText(sk.tableId, sk.token, 'de')).toBeGreaterThanOrEqual(8);
    const sh = await annaAndBots('sheepshead', 5);
    expect(await playByText(sh.tableId, sh.token, 'en')).toBeGreaterThanOrEqual(6);
  });

  it('shows the seat its view as text with display names, in German and English', async () => {
    const t = await annaAndBots('schafkopf', 4);
    const v = await viewOf(t.tableId, t.token);
    expect(v.names).toEqual(['Anna', 'bot-1', 'bot-2', 'bot-3']);
    expect(v.commands.de).toHaveLength(v.view.legalActions.length);
    const de = await textView(t.tableId, t.token, 'format=text&lang=de');
    expect(de.status).toBe(200);
    expect(de.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await de.text();
    expect(body).toMatch(/Dein Blatt: /);
    expect(body).toMatch(/bot-3/);
    expect(body).toMatch(/Stand: Anna /);
    const en = await (await textView(t.tableId, t.token, 'format=text&lang=en')).text();
    expect(en).toMatch(/Your hand: /);
    // A spectator sees no hand.
    const spectator = await (await textView(t.tableId, undefined, 'format=text&lang=en')).text();
    expect(spectator).not.toMatch(/Your hand/);
    const bad = await api.get(`/v1/tables/${t.tableId}/view?format=xml`, { token: t.token });
    expect(bad.status).toBe(400);
  });

  it('answers an unclear command with 422 action/unclear listing the legal commands, writing nothing', async () => {
    const t = await annaAndBots('schafkopf', 4);
    await server.idle();
    const before = await viewOf(t.tableId, t.token);
    const res = await api.post<Record<string, unknown>>(`/v1/tables/${t.tableId}/commands`, {
      token: t.token,
      body: { text: 'blubb', lang: 'de' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'action/unclear', reason: 'unknown-words', field: 'text' });
    expect(res.body.detail).toMatch(/„blubb“/);
    if (before.view.legalActions.length > 0) {
      expect(res.body.commands).toEqual(before.commands.de);
      expect(res.body.legalActions).toEqual(before.view.legalActions);
    }
    expect((await viewOf(t.tableId, t.token)).version).toBe(before.version);
  });

  it('keeps the idempotency and version rules of POST /actions', async () => {
    const t = await annaAndBots('schafkopf', 4);
    let v = await viewOf(t.tableId, t.token);
    for (let i = 0; i < 50 && !v.view.deal?.toAct.includes(0); i++) {
      await server.idle();
      v = await viewOf(t.tableId, t.token);
    }
    expect(v.view.deal?.toAct).toContain(0);
    const text = v.commands.en[v.commands.en.length - 1]!;
    const post = (body: Record<string, unknown>, key?: string) =>
      api.post<Record<string, unknown>>(`/v1/tables/${t.tableId}/commands`, {
        token: t.token,
        body,
        ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
      });
    const first = await post({ text, lang: 'en', expectedVersion: v.version }, 'chat-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.replayed).toBe(false);
    const again = await post({ text, lang: 'en', expectedVersion: v.version }, 'chat-1');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, version: first.body.version, action: first.body.action });
    const other = await post({ text: 'pass', lang: 'en', expectedVersion: v.version }, 'chat-1');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('request/idempotency_mismatch');
    const stale = await post({ text, lang: 'en', expectedVersion: v.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('table/version_conflict');
  });

  it('needs the seat token', async () => {
    const t = await annaAndBots('schafkopf', 4);
    const anonymous = await api.post(`/v1/tables/${t.tableId}/commands`, { body: { text: 'weiter' } });
    expect(anonymous.status).toBe(401);
    const organiser = await api.post(`/v1/tables/${t.tableId}/commands`, { token: t.key, body: { text: 'weiter' } });
    expect(organiser.status).toBe(403);
    const empty = await api.post(`/v1/tables/${t.tableId}/commands`, { token: t.token, body: { text: '' } });
    expect(empty.status).toBe(400);
    const lang = await api.post(`/v1/tables/${t.tableId}/commands`, {
      token: t.token,
      body: { text: 'x', lang: 'fr' },
    });
    expect(lang.status).toBe(400);
  });
});
