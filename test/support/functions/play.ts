import { expect } from 'vitest';
import { type LocalServer, startLocal } from '../../../local/server.js';
import { type Api, apiClient } from './client.js';

export interface Seated {
  readonly seat: number;
  readonly token: string;
}

export interface ViewBody {
  readonly version: number;
  readonly view: {
    readonly dealNo: number;
    readonly closed: boolean;
    readonly totals: readonly string[];
    readonly pot: string;
    readonly legalActions: readonly Record<string, unknown>[];
    readonly lastResult: { readonly payout: readonly number[] } | null;
    readonly deal: {
      readonly no: number;
      readonly toAct: readonly number[];
      readonly forehand: number;
      readonly hands: readonly (readonly string[] | null)[];
      readonly result: unknown;
    } | null;
  };
}

export interface SeqEvent {
  readonly seq: number;
  readonly event: { readonly type: string; readonly [k: string]: unknown };
}

/** The local runtime on a random port with in-memory dynalite, plus an OpenAPI-checking client. */
export async function startServer(): Promise<{ server: LocalServer; api: Api }> {
  const server = await startLocal({ port: 0 });
  return { server, api: apiClient(server.url) };
}

export async function createTable(
  api: Api,
  body: Record<string, unknown>,
): Promise<{ tableId: string; organiserKey: string; version: number }> {
  const res = await api.post<{ tableId: string; organiserKey: string; version: number }>('/v1/tables', { body });
  expect(res.status).toBe(201);
  return res.body;
}

export async function join(api: Api, tableId: string, seat?: number): Promise<Seated> {
  const res = await api.post<{ seat: number; seatToken: string }>(`/v1/tables/${tableId}/seats`, {
    body: seat === undefined ? { name: 'tester' } : { seat, name: `tester-${seat}` },
  });
  expect(res.status).toBe(201);
  return { seat: res.body.seat, token: res.body.seatToken };
}

export async function viewAs(api: Api, tableId: string, token?: string): Promise<ViewBody> {
  const res = await api.get<ViewBody>(`/v1/tables/${tableId}/view`, token === undefined ? {} : { token });
  expect(res.status).toBe(200);
  return res.body;
}

export async function allEvents(api: Api, tableId: string, token?: string, limit = 500): Promise<SeqEvent[]> {
  const out: SeqEvent[] = [];
  let after = 0;
  for (;;) {
    const res = await api.get<{ events: SeqEvent[]; next: number | null }>(
      `/v1/tables/${tableId}/events?after=${after}&limit=${limit}`,
      token === undefined ? {} : { token },
    );
    expect(res.status).toBe(200);
    out.push(...res.body.events);
    if (res.body.next === null) return out;
    after = res.body.next;
  }
}

/** A scripted player's choice: the first legal action that is not a doubling. */
export function scriptedChoice(legal: readonly Record<string, unknown>[]): Record<string, unknown> {
  const plain = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  const choice = plain[0] ?? legal[0];
  expect(choice, 'a seat to act has a legal action').toBeDefined();
  return choice!;
}

/**
 * Play the human seats until `done(view)` holds: whenever a human seat is to act, it posts its scripted choice;
 * bots answer through the fan-out, which the loop awaits (no sleeps).
 */
export async function playUntil(
  server: LocalServer,
  api: Api,
  tableId: string,
  humans: readonly Seated[],
  done: (v: ViewBody) => boolean,
  onStep?: (seat: Seated, v: ViewBody) => Promise<void>,
): Promise<ViewBody> {
  for (let step = 0; step < 5000; step++) {
    await server.idle();
    const spectator = await viewAs(api, tableId);
    if (done(spectator)) return spectator;
    const toAct = spectator.view.deal?.toAct ?? [];
    const human = humans.find((h) => toAct.includes(h.seat));
    expect(human, `someone must be able to act (toAct ${toAct.join(',')})`).toBeDefined();
    const mine = await viewAs(api, tableId, human!.token);
    await onStep?.(human!, mine);
    const action = scriptedChoice(mine.view.legalActions);
    const res = await api.post(`/v1/tables/${tableId}/actions`, {
      token: human!.token,
      body: { action, expectedVersion: mine.version },
      headers: { 'idempotency-key': `step-${step}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  throw new Error('the game did not finish');
}

/** Fill every seat of a table with a scripted player (seats 0..n-1, in order). */
export async function seatEveryone(api: Api, tableId: string, seats: number): Promise<Seated[]> {
  const out: Seated[] = [];
  for (let seat = 0; seat < seats; seat++) out.push(await join(api, tableId, seat));
  return out;
}

/** The seat that must act now among `humans` and its own view (fails when nobody of them can act). */
export async function whoActs(api: Api, tableId: string, humans: readonly Seated[]): Promise<[Seated, ViewBody]> {
  const spectator = await viewAs(api, tableId);
  const toAct = spectator.view.deal?.toAct ?? [];
  const human = humans.find((h) => toAct.includes(h.seat));
  expect(human, `someone must be able to act (toAct ${toAct.join(',')})`).toBeDefined();
  return [human!, await viewAs(api, tableId, human!.token)];
}
