import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi.js';
import { type Problem, StammtischError } from './errors.js';

export type Schemas = components['schemas'];
/** One action: a union with one member per action type and variant (openapi.yaml `Action`). */
export type Action = Schemas['Action'];
type KeysOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends { readonly [P in K]?: infer V } ? V : never;
/**
 * Any action read field by field: every field some variant's action carries, absent ones undefined. For code that
 * labels actions of every variant without narrowing first (`const f: ActionFields = action; f.game`).
 */
export type ActionFields = { readonly [K in KeysOf<Action>]?: FieldOf<Action, K> } & { readonly type: Action['type'] };
export type TableView = Schemas['TableView'];
export type SeqEvent = Schemas['SeqEvent'];
export type SeatPresence = Schemas['SeatPresence'];
export type TableEvent = Schemas['TableEvent'];
/** A finished deal's analysis by the strong bot (`GET /v1/tables/{id}/deals/{n}/analysis`). */
export type DealAnalysis = Schemas['DealAnalysis'];
/** A contract's trick order at a table (`GET /v1/tables/{id}/trick-order`); {@link sortHand} sorts by it. */
export type TrickOrder = Schemas['TrickOrder'];
/** A contract as the view writes it (`view.deal.contract`), as far as it fixes the trick order. */
export interface OrderContract {
  readonly game: string;
  readonly suit?: string;
  readonly card?: string;
  readonly spiess?: boolean;
}
export type { Problem } from './errors.js';

export interface ClientOptions {
  /** e.g. `http://127.0.0.1:8787` (local) or the HTTP API's URL. */
  readonly baseUrl: string;
  /** Bearer token sent with every request: an API key, organiser key, seat token or spectator key. */
  readonly token?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  readonly fetch?: (input: Request) => Promise<Response>;
}

type Result<T> = { data?: T; error?: unknown; response: Response };

function unwrap<T>(out: Result<T>): T {
  if (out.response.ok && out.error === undefined) return out.data as T;
  throw StammtischError.from(out.response.status, out.error, 'rest', out.response.statusText);
}

/**
 * The REST API, typed from openapi.yaml. `raw` is the openapi-fetch client (every route, typed); the methods are
 * the calls a bot makes most, returning the body or throwing {@link StammtischError}.
 *
 * @example
 * const api = createClient({ baseUrl: 'http://127.0.0.1:8787' });
 * const { tableId, organiserKey } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
 * const me = await api.join(tableId);
 * const view = await api.as(me.seatToken).view(tableId);
 */
export interface StammtischClient {
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  /** The same client with another bearer token (a seat token, the organiser key). */
  as(token: string | undefined): StammtischClient;
  health(): Promise<Schemas['Health']>;
  variants(): Promise<Schemas['VariantList']>;
  createTable(body: Schemas['CreateTableRequest']): Promise<Schemas['CreateTableResponse']>;
  table(tableId: string): Promise<Schemas['TableDetail']>;
  join(tableId: string, body?: Schemas['JoinRequest']): Promise<Schemas['JoinResponse']>;
  addBot(tableId: string, seat?: number): Promise<Schemas['AddBotResponse']>;
  close(tableId: string): Promise<Schemas['VersionOnly']>;
  act(
    tableId: string,
    action: Action,
    opts?: { expectedVersion?: number; idempotencyKey?: string },
  ): Promise<Schemas['ActionResponse']>;
  view(tableId: string): Promise<Schemas['ViewResponse']>;
  events(tableId: string, after?: number, limit?: number): Promise<Schemas['EventsResponse']>;
  /**
   * A finished deal's analysis: every decision's options valued by the strong bot under what that seat knew, the
   * chosen option's loss and the biggest mistakes. A deal still being played is refused (409 `deal/not_over`).
   */
  dealAnalysis(tableId: string, deal: number): Promise<DealAnalysis>;
  /** The table's trick order for `contract` (the view's `deal.contract`; null: before a contract is fixed). */
  trickOrder(tableId: string, contract?: OrderContract | null): Promise<TrickOrder>;
  /** The chat grammar (text in): `POST /v1/tables/{id}/commands` with the seat token. */
  command(tableId: string, text: string, lang?: Lang): Promise<CommandReply>;
  /**
   * The chat rendering (text out): `GET /v1/tables/{id}/view?format=text&lang=…`. `analysis`: under a finished deal
   * the strong bot's biggest mistakes (the first request for a deal computes its analysis on the server).
   */
  textView(tableId: string, lang?: Lang, opts?: { readonly analysis?: boolean }): Promise<string>;
}

export type Lang = 'de' | 'en';

/**
 * What `POST …/commands` answers: the action read and its events with the command as the server writes it, or
 * (`ok: false`) the server's answer to text it could not read.
 */
export interface CommandReply {
  readonly ok: boolean;
  readonly text: string;
  readonly action?: Action;
  readonly version?: number;
  readonly events?: readonly SeqEvent[];
}

export function createClient(options: ClientOptions): StammtischClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const clientOptions = { baseUrl, headers, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}) };
  const raw = createFetchClient<paths>(clientOptions);
  const path = (tableId: string) => ({ params: { path: { tableId } } });
  // Routes a newer server adds (the chat routes) may be missing from this build's types: called untyped.
  const untyped: Client<Record<string, Record<string, unknown>>> = createFetchClient(clientOptions);

  const client: StammtischClient = {
    raw,
    baseUrl,
    as: (token) => createClient({ ...options, ...(token !== undefined ? { token } : { token: undefined }) }),
    health: async () => unwrap(await raw.GET('/v1/health')),
    variants: async () => unwrap(await raw.GET('/v1/variants')),
    createTable: async (body) => unwrap(await raw.POST('/v1/tables', { body })),
    table: async (tableId) => unwrap(await raw.GET('/v1/tables/{tableId}', path(tableId))),
    join: async (tableId, body = {}) =>
      unwrap(await raw.POST('/v1/tables/{tableId}/seats', { ...path(tableId), body })),
    addBot: async (tableId, seat) =>
      unwrap(
        await raw.POST('/v1/tables/{tableId}/bots', { ...path(tableId), body: seat === undefined ? {} : { seat } }),
      ),
    close: async (tableId) => unwrap(await raw.POST('/v1/tables/{tableId}/close', path(tableId))),
    act: async (tableId, action, opts = {}) =>
      unwrap(
        await raw.POST('/v1/tables/{tableId}/actions', {
          ...path(tableId),
          body: { action, ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}) },
          ...(opts.idempotencyKey !== undefined ? { headers: { 'idempotency-key': opts.idempotencyKey } } : {}),
        }),
      ),
    dealAnalysis: async (tableId, deal) =>
      unwrap(
        await raw.GET('/v1/tables/{tableId}/deals/{deal}/analysis', { params: { path: { tableId, deal } } }),
      ) as DealAnalysis,
    trickOrder: async (tableId, contract = null) =>
      unwrap(
        await raw.GET('/v1/tables/{tableId}/trick-order', {
          params: {
            path: { tableId },
            query:
              contract === null
                ? {}
                : {
                    game: contract.game,
                    ...(contract.suit !== undefined ? { suit: contract.suit as 'E' } : {}),
                    ...(contract.card !== undefined ? { card: contract.card } : {}),
                    ...(contract.spiess !== undefined ? { spiess: contract.spiess ? 'true' : 'false' } : {}),
                  },
          },
        }),
      ),
    // The JSON view (the route also serves text: see textView).
    view: async (tableId) =>
      unwrap(await raw.GET('/v1/tables/{tableId}/view', path(tableId))) as Schemas['ViewResponse'],
    events: async (tableId, after = 0, limit = 100) =>
      unwrap(
        await raw.GET('/v1/tables/{tableId}/events', {
          params: { path: { tableId }, query: { after, limit } },
        }),
      ),
    command: async (tableId, text, lang = 'en') => {
      const out = (await untyped.POST(
        '/v1/tables/{tableId}/commands' as never,
        {
          params: { path: { tableId } },
          body: { text, lang },
        } as never,
      )) as Result<{ version: number; events: SeqEvent[]; action: Action; command: string }>;
      try {
        const ok = unwrap(out);
        return { ok: true, text: ok.command, action: ok.action, version: ok.version, events: ok.events };
      } catch (e) {
        // Text the server could not read: its answer (in `lang`, listing what is legal) is the reply.
        if (e instanceof StammtischError && e.code === 'action/unclear') return { ok: false, text: e.problem.detail };
        throw e;
      }
    },
    textView: async (tableId, lang = 'en', opts = {}) => {
      const out = (await untyped.GET(
        '/v1/tables/{tableId}/view' as never,
        {
          params: {
            path: { tableId },
            query: { format: 'text', lang, ...(opts.analysis === true ? { analysis: 'true' } : {}) },
          },
          parseAs: 'text',
        } as never,
      )) as Result<string>;
      const body = unwrap(out);
      if (!(out.response.headers.get('content-type') ?? '').includes('json')) return body;
      // A JSON answer: `{ text }` from a server that wraps it, or the JSON view of a server without the text view.
      const parsed = JSON.parse(body) as { text?: unknown };
      if (typeof parsed.text === 'string') return parsed.text;
      throw new StammtischError(404, {
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        detail: 'this server has no text view (format=text)',
        code: 'route/not_found',
      } as Problem);
    },
  };
  return client;
}

const SUIT_ORDER = ['E', 'G', 'H', 'S'] as const;

/**
 * A hand in a contract's order, as groups: the trumps high → low first, then each suit (Eichel, Gras, Herz, Schellen)
 * high → low by its plain ranks. Pure; the order is the server's ({@link StammtischClient.trickOrder}), so no rule is
 * restated here. A card the order does not list (none should be) goes last in its suit.
 * @example sortHand(['H7', 'EO', 'GA', 'HU'], order).flat() → ['EO', 'HU', 'H7', 'GA'] (a Sauspiel's order)
 */
export function sortHand(
  cards: readonly string[],
  order: {
    readonly trumps: readonly string[];
    readonly plain: { readonly [S in 'E' | 'G' | 'H' | 'S']: readonly string[] };
  },
): string[][] {
  const trump = new Map(order.trumps.map((c, i) => [c, i]));
  const rankIn = (c: string): number => {
    const ranks: readonly string[] = order.plain[c[0] as 'E'] ?? [];
    const i = ranks.indexOf(c.slice(1));
    return i < 0 ? ranks.length : i;
  };
  const groups: string[][] = [
    cards.filter((c) => trump.has(c)).sort((a, b) => (trump.get(a) ?? 0) - (trump.get(b) ?? 0)),
    ...SUIT_ORDER.map((suit) =>
      cards.filter((c) => !trump.has(c) && c[0] === suit).sort((a, b) => rankIn(a) - rankIn(b)),
    ),
  ];
  return groups.filter((g) => g.length > 0);
}
