// /auth when sign-up, sign-in or Google fail without a message of the server's (moved from the browser journeys).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, SIGNED_OUT } from '../test-support/shop-answers';
import { findToast } from '../test-support/toasts';
import AuthPage from './auth';

describe('/auth', () => {
  it('every auth failure without a server message shows the fallback message: sign-up, sign-in and Google', async () => {
    const api = fakeApi();
    answerSession(api, { ...SIGNED_OUT, googleEnabled: true });
    for (const route of ['POST /api/account/sign-up', 'POST /api/account/sign-in', 'POST /api/account/google'] as const) {
      api.on(route, 'network-error');
    }
    const { user, fill, location } = renderPage(<AuthPage />, { path: '/auth', at: '/auth?tab=sign-up' });

    const signUp = within(await screen.findByRole('tabpanel', { name: 'Sign Up' }));
    expect(signUp.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');
    await fill(signUp.getByLabelText('Full Name'), 'Net Down');
    await fill(signUp.getByLabelText('Email'), 'net.down@example.test');
    await fill(signUp.getByLabelText('Phone Number'), '+254 700 000 001');
    await fill(signUp.getByRole('combobox', { name: 'Delivery Address' }), 'Karen');
    await fill(signUp.getByLabelText('Password'), 'tilapia-and-ugali-1');
    await user.click(signUp.getByRole('button', { name: 'Create Account' }));
    await findToast('An error occurred during sign up');
    expect(signUp.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Net Down');
    expect(api.requests('POST /api/account/sign-up')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    const signIn = within(screen.getByRole('tabpanel', { name: 'Sign In' }));
    await fill(signIn.getByLabelText('Email'), 'fallback.person@example.test');
    await fill(signIn.getByLabelText('Password'), 'tilapia-and-ugali-1');
    await user.click(signIn.getByRole('button', { name: 'Sign In' }));
    await findToast('An error occurred during sign in');
    expect(api.requests('POST /api/account/sign-in')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await findToast('An error occurred during Google sign in');
    // Nowhere to go: the page stays, and the button can be pressed again.
    expect(location().pathname + location().search).toBe('/auth?tab=sign-up');
    expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(false);
  });
});
