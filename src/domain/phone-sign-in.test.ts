import { describe, expect, it } from 'vitest';
import { accountIdentity, phoneOnlyEmail } from './phone-sign-in';

describe('how the back office names an account', () => {
  it('by its email, or a phone-only account by its phone number, never the stand-in address', () => {
    expect(accountIdentity('njeri@example.co.ke', null)).toBe('njeri@example.co.ke');
    expect(accountIdentity(phoneOnlyEmail('+254711222333'), '+254711222333')).toBe('+254 711 222 333');
    // The number is read back from the stand-in when the account has lost its phone column.
    expect(accountIdentity(phoneOnlyEmail('+254711222333'), null)).toBe('+254 711 222 333');
    expect(accountIdentity(null, null)).toBeNull();
  });
});
