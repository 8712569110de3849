import { describe, expect, it } from 'vitest';
import { describeTrustedProxies, parseTrustedProxies, trustedProxies } from './trusted-proxies';

describe('TRUSTED_PROXIES', () => {
  it.each([
    ['loopback', '127.0.0.1', true],
    ['loopback', '127.8.9.10', true],
    ['loopback', '::1', true],
    ['loopback', '::ffff:127.0.0.1', true],
    ['loopback', '10.0.0.1', false],
    ['private', '10.1.2.3', true],
    ['private', '172.16.0.1', true],
    ['private', '172.31.255.255', true],
    ['private', '172.32.0.1', false],
    ['private', '192.168.1.10', true],
    ['private', '::ffff:10.0.0.5', true],
    ['private', 'fd12::1', true],
    ['private', '127.0.0.1', false],
    ['private', '8.8.8.8', false],
    ['loopback,private', '127.0.0.1', true],
    ['loopback, private', '10.0.0.1', true],
    ['10.20.0.0/16', '10.20.5.5', true],
    ['10.20.0.0/16', '10.21.0.1', false],
    ['203.0.113.5', '203.0.113.5', true],
    ['203.0.113.5', '203.0.113.6', false],
    ['2001:db8:1::/48', '2001:db8:1:ffff::1', true],
    ['2001:db8:1::/48', '2001:db8:2::1', false],
    ['LOOPBACK', '127.0.0.1', true],
    ['none', '127.0.0.1', false],
    ['loopback', 'not-an-ip', false],
  ])('%s trusts %s: %s', (setting, address, expected) => {
    expect(trustedProxies(setting)(address)).toBe(expected);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none'],
    ['proxy.example', '"proxy.example" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none'],
    ['10.0.0.0/8/1', '"10.0.0.0/8/1" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none'],
    ['fd00::/129', '"fd00::/129" is not an address, a CIDR block (such as 10.0.0.0/8 or fd00::/8) or one of loopback, private, none'],
    ['none, loopback', '"none" cannot be listed with proxies'],
    [' , ', 'name at least one proxy, or none'],
  ])('refuses %j: %s', (setting, error) => {
    expect(parseTrustedProxies(setting)).toEqual({ ok: false, error });
  });

  it('says at start where client addresses come from', () => {
    expect(describeTrustedProxies('loopback')).toBe('X-Forwarded-For, from connections of loopback only (TRUSTED_PROXIES)');
    expect(describeTrustedProxies('None')).toBe('the connection itself; X-Forwarded-For is never read (TRUSTED_PROXIES=none)');
  });
});
