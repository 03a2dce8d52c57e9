import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** openapi.yaml, parsed. */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
export const openapi = parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDoc;

export interface OpenApiDoc {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly schemas: Record<string, unknown>; readonly responses: Record<string, unknown> };
  readonly [k: string]: unknown;
}

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(openapi as unknown as object, 'openapi.yaml');

const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
const cache = new Map<string, ValidateFunction>();

/** A compiled validator for a JSON pointer into openapi.yaml. */
export function validatorAt(pointer: string): ValidateFunction {
  let v = cache.get(pointer);
  if (v === undefined) {
    v = ajv.compile({ $ref: `openapi.yaml#${pointer}` });
    cache.set(pointer, v);
  }
  return v;
}

/** The document's path templates, split into segments once (every e2e response is matched against them). */
const templates = Object.keys(openapi.paths).map((template) => ({ template, segments: template.split('/') }));

/** The OpenAPI path template matching a concrete path, e.g. /v1/tables/{tableId}/view. */
export function templateFor(path: string): string | undefined {
  const parts = path.split('?')[0]!.split('/');
  return templates.find(
    ({ segments: t }) => t.length === parts.length && t.every((seg, i) => seg.startsWith('{') || seg === parts[i]),
  )?.template;
}

/**
 * Check a response against the contract: the route and status are documented, the media type matches and the body
 * validates against the schema. Returns a list of problems (empty = conforms).
 */
export function checkResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] {
  const template = templateFor(path);
  const op =
    template === undefined
      ? undefined
      : (openapi.paths[template]?.[method.toLowerCase()] as { responses?: Record<string, unknown> } | undefined);
  if (template === undefined || op === undefined) {
    // An undocumented route may only answer the documented 404 problem `route/not_found`.
    const problem = validatorAt('/components/schemas/Problem');
    const isNotFound =
      status === 404 &&
      (contentType ?? '').startsWith('application/problem+json') &&
      problem(body) &&
      (body as { code?: unknown }).code === 'route/not_found';
    return isNotFound ? [] : [`${method} ${template ?? path}: no such operation in openapi.yaml`];
  }
  let response = op.responses?.[String(status)] as Record<string, unknown> | undefined;
  let pointerBase = `/paths/${escape(template)}/${method.toLowerCase()}/responses/${status}`;
  if (response === undefined) return [`${method} ${template}: status ${status} is not documented`];
  const ref = response.$ref;
  if (typeof ref === 'string') {
    pointerBase = ref.slice(1);
    response = openapi.components.responses[ref.split('/').pop()!] as Record<string, unknown>;
  }
  const content = response.content as Record<string, unknown> | undefined;
  if (content === undefined)
    return body === null || body === '' ? [] : [`${method} ${template} ${status}: no body expected`];
  const media = (contentType ?? '').split(';')[0]!.trim();
  if (!(media in content)) return [`${method} ${template} ${status}: media type ${media} not documented`];
  const validate = validatorAt(`${pointerBase}/content/${escape(media)}/schema`);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${method} ${template} ${status}: ${e.instancePath} ${e.message}`);
}
