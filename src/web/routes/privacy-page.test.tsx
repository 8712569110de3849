// /privacy: the merchant's privacy notice, read as the content page 'privacy' (router.test.ts checks
// the address reaches it), with the links to the rights it describes.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import ContentPage from './content-page';

const NOTICE =
  '<h2>Your rights</h2><ul><li><strong>Delete:</strong> \'Delete my account\' on your <a href="/profile">profile</a>.</li>' +
  '<li><strong>Complain:</strong> to the Office of the Data Protection Commissioner (<a href="https://www.odpc.go.ke">www.odpc.go.ke</a>).</li></ul>';

describe('/privacy', () => {
  it("is the content page 'privacy', with its title, rights and links", async () => {
    const api = fakeApi();
    api.on('GET /api/content/pages/privacy', {
      json: { page: { slug: 'privacy', title: 'Privacy Notice', content: NOTICE, metaDescription: 'How we use your data.' } },
    });
    renderPage(<ContentPage slug="privacy" />, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
    const content = within(screen.getByTestId('page-content'));
    expect(content.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile');
    expect(content.getByRole('link', { name: 'www.odpc.go.ke' }).getAttribute('href')).toBe('https://www.odpc.go.ke');
    expect(api.requests('GET /api/content/pages/privacy')).toHaveLength(1);
  });
});
