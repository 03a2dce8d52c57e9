/**
 * The chat endpoints' body limit: a request body is read before its signature can be checked, so an unsigned request
 * must not make us buffer more than this. Slash commands, interactions and block_actions payloads are a few KiB;
 * anything larger is refused (413) after reading at most this much.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The body as text, read up to `max` bytes: undefined when it is larger (by Content-Length, or by what arrives — the
 * rest is never read).
 */
export async function readCapped(req: Request, max: number): Promise<string | undefined> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > max) return undefined;
  if (req.body === null) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** 413 as problem+json, naming the limit. */
export function tooLarge(max: number): Response {
  return new Response(
    JSON.stringify({
      type: 'https://stammtisch.dev/problems/request/too_large',
      title: 'Payload too large',
      status: 413,
      code: 'request/too_large',
      detail: `the body is larger than ${max} bytes`,
      limit: max,
    }),
    { status: 413, headers: { 'content-type': 'application/problem+json', connection: 'close' } },
  );
}
