import { describe, expect, it } from 'vitest';
import { callbackOutcome } from './callback-outcome';

const remembered = () => '/orders';

describe('callbackOutcome', () => {
  it.each([
    ['', true, { to: '/orders', toast: { tone: 'success', text: 'Signed in successfully!' }, announce: true }],
    ['', false, { to: '/auth', announce: false }],
    [
      'error=access_denied',
      false,
      { to: '/auth', toast: { tone: 'error', text: 'An error occurred during Google sign in' }, announce: false },
    ],
    ['verified=1', false, { to: '/auth?verified=1', announce: false }],
    ['verified=1&error=INVALID_TOKEN', false, { to: '/auth?verified=1&error=INVALID_TOKEN', announce: false }],
    ['verified=1&error=%3Cb%3E', false, { to: '/auth?verified=1&error=%3Cb%3E', announce: false }],
    ['verified=1', true, { to: '/shop', announce: false }],
  ])('?%s, signed in %s → %j', (query, signedIn, outcome) => {
    expect(callbackOutcome(new URLSearchParams(query), signedIn, remembered)).toEqual(outcome);
  });

  it('takes the remembered page only for a Google return', () => {
    let taken = 0;
    const take = () => {
      taken += 1;
      return '/profile';
    };
    callbackOutcome(new URLSearchParams('verified=1'), false, take);
    callbackOutcome(new URLSearchParams('error=x'), false, take);
    expect(taken).toBe(0);
    expect(callbackOutcome(new URLSearchParams(), true, take).to).toBe('/profile');
    expect(taken).toBe(1);
  });
});
