/**
 * The Stammtisch SDK, platform-neutral: the REST API typed from openapi.yaml (openapi-fetch), one table's and one
 * tournament's WebSocket channel (asyncapi.yaml) with heartbeat, reconnect and resync by seq, and one error class for
 * both transports. Uses the platform's `fetch` and `WebSocket` only — this is what browsers (and bundlers) load.
 * sdk/README.md documents it.
 */
export {
  createClient,
  type StammtischClient,
  type ClientOptions,
  type Action,
  type ActionFields,
  type TableView,
  type SeqEvent,
  type SeatPresence,
  type TableEvent,
  type Schemas,
  type Lang,
  type CommandReply,
  type DealAnalysis,
  type TrickOrder,
  type OrderContract,
  sortHand,
} from './rest.js';
export { StammtischError, type Problem, type ClientErrorCode } from './errors.js';
export {
  TableSocket,
  type TableSocketOptions,
  type TableSocketEvents,
  type ServerFrame,
  type ClientMessage,
  type PresenceChange,
} from './realtime.js';
export {
  TournamentSocket,
  type TournamentSocketOptions,
  type TournamentSocketEvents,
  type TournamentFrame,
  type TournamentSeqEvent,
} from './tournament.js';
export { Emitter, type SocketState, type SocketOptions, type RequestOptions } from './channel.js';
export {
  type Clock,
  type ReconnectOptions,
  type TokenTransport,
  type WebSocketConstructor,
  type WebSocketLike,
  PROTOCOL,
  BEARER_PROTOCOL_PREFIX,
  backoffDelay,
  setWebSocketFallback,
  systemClock,
} from './transport.js';
export type { components, paths, operations } from './generated/openapi.js';
