// Pay on delivery at 360 px: the owner offers it in every zone, a customer chooses 'Pay on delivery'
// at checkout and her order is confirmed without paying; the rider, on their phone, takes one order's
// money in cash and sends an M-Pesa prompt for the other (paid on the simulator's phone page, the
// rider's list showing it paid); the owner's cash-up shows expected against collected and the cash
// handed in 100 shillings short.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKES } from '../../src/domain/money';
import { nairobiDateKey } from '../../src/domain/nairobi-days';
import { shortOrderId } from '../../src/domain/order-status';
import {
  createCustomer,
  fillCart,
  inStockProduct,
  PASSWORD,
  startLiveShop,
  type Customer,
  type LiveShop,
  type ShopProduct,
} from './live-helpers';
import { suggestAddress } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { signedUpContext } from './support/sign-up';

const PHONE_SCREEN = { width: 360, height: 740 };
const ADMIN_EMAIL = 'owner.cod@example.test';
const RIDER = { name: 'Otieno Ouma', email: 'otieno.cod@example.test', phone: '0733 000 111' };
/** The customers' profile phone as M-Pesa writes it. */
const PAYER_MSISDN = '254712345678';

interface ZoneRow {
  smallOrder?: { rule: string; minimumCents: number; feeCents: number };
  [key: string]: unknown;
}

describe('pay on delivery, at 360 px', () => {
  let live: LiveShop;
  let url: (path: string) => string;
  let owner: Customer;
  let buyer: Customer;
  let rider: BrowserContext;
  let product: ShopProduct;

  beforeAll(async () => {
    live = await startLiveShop({ MPESA_ENV: 'simulator', ADMIN_EMAILS: ADMIN_EMAIL });
    url = (path) => live.shop.url + path;
    product = await inStockProduct(live.shop);
    owner = await createCustomer(live.shop, live.smtp, live.browser, 'Amina Owner', ADMIN_EMAIL);
    buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Kamau');
    rider = await signedUpContext(live.shop, live.smtp, live.browser, { ...RIDER, password: PASSWORD });
    const asOwner = (method: 'put' | 'post', path: string, data: unknown) =>
      owner.context.request[method](url(`/api/admin${path}`), { headers: { Origin: live.shop.url }, data });
    expect((await asOwner('post', '/staff', { email: RIDER.email, role: 'rider' })).status()).toBe(200);
    // Whole-shilling totals, which M-Pesa takes; pay on delivery offered in every zone.
    expect((await asOwner('put', '/shop-details/prices-include-vat', { on: true })).status()).toBe(200);
    const { zones } = (await (await owner.context.request.get(url('/api/admin/delivery'))).json()) as { zones: ZoneRow[] };
    const saved = await asOwner('put', '/delivery/zones', {
      zones: zones.map(({ smallOrder, ...z }) => ({
        ...z,
        smallOrderRule: smallOrder?.rule ?? 'none',
        minimumOrderCents: smallOrder?.minimumCents ?? 0,
        smallOrderFeeCents: smallOrder?.feeCents ?? 0,
        payOnDelivery: 'everyone',
      })),
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });
  afterAll(() => live?.stop());

  /** The customer checks out at 360 px choosing 'Pay on delivery'; returns the confirmed order's id. */
  async function confirmOnDelivery(page: Page, checkA11y: boolean): Promise<string> {
    await page.goto(url('/shop'));
    await fillCart(page, product, 1);
    await page.goto(url('/checkout'));
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).waitFor();
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.press('ArrowDown');
    await address.press('Enter');
    await page.getByTestId('delivery-zone').waitFor();
    const choice = page.getByRole('radio', { name: /Pay on delivery \(M-Pesa or cash to the rider\)/ });
    await choice.check();
    if (checkA11y) expect(await axeViolations(page)).toEqual([]);
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Confirm order' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(200);
    const { orderId } = (await answer.json()) as { orderId: string };
    await page.waitForURL(url('/order-success'));
    await page.getByTestId('payment-state').filter({ hasText: 'Pay on delivery' }).waitFor();
    await page.getByText('Your order is confirmed. Pay the rider when it arrives, by M-Pesa or cash.').waitFor();
    return orderId;
  }

  it('the customer confirms without paying, the rider collects cash and an M-Pesa prompt, and the owner cashes up', async () => {
    const page = await buyer.context.newPage();
    await page.setViewportSize(PHONE_SCREEN);
    const first = await confirmOnDelivery(page, true);
    expect(await axeViolations(page)).toEqual([]);
    const second = await confirmOnDelivery(page, false);

    // The owner gives both to the rider.
    const deliveries = (await (await owner.context.request.get(url('/api/admin/deliveries'))).json()) as {
      riders: { id: string; name: string }[];
    };
    const riderId = deliveries.riders.find((r) => r.name === RIDER.name)!.id;
    const assigned = await owner.context.request.post(url('/api/admin/deliveries/assign'), {
      headers: { Origin: live.shop.url },
      data: { orderIds: [first, second], riderId },
    });
    expect(assigned.status()).toBe(200);

    const riderPage = await rider.newPage();
    await riderPage.setViewportSize(PHONE_SCREEN);
    await riderPage.goto(url('/admin/rider'));
    await riderPage.getByRole('heading', { level: 1, name: 'My stops' }).waitFor();
    const stopOf = (orderId: string) => riderPage.getByRole('listitem', { name: new RegExp(`order #${shortOrderId(orderId)}$`) });
    const cashStop = stopOf(first);
    await cashStop.getByText(/^Collect KES [\d,]+\.00: M-Pesa or cash$/).waitFor();
    expect(await cashStop.getByRole('button', { name: `Delivered #${shortOrderId(first)}`, exact: true }).count()).toBe(0);
    expect(await axeViolations(riderPage)).toEqual([]);

    // Cash at the first door.
    await cashStop.getByRole('button', { name: `Paid in cash for #${shortOrderId(first)}`, exact: true }).click();
    const cashDialog = riderPage.getByRole('dialog', { name: /in cash for order/ });
    await cashDialog.getByRole('button', { name: 'Yes, cash received' }).click();
    await cashStop.getByText('Paid on delivery (Cash): hand it over.').waitFor();
    await cashStop.getByRole('button', { name: `Delivered #${shortOrderId(first)}`, exact: true }).waitFor();

    // An M-Pesa prompt at the second: the customer's number is filled in.
    const mpesaStop = stopOf(second);
    await mpesaStop.getByRole('button', { name: `Send M-Pesa prompt for #${shortOrderId(second)}`, exact: true }).click();
    const promptDialog = riderPage.getByRole('dialog', { name: /M-Pesa prompt for order/ });
    expect(await promptDialog.getByLabel('M-Pesa number').inputValue()).toMatch(/712\s?345\s?678/);
    expect(await axeViolations(riderPage)).toEqual([]);
    await promptDialog.getByRole('button', { name: 'Send prompt' }).click();
    await riderPage
      .getByText(/Prompt sent to .*678\. Wait for the customer's PIN\./)
      .first()
      .waitFor();

    const phone = await live.browser.newPage();
    await phone.goto(url(`/mpesa-sim/phone?number=${PAYER_MSISDN}`));
    await phone.getByRole('button', { name: 'Enter PIN and pay' }).first().click();
    await phone.getByRole('status').filter({ hasText: 'M-Pesa sent the shop its result.' }).waitFor();
    // The rider's list reads the stop again while the PIN is awaited: it shows paid without a reload.
    await mpesaStop.getByText('Paid on delivery (M-Pesa): hand it over.').waitFor();

    // The owner's cash-up of the day: the rider hands in 100 shillings less than the cash taken.
    const ownerPage = await owner.context.newPage();
    await ownerPage.goto(url(`/admin/cash-up?day=${nairobiDateKey(new Date())}`));
    const card = ownerPage.getByRole('region', { name: RIDER.name, exact: true });
    await card.waitFor();
    const totals = (await (await owner.context.request.get(url('/api/admin/deliveries/cash-up'))).json()) as {
      riders: { totals: { expectedCents: number; cashCents: number; mpesaCents: number } }[];
    };
    const { expectedCents, cashCents, mpesaCents } = totals.riders[0]!.totals;
    expect(expectedCents).toBe(cashCents + mpesaCents);
    await card.getByText(formatKES(expectedCents)).first().waitFor();
    await card.getByLabel('Cash handed in (KES)').fill(((cashCents - 10_000) / 100).toFixed(2));
    await card.getByRole('button', { name: `Save cash-up of ${RIDER.name}` }).click();
    await card.getByText('KES 100.00 short').waitFor();
    expect(await axeViolations(ownerPage)).toEqual([]);
  });
});
