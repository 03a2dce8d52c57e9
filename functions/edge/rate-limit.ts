import { sha256 } from '../crypto/secrets.js';
import { AppError } from '../use-cases/errors.js';

/** A token bucket: `burst` tokens at most, refilled at `perSecond`; each request takes one. */
export interface Bucket {
  readonly burst: number;
  readonly perSecond: number;
}

/** Per-client limits: one bucket per principal (a bearer token) and one per source address. */
export interface RateLimits {
  readonly principal: Bucket;
  readonly address: Bucket;
  /** How many buckets are kept (least recently used ones are dropped first): memory stays bounded. */
  readonly maxKeys?: number;
}

/**
 * The defaults (docs/operations.md): a seat acts a few times a minute, a busy client polls a few times a second; a
 * burst absorbs a page load or a reconnect. One address is allowed more than one principal (a household, a NAT).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  principal: { burst: 40, perSecond: 5 },
  address: { burst: 100, perSecond: 20 },
  maxKeys: 10_000,
};

interface State {
  tokens: number;
  at: number;
}

/**
 * Token buckets in memory, keyed by `p:<token hash>` / `a:<address>`. On AWS each warm Lambda container holds its
 * own buckets (an application limit per container, in front of the stage throttles); locally one process holds all.
 * @example const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock); limiter.check({ token, address }); // or 429
 */
export class RateLimiter {
  private readonly buckets = new Map<string, State>();
  private readonly maxKeys: number;

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.maxKeys = limits.maxKeys ?? DEFAULT_RATE_LIMITS.maxKeys ?? 10_000;
  }

  /** How many buckets are held now (bounded by maxKeys). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Take `cost` tokens (default 1; a REST request's from its route: functions/http/routes.ts `requestCosts`) from the caller's principal bucket (when it sent a
   * token) and its address bucket (when known); when either holds too few nothing is taken and a 429
   * `request/rate_limited` names the seconds to wait.
   */
  check(
    client: {
      readonly token?: string | undefined;
      /** sha256 of the token, as a WebSocket connection row keeps it (the same bucket as the token's). */
      readonly tokenHash?: string | undefined;
      readonly address?: string | undefined;
    },
    cost = 1,
  ): void {
    const keys: [string, Bucket][] = [];
    const hash = client.tokenHash ?? (client.token !== undefined ? sha256(client.token) : undefined);
    if (hash !== undefined && hash !== '') keys.push([`p:${hash}`, this.limits.principal]);
    if (client.address !== undefined) keys.push([`a:${client.address}`, this.limits.address]);
    const now = this.now();
    const states = keys.map(([key, bucket]) => ({
      key,
      bucket,
      need: Math.min(cost, bucket.burst),
      state: this.refill(key, bucket, now),
    }));
    const empty = states.filter((s) => s.state.tokens < s.need);
    if (empty.length > 0) {
      const wait = Math.max(...empty.map((s) => (s.need - s.state.tokens) / s.bucket.perSecond));
      const retryAfter = Math.max(1, Math.ceil(wait));
      const which = empty.some((s) => s.key.startsWith('p:')) ? 'this token' : 'this address';
      throw new AppError(429, 'request/rate_limited', `too many requests from ${which}; retry in ${retryAfter} s`, {
        retryAfter,
      });
    }
    for (const s of states) s.state.tokens -= s.need;
  }

  /** The bucket's state refilled up to `now`, moved to the most recently used end (and the oldest dropped). */
  private refill(key: string, bucket: Bucket, now: number): State {
    const held = this.buckets.get(key);
    const state: State =
      held === undefined
        ? { tokens: bucket.burst, at: now }
        : {
            tokens: Math.min(bucket.burst, held.tokens + (Math.max(0, now - held.at) / 1000) * bucket.perSecond),
            at: now,
          };
    this.buckets.delete(key);
    this.buckets.set(key, state);
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    return state;
  }
}
