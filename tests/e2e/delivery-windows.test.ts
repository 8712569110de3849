// Checkout's delivery window picker on a 360 × 740 phone, in Chromium: with the seeded week of
// windows the whole picker (days, the day's times, the chosen window) fits one screen height; the
// days are tabs the arrow keys move between, and the times radios the arrow keys choose among; a
// full window cannot be chosen; the page passes axe.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, suggestAddress } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

describe('the delivery window picker on a phone', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>' });
    browser = await launchChromium();
    context = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Wanjiru Picker', email: 'wanjiru.picker@example.test', phone: '0722 444 555', password: 'omena-and-sukuma-1' },
      undefined,
      PHONE,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  it('fits one screen height at 360 × 740 and works by keyboard', async () => {
    const page = await context.newPage();
    await page.goto(`${shop.url}/shop`);
    await hydrated(page);
    const card = page.getByRole('article', { name: 'Fresh Whole Tilapia (1 kg)' });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await page.goto(`${shop.url}/checkout`);
    await hydrated(page);
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).click();
    await page.getByTestId('delivery-zone').waitFor();
    const picker = page.getByTestId('delivery-window-picker');
    const group = page.getByRole('group', { name: 'Delivery window' });
    await group.getByRole('radio', { checked: true }).waitFor();

    // The seeded week gives several days; the picker shows them as tabs and one day's times.
    // Counted once they are on screen: the windows may be asked again once the address's zone is
    // known, and count() does not wait.
    const days = group.getByRole('tab');
    await expect.poll(() => days.count()).toBeGreaterThanOrEqual(5);
    const height = await picker.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(100);
    expect(height).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Days by keyboard: the chosen day's tab, then the arrow keys.
    const selected = group.getByRole('tab', { selected: true });
    const firstDay = await selected.textContent();
    await selected.focus();
    await page.keyboard.press('ArrowRight');
    await group.getByRole('tab', { selected: true }).filter({ hasNotText: firstDay! }).waitFor();
    const secondDay = (await group.getByRole('tab', { selected: true }).textContent())!;
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(secondDay);

    // Times by keyboard: Tab into the day's times, the arrow keys choose the next one.
    const times = group.getByRole('tabpanel').getByRole('radio', { disabled: false });
    await times.first().check();
    const firstTime = await times.first().getAttribute('aria-label');
    await page.getByTestId('chosen-window').filter({ hasText: firstTime! }).waitFor();
    await times.first().focus();
    await page.keyboard.press('ArrowRight');
    const secondTime = await times.nth(1).getAttribute('aria-label');
    await page.getByTestId('chosen-window').filter({ hasText: secondTime! }).waitFor();
    expect(await times.nth(1).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
