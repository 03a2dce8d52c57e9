import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may be delivered. On AWS: https only, and never to private, loopback, link-local, CGNAT,
 * multicast or unspecified addresses (the metadata service at 169.254.169.254 included) — checked at registration
 * AND on every connection (the lookup below runs at connect time, so DNS rebinding cannot slip past the check).
 * Locally a test may allow exact addresses (`allowAddresses: ['127.0.0.1']`) and plain http.
 */
export interface TargetPolicy {
  readonly allowHttp?: boolean;
  readonly allowAddresses?: readonly string[];
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Why an address may not be a webhook target, or undefined when it may. */
export function refusedAddress(address: string, policy: TargetPolicy): string | undefined {
  if (policy.allowAddresses?.includes(address)) return undefined;
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return refusedAddress(mapped, policy);
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
    ? `${address} is a private, loopback or link-local address`
    : undefined;
}

/** Check a URL's form (scheme, no credentials); the addresses are checked when connecting. */
export function refusedUrl(url: string, policy: TargetPolicy): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (u.protocol !== 'https:' && !(policy.allowHttp === true && u.protocol === 'http:'))
    return 'webhook URLs must use https';
  if (u.username !== '' || u.password !== '') return 'webhook URLs may not carry credentials';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return refusedAddress(host, policy);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
    return `${host} is a local name`;
  return undefined;
}

/** Resolve a host name and refuse it when any of its addresses is refused (registration-time check). */
export async function refusedHost(url: string, policy: TargetPolicy): Promise<string | undefined> {
  const form = refusedUrl(url, policy);
  if (form !== undefined) return form;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return undefined;
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (err, out) => (err ? reject(err) : resolve(out))),
    );
    for (const a of addresses) {
      const why = refusedAddress(a.address, policy);
      if (why !== undefined) return why;
    }
    return undefined;
  } catch {
    return `${host} does not resolve`;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses blocked addresses at connect time.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const why = refusedAddress(a.address, policy);
        if (why !== undefined) {
          const e: NodeJS.ErrnoException = new Error(`refused target: ${why}`);
          e.code = 'ERR_WEBHOOK_TARGET_REFUSED';
          return callback(e, []);
        }
      }
      if ((options as { all?: boolean }).all === true) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
