// Saving the profile when the request dies without a message of the server's (moved from the browser journeys).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, signedIn } from '../test-support/shop-answers';
import { findToast } from '../test-support/toasts';
import Profile from './profile';

describe('/profile', () => {
  it('shows "Saving..." while saving, and the fallback message when the save fails without a server message', async () => {
    const api = fakeApi();
    answerSession(api, signedIn('Fallback Person'));
    api.on('GET /api/account/consents', { json: { choices: [], newsletterEmail: null, history: [] } });
    const save = heldAnswer();
    api.on('PATCH /api/account/profile', save.handler);
    const { user, fill } = renderPage(<Profile />, { path: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await fill(screen.getByLabelText('Address', { exact: true }), 'Gigiri');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    expect(api.requests('PATCH /api/account/profile').map((r) => r.body)).toMatchObject([
      { fullName: 'Fallback Person', address: 'Gigiri' },
    ]);
    save.release('network-error');
    await findToast('An error occurred while updating your profile');
    expect(screen.getByLabelText<HTMLInputElement>('Address', { exact: true }).value).toBe('Gigiri');
  });
});
