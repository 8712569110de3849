// The client's address for per-address throttling and the audit log. Behind a proxy the socket peer
// is the proxy, and the client's address is in X-Forwarded-For; but anyone can send that header, so it
// is believed only from a trusted proxy (TRUSTED_PROXIES, trusted-proxies.ts), and only as far as the
// trusted hops go: the chain is walked from the right (each proxy appends the address it saw) and the
// first address that is not a trusted proxy is the client's. Entries left of it are the client's word.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { DEFAULT_TRUSTED_PROXIES, trustedProxies, type TrustedProxies } from './trusted-proxies';

/** The context variable createApp sets from TRUSTED_PROXIES (AppEnv). */
const TRUSTED_PROXIES_VARIABLE = 'trustedProxies';

/** For an app that sets none (a bare Hono in a unit test): the setting's default. */
const DEFAULT_TRUST = trustedProxies(DEFAULT_TRUSTED_PROXIES);

export function clientAddress(c: Context): string {
  const trusted = (c.get(TRUSTED_PROXIES_VARIABLE as never) as TrustedProxies | undefined) ?? DEFAULT_TRUST;
  return addressBehindProxies(socketAddress(c), c.req.header('x-forwarded-for'), trusted);
}

/**
 * The client's address from the socket peer and X-Forwarded-For. No peer means a request made inside
 * this process (the shop calling itself, or a test's app.request): it is its own trusted proxy.
 */
export function addressBehindProxies(peer: string | null, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  if (peer !== null && !trusted(peer)) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  // The nearest address known to be real: a trusted proxy's, which wrote the entry left of it.
  let nearest = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    // A malformed entry from a trusted proxy is a misconfigured proxy: go no further.
    if (isIP(hop) === 0) break;
    if (!trusted(hop)) return hop;
    nearest = hop;
  }
  return nearest ?? 'unknown';
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // no socket: app.request() in tests, or the shop's own in-process calls
  }
}

/**
 * The address per-address limits count by. An IPv6 client usually holds a whole /64 and can pick
 * any address in it, so IPv6 addresses are counted by their /64 network; IPv4 as they are.
 */
export function limitAddress(c: Context): string {
  return addressNetwork(clientAddress(c));
}

export function addressNetwork(address: string): string {
  const ip = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ("::1.2.3.4") takes two groups; only the first four groups matter here.
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The wider network a per-network ceiling counts by: an IPv6 /48 (a site's allocation, 65,536 /64s)
 * from a /64 key of limitAddress; an IPv4 address as it is (many customers share one behind a
 * mobile carrier's NAT, so no wider IPv4 block is grouped).
 */
export function wideNetwork(limitKey: string): string {
  const m = /^([0-9a-f]*):([0-9a-f]*):([0-9a-f]*):[0-9a-f]*::\/64$/.exec(limitKey);
  return m ? `${m[1]}:${m[2]}:${m[3]}::/48` : limitKey;
}
