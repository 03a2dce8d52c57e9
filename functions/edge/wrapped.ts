import { AppError } from '../use-cases/errors.js';

/**
 * A game action sent unwrapped — its fields (`type`, `card`, …) at the top of the REST body or WebSocket message
 * instead of inside `action` (REST) / `move` (WebSocket) — is refused with a 400 that shows where it goes, instead of
 * the schema library's "expected record". `shape` is the whole body/message with the action in its place.
 * @example assertWrapped({ type: 'pass' }, 'action', (a) => ({ action: a })) → 400, field "action",
 *   'the game action goes inside "action": {"action":{"type":"pass"}}'
 */
export function assertWrapped(
  body: unknown,
  key: 'action' | 'move',
  shape: (action: Record<string, unknown>) => Record<string, unknown>,
): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  const inside = record[key];
  if (typeof inside === 'object' && inside !== null && !Array.isArray(inside)) return;
  // The action's own fields as sent: a top-level `type`, or a string where the object belongs (`"move": "pass"`).
  const type = typeof record.type === 'string' ? record.type : typeof inside === 'string' ? inside : undefined;
  if (type === undefined) return;
  const {
    [key]: _drop,
    action: _route,
    requestId: _rid,
    expectedVersion: _ev,
    idempotencyKey: _ik,
    ...fields
  } = record;
  const action = typeof record.type === 'string' ? fields : { type };
  throw new AppError(400, 'request/invalid', `the game action goes inside "${key}": ${JSON.stringify(shape(action))}`, {
    field: key,
  });
}
