import { expect } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join } from '../support/functions/play.js';
import { type Frame, WsClient } from './ws-client.js';

export interface Player {
  readonly seat: number;
  readonly token: string;
  client: WsClient;
}

/** Bid whenever a game can be bid (so deals are played out, not passed in), else the first plain action. */
export function eagerChoice(legal: readonly Record<string, unknown>[]): Record<string, unknown> {
  const plain = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  const choice = plain.find((a) => a.type !== 'pass') ?? plain[0] ?? legal[0];
  expect(choice, 'a seat to act has a legal action').toBeDefined();
  return choice!;
}

/** A public four-seat table with four joined players (over REST: WebSocket has no lobby), the deal running. */
export async function seatedTable(
  api: Api,
  extra: Record<string, unknown> = {},
): Promise<{ tableId: string; organiserKey: string; seats: { seat: number; token: string }[] }> {
  const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, ...extra });
  const seats = [];
  for (let i = 0; i < 4; i++) seats.push(await join(api, tableId, i));
  return { tableId, organiserKey, seats };
}

/** Connect and subscribe from seq 0: the client then holds the whole history and the current view. */
export async function subscribed(
  server: LocalServer,
  tableId: string,
  token: string | undefined,
  as?: string,
): Promise<WsClient> {
  const client = await WsClient.connect(server.wsUrl, { tableId, ...(token !== undefined ? { token } : {}) });
  const reply = await client.request({ action: 'subscribe', after: 0, ...(as !== undefined ? { as } : {}) });
  expect(reply.type, JSON.stringify(reply)).toBe('events');
  return client;
}

/**
 * Play over WebSocket only: wait until every client holds the table's newest version, then the player whose view
 * says it is to act sends its scripted choice (`act` with expectedVersion and an idempotency key). Stops when
 * `done(view)` holds for the watcher or `stopBefore(seat)` says the next actor must not act yet.
 */
export async function playOverWs(opts: {
  readonly players: readonly Player[];
  readonly watchers: readonly WsClient[];
  version: number;
  readonly done: (view: NonNullable<WsClient['view']>) => boolean;
  readonly stopBefore?: (seat: number) => boolean;
  readonly connected?: (p: Player) => boolean;
}): Promise<number> {
  let version = opts.version;
  const live = (p: Player): boolean => opts.connected?.(p) ?? true;
  for (let step = 0; step < 2000; step++) {
    const everyone = [...opts.players.filter(live).map((p) => p.client), ...opts.watchers];
    await Promise.all(everyone.map((c) => c.caughtUp(version)));
    const watcher = opts.watchers[0]!;
    if (opts.done(watcher.view!)) return version;
    const toAct = watcher.view!.deal?.toAct ?? [];
    const player = opts.players.find((p) => toAct.includes(p.seat));
    expect(player, `someone must be able to act (toAct ${toAct.join(',')})`).toBeDefined();
    if (opts.stopBefore?.(player!.seat) === true) return version;
    const view = player!.client.view!;
    const result: Frame = await player!.client.request({
      action: 'act',
      move: eagerChoice(view.legalActions),
      expectedVersion: player!.client.viewVersion,
      idempotencyKey: `ws-${player!.seat}-${player!.client.viewVersion}`,
    });
    expect(result.type, JSON.stringify(result)).toBe('result');
    version = result.version!;
  }
  throw new Error('the game did not finish');
}
