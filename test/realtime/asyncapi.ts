import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** asyncapi.yaml, parsed; its payload schemas reference openapi.yaml (TableView, SeqEvent, Action, ErrorCode). */
export const ASYNCAPI_PATH = fileURLToPath(new URL('../../asyncapi.yaml', import.meta.url));
const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
export const asyncapi = parse(readFileSync(ASYNCAPI_PATH, 'utf8')) as {
  readonly channels: { readonly table: { readonly messages: Record<string, { $ref: string }> } };
  readonly operations: Record<string, { action: string; messages: { $ref: string }[] }>;
  readonly components: {
    readonly messages: Record<string, { payload: { $ref: string }; examples?: { payload: unknown }[] }>;
    readonly schemas: Record<string, unknown>;
  };
};

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(parse(readFileSync(OPENAPI_PATH, 'utf8')) as object, 'openapi.yaml');
ajv.addSchema(asyncapi as unknown as object, 'asyncapi.yaml');

const cache = new Map<string, ValidateFunction>();
function validator(schemaName: string): ValidateFunction {
  let v = cache.get(schemaName);
  if (v === undefined) {
    v = ajv.compile({ $ref: `asyncapi.yaml#/components/schemas/${schemaName}` });
    cache.set(schemaName, v);
  }
  return v;
}

/** The payload schema name of a documented message. */
export const payloadOf = (message: string): string =>
  asyncapi.components.messages[message]!.payload.$ref.split('/').pop()!;

/** The message names an operation (send: client → server, receive: server → client) lists. */
export function messagesOf(action: 'send' | 'receive'): string[] {
  return Object.values(asyncapi.operations)
    .filter((o) => o.action === action)
    .flatMap((o) => o.messages.map((m) => m.$ref.split('/').pop()!))
    .map((name) => asyncapi.channels.table.messages[name]!.$ref.split('/').pop()!);
}

const FRAME_SCHEMA: Record<string, string> = Object.fromEntries(
  messagesOf('receive').map((m) => {
    const schema = asyncapi.components.schemas[payloadOf(m)] as { properties: { type: { const: string } } };
    return [schema.properties.type.const, payloadOf(m)];
  }),
);

function check(schemaName: string | undefined, value: unknown, what: string): string[] {
  if (schemaName === undefined) return [`${what}: not documented in asyncapi.yaml`];
  const validate = validator(schemaName);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${what} (${schemaName}) ${e.instancePath} ${e.message}`);
}

/** Check a server frame (as received; the client's `bytes` bookkeeping removed) against its documented schema. */
export function checkFrame(frame: { readonly type: string; readonly bytes?: number }): string[] {
  const { bytes: _bytes, ...payload } = frame;
  return check(FRAME_SCHEMA[frame.type], payload, `frame ${frame.type}`);
}

/** Check a client message against the schema of the message documented for its action. */
export function checkClientMessage(message: { readonly action: string; readonly [k: string]: unknown }): string[] {
  const name = messagesOf('send').find((m) => {
    const schema = asyncapi.components.schemas[payloadOf(m)] as { properties: { action: { const: string } } };
    return schema.properties.action.const === message.action;
  });
  return check(name === undefined ? undefined : payloadOf(name), message, `message ${message.action}`);
}
