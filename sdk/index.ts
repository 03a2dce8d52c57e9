/**
 * The Stammtisch SDK: the REST API typed from openapi.yaml (openapi-fetch) and one table's WebSocket channel with
 * resync by seq (asyncapi.yaml). Chat adapters (adapters/) use nothing else. docs/chat-bots.md walks through it.
 */
export {
  createClient,
  StammtischError,
  type StammtischClient,
  type ClientOptions,
  type Action,
  type ActionFields,
  type TableView,
  type SeqEvent,
  type TableEvent,
  type Problem,
  type Schemas,
  type Lang,
  type CommandReply,
} from './rest.js';
export { TableSocket, type TableSocketOptions, type ServerFrame, type ClientMessage } from './realtime.js';
export type { components, paths, operations } from './generated/openapi.js';
