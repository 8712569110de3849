// The header's language switch: the page changes to Kiswahili in place (once its words have come),
// says so to the browser (<html lang>), is remembered in the `lang` cookie the server reads, and a
// signed-in customer's choice is kept with her account for her SMS and mail.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/web/test-support/fake-api';
import { renderPage } from '@/web/test-support/render-page';
import { answerSession, signedIn } from '@/web/test-support/shop-answers';
import { switchLocale } from '../../i18n/locale-store';
import { Header } from './header';

afterEach(async () => {
  // Each test starts in English, as the store and the document were.
  await switchLocale('en');
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('the language switch', () => {
  it('shows the header in Kiswahili, remembers the choice, and keeps it with her account', async () => {
    const api = fakeApi();
    answerSession(api, signedIn('Achieng Otieno'));
    api.on('PUT /api/account/locale', { json: { locale: 'sw' } });
    // The header's payment badges of a signed-in customer.
    api.on('GET /api/orders/pending-count', { json: { count: 0 } });
    const { user } = renderPage(<Header />, { inMain: false });
    await screen.findByRole('button', { name: 'Account menu for Achieng Otieno' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Shop' })).toBeTruthy();

    const toKiswahili = screen.getAllByRole('button', { name: 'Kiswahili' })[0]!;
    expect(toKiswahili.getAttribute('lang')).toBe('sw');
    await user.click(toKiswahili);

    const kuu = await screen.findByRole('navigation', { name: 'Menyu kuu' });
    expect(within(kuu).getByRole('link', { name: 'Duka' })).toBeTruthy();
    expect(within(kuu).getByRole('link', { name: 'Wasiliana Nasi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tafuta' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sw');
    expect(document.cookie).toContain('lang=sw');
    expect(api.requests('PUT /api/account/locale').map((r) => r.body)).toEqual([{ locale: 'sw' }]);

    // And back, by the button that now names English in English.
    const toEnglish = screen.getAllByRole('button', { name: 'English' })[0]!;
    expect(toEnglish.getAttribute('lang')).toBe('en');
    await user.click(toEnglish);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('lang=en');
  });

  it('does not ask the server to keep the choice of a visitor who is not signed in', async () => {
    const api = fakeApi();
    answerSession(api);
    const { user } = renderPage(<Header />, { inMain: false });
    await user.click(screen.getAllByRole('button', { name: 'Kiswahili' })[0]!);
    await screen.findByRole('navigation', { name: 'Menyu kuu' });
    expect(api.requests('PUT /api/account/locale')).toEqual([]);
  });
});
