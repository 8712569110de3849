// Signing out from the account menu when the request dies without a message of the server's
// (moved from the browser journeys).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { answerSession, signedIn } from '@/web/test-support/shop-answers';
import { findToast } from '@/web/test-support/toasts';
import { UserMenu } from './user-menu';

describe('the account menu', () => {
  it('a sign-out that fails without a server message shows the fallback message and stays signed in', async () => {
    const api = fakeApi();
    answerSession(api, signedIn('Fallback Person'));
    api.on('POST /api/auth/sign-out', 'network-error');
    const { user, location } = renderPage(<UserMenu />, { path: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Account menu for Fallback Person' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await findToast('An error occurred during sign out');
    expect(api.requests('POST /api/auth/sign-out')).toHaveLength(1);
    screen.getByRole('button', { name: 'Account menu for Fallback Person' });
    expect(location().pathname).toBe('/profile');
  });
});
