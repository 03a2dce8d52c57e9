import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The headers of one delivery attempt (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). */
export interface SignedHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * Sign a payload with every secret that is currently valid (during a rotation: the new one and the old one), so a
 * receiver holding either verifies it. Signature = `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)),
 * several separated by spaces; the `standardwebhooks` package computes each.
 */
export function signDelivery(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' '),
  };
}
