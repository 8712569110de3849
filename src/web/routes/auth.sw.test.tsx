// /auth in Kiswahili: the welcome, the tabs, the sign-in form's own checks and the phone code's screens;
// and the account menu.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../i18n/locale-store';
import { fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, SIGNED_OUT, signedIn } from '../test-support/shop-answers';
import { UserMenu } from '../features/account/components/user-menu';
import AuthPage from './auth';

beforeEach(async () => {
  await switchLocale('sw');
});

afterEach(async () => {
  await switchLocale('en');
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('/auth in Kiswahili', () => {
  it('welcomes, checks the sign-in form and asks for a Kenyan number in Kiswahili', async () => {
    const api = fakeApi();
    answerSession(api, { ...SIGNED_OUT, phoneSignIn: true });
    const { user, fill } = renderPage(<AuthPage />, { path: '/auth' });

    expect(await screen.findByRole('heading', { name: 'Karibu' })).toBeTruthy();
    expect(screen.getByText('Ingia kwenye akaunti yako au fungua mpya.')).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Ingia au jisajili' });
    expect(within(tabs).getByRole('tab', { name: 'Jisajili' })).toBeTruthy();

    const signIn = within(screen.getByRole('tabpanel', { name: 'Ingia' }));
    expect(signIn.getByLabelText('Barua pepe')).toBeTruthy();
    expect(signIn.getByLabelText('Nenosiri')).toBeTruthy();
    await user.click(signIn.getByRole('button', { name: 'Ingia' }));
    expect(await signIn.findByText('Tafadhali jaza sehemu zote')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Tumia nambari yangu ya simu' }));
    await fill(screen.getByLabelText('Nambari ya simu'), '12345');
    await user.click(screen.getByRole('button', { name: 'Tuma msimbo' }));
    expect(await screen.findByText('Tafadhali andika nambari ya simu ya Kenya, kama 0712 345 678.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tumia barua pepe badala yake' })).toBeTruthy();
    expect(api.requests('POST /api/account/phone-code')).toHaveLength(0);

    // The server's answer is shown as it comes; the code's own check speaks Kiswahili.
    api.on('POST /api/account/phone-code', { json: { message: 'We sent a 6-digit code by SMS to 0712 345 678.' } });
    await fill(screen.getByLabelText('Nambari ya simu'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Tuma msimbo' }));
    await fill(await screen.findByLabelText('Msimbo kutoka kwa SMS'), '12');
    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Tafadhali andika msimbo wa tarakimu 6 kutoka kwa SMS.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tuma msimbo mpya' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Badilisha nambari' })).toBeTruthy();
  });

  it('names the account menu and its items in Kiswahili', async () => {
    const api = fakeApi();
    answerSession(api, signedIn('Achieng Otieno'));
    const { user } = renderPage(<UserMenu />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Menyu ya akaunti ya Achieng Otieno' }));
    expect(await screen.findByRole('menuitem', { name: 'Wasifu' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Oda zangu' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Toka' })).toBeTruthy();
  });
});
