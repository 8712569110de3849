import { describe, expect, it } from 'vitest';
import { isSignedPlace, signPlace } from './place-token';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const KILIMANI = { lat: -1.29, lng: 36.786 };
const ADDRESS = 'Kilimani, Nairobi, Kenya';

describe('place tokens', () => {
  const token = signPlace(SECRET, ADDRESS, KILIMANI);

  it('accepts the address and point they were made for (address trimmed)', () => {
    expect(isSignedPlace(SECRET, token, ADDRESS, KILIMANI)).toBe(true);
    expect(isSignedPlace(SECRET, token, `  ${ADDRESS} `, { lat: -1.2900000001, lng: 36.786 })).toBe(true);
  });

  it.each([
    ['another point', ADDRESS, { lat: -1.3162, lng: 36.7965 }, token, SECRET],
    ['another address', 'Thika Road Mall, Nairobi, Kenya', KILIMANI, token, SECRET],
    ['another secret', ADDRESS, KILIMANI, token, 'another-secret-another-secret-another-1'],
    ['no token', ADDRESS, KILIMANI, undefined, SECRET],
    ['a cut token', ADDRESS, KILIMANI, token.slice(0, 20), SECRET],
    ['garbage', ADDRESS, KILIMANI, '%%%not-a-token%%%', SECRET],
  ])('refuses %s', (_name, address, point, given, secret) => {
    expect(isSignedPlace(secret, given, address, point)).toBe(false);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signPlace('', ADDRESS, KILIMANI)).toThrow('AUTH_SECRET is not set');
  });
});
