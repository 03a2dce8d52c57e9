import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `engines.node` promises a Node range: every package installed for production (package-lock.json, dev tools left
 * out) must run on every version in it — and on the Node running the tests.
 */
interface Locked {
  readonly version?: string;
  readonly dev?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Locked> };
const root = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const sdk = JSON.parse(readFileSync('sdk/package.json', 'utf8')) as { engines: { node: string } };

/** The production packages whose own `engines.node` leaves out part of `range`. */
function narrower(range: string, only?: readonly string[]): string[] {
  return Object.entries(lock.packages)
    .filter(([path, p]) => path.startsWith('node_modules/') && p.dev !== true)
    .filter(([path]) => only === undefined || only.some((name) => path === `node_modules/${name}`))
    .flatMap(([path, p]) => {
      const node = Array.isArray(p.engines) ? undefined : (p.engines as { node?: string } | undefined)?.node;
      return node === undefined || semver.subset(range, node) ? [] : [`${path}@${p.version ?? '?'} needs node ${node}`];
    });
}

describe('engines', () => {
  it('bug: engines said Node ≥ 20 while ical-generator 11 needs 22 (now 10, on 20 || 22 || ≥ 24); every production dependency runs on the range', () => {
    expect(narrower(root.engines.node)).toEqual([]);
    // The SDK's own dependencies (and theirs) on the SDK's range.
    expect(narrower(sdk.engines.node, ['openapi-fetch', 'openapi-typescript-helpers', 'ws'])).toEqual([]);
    expect(semver.satisfies(process.versions.node, root.engines.node)).toBe(true);
  });

  it('the check sees a narrower dependency (ical-generator 11 against the Node LTS lines)', () => {
    expect(semver.subset('20 || 22 || >=24', '22 || >=24.0.0')).toBe(false);
    expect(semver.subset('20 || 22 || >=24', '20 || 22 || >=24')).toBe(true);
    expect(semver.subset('>=20', '20 || 22 || >=24')).toBe(false);
  });
});
