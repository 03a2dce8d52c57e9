/**
 * How many cases a heavy property runs. Each property names its everyday count; `STAMMTISCH_PROPERTY_RUNS` scales
 * every one of them (a positive number, default 1): `npm run test:long` runs them ×10 for a nightly-style run, and
 * `STAMMTISCH_PROPERTY_RUNS=0.25 npx vitest run test/engine` gives a quick local loop.
 * @example fc.assert(property, { numRuns: propertyRuns(60) })
 */
const raw = process.env.STAMMTISCH_PROPERTY_RUNS;
const scale = raw === undefined || raw.trim() === '' ? 1 : Number(raw);
if (!Number.isFinite(scale) || scale <= 0)
  throw new Error(`STAMMTISCH_PROPERTY_RUNS must be a positive number (a factor), not ${JSON.stringify(raw)}`);

export function propertyRuns(everyday: number): number {
  return Math.max(1, Math.round(everyday * scale));
}
