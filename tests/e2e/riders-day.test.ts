// A rider's day, end to end in the browser: the owner ticks three stops and gives them to a rider
// at once (one SMS lists all three); the rider taps 'On my way' on one (the customer's SMS, and her
// open order page says 'Out for delivery' without a reload); another is cancelled for a refund (the
// rider's SMS says not to deliver it, and it leaves their page); the third could not be delivered,
// so the customer opens the link from her SMS without signing in, picks a new time, and the stop
// is on that day's deliveries list. Every wait is on what the person would see.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import {
  choose,
  createCustomer,
  openLivePage,
  PASSWORD,
  placeOrder,
  startLiveShop,
  toast,
  type Customer,
  type LiveShop,
} from './live-helpers';
import { inStockProduct } from './live-helpers';
import { axeViolations } from './support/axe';
import { signedUpContext } from './support/sign-up';

const ADMIN_EMAIL = 'owner.riders-day@example.test';
const RIDER = { name: 'Baraka Mwangi', email: 'baraka.mwangi@example.test', phone: '0733 000 555' };
const RIDER_PHONE = '+254733000555';
const CUSTOMER_PHONE = '+254712345678';

/** The texts of the development SMS box for a phone, newest first. */
async function smsTo(page: Page, shopUrl: string, to: string): Promise<string[]> {
  const html = await (await page.request.get(`${shopUrl}/dev/sms?to=${encodeURIComponent(to)}`)).text();
  return [...html.matchAll(/<td data-testid="sms-text">([^<]*)<\/td>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Polls the SMS box until a message matches: the SMS is queued with the change and sent just after. */
async function waitForSms(page: Page, shopUrl: string, to: string, match: (text: string) => boolean): Promise<string> {
  for (;;) {
    const found = (await smsTo(page, shopUrl, to)).find(match);
    if (found) return found;
    await page.reload();
  }
}

describe("a rider's day", () => {
  let live: LiveShop;
  let shopUrl: string;
  let admin: Customer;
  let buyer: Customer;
  let rider: BrowserContext;

  beforeAll(async () => {
    live = await startLiveShop({ ADMIN_EMAILS: ADMIN_EMAIL });
    shopUrl = live.shop.url;
    admin = await createCustomer(live.shop, live.smtp, live.browser, 'Achieng Owner', ADMIN_EMAIL);
    buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Njeri');
    rider = await signedUpContext(live.shop, live.smtp, live.browser, { ...RIDER, password: PASSWORD });
    const made = await admin.context.request.post(`${shopUrl}/api/admin/staff`, {
      headers: { Origin: shopUrl },
      data: { email: RIDER.email, role: 'rider' },
    });
    expect(made.status()).toBe(200);
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('three stops given at once, on my way, a refund, and a new time picked from the SMS link', async () => {
    const product = await inStockProduct(live.shop);
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeOrder(live.shop, buyer, product, 1);
      await choose(order.iframeUrl, 'card');
      orders.push(order);
    }
    const [onWay, refunded, missed] = orders.map((o) => ({ id: o.orderId, ref: shortOrderId(o.orderId) })) as [
      { id: string; ref: string },
      { id: string; ref: string },
      { id: string; ref: string },
    ];
    const { deliveryWindow } = (await (await buyer.context.request.get(`${shopUrl}/api/orders/${onWay.id}`)).json()) as {
      deliveryWindow: { date: string };
    };

    // The owner ticks the three stops and gives them to the rider together.
    const office = await admin.context.newPage();
    await office.goto(`${shopUrl}/admin/deliveries?day=${deliveryWindow.date}`);
    await office.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    for (const stop of [onWay, refunded, missed])
      await office.getByRole('checkbox', { name: `Tick #${stop.ref} to give with others` }).check();
    const ticked = office.getByRole('region', { name: '3 stops ticked' });
    await ticked.getByRole('combobox', { name: 'Rider for the ticked stops' }).selectOption({ label: RIDER.name });
    await ticked.getByRole('button', { name: 'Assign ticked' }).click();
    await toast(office, `3 orders given to ${RIDER.name}. They get an SMS of the stops.`).waitFor();
    expect(await office.getByRole('link', { name: `Route sheet: ${RIDER.name} (PDF, opens in a new tab)` }).getAttribute('href')).toMatch(
      /^\/api\/admin\/deliveries\/rider-sheet\.pdf\?day=\d{4}-\d{2}-\d{2}&riderId=/,
    );
    const lists = (await smsTo(office, shopUrl, RIDER_PHONE)).filter((t) => t.includes('stops for you'));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatch(/^Lake Victoria: 3 stops for you/);
    for (const stop of [onWay, refunded, missed]) expect(lists[0]).toContain(`#${stop.ref}`);

    // The customer watches her first order; the rider says 'On my way'.
    const customerPage = await openLivePage(shopUrl, buyer, `/orders/${onWay.ref}`);
    const steps = customerPage.getByRole('list', { name: 'Delivery progress' });
    await steps.locator('[aria-current="step"]', { hasText: 'Paid' }).waitFor();
    const riderPage = await rider.newPage();
    await riderPage.setViewportSize({ width: 360, height: 740 });
    await riderPage.goto(`${shopUrl}/admin/rider`);
    await riderPage.getByRole('heading', { level: 1, name: 'My stops' }).waitFor();
    const stopItem = (ref: string) => riderPage.getByRole('listitem', { name: new RegExp(`^Stop \\d+: order #${ref}$`) });
    await stopItem(onWay.ref)
      .getByRole('button', { name: `On my way #${onWay.ref}`, exact: true })
      .click();
    await toast(riderPage, `Order #${onWay.ref}: Wanjiru Njeri is told you are on your way.`).waitFor();
    await steps.locator('[aria-current="step"]', { hasText: 'Out for delivery' }).waitFor();
    expect(
      await waitForSms(customerPage, shopUrl, CUSTOMER_PHONE, (t) => t.includes(`Order #${onWay.ref} is out for delivery.`)),
    ).toContain(`Rider: ${RIDER.name}, ${RIDER_PHONE}.`);
    await customerPage.close();

    // The second is cancelled for a refund: the rider is told, and it leaves their page.
    const cancel = await admin.context.request.post(`${shopUrl}/api/admin/orders/${refunded.id}/cancel`, {
      headers: { Origin: shopUrl },
      data: { reason: 'Customer changed their mind' },
    });
    expect(cancel.status()).toBe(200);
    expect(await waitForSms(riderPage, shopUrl, RIDER_PHONE, (t) => t.includes(`Stop #${refunded.ref}`))).toMatch(
      new RegExp(`Stop #${refunded.ref} is cancelled for a refund - do not deliver\\.$`),
    );
    await riderPage.goto(`${shopUrl}/admin/rider`);
    await stopItem(missed.ref).waitFor();
    expect(await stopItem(refunded.ref).count()).toBe(0);

    // The third could not be delivered.
    await stopItem(missed.ref)
      .getByRole('button', { name: `Could not deliver #${missed.ref}`, exact: true })
      .click();
    const dialog = riderPage.getByRole('dialog');
    await dialog.getByLabel('Why not?').fill('Nobody at the gate');
    await dialog.getByRole('button', { name: 'Could not deliver' }).click();
    await toast(riderPage, `Order #${missed.ref}: the shop has been told.`).waitFor();
    const failed = await waitForSms(riderPage, shopUrl, CUSTOMER_PHONE, (t) =>
      t.includes(`We could not deliver order #${missed.ref} today.`),
    );
    const link = /Pick a new time: (\S+)$/.exec(failed)![1]!;
    expect(link).toMatch(new RegExp(`^${shopUrl}/delivery/[A-Za-z0-9_-]{43}$`));

    // She opens it on a phone where she is not signed in, and picks a later time.
    const phone = await live.browser.newContext({ viewport: { width: 360, height: 740 } });
    const choosing = await phone.newPage();
    await choosing.goto(link);
    await choosing.getByRole('heading', { level: 1, name: `Order #${missed.ref}: a new delivery time` }).waitFor();
    const times = choosing.getByRole('group', { name: 'Delivery time' }).getByRole('radio', { disabled: false });
    await times.first().waitFor();
    expect(await axeViolations(choosing)).toEqual([]);
    const last = times.last();
    const label = await last.evaluate((el) => el.closest('label')!.textContent!.trim());
    await last.check();
    await choosing.getByRole('button', { name: 'Deliver at this time' }).click();
    await choosing
      .getByRole('status')
      .filter({ hasText: `Your order will be delivered ${label}.` })
      .waitFor();
    expect(await axeViolations(choosing)).toEqual([]);
    await phone.close();

    // The rider is told it moved, and the stop is on the new day's list for the owner to give out.
    expect(await waitForSms(riderPage, shopUrl, RIDER_PHONE, (t) => t.includes(`Stop #${missed.ref} was moved`))).toContain(
      'do not deliver it now.',
    );
    const moved = (await (await buyer.context.request.get(`${shopUrl}/api/orders/${missed.id}`)).json()) as {
      deliveryWindow: { date: string };
    };
    await office.goto(`${shopUrl}/admin/deliveries?day=${moved.deliveryWindow.date}`);
    const listed = office.getByRole('listitem', { name: new RegExp(`^Stop \\d+: order #${missed.ref}$`) });
    await listed.waitFor();
    expect(await listed.getByRole('combobox', { name: `Rider for #${missed.ref}` }).inputValue()).toBe('');
    expect(await axeViolations(office)).toEqual([]);
    await riderPage.close();
    await office.close();
    // A whole day's journey through four people's screens: more than one step's time on a busy machine.
  }, 300_000);
});
