/**
 * Exact money: a reduced fraction of safe integers. Settlements never use floats (docs/rules/README.md principle 5).
 */
export interface Rational {
  readonly n: number;
  readonly d: number;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export function rat(n: number, d = 1): Rational {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || d === 0) throw new RangeError(`bad fraction ${n}/${d}`);
  const g = gcd(n, d) || 1;
  const sign = d < 0 ? -1 : 1;
  return { n: (sign * n) / g + 0, d: (sign * d) / g };
}

export const ZERO: Rational = { n: 0, d: 1 };

export function add(a: Rational, b: Rational): Rational {
  return rat(a.n * b.d + b.n * a.d, a.d * b.d);
}
export function sub(a: Rational, b: Rational): Rational {
  return rat(a.n * b.d - b.n * a.d, a.d * b.d);
}
export function mul(a: Rational, k: number): Rational {
  return rat(a.n * k, a.d);
}
export function div(a: Rational, k: number): Rational {
  return rat(a.n, a.d * k);
}
export function isZero(a: Rational): boolean {
  return a.n === 0;
}
export function sum(values: readonly Rational[]): Rational {
  return values.reduce(add, ZERO);
}
/** `"3/2"`, `"-1"` (docs/RECORD.md `payoutExact`). */
export function format(a: Rational): string {
  return a.d === 1 ? `${a.n}` : `${a.n}/${a.d}`;
}
export function parse(text: string): Rational {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a fraction: ${text}`);
  return rat(Number(m[1]), m[2] === undefined ? 1 : Number(m[2]));
}
/** Rounded to 6 decimals for JSON `payout` (the exact value travels in `payoutExact`). */
export function toNumber(a: Rational): number {
  return Math.round((a.n / a.d) * 1e6) / 1e6 + 0;
}
