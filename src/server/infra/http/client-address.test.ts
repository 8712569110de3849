import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { addressNetwork, clientAddress, isPrivateAddress, wideNetwork } from './client-address';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.10', true],
    ['::1', true],
    ['::ffff:10.0.0.5', true],
    ['fd12::1', true],
    ['8.8.8.8', false],
    ['2001:db8::1', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('clientAddress without a socket (app.request)', () => {
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
