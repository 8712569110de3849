import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { addressBehindProxies, addressNetwork, clientAddress, wideNetwork } from './client-address';
import { trustedProxies } from './trusted-proxies';

describe('addressBehindProxies: the chain walked from the right, past trusted proxies only', () => {
  const nginxOnThisMachine = trustedProxies('loopback');
  const balancerAndNginx = trustedProxies('127.0.0.1, 10.0.0.0/8');

  it.each([
    // An untrusted peer is the client, whatever it claims.
    ['203.0.113.9', '198.51.100.1', nginxOnThisMachine, '203.0.113.9'],
    ['10.0.0.5', '198.51.100.1', nginxOnThisMachine, '10.0.0.5'],
    ['::ffff:10.0.0.5', undefined, nginxOnThisMachine, '::ffff:10.0.0.5'],
    // A trusted peer's header gives the address it saw; what the client wrote left of it is ignored.
    ['127.0.0.1', '198.51.100.7', nginxOnThisMachine, '198.51.100.7'],
    ['::ffff:127.0.0.1', '198.51.100.7', nginxOnThisMachine, '198.51.100.7'],
    ['::1', '1.1.1.1, 198.51.100.7', nginxOnThisMachine, '198.51.100.7'],
    ['127.0.0.1', '2001:db8::7', nginxOnThisMachine, '2001:db8::7'],
    // Two trusted hops (a load balancer, then nginx): the walk passes both.
    ['127.0.0.1', '1.1.1.1, 198.51.100.7, 10.1.2.3', balancerAndNginx, '198.51.100.7'],
    // But not a hop it does not trust: that one is the client.
    ['127.0.0.1', '198.51.100.7, 10.1.2.3', nginxOnThisMachine, '10.1.2.3'],
    // A trusted peer without the header, or with a malformed one, is the nearest real address.
    ['127.0.0.1', undefined, nginxOnThisMachine, '127.0.0.1'],
    ['127.0.0.1', '198.51.100.7, not-an-ip', nginxOnThisMachine, '127.0.0.1'],
    ['127.0.0.1', '', nginxOnThisMachine, '127.0.0.1'],
    // Every hop trusted (a client on the proxy's own network): the farthest one.
    ['127.0.0.1', '10.9.9.9, 10.1.2.3', balancerAndNginx, '10.9.9.9'],
    // No proxy trusted at all: the peer, always.
    ['127.0.0.1', '198.51.100.7', trustedProxies('none'), '127.0.0.1'],
  ])('peer %s with X-Forwarded-For %j → %s', (peer, header, trusted, expected) => {
    expect(addressBehindProxies(peer, header, trusted)).toBe(expected);
  });
});

describe('clientAddress without a socket (app.request, the shop calling itself): its own trusted proxy', () => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
  const ask = async (xff?: string) => (await app.request('/', xff ? { headers: { 'X-Forwarded-For': xff } } : {})).text();

  it.each([
    [undefined, 'unknown'],
    ['203.0.113.9', '203.0.113.9'],
    ['1.1.1.1, 203.0.113.9', '203.0.113.9'],
    ['203.0.113.9, not-an-ip', 'unknown'],
  ])('X-Forwarded-For %j → %s', async (xff, expected) => {
    expect(await ask(xff)).toBe(expected);
  });
});

describe('clientAddress over a socket', () => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
  const from = (remoteAddress: string, xff: string) =>
    app.request('/', { headers: { 'X-Forwarded-For': xff } }, { incoming: { socket: { remoteAddress } } });

  it('reads the header of a proxy on this machine by default, and ignores it from anyone else', async () => {
    expect(await (await from('127.0.0.1', '198.51.100.7')).text()).toBe('198.51.100.7');
    expect(await (await from('192.168.1.20', '198.51.100.7')).text()).toBe('192.168.1.20');
  });
});

describe('addressNetwork (what per-address limits count by)', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:4:7::1', '2001:db8:4:7::/64'],
    ['2001:0DB8:0004:0007:aaaa:bbbb:cccc:dddd', '2001:db8:4:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, expected) => {
    expect(addressNetwork(address)).toBe(expected);
  });
});

describe('wideNetwork (what per-network ceilings count by)', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:4:7::1', '2001:db8:4::/48'],
    ['2001:db8:4:ffff::1', '2001:db8:4::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, expected) => {
    expect(wideNetwork(addressNetwork(address))).toBe(expected);
  });
});
