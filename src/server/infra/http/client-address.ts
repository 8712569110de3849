// The client's address for per-address throttling. Behind a load balancer the socket peer is the
// balancer, so X-Forwarded-For is used, but only when the peer is on a private network (a proxy of
// ours): a client on the internet could otherwise pick any address it likes.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientAddress(c: Context): string {
  const peer = socketAddress(c);
  const forwarded = lastForwardedFor(c.req.header('x-forwarded-for'));
  if (forwarded && (!peer || isPrivateAddress(peer))) return forwarded;
  return peer ?? 'unknown';
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // no socket: app.request() in tests
  }
}

/** The right-most entry: the one our own proxy appended (earlier ones are the client's word). */
function lastForwardedFor(header: string | undefined): string | null {
  const last = header?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : null;
}

export function isPrivateAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return ip === '::1' || ip.startsWith('fc') || ip.startsWith('fd') || ip.startsWith('fe80:');
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
