// The profile's consents (each with the date it was given, withdrawn in one tap, the newsletter's
// opt-out) and 'Download my data' (keyboard-reachable; a refusal said in words).
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-support/axe';
import { fakeApi, type FakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, signedIn } from '../test-support/shop-answers';
import { findToast } from '../test-support/toasts';
import Profile from './profile';

const GIVEN = '2026-11-02T07:30:00.000Z';

const CONSENTS = {
  choices: [
    { kind: 'order_sms', granted: true, since: GIVEN },
    { kind: 'cart_reminders', granted: true, since: '2026-11-20T09:00:00.000Z' },
    { kind: 'newsletter', granted: true, since: '2026-11-25T09:00:00.000Z' },
  ],
  newsletterEmail: 'wanjiku@example.co.ke',
  history: [],
};

function setUp(): FakeApi {
  const api = fakeApi();
  const session = signedIn('Wanjiku Kamau');
  session.profile = { ...session.profile!, cartReminders: true };
  answerSession(api, session);
  api.on('GET /api/account/consents', { json: CONSENTS });
  return api;
}

const consentsList = () => within(screen.getByRole('region', { name: 'Your consents' }));
const consentRow = (name: string) => consentsList().getByText(name).closest('li')!;
/** The read view's row of that label (above the consents). */
const detailRow = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('/profile: consents', () => {
  it('shows each consent with the date it was given', async () => {
    setUp();
    renderPage(<Profile />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Your consents' });
    expect(within(await waitForRow('SMS updates about my orders')).getByText('Given on 2 Nov 2026')).toBeTruthy();
    expect(within(consentRow('Cart reminders by SMS')).getByText('Given on 20 Nov 2026')).toBeTruthy();
    expect(within(consentRow('Newsletter by email')).getByText('Given on 25 Nov 2026 (wanjiku@example.co.ke)')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('withdraws cart reminders in one tap, and the profile says they are off', async () => {
    const api = setUp();
    api.on('POST /api/account/consents/withdraw', {
      json: {
        ...CONSENTS,
        choices: CONSENTS.choices.map((c) => (c.kind === 'cart_reminders' ? { ...c, granted: false, since: GIVEN } : c)),
      },
    });
    const { user } = renderPage(<Profile />, { path: '/profile' });
    expect(
      within(await screen.findByText('Cart reminders by SMS', { selector: 'dt' }).then((dt) => dt.parentElement!)).getByText('On'),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Withdraw: Cart reminders by SMS' }));
    expect(api.requests('POST /api/account/consents/withdraw').map((r) => r.body)).toEqual([{ kind: 'cart_reminders' }]);
    await findToast('Cart reminders by SMS are off.');
    expect(within(consentRow('Cart reminders by SMS')).getByText('Off since 2 Nov 2026')).toBeTruthy();
    expect(within(consentRow('Cart reminders by SMS')).queryByRole('button')).toBeNull();
    expect(within(detailRow('Cart reminders by SMS')).getByText('Off')).toBeTruthy();
  });

  it('unsubscribes her email from the newsletter, and says so when it fails', async () => {
    const api = setUp();
    api.on('POST /api/account/consents/withdraw', { status: 500, json: { error: { code: 'X', message: '' } } });
    const { user } = renderPage(<Profile />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe from the newsletter' }));
    expect(api.requests('POST /api/account/consents/withdraw').map((r) => r.body)).toEqual([{ kind: 'newsletter' }]);
    await findToast('Could not withdraw your consent. Please try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe from the newsletter' })).toBeTruthy();
  });
});

async function waitForRow(name: string) {
  await screen.findByRole('button', { name: `Withdraw: ${name}` });
  return consentRow(name);
}

describe('/profile: download my data', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:my-data'), revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a button reached by the keyboard that downloads the JSON file', async () => {
    const api = setUp();
    api.on('GET /api/account/data-export', { body: '{"profile":{"fullName":"Wanjiku Kamau"}}', contentType: 'application/json' });
    const { user } = renderPage(<Profile />, { path: '/profile' });
    const button = await screen.findByRole('button', { name: 'Download my data' });
    button.focus();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(await created[0]!.text()).toContain('Wanjiku Kamau');
    expect(api.requests('GET /api/account/data-export')).toHaveLength(1);
  });

  it('says why when the shop refuses (too many downloads)', async () => {
    const api = setUp();
    api.on('GET /api/account/data-export/orders.csv', {
      status: 429,
      json: {
        error: {
          code: 'TOO_MANY_EXPORTS',
          message: 'You have downloaded your data several times in the last hour. Please try again in 59 minutes.',
        },
      },
    });
    const { user } = renderPage(<Profile />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Download my orders (CSV)' }));
    await findToast('You have downloaded your data several times in the last hour. Please try again in 59 minutes.');
    expect(created).toEqual([]);
  });
});
