// The footer's Customer Service links when none are published or they cannot load, and every answer
// of the newsletter box (moved from the browser journeys).
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test-support/axe';
import { apiError, fakeApi, type FakeApi } from '../../test-support/fake-api';
import { renderPage } from '../../test-support/render-page';
import { answerShopDetails } from '../../test-support/shop-answers';
import { findToast } from '../../test-support/toasts';
import { loadCatalogues } from '../../i18n/catalogue';
import Footer from './footer';

const PAGES = 'GET /api/content/pages';
const SUBSCRIBE = 'POST /api/content/newsletter';

function renderFooter(api: FakeApi) {
  answerShopDetails(api);
  const page = renderPage(<Footer />, { inMain: false });
  const footer = within(screen.getByRole('contentinfo'));
  const section = (name: string) => within(footer.getByRole('heading', { name }).closest('section')!);
  return { ...page, footer, section };
}

describe('footer', () => {
  it('says No pages available when none are published', async () => {
    const api = fakeApi();
    api.on(PAGES, { json: { pages: [] } });
    const { section } = renderFooter(api);
    await section('Customer Service').findByText('No pages available');
  });

  it('reads in Kiswahili for a customer reading the shop in Kiswahili', async () => {
    await loadCatalogues('sw');
    const api = fakeApi();
    api.on(PAGES, { json: { pages: [] } });
    answerShopDetails(api);
    renderPage(<Footer />, { inMain: false, locale: 'sw' });
    const footer = within(screen.getByRole('contentinfo'));
    const service = within(footer.getByRole('heading', { name: 'Huduma kwa Wateja' }).closest('section')!);
    await service.findByText('Hakuna kurasa kwa sasa');
    expect(footer.getByRole('heading', { name: 'Viungo vya Haraka' })).toBeTruthy();
    expect(footer.getByRole('link', { name: 'Duka' }).getAttribute('href')).toBe('/shop');
    expect(footer.getByRole('link', { name: 'Ilani ya faragha' }).getAttribute('href')).toBe('/privacy');
    expect(footer.getByRole('button', { name: 'Jiunge' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('links the privacy notice whatever pages are published', async () => {
    const api = fakeApi();
    api.on(PAGES, { json: { pages: [] } });
    const { footer } = renderFooter(api);
    expect(footer.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');
  });

  it('says the links could not be loaded when the API fails, and Try again brings them', async () => {
    const api = fakeApi();
    api.on(PAGES, apiError(500, 'x', 'INTERNAL'));
    const { user, footer, section } = renderFooter(api);
    const service = section('Customer Service');
    await service.findByText('These links could not be loaded.');
    expect(footer.queryByText('No pages available')).toBeNull();
    expect(await axeViolations()).toEqual([]);
    api.on(PAGES, { json: { pages: [{ slug: 'shipping', title: 'Delivery Policy' }] } });
    await user.click(service.getByRole('button', { name: 'Try again' }));
    expect((await service.findByRole('link', { name: 'Delivery Policy' })).getAttribute('href')).toBe('/shipping');
  });
});

describe('newsletter', () => {
  it('answers every newsletter case with its message', async () => {
    const api = fakeApi();
    api.on(PAGES, { json: { pages: [] } });
    const { user, fill, footer } = renderFooter(api);
    const email = footer.getByLabelText<HTMLInputElement>('Email address');
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });
    const invalid = async () => {
      const toast = await findToast('Invalid email');
      within(toast).getByText('Please enter a valid email address');
      return toast;
    };

    await user.click(subscribe);
    const first = await invalid();
    await user.click(within(first).getByRole('button', { name: 'Close toast' }));
    await waitForElementToBeRemoved(first);
    await fill(email, 'wanjiku.example.com');
    await user.click(subscribe);
    await invalid();
    expect(api.requests(SUBSCRIBE)).toEqual([]); // the browser's own check: nothing sent

    api.on(SUBSCRIBE, { status: 201, json: { message: 'Thank you for subscribing!' } });
    await fill(email, 'Wanjiku.Kamau@Example.co.ke');
    await user.click(subscribe);
    await findToast('Thank you for subscribing!');
    expect(email.value).toBe('');

    api.on(SUBSCRIBE, apiError(409, 'Already subscribed', 'CONFLICT'));
    await fill(email, 'WANJIKU.KAMAU@example.CO.KE');
    await user.click(subscribe);
    await findToast('Already subscribed');

    api.on(SUBSCRIBE, apiError(500, 'boom'));
    await fill(email, 'someone.else@example.com');
    await user.click(subscribe);
    within(await findToast('Subscription failed')).getByText('There was an error subscribing to the newsletter. Please try again.');
    expect(api.requests(SUBSCRIBE).map((r) => r.body)).toEqual([
      { email: 'Wanjiku.Kamau@Example.co.ke' },
      { email: 'WANJIKU.KAMAU@example.CO.KE' },
      { email: 'someone.else@example.com' },
    ]);
  });

  it('shows the wait the server gives when too many sign-ups came from this address', async () => {
    const wait = 'Too many sign-ups from your network. Please wait 30 minutes and try again.';
    const api = fakeApi();
    api.on(PAGES, { json: { pages: [] } });
    api.on(SUBSCRIBE, apiError(429, wait, 'TOO_MANY_REQUESTS'));
    const { user, fill, footer } = renderFooter(api);
    await fill(footer.getByLabelText('Email address'), 'reader@example.com');
    await user.click(footer.getByRole('button', { name: 'Subscribe' }));
    within(await findToast('Subscription failed')).getByText(wait);
  });
});
