import { AppError } from '../use-cases/errors.js';

/**
 * The deepest nesting a client body may have. Game actions need 2 levels, game records 5; everything later (zod, the
 * idempotency hash's JSON.stringify, the engine) recurses, so a 5,000-level array in 10 KB must stop here.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON text → value, refusing bodies nested deeper than MAX_JSON_DEPTH (or with a `__proto__` key) with a 400 naming
 * the field.
 * V8's JSON.parse does not recurse (it keeps its own stack), and the check below walks with an explicit stack, so
 * neither can overflow; nothing else sees the value before the check.
 * @example parseBoundedJson('{"action":{"cards":[[[…]]]}}') → AppError 400 request/too_deep, field "action.cards"
 */
export function parseBoundedJson(text: string, what = 'the body'): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'request/invalid_json', `${what} is not valid JSON`);
  }
  assertDepth(value, what);
  return value;
}

/** Throws when `value` nests deeper than `max` (a scalar is depth 0, `[]` depth 1) or has a `__proto__` key. */
export function assertDepth(value: unknown, what = 'the body', max = MAX_JSON_DEPTH): void {
  const stack: { value: unknown; depth: number; path: readonly string[] }[] = [{ value, depth: 0, path: [] }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth >= max) {
      const field = fieldOf(top.path);
      throw new AppError(400, 'request/too_deep', `${what} nests deeper than ${max} levels at ${field}`, { field });
    }
    const entries = Array.isArray(top.value)
      ? top.value.map((v, i): [string, unknown] => [String(i), v])
      : Object.entries(top.value);
    for (const [k, v] of entries) {
      // JSON.parse makes `__proto__` an own key; later spreads and merges must never see it as the prototype.
      if (k === '__proto__') {
        const field = [...top.path, k].join('.');
        throw new AppError(400, 'request/invalid', `${what}: "__proto__" is not a field`, { field });
      }
      stack.push({ value: v, depth: top.depth + 1, path: [...top.path, k] });
    }
  }
}

/** The named field a deep value sits in: `action.cards` for `action.cards[0][0]…` (array positions dropped). */
function fieldOf(path: readonly string[]): string {
  let end = path.length;
  while (end > 0 && /^\d+$/.test(path[end - 1] ?? '')) end--;
  const named = path.slice(0, Math.min(end, 6));
  return named.length === 0 ? 'body' : named.join('.') + (end > 6 ? '…' : '');
}
