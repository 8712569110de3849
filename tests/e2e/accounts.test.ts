// Accounts in Chromium (issue 3): sign-up with the verification link from a real SMTP server, sign-in,
// Google through a local OpenID Connect server, the profile, every form message, the protected group
// and signing out of every tab. A second shop without Google or SMTP shows the not-configured Google
// button and the development mailbox. The fallback messages of requests that die are component tests
// (src/web/routes/auth.test.tsx, profile.test.tsx, src/web/features/account/components/user-menu.test.tsx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startOidcServer, type TestOidcServer } from './support/oidc';
import { startShop, type ShopServer } from './support/shop-server';
import { verificationLink, verifyByLink } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { holdApi } from './storefront-helpers';
import { SIGN_IN_LINK_MESSAGES } from '../../src/domain/sign-in-link';

const PASSWORD = 'tilapia-and-ugali-1';
const MESSAGES = {
  fillAll: 'Please fill in all fields',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number (e.g., +254 700 000 000)',
  password: 'Password must be at least 8 characters long',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const fresh = async (): Promise<{ context: BrowserContext; page: Page }> => {
  // Reduced motion: toasts appear without a fade, so axe sees their final colours.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
};
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });
const signUpTab = (page: Page) => page.getByRole('tabpanel', { name: 'Sign Up' });
const signInTab = (page: Page) => page.getByRole('tabpanel', { name: 'Sign In' });
const accountMenu = (page: Page, name: string | RegExp = /Account menu for/) => page.getByRole('banner').getByRole('button', { name });

async function fillSignUp(page: Page, values: { name: string; email: string; phone: string; address: string; password: string }) {
  const form = signUpTab(page);
  await form.getByLabel('Full Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Phone Number').fill(values.phone);
  await form.getByRole('combobox', { name: 'Delivery Address' }).fill(values.address);
  await form.getByLabel('Password').fill(values.password);
}

async function signInWith(page: Page, email: string, password: string) {
  const form = signInTab(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let oidc: TestOidcServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    oidc = await startOidcServer();
    shop = await startShop({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@example.test>',
      GOOGLE_CLIENT_ID: 'shop-e2e-client',
      GOOGLE_CLIENT_SECRET: 'shop-e2e-secret',
      GOOGLE_OIDC_ISSUER: oidc.issuer,
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await oidc?.stop();
    await smtp?.stop();
  });

  /** Signs up over the API and opens the emailed link, as a customer who did that earlier would have. */
  async function createVerifiedAccount(email: string, name: string) {
    const res = await fetch(shop.url + '/api/account/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shop.url },
      body: JSON.stringify({ fullName: name, email, phone: '+254 700 123 456', address: 'Runda', password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    await verifyByLink(shop.url, verificationLink(await smtp.waitForMail(email, { subject: /^Verify your email/ })));
  }

  it('/auth passes axe on both tabs and the Google button is offered', async () => {
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpTab(page).getByLabel('Full Name').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('sign-in shows each form message, the server message for a wrong password, then the throttle message', async () => {
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth');
    const signIn = signInTab(page);
    const submit = signIn.getByRole('button', { name: 'Sign In' });
    await submit.click();
    await signIn.getByRole('alert').filter({ hasText: MESSAGES.fillAll }).waitFor();
    await toast(page, MESSAGES.fillAll);
    expect(await signIn.locator('[aria-invalid="true"]').count()).toBe(2);

    await signIn.getByLabel('Email').fill('wanjiru@example.test');
    await submit.click();
    expect(await signIn.locator('[aria-invalid="true"]').count()).toBe(1);
    expect(await signIn.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await signIn.getByRole('alert').filter({ hasText: MESSAGES.fillAll }).waitFor();

    await signIn.getByLabel('Email').fill('not-an-email');
    await signIn.getByLabel('Password').fill('whatever-1');
    await submit.click();
    await page.locator('#sign-in-email-error').getByText(MESSAGES.email, { exact: true }).waitFor();
    await toast(page, MESSAGES.email);

    // The server is the authority on the password; after 5 failures for one email it refuses for a while.
    await signInWith(page, 'nobody@example.test', 'wrong-password-1');
    await toast(page, 'Invalid email or password');
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/sign-in'));
      await submit.click();
      expect((await answered).status()).toBe(401);
    }
    await submit.click();
    await toast(page, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    // A throttled owner can ask for an emailed one-time sign-in link instead.
    await signIn.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await toast(page, SIGN_IN_LINK_MESSAGES.sent);
    // A used, expired or unknown link says so.
    await page.goto(shop.url + '/auth?signin=not-a-real-token');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(SIGN_IN_LINK_MESSAGES.invalid).waitFor();
    await context.close();
  });

  it('sign-up shows each form message in the browser, one field at a time', async () => {
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth?tab=sign-up');
    const signUp = signUpTab(page);
    const submit = signUp.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await signUp.getByRole('alert').filter({ hasText: MESSAGES.fillAll }).waitFor();
    await toast(page, MESSAGES.fillAll);
    expect(await signUp.locator('[aria-invalid="true"]').count()).toBe(5);

    const good = { name: 'Wanjiru Kamau', email: 'wanjiru@example.test', phone: '+254 711 000 111', address: 'Karen', password: PASSWORD };
    const cases: [Partial<typeof good>, string, string][] = [
      [{ address: '   ' }, 'sign-up-address', MESSAGES.fillAll],
      [{ email: 'wanjiru@' }, 'sign-up-email', MESSAGES.email],
      [{ email: `${'w'.repeat(246)}@example.test` }, 'sign-up-email', MESSAGES.email], // 259 characters: over 254
      [{ phone: '0711 000 11' }, 'sign-up-phone', MESSAGES.phone], // a digit short
      [{ phone: '15551234567' }, 'sign-up-phone', MESSAGES.phone], // a foreign number needs its +
      [{ phone: '+254 7' }, 'sign-up-phone', MESSAGES.phone],
      [{ password: 'short12' }, 'sign-up-password', MESSAGES.password],
    ];
    for (const [change, id, message] of cases) {
      await fillSignUp(page, { ...good, ...change });
      await submit.click();
      const shown = message === MESSAGES.fillAll ? signUp.getByRole('alert') : page.locator(`#${id}-error`);
      await shown.getByText(message, { exact: true }).waitFor();
      expect(await signUp.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((e) => e.id))).toEqual([id]);
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the address box suggests Nairobi neighbourhoods as a keyboard combobox', async () => {
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth?tab=sign-up');
    const box = signUpTab(page).getByRole('combobox', { name: 'Delivery Address' });
    await box.fill('LA');
    const list = page.getByRole('listbox', { name: 'Suggested neighbourhoods' });
    expect(await list.getByRole('option').allTextContents()).toEqual(['Westlands', 'Lavington', 'Langata', 'Parklands']);
    await page.getByText('4 suggestions available').waitFor();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    const lavington = list.getByRole('option', { name: 'Lavington' });
    expect(await lavington.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await lavington.getAttribute('id'));
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Lavington');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // Up from nothing highlighted goes to the last suggestion.
    await box.fill('we');
    await list.getByRole('option', { name: 'Westlands' }).waitFor();
    await box.press('ArrowUp');
    expect(await list.getByRole('option', { name: 'Nairobi West' }).getAttribute('aria-selected')).toBe('true');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('we');
    await box.fill('kar');
    await list.getByRole('option', { name: 'Karen' }).click();
    expect(await box.inputValue()).toBe('Karen');
    await box.fill('zzz');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('sign up → verify by email, which signs in → name in the header → edit profile → sign out', async () => {
    const { context, page } = await fresh();
    const email = 'otieno.journey@example.test';
    await page.goto(shop.url + '/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // A local number is taken, and shown back in international form on the profile.
    await fillSignUp(page, { name: 'Otieno Journey', email, phone: '0722-000-333', address: 'Kilimani', password: PASSWORD });
    await signUpTab(page).getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully! Please check your email to verify your account.');
    await signInTab(page).getByText('Please check your email and click the verification link, then sign in here.').waitFor();
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    // The Sign Up panel is hidden now; its name, phone and address were cleared.
    for (const id of ['#sign-up-name', '#sign-up-phone', '#sign-up-address']) {
      expect(await page.locator(id).inputValue()).toBe('');
    }
    expect(await signInTab(page).getByLabel('Email').inputValue()).toBe(email);

    // Before verifying: refused, with a way to get the link again.
    await signInWith(page, email, PASSWORD);
    await toast(page, 'Please verify your email address before signing in');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await toast(page, 'a new link is on its way');
    await smtp.waitForMail(email, { subject: /^Verify your email/, skip: 1 });

    const mail = await smtp.waitForMail(email, { subject: /^Verify your email/ });
    expect(mail.from).toBe('Shop <shop@example.test>');
    // Opening the link does nothing by itself (mail scanners open links); its button verifies and
    // signs in, back to the page that sent the customer to /auth (none here: the shop).
    await page.goto(verificationLink(mail));
    await page.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await toast(page, 'Your email address is verified. Welcome!');
    await page.waitForURL(shop.url + '/shop');
    const menu = accountMenu(page, 'Account menu for Otieno Journey');
    await menu.waitFor();

    // Used again, the link signs nobody in: it says the address is verified and offers Sign In.
    const other = await fresh();
    await other.page.goto(verificationLink(mail));
    await other.page.getByRole('button', { name: 'Verify and continue' }).click();
    await other.page.waitForURL(/\/auth\?verified=1$/);
    // Said in the Sign In panel (a toast may say it too while it lasts).
    await other.page
      .getByRole('tabpanel', { name: 'Sign In' })
      .getByRole('status')
      .filter({ hasText: 'Your email address is verified. You can sign in now.' })
      .waitFor();
    // The email is matched lowercased (and trimmed, by the server).
    await signInWith(other.page, 'Otieno.Journey@Example.TEST', PASSWORD);
    await toast(other.page, 'Signed in successfully!');
    await other.page.waitForURL(shop.url + '/shop');
    await other.context.close();

    // A signed-in visitor at /auth goes on to /shop.
    await page.goto(shop.url + '/auth');
    await page.waitForURL(shop.url + '/shop');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Profile', 'Orders', 'Sign out']);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await page.getByText('Manage your account information').waitFor();
    const details = page.locator('dl');
    expect(await details.innerText()).toMatch(
      /Email\s+otieno\.journey@example\.test\s+Full Name\s+Otieno Journey\s+Phone Number\s+\+254 722 000 333\s+Address\s+Kilimani/,
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit' }).click();
    await field(page, 'Full Name').fill(' ');
    await field(page, 'Phone Number').fill('');
    await field(page, 'Address').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Full name is required');
    const required: [string, string][] = [
      ['profile-name', 'Full name is required'],
      ['profile-phone', 'Phone number is required'],
      ['profile-address', 'Address is required'],
    ];
    for (const [id, message] of required) {
      await page.locator(`#${id}-error`).getByText(message, { exact: true }).waitFor();
    }
    await field(page, 'Full Name').fill('Otieno J. Omondi');
    await field(page, 'Phone Number').fill('12');
    await field(page, 'Address').fill('Lavington, Nairobi');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, MESSAGES.phone);
    await page.locator('#profile-phone-error').getByText(MESSAGES.phone).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await field(page, 'Phone Number').fill('+254 733 444 555');
    const release = await holdApi(page, '**/api/account/profile');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await page.getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true);
    release();
    await toast(page, 'Profile updated successfully!');
    await page.unroute('**/api/account/profile');
    expect(await details.innerText()).toMatch(/Otieno J\. Omondi[\s\S]*\+254 733 444 555[\s\S]*Lavington, Nairobi/);
    await accountMenu(page, 'Account menu for Otieno J. Omondi').waitFor();

    // Cancel leaves the saved values alone.
    await page.getByRole('button', { name: 'Edit' }).click();
    await field(page, 'Full Name').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await details.innerText()).toContain('Otieno J. Omondi');

    // A reload restores the session from the cookie.
    await page.reload();
    await accountMenu(page, 'Account menu for Otieno J. Omondi').waitFor();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toast(page, 'Signed out successfully!');
    await page.waitForURL(shop.url + '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('a bad verification link says so, as does better-auth’s own link from an older mail', async () => {
    const { context, page } = await fresh();
    await page.goto(`${shop.url}/auth?verify=not-a-real-code`);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByText('This verification link is invalid or has expired. Sign in to get a new one.').waitFor();
    const callbackURL = encodeURIComponent('/auth/callback?verified=1');
    await page.goto(`${shop.url}/api/auth/verify-email?token=not-a-real-token&callbackURL=${callbackURL}`);
    await page.waitForURL(/\/auth\?verified=1&error=/);
    await page.getByText('This verification link is invalid or has expired. Sign in to get a new one.').waitFor();
    await context.close();
  });

  it('the protected group: a skeleton while loading, /auth replacing history, back to the origin; signing out signs out every tab', async () => {
    const email = 'kipchoge.tabs@example.test';
    await createVerifiedAccount(email, 'Kipchoge Tabs');
    const { context, page } = await fresh();
    await page.goto(shop.url + '/shop');
    await page.getByRole('heading', { level: 1, name: 'Our Products' }).waitFor();

    const release = await holdApi(page, '**/api/account/session');
    await page.goto(shop.url + '/profile');
    await page.getByRole('main').locator('[aria-busy="true"][aria-label="Loading"]').waitFor();
    expect(page.url()).toBe(shop.url + '/profile');
    release();
    await page.waitForURL(shop.url + '/auth');
    await page.unroute('**/api/account/session');

    await signInWith(page, email, PASSWORD);
    await page.waitForURL(shop.url + '/profile');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    // /auth replaced /profile in the history, and /profile replaced /auth: Back goes to /shop.
    await page.goBack();
    await page.waitForURL(shop.url + '/shop');
    await page.goForward();
    await page.waitForURL(shop.url + '/profile');

    const orders = await context.newPage();
    await orders.goto(shop.url + '/orders');
    await orders.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    const publicTab = await context.newPage();
    await publicTab.goto(shop.url + '/blog');
    await accountMenu(publicTab, 'Account menu for Kipchoge Tabs').waitFor();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(shop.url + '/');
    await orders.waitForURL(shop.url + '/auth');
    await orders.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await publicTab.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(publicTab.url()).toBe(shop.url + '/blog');
    await context.close();
  });

  it('signs in with Google through /auth/callback; the profile takes the Google name', async () => {
    oidc.signInAs({ sub: 'google-sub-42', email: 'njeri.google@example.test', name: 'Njeri Wambui' });
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/auth\/callback/);
    await toast(page, 'Signed in successfully!');
    await page.waitForURL(shop.url + '/shop');
    await accountMenu(page, 'Account menu for Njeri Wambui').waitFor();
    const session = (await (await context.request.get(shop.url + '/api/account/session')).json()) as {
      user: { email: string };
      profile: { fullName: string };
    };
    expect(session.user.email).toBe('njeri.google@example.test');
    expect(session.profile.fullName).toBe('Njeri Wambui');
    await page.goto(shop.url + '/profile');
    expect(await page.locator('dl').innerText()).toMatch(/Full Name\s+Njeri Wambui\s+Phone Number\s+Not provided\s+Address\s+Not provided/);
    await context.close();
  });

  it('Google sign-in started from a protected page returns to it; without a name the header shows the email', async () => {
    oidc.signInAs({ sub: 'google-sub-43', email: 'baraka.google@example.test', name: '' });
    const { context, page } = await fresh();
    await page.goto(shop.url + '/orders');
    await page.waitForURL(shop.url + '/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(shop.url + '/orders');
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    await accountMenu(page, 'Account menu for baraka.google@example.test').waitFor();
    await context.close();
  });

  it('a Google sign-in that fails comes back to /auth with the error toast', async () => {
    const { context, page } = await fresh();
    // Hold the session answer until the waiting screen has been seen.
    const release = await holdApi(page, '**/api/account/session');
    await page.goto(shop.url + '/auth/callback?error=access_denied');
    await page.getByRole('heading', { level: 1, name: 'Processing Authentication...' }).waitFor();
    release();
    await page.waitForURL(shop.url + '/auth');
    await toast(page, 'An error occurred during Google sign in');
    await context.close();
  });
});

describe('a shop started without Google and without SMTP', () => {
  let shop: ShopServer;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('the Google button says Google sign-in is not configured, and /auth still passes axe', async () => {
    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth');
    const google = page.getByRole('button', { name: 'Google sign-in is not configured' });
    await google.waitFor();
    expect(await google.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the verification mail waits in the development mailbox at /dev/mail, its link clickable', async () => {
    const { context, page } = await fresh();
    const email = 'mailbox.person@example.test';
    await page.goto(shop.url + '/auth?tab=sign-up');
    await fillSignUp(page, { name: 'Mailbox Person', email, phone: '+254 700 555 666', address: 'Muthaiga', password: PASSWORD });
    await signUpTab(page).getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully! Please check your email to verify your account.');

    await page.goto(shop.url + '/dev/mail');
    await page.getByRole('heading', { level: 1, name: 'Development mailbox' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('link', { name: /^Verify your email/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Verify your email/ }).waitFor();
    await page.getByRole('link', { name: /\/auth\?verify=/ }).click();
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(shop.url + '/shop');
    await accountMenu(page, 'Account menu for Mailbox Person').waitFor();
    await context.close();
  });

  it('forgot password: the emailed link sets a new password once and signs the old sessions out', async () => {
    const email = 'forgetful.person@example.test';
    const signUp = await fetch(shop.url + '/api/account/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shop.url },
      body: JSON.stringify({ fullName: 'Forgetful Person', email, phone: '0711 222 333', address: 'Ruiru', password: PASSWORD }),
    });
    expect(signUp.status).toBe(201);
    const openLatestMail = async (page: Page, subject: RegExp, link: RegExp) => {
      await page.goto(shop.url + '/dev/mail');
      await page
        .getByRole('row', { name: new RegExp(email) })
        .getByRole('link', { name: subject })
        .first()
        .click();
      await page.getByRole('link', { name: link }).click();
    };
    // A phone signed in earlier: its session must end with the reset.
    const phone = await fresh();
    await openLatestMail(phone.page, /^Verify your email/, /\/auth\?verify=/);
    await phone.page.getByRole('button', { name: 'Verify and continue' }).click();
    await phone.page.waitForURL(shop.url + '/shop');

    const { context, page } = await fresh();
    await page.goto(shop.url + '/auth');
    await signInTab(page).getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 2, name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    const sent = 'If an account exists for that email, a link to reset its password is on its way. It works once, within 1 hour.';
    await page.getByRole('status').filter({ hasText: sent }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // An unknown address gets the very same answer.
    await page.getByLabel('Email', { exact: true }).fill('nobody.at.all@example.test');
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByRole('status').filter({ hasText: sent }).waitFor();

    await openLatestMail(page, /^Reset your password/, /\/auth\?reset=/);
    await page.getByRole('heading', { level: 2, name: 'Choose a new password' }).waitFor();
    const resetUrl = page.url();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.locator('#reset-password-error').getByText(MESSAGES.password, { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // By keyboard: type, Tab to the second box, type, Enter.
    await page.getByLabel('New password', { exact: true }).fill('a-new-tilapia-pass');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a-new-tilapia-pass');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/auth\?password=changed$/);
    await signInTab(page).getByText('Your password has been changed. Please sign in with your new password.').waitFor();
    await signInWith(page, email, 'a-new-tilapia-pass');
    await page.waitForURL(shop.url + '/shop');
    await accountMenu(page, 'Account menu for Forgetful Person').waitFor();

    // The phone's session ended: it is signed out on its next visit.
    await phone.page.goto(shop.url + '/profile');
    await phone.page.waitForURL(/\/auth$/);
    await phone.context.close();

    // The link works once.
    const again = await fresh();
    await again.page.goto(resetUrl);
    await again.page.getByLabel('New password', { exact: true }).fill('third-password-1');
    await again.page.getByLabel('New password again').fill('third-password-1');
    await again.page.getByRole('button', { name: 'Save new password' }).click();
    await again.page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' }).waitFor();
    await again.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await again.context.close();
    await context.close();
  });
});
