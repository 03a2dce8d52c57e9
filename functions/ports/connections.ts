/**
 * Who a WebSocket connection is, as checked at `$connect`. The bearer secret itself is never stored: only its
 * hash, so every later message and every push re-checks it against the table's current metadata (a seat that was
 * left and re-taken stops seeing the new player's cards at once).
 */
export type Principal =
  | { readonly kind: 'seat'; readonly seat: number; readonly tokenHash: string }
  | { readonly kind: 'organiser'; readonly tokenHash: string }
  /** A spectator token (`sk_…`), or none on a public table (tokenHash undefined). */
  | { readonly kind: 'spectator'; readonly tokenHash?: string };

/** What a subscription shows: the seat's own view, the spectator view, or the organiser view. */
export type SubscriptionAudience = 'seat' | 'spectator' | 'organiser';

/** One live WebSocket connection (a row of CONNECTIONS_TABLE). */
export interface Connection {
  readonly connectionId: string;
  /** The table the token was checked against at `$connect`. */
  readonly authTableId: string;
  readonly principal: Principal;
  /** Set while subscribed (the `byTable` index is sparse: only subscribed rows are in it). */
  readonly tableId?: string;
  readonly audience?: SubscriptionAudience;
  /** The management API endpoint the connection lives behind (https://{domain}/{stage}). */
  readonly endpoint: string;
  /** Epoch millis. */
  readonly connectedAt: number;
  /** Epoch seconds (the DynamoDB TTL attribute): API Gateway closes every connection after 2 hours. */
  readonly expiresAt: number;
}

/** The connections port. Adapters: DynamoDB (CONNECTIONS_TABLE) and memory. */
export interface ConnectionStore {
  put(connection: Connection): Promise<void>;
  get(connectionId: string): Promise<Connection | undefined>;
  /** Subscribe a live connection to a table; false when the row is gone (disconnected meanwhile). */
  subscribe(connectionId: string, tableId: string, audience: SubscriptionAudience): Promise<boolean>;
  /** End the subscription; the row as it was (undefined when it is gone), so presence can tell who left. */
  unsubscribe(connectionId: string): Promise<Connection | undefined>;
  /** Forget the connection; the row as it was (undefined when it was gone already). */
  remove(connectionId: string): Promise<Connection | undefined>;
  /** The unexpired connections subscribed to a table. */
  byTable(tableId: string, nowSeconds: number): Promise<readonly Connection[]>;
}

/** The outcome of one post: `gone` = API Gateway answered 410 (the connection no longer exists). */
export type PostOutcome = 'sent' | 'gone';

/** The broadcaster port: the API Gateway management API (postToConnection) or anything that behaves like it. */
export interface Pusher {
  post(endpoint: string, connectionId: string, data: string): Promise<PostOutcome>;
  /** Close a connection from the server side (DeleteConnection). */
  disconnect(endpoint: string, connectionId: string): Promise<PostOutcome>;
}

/** API Gateway keeps a WebSocket connection at most 2 hours; the row may outlive it by a few minutes at most. */
export const CONNECTION_LIFETIME_SECONDS = 2 * 60 * 60 + 5 * 60;
