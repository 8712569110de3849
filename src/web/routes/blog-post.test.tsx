// An article whose API fails (moved from the browser journeys).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-support/axe';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import BlogPost from './blog-post';

describe('/blog/{slug}', () => {
  it('a failing API shows the error view with Back to Blog', async () => {
    fakeApi().on('GET /api/content/posts/raising-tilapia-in-cages-on-lake-victoria', apiError(500, 'boom'));
    renderPage(<BlogPost />, { path: '/blog/:slug', at: '/blog/raising-tilapia-in-cages-on-lake-victoria' });
    await screen.findByText('Failed to load blog post. Please try again later.');
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(await axeViolations()).toEqual([]);
  });
});
