// A merchant's page when the API fails, says not found in a proxy's words, or sends hostile HTML
// (moved from the browser journeys).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import ContentPage from './content-page';

/**
 * The page's own window, where inline handlers run: vitest's jsdom environment (globalThis.jsdom)
 * copies its properties onto the test's global, so `window.x = 1` in a handler is not seen there.
 */
const pageWindow = () => (globalThis as unknown as { jsdom: { window: { __pwned?: unknown } } }).jsdom.window;

/** The 'Page Not Found' alert once it says `reason`. */
async function findNotFound(reason: string) {
  const alert = (await screen.findByText(reason, { exact: true })).closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  within(alert!).getByRole('heading', { name: 'Page Not Found' });
}

describe('content pages', () => {
  afterEach(() => {
    delete pageWindow().__pwned;
  });

  it("a 404 without the shop's own message (a proxy's page) gives the general reason", async () => {
    fakeApi().on('GET /api/content/pages/moved-away', { status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' });
    renderPage(<ContentPage />, { path: '/:slug', at: '/moved-away' });
    await findNotFound('The page you are looking for could not be found.');
  });

  it('shows "Failed to load page content" when the API fails and "An unexpected error occurred" when the request dies', async () => {
    const api = fakeApi();
    api.on('GET /api/content/pages/terms', apiError(500, 'boom'));
    api.on('GET /api/content/pages/returns', 'network-error');
    const terms = renderPage(<ContentPage slug="terms" />, { path: '/terms' });
    await findNotFound('Failed to load page content');
    terms.unmount();
    renderPage(<ContentPage slug="returns" />, { path: '/returns' });
    await findNotFound('An unexpected error occurred');
    // Each asked once more before giving up: a server error or a dropped connection may pass.
    expect(api.requests('GET /api/content/pages/terms')).toHaveLength(2);
    expect(api.requests('GET /api/content/pages/returns')).toHaveLength(2);
  });

  it('cleans hostile HTML in the browser too, should any reach it past the server', async () => {
    const hostile =
      '<h2 onclick="window.__pwned=1" style="color:red">Hello</h2>' +
      '<script>window.__pwned=2</script>' +
      '<img src="/nope.webp" alt="Broken" onerror="window.__pwned=3">' +
      '<svg><script>window.__pwned=4</script></svg>' +
      '<iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>' +
      '<a href="java\tscript:window.__pwned=6" id="bad">Bad link</a> ' +
      '<a href="/shop" target="_blank">Shop</a>' +
      '<div class="x"><p>Kept text.</p></div>';
    fakeApi().on('GET /api/content/pages/served-raw', {
      json: { page: { slug: 'served-raw', title: 'Served Raw', content: hostile, metaDescription: null } },
    });
    const { user } = renderPage(<ContentPage />, { path: '/:slug', at: '/served-raw' });
    const content = within(await screen.findByTestId('page-content'));
    content.getByText('Kept text.');
    // jsdom runs inline handlers as a browser does (vitest's runScripts: 'dangerously'), so one left
    // in would set __pwned; the picture fails to load, as it did in the browser.
    fireEvent.error(content.getByRole('img', { name: 'Broken' }));
    await user.click(content.getByRole('heading', { name: 'Hello' }));
    await user.click(content.getByText('Bad link'));
    expect(screen.getByTestId('page-content').innerHTML).toBe(
      '<h2>Hello</h2><img src="/nope.webp" alt="Broken" loading="lazy"><a>Bad link</a> ' +
        '<a href="/shop" target="_blank" rel="noopener noreferrer">Shop</a><p>Kept text.</p>',
    );
    expect(pageWindow().__pwned).toBeUndefined();
  });
});
