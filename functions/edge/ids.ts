/** The shapes of ids and keys a client sends, shared by the REST schemas (zod) and the WebSocket schemas (zod/mini). */

/** A table id as newTableId makes them. */
export const TABLE_ID = /^[a-z0-9]{4,40}$/;
export const TABLE_ID_MESSAGE = 'not a table id';

/** An Idempotency-Key (REST header, WebSocket `idempotencyKey`). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'letters, digits and _.:- (1–128)';

/** A WebSocket `requestId`, echoed on the reply. */
export const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
export const REQUEST_ID_MESSAGE = 'letters, digits and _.:- (1–64)';
