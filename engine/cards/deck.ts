import { type Card, type Rank, type Suit, SUITS, cardOf } from './card.js';

/** A deck: every suit with the given ranks. */
export function deckOf(ranks: readonly Rank[], suits: readonly Suit[] = SUITS): Card[] {
  return suits.flatMap((s) => ranks.map((r) => cardOf(s, r)));
}

/** The Bavarian long deck (32 cards). */
export const LONG_RANKS: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];
/** The short deck (24 cards, no 7 and 8). */
export const SHORT_RANKS: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U', '9'];

/**
 * A small, fast, seedable PRNG (sfc32). Randomness enters the engine only as data: a seed chosen
 * by the caller (the server keeps a secret seed per deal and publishes its commitment).
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const h = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = h ^ 0xdeadbeef;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }

  /** Fisher–Yates shuffle into a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    // Spread, not slice(): slice() of a frozen array (decks are shared frozen) takes a slow path in V8.
    const out = [...items];
    // `next` and `int` inlined on locals (the same sequence as calling them).
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = out.length - 1; i > 0; i--) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const j = Math.floor(((t >>> 0) / 4294967296) * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return out;
  }
}

/** FNV-1a over the UTF-16 code units of a string (seed derivation only, not cryptographic). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
