// Which socket peers are proxies of ours (TRUSTED_PROXIES): only their X-Forwarded-For is believed.
// A comma list of addresses, CIDR blocks and the keywords below; `none` trusts no proxy at all.
import { BlockList, isIP } from 'node:net';

const TRUSTED_PROXY_KEYWORDS = {
  /** This machine: nginx or another proxy on the same host. */
  loopback: ['127.0.0.0/8', '::1/128'],
  /** Private networks (RFC 1918, IPv6 unique local): a load balancer inside a VPC or a container network. */
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
} as const;

/** The setting's default: a proxy on the same machine, as the one-machine install runs nginx. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

export type TrustedProxies = (address: string) => boolean;

type Parsed = { ok: true; trusted: TrustedProxies } | { ok: false; error: string };

/** Adds one address or CIDR block; false when it is neither. */
function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return true;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, bits, type);
  return true;
}

export function parseTrustedProxies(setting: string): Parsed {
  const entries = setting
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  if (entries.length === 0) return { ok: false, error: 'name at least one proxy, or none' };
  if (entries.includes('none')) {
    if (entries.length > 1) return { ok: false, error: '"none" cannot be listed with proxies' };
    return { ok: true, trusted: () => false };
  }
  const list = new BlockList();
  for (const entry of entries) {
    const blocks = entry in TRUSTED_PROXY_KEYWORDS ? TRUSTED_PROXY_KEYWORDS[entry as keyof typeof TRUSTED_PROXY_KEYWORDS] : [entry];
    if (!blocks.every((block) => addEntry(list, block)))
      return {
        ok: false,
        error: `"${entry}" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none`,
      };
  }
  return { ok: true, trusted: (address) => matches(list, address) };
}

function matches(list: BlockList, address: string): boolean {
  // A scoped IPv6 address (fe80::1%eth0) is matched without its zone.
  const ip = address.replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return false;
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 blocks too.
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The start-up line's account of where client addresses come from. */
export function describeTrustedProxies(setting: string): string {
  if (setting.trim().toLowerCase() === 'none') return 'the connection itself; X-Forwarded-For is never read (TRUSTED_PROXIES=none)';
  return `X-Forwarded-For, from connections of ${setting} only (TRUSTED_PROXIES)`;
}

/** The parsed setting; the env schema has refused a bad one already. */
export function trustedProxies(setting: string): TrustedProxies {
  const parsed = parseTrustedProxies(setting);
  if (!parsed.ok) throw new Error(`TRUSTED_PROXIES: ${parsed.error}`);
  return parsed.trusted;
}
