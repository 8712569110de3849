// A signed-in customer's cart follows her, and a cart she leaves brings one reminder, in Chromium: she
// adds fish on one browser, signs in on a second and finds the same cart there. She asks for cart
// reminders on her profile page; the shop's clock is moved past the hours (never a wait) and the
// reminder SMS, with its stop link, is in the development SMS box. The back office lists her cart,
// also on a 360 px phone without sideways scrolling, and the stop link turns her reminders off.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { checkBackOfficeScreen } from './support/back-office-screen';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { hydrated } from './storefront-helpers';

const PASSWORD = 'tilapia-and-ugali-1';
const ADMIN_EMAIL = 'owner.carts@example.test';
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const achieng = { name: 'Achieng Otieno', email: 'achieng.carts@example.test', phone: '0712 555 777', password: PASSWORD };
const PHONE_E164 = '+254712555777';

describe('a saved cart and its reminder in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let first: BrowserContext;
  let second: BrowserContext;
  let admin: BrowserContext;

  /** A second browser (no cookies, no storage of the first) signed in to the same account. */
  async function signedInElsewhere(): Promise<BrowserContext> {
    const context = await browser.newContext();
    const res = await context.request.post(`${shop.url}/api/account/sign-in`, {
      data: { email: achieng.email, password: PASSWORD },
      headers: { Origin: shop.url },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return context;
  }

  const cartCount = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ }).first();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    first = await signedUpContext(shop, smtp, browser, achieng);
    admin = await signedUpContext(shop, smtp, browser, {
      name: 'Amina Owner',
      email: ADMIN_EMAIL,
      phone: '0711 000 999',
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  it('keeps the cart she filled on one browser for her on another', async () => {
    const page = await first.newPage();
    await page.goto(`${shop.url}/shop/fresh-whole-tilapia`);
    await hydrated(page);
    // Signed in: the account menu (and with it the saved cart) is there before she adds.
    await page
      .getByRole('button', { name: `Account menu for ${achieng.name}` })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(`${PRODUCT} added to cart`).waitFor();
    await expect.poll(() => cartCount(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    // Saved on the server: by a save a moment after the change, or by the sign-in merge when she
    // tapped while that was still on its way. Either way the saved cart holds the fish.
    await expect
      .poll(async () => {
        const res = await first.request.get(`${shop.url}/api/cart`);
        const { cart } = (await res.json()) as { cart: { lines: { name: string; quantity: number }[] } };
        return cart.lines.map((l) => `${l.quantity} × ${l.name}`);
      })
      .toEqual([`1 × ${PRODUCT}`]);

    second = await signedInElsewhere();
    const other = await second.newPage();
    await other.goto(`${shop.url}/cart`);
    await hydrated(other);
    await other.getByRole('heading', { name: PRODUCT }).or(other.getByText(PRODUCT).first()).first().waitFor();
    await expect.poll(() => cartCount(other).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await axeViolations(other)).toEqual([]);
  });

  it('sends one reminder after the hours to a customer who asked for it, and the back office lists her cart', async () => {
    const page = await first.newPage();
    await page.goto(`${shop.url}/profile`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const box = page.getByRole('checkbox', { name: 'Remind me of a cart I leave' });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('term').filter({ hasText: 'Cart reminders by SMS' }).waitFor();

    // Past the shop's 4 hours without a change: the job looks at once.
    const moved = await fetch(`${shop.url}/dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ minutes: 4 * 60 + 5 }),
    });
    expect(moved.status, await moved.text()).toBe(200);
    const box2 = await first.newPage();
    await box2.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(PHONE_E164)}`);
    const text = box2.getByTestId('sms-text').filter({ hasText: 'in your cart' });
    await expect
      .poll(async () => {
        await box2.reload();
        return text.count();
      })
      .toBe(1);
    const message = (await text.textContent()) ?? '';
    expect(message).toMatch(
      new RegExp(
        `^Lake Victoria Aquaculture: you left 1 item \\(KES 650\\.00\\) in your cart\\. Finish your order: ${shop.url}/cart\\. Stop these: ${shop.url}/cart-reminders/\\S+$`,
      ),
    );
    // Moved on again, the same cart is not reminded twice.
    await fetch(`${shop.url}/dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ minutes: 60 }),
    });
    await box2.reload();
    expect(await text.count()).toBe(1);

    const office = await admin.newPage();
    await office.setViewportSize({ width: 1024, height: 900 });
    await office.goto(`${shop.url}/admin/abandoned-carts`);
    const row = office.getByRole('row').filter({ hasText: achieng.email });
    await row.waitFor();
    expect(await row.textContent()).toContain(`1 × ${PRODUCT}`);
    expect(await row.textContent()).toContain('KES 650.00');
    expect(await row.textContent()).toMatch(/Sent /);
    await checkBackOfficeScreen(office, 'Abandoned carts');
    await office.getByRole('link', { name: 'Abandoned carts' }).first().waitFor();
    // On a phone the table is a stack of lines and nothing scrolls sideways.
    await office.setViewportSize({ width: 360, height: 740 });
    await row.waitFor();
    expect(await office.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The stop link, opened without signing in, turns her reminders off.
    const stranger = await browser.newContext();
    const stopPage = await stranger.newPage();
    await stopPage.setViewportSize({ width: 360, height: 740 });
    await stopPage.goto(/Stop these: (\S+)$/.exec(message)![1]!);
    await stopPage.getByRole('heading', { level: 1, name: 'Stop cart reminders' }).waitFor();
    expect(await axeViolations(stopPage)).toEqual([]);
    expect((await stopPage.getByRole('button', { name: 'Stop cart reminders' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await stopPage.getByRole('button', { name: 'Stop cart reminders' }).click();
    await stopPage.getByText('Cart reminders are off.').waitFor();
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('term').filter({ hasText: 'Cart reminders by SMS' }).locator('..').textContent())
      .toContain('Off');
    await stranger.close();
  });
});
