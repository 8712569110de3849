// How many taps and typed fields a phone customer needs to reach a paid order, at 360×740, on the
// path of the phone audit: home → search 'tilapia' → Large + Scaled & gutted → add → search
// 'chicken' → Farm Chicken → add → cart → checkout → sign in with the SMS code → name and address →
// a window → pay by M-Pesa. Every tap goes through `tap()` and every field typed into through
// `type()`, which count them; the counts are printed. The SMS code is read from the development SMS
// box, standing for the phone's SMS app (not counted). Goals: a new customer ≤ 18 taps with 4 typed
// form fields (phone, code, name, address); a returning customer on a new phone, signed out, through
// 'Buy again' ≤ 9 taps and 2 typed fields (phone, code); still signed in ≤ 5 taps.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, toast } from './live-helpers';
import { hydrated } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { laterWindow } from './support/delivery-window';
import { startShop, type ShopServer } from './support/shop-server';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const NEW_CUSTOMER = { local: '0711 222 333', e164: '+254711222333' };
const RETURNING = { local: '0722 444 555', e164: '+254722444555' };
type PhoneNumber = typeof NEW_CUSTOMER;
const TILAPIA = 'Tilapia — Large, Scaled & gutted';
const CHICKEN = 'Farm Chicken — Whole broiler';

/** A journey's counter: taps, and the fields typed into (by what they are). */
function counted(page: Page) {
  let taps = 0;
  const typed: string[] = [];
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.tap();
    },
    /** Typing into a field (its tap to focus included): one typed field. */
    type: async (what: string, field: Locator, text: string) => {
      typed.push(what);
      await field.pressSequentially(text);
    },
    report: (journey: string) => {
      console.log(`${journey}: ${taps} taps, ${typed.length} typed fields (${typed.join(', ')})`);
      return { taps, typed };
    },
    page,
  };
}
type Journey = ReturnType<typeof counted>;

describe('taps from the home page to a paid order, on a 360 px phone', () => {
  let shop: ShopServer;
  let browser: Browser;
  let returning: BrowserContext | undefined;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await returning?.close();
    await browser?.close();
    await shop?.stop();
  });

  /** The search at the top of the phone's menu: the word typed, then the product picked from the suggestions. */
  async function searchAndOpen(j: Journey, word: string, product: string, slug: string, checkAxe = false) {
    await j.tap(j.page.getByRole('button', { name: 'Open menu' }));
    const menu = j.page.getByRole('navigation', { name: 'Mobile' });
    await j.type('search word', menu.getByRole('combobox', { name: 'Find a product' }), word);
    const suggestions = menu.getByRole('listbox', { name: 'Matching products' });
    const suggestion = suggestions.getByRole('option').filter({ has: j.page.getByText(product, { exact: true }) });
    await suggestion.waitFor();
    if (checkAxe) expect(await axeViolations(j.page)).toEqual([]);
    await j.tap(suggestion);
    await j.page.waitForURL(`${shop.url}/shop/${slug}`);
    await hydrated(j.page);
  }

  /** /auth's sign-in with the code the SMS brings. */
  async function signInWithCode(j: Journey, number: PhoneNumber) {
    await j.tap(j.page.getByRole('button', { name: 'Use my phone number' }));
    await j.type('phone', j.page.getByLabel('Phone number'), number.local);
    await j.tap(j.page.getByRole('button', { name: 'Send code' }));
    await j.page.getByLabel('Code from the SMS').waitFor();
    const box = await j.page.context().newPage();
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(number.e164)}`);
    const code = /^(\d{6}) is your /.exec(await box.getByTestId('sms-text').first().innerText())?.[1] ?? '';
    await box.close();
    await j.type('code', j.page.getByLabel('Code from the SMS'), code);
    await j.tap(j.page.getByRole('button', { name: 'Sign in' }));
  }

  /** Pesapal's page in the payment dialog: pay by M-Pesa, then the shop says it is paid. */
  async function payByMpesa(j: Journey) {
    await j.tap(j.page.getByRole('button', { name: 'Pay with Pesapal' }));
    const frame = j.page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await j.tap(frame.getByRole('button', { name: 'Pay by M-Pesa' }));
    await j.page.waitForURL(/\/order-success/);
    await j.page.getByTestId('payment-state').filter({ hasText: 'Payment Completed' }).waitFor();
  }

  it('a new customer finds tilapia and chicken, signs up with the SMS code and pays by M-Pesa in at most 18 taps', async () => {
    const context = await browser.newContext(PHONE);
    const j = counted(await context.newPage());
    const { page } = j;
    await page.goto(shop.url + '/');
    await hydrated(page);

    await searchAndOpen(j, 'tilapia', 'Tilapia', 'tilapia', true);
    await j.tap(page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'Large' }));
    await j.tap(page.getByRole('radiogroup', { name: /^Preparation/ }).getByRole('radio', { name: 'Scaled & gutted' }));
    await page.getByTestId('product-price').filter({ hasText: 'KES 1,330.00' }).waitFor();
    await j.tap(page.getByRole('button', { name: 'Add to Cart' }).first());
    await toast(page, `${TILAPIA} added to cart`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await searchAndOpen(j, 'chicken', 'Farm Chicken', 'farm-chicken');
    await j.tap(page.getByRole('button', { name: 'Add to Cart' }).first());
    await toast(page, `${CHICKEN} added to cart`).waitFor();

    await j.tap(page.getByRole('link', { name: /^Cart/ }));
    await j.tap(page.getByRole('button', { name: 'Proceed to Checkout' }));
    await page.waitForURL(shop.url + '/auth');
    await signInWithCode(j, NEW_CUSTOMER);

    // Back at checkout with the cart: the phone is hers, an email is optional; name and place to type.
    await page.waitForURL(shop.url + '/checkout');
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('+254 711 222 333');
    expect(await page.getByLabel('Email (optional, for receipts by mail)').inputValue()).toBe('');
    await j.type('name', page.getByLabel('Full Name'), 'Akinyi Otieno');
    await j.type('address', page.getByRole('combobox', { name: 'Delivery Address' }), 'Kilim');
    await j.tap(
      page
        .getByRole('listbox', { name: 'Address suggestions' })
        .getByRole('option', { name: /Kilimani/ })
        .first(),
    );
    await page.getByTestId('delivery-zone').waitFor();
    // A later window than the soonest: her usual time from now on.
    await j.tap(await laterWindow(page, (tab) => j.tap(tab)));
    expect(await axeViolations(page)).toEqual([]);
    await payByMpesa(j);

    const { taps, typed } = j.report('new customer');
    expect(taps).toBeLessThanOrEqual(18);
    expect(typed.filter((t) => t !== 'search word')).toEqual(['phone', 'code', 'name', 'address']);
    await context.close();
  });

  /** A customer who bought the two products on another phone, placed through checkout's API and paid. */
  async function boughtBefore(number: PhoneNumber) {
    const other = await browser.newContext(PHONE);
    const page = await other.newPage();
    await page.goto(shop.url + '/auth');
    await hydrated(page);
    await signInWithCode(counted(page), number);
    await page.waitForURL(shop.url + '/shop');
    const variant = async (slug: string, name: string) => {
      const res = await page.request.get(`${shop.url}/api/catalog/products/by-slug/${slug}`);
      const body = (await res.json()) as { product: { id: string }; variants: { id: string; name: string }[] };
      return { productId: body.product.id, variantId: body.variants.find((v) => v.name === name)!.id, quantity: 1 };
    };
    const placed = await page.request.post(`${shop.url}/api/checkout/orders`, {
      headers: { Origin: shop.url },
      data: {
        items: [await variant('tilapia', 'Large, Scaled & gutted'), await variant('farm-chicken', 'Whole broiler')],
        customerInfo: { fullName: 'Akinyi Otieno', email: '', phone: number.local, address: 'Kilimani, Nairobi' },
        deliveryInfo: { address: 'Kilimani, Nairobi' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    await choose(((await placed.json()) as { iframeUrl: string }).iframeUrl, 'card');
    await other.close();
  }

  it('a returning customer pays from a new phone, signed out, through Buy again in at most 9 taps, then signed in in at most 5', async () => {
    await boughtBefore(RETURNING);
    returning = await browser.newContext(PHONE);
    const j = counted(await returning.newPage());
    const { page } = j;
    await page.goto(shop.url + '/');
    await hydrated(page);
    await j.tap(page.getByRole('button', { name: 'Open menu' }));
    await j.tap(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' }));
    await page.waitForURL(shop.url + '/auth');
    await signInWithCode(j, RETURNING);
    await page.waitForURL(shop.url + '/shop');
    // Her last order, one tap from checkout, which her profile fills in (name, place, usual window).
    const last = page.getByRole('region', { name: /^Your last order/ });
    await last.getByText(`${CHICKEN} × 1, ${TILAPIA} × 1`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await j.tap(last.getByRole('button', { name: 'Buy again' }));
    await page.waitForURL(shop.url + '/checkout');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Akinyi Otieno');
    await page.getByTestId('delivery-zone').waitFor();
    await payByMpesa(j);
    const onNewPhone = j.report('returning customer on a new phone');
    expect(onNewPhone.taps).toBeLessThanOrEqual(9);
    expect(onNewPhone.typed).toEqual(['phone', 'code']);

    // Still signed in, from the home page.
    const again = counted(await returning.newPage());
    await again.page.goto(shop.url + '/');
    await hydrated(again.page);
    await again.tap(again.page.getByRole('region', { name: /^Your last order/ }).getByRole('button', { name: 'Buy again' }));
    await again.page.waitForURL(shop.url + '/checkout');
    await again.page.getByTestId('delivery-zone').waitFor();
    await payByMpesa(again);
    const signedIn = again.report('returning customer, signed in');
    expect(signedIn.taps).toBeLessThanOrEqual(5);
    expect(signedIn.typed).toEqual([]);
  });
});
