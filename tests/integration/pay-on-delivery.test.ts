// Pay on delivery, from the owner's switch to the rider's cash-up: the zone offers it (to everyone,
// or to returning customers only), checkout confirms the order without payment (stock and window
// its own at once), and the rider collects at the door by an M-Pesa prompt, the customer's M-Pesa
// code or cash (the order is paid and its tax invoice declared with that payment type), or the order
// is refused there (cancelled, goods back in stock). The cash-up sets expected against collected.
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import { deliveryZones, outboundSms, paymentTransactions } from '../../src/server/db/schema';
import type { MpesaSimulator } from '../../src/server/dev/mpesa/mpesa-simulator';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { customer, orderBody, orderRow, postOrder, productBySlug, stockOf } from './checkout-support';
import { createTaxShop, declared, disposeTaxShop, invoiceOf, type TaxShop } from './etims-support';

describe.each(dbKinds(import.meta.url))('pay on delivery on %s', (kind) => {
  let shop: TaxShop;
  let mpesa: MpesaSimulator;
  let rider: TestUser;
  beforeEach(async () => {
    shop = await createTaxShop(kind, { MPESA_ENV: 'simulator' });
    mpesa = shop.ctx.integrations.mpesaSimulator!;
    rider = await createUser(shop, { role: 'rider', name: 'Otieno Ouma', phone: '+254733000111' });
    // Whole-shilling totals, which M-Pesa can take.
    const set = await shop.request('/api/admin/shop-details/prices-include-vat', {
      method: 'PUT',
      json: { on: true },
      cookie: shop.admin.cookie,
    });
    expect(set.status).toBe(200);
  });
  afterEach(async () => {
    mpesa.stop();
    await disposeTaxShop(shop);
  });

  const asOwner = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: shop.admin.cookie });
  const asRider = (path: string, json: unknown = {}) =>
    shop.request(`/api/admin/rider${path}`, { method: 'POST', json, cookie: rider.cookie });

  /** The owner's zones form, saved with every zone's pay-on-delivery choice set to `choice`. */
  async function offerEverywhere(choice: 'off' | 'everyone' | 'returning') {
    const { zones } = (await (await asOwner('/delivery')).json()) as {
      zones: {
        id: string;
        name: string;
        minKm: number;
        maxKm: number;
        estimatedMinutes: number;
        baseFeeCents: number;
        perKmRateCents: number;
        active: boolean;
        smallOrder?: { rule: string; minimumCents: number; feeCents: number };
      }[];
    };
    const res = await asOwner('/delivery/zones', {
      method: 'PUT',
      json: {
        zones: zones.map(({ smallOrder, ...z }) => ({
          ...z,
          smallOrderRule: smallOrder?.rule ?? 'none',
          minimumOrderCents: smallOrder?.minimumCents ?? 0,
          smallOrderFeeCents: smallOrder?.feeCents ?? 0,
          payOnDelivery: choice,
        })),
      },
    });
    expect(res.status).toBe(200);
  }

  async function placeOnDelivery(buyer: TestUser = shop.buyer, quantity = 1) {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const placed = await postOrder(
      shop,
      buyer,
      orderBody([{ productId: tilapia.id, quantity }], {
        idempotencyKey: `key-${crypto.randomUUID()}`,
        payment: { method: 'on_delivery' },
      }),
    );
    return { ...placed, tilapia };
  }

  /** An order to pay on delivery, confirmed and given to the rider. */
  async function riderStop(buyer: TestUser = shop.buyer) {
    const { status, json, tilapia } = await placeOnDelivery(buyer);
    expect(status).toBe(200);
    const orderId = json.orderId!;
    expect((await asOwner('/deliveries/assign', { method: 'POST', json: { orderIds: [orderId], riderId: rider.id } })).status).toBe(200);
    return { orderId, tilapia };
  }

  const payments = (orderId: string) =>
    shop.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, orderId))
      .orderBy(asc(paymentTransactions.createdAt));
  const smsOf = (orderId: string, step: string) =>
    shop.ctx.db
      .select({ message: outboundSms.message, to: outboundSms.to })
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, step)));
  const paymentOptions = async (buyer: TestUser, zoneId: string) =>
    (await (await shop.request(`/api/checkout/payment-options?zoneId=${zoneId}`, { cookie: buyer.cookie })).json()) as {
      onDelivery: { offered: boolean; reason?: string };
    };

  it('confirms the order without payment, holding its stock, and says what the rider will collect', async () => {
    await offerEverywhere('everyone');
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await stockOf(shop, tilapia.id);
    const { status, json } = await placeOnDelivery(shop.buyer, 2);
    expect(status).toBe(200);
    expect(json).toMatchObject({ iframeUrl: null, mpesa: null, payOnDelivery: true });
    const order = await orderRow(shop, json.orderId!);
    expect(order).toMatchObject({ status: 'confirmed', payOnDelivery: true, paidAt: null, reservationExpiresAt: null });
    expect(await payments(order.id)).toEqual([]);
    expect(await stockOf(shop, tilapia.id)).toBe(before - 2);
    const [sms] = await smsOf(order.id, 'confirmed');
    expect(sms?.message).toContain(`confirmed: pay KES ${(order.totalAmount / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
    // Nothing to declare to KRA before the money is taken.
    expect(await invoiceOf(shop, order.id, 'sale')).toBeUndefined();
    // The same key again (a double tap) answers with the same order, no payment opened.
    const again = await postOrder(shop, shop.buyer, {
      ...orderBody([{ productId: tilapia.id, quantity: 2 }]),
      idempotencyKey: order.idempotencyKey,
      payment: { method: 'on_delivery' },
    });
    expect(again.json).toMatchObject({ orderId: order.id, payOnDelivery: true });
    expect(await payments(order.id)).toEqual([]);
  });

  it('is refused where the zone does not offer it, and offered to returning customers only when the owner says so', async () => {
    const zoneId = (await shop.ctx.db.select({ id: deliveryZones.id }).from(deliveryZones))[0]!.id;
    const off = await placeOnDelivery();
    expect(off.status).toBe(422);
    expect(off.json.error?.message).toBe(PAY_ON_DELIVERY_MESSAGES.notOffered);

    await offerEverywhere('returning');
    const newcomer = await customer(shop);
    expect((await paymentOptions(newcomer, zoneId)).onDelivery).toEqual({ offered: false, reason: PAY_ON_DELIVERY_MESSAGES.returningOnly });
    const refused = await placeOnDelivery(newcomer);
    expect(refused.status).toBe(422);
    expect(refused.json.error?.message).toBe(PAY_ON_DELIVERY_MESSAGES.returningOnly);

    // Once she has paid for an order (cash at the door of an order the owner let through), it is hers.
    await offerEverywhere('everyone');
    const { orderId } = await riderStop(newcomer);
    expect((await asRider(`/stops/${orderId}/paid`, { method: 'cash' })).status).toBe(200);
    await offerEverywhere('returning');
    expect((await paymentOptions(newcomer, zoneId)).onDelivery).toEqual({ offered: true });
  });

  it('is paid through the M-Pesa prompt the rider sends at the door, then delivered, with its tax invoice as mobile money', async () => {
    await offerEverywhere('everyone');
    const { orderId } = await riderStop();
    const stops = (await (await shop.request('/api/admin/rider/stops', { cookie: rider.cookie })).json()) as {
      groups: { stops: { orderId: string; collectCents: number | null }[] }[];
    };
    const order = await orderRow(shop, orderId);
    expect(stops.groups.flatMap((g) => g.stops)).toEqual([expect.objectContaining({ orderId, collectCents: order.totalAmount })]);

    // Handed over only once paid.
    const early = await asRider(`/stops/${orderId}/delivered`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      PAY_ON_DELIVERY_MESSAGES.collectFirst(order.totalAmount),
    );

    const prompt = await asRider(`/stops/${orderId}/mpesa-prompt`, { phone: '0712 345 678' });
    expect(prompt.status).toBe(200);
    const { checkoutRequestId } = (await prompt.json()) as { checkoutRequestId: string };
    // While the prompt is open, cash is not taken as well.
    expect((await asRider(`/stops/${orderId}/paid`, { method: 'cash' })).status).toBe(409);
    expect(mpesa.core.resolve(checkoutRequestId, '0')).not.toBeNull();
    await mpesa.core.tick();
    await expect.poll(async () => (await orderRow(shop, orderId)).status).toBe('completed');

    const [payment] = await payments(orderId);
    expect(payment).toMatchObject({ provider: 'mpesa', status: 'COMPLETED', collectedBy: rider.id, paymentMethod: 'M-Pesa' });
    expect((await asRider(`/stops/${orderId}/delivered`)).status).toBe(200);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent', total: order.totalAmount });
    expect(declared(shop).map((d) => d.request.pmtTyCd)).toEqual(['06']);
    const [paidSms] = await smsOf(orderId, 'paid');
    expect(paidSms?.message).toContain('received for order');
  });

  it('is paid in cash or by the code of the customer’s own M-Pesa payment, once, and declared with that payment type', async () => {
    await offerEverywhere('everyone');
    const cash = await riderStop();
    const byCode = await riderStop();
    expect((await asRider(`/stops/${cash.orderId}/paid`, { method: 'cash' })).status).toBe(200);
    const twice = await asRider(`/stops/${cash.orderId}/paid`, { method: 'cash' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toBe(PAY_ON_DELIVERY_MESSAGES.alreadyPaid(cash.orderId));

    expect((await asRider(`/stops/${byCode.orderId}/paid`, { method: 'mpesa_code', code: 'not a code' })).status).toBe(400);
    expect((await asRider(`/stops/${byCode.orderId}/paid`, { method: 'mpesa_code', code: 'qgh7 xk2p1l' })).status).toBe(200);

    expect(await payments(cash.orderId)).toEqual([
      expect.objectContaining({
        provider: 'door',
        status: 'COMPLETED',
        paymentMethod: 'Cash',
        confirmationCode: null,
        collectedBy: rider.id,
      }),
    ]);
    expect(await payments(byCode.orderId)).toEqual([
      expect.objectContaining({ provider: 'door', status: 'COMPLETED', paymentMethod: 'M-Pesa', confirmationCode: 'QGH7XK2P1L' }),
    ]);
    for (const { orderId } of [cash, byCode]) expect((await orderRow(shop, orderId)).status).toBe('completed');
    // The receipts say how it was paid: in cash to the rider, or the M-Pesa code.
    const receipt = async (orderId: string) => (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(await receipt(cash.orderId)).toContain('In cash, to the rider');
    expect(await receipt(byCode.orderId)).toContain('QGH7XK2P1L');

    // A code pays one order only.
    const third = await riderStop();
    const reused = await asRider(`/stops/${third.orderId}/paid`, { method: 'mpesa_code', code: 'QGH7XK2P1L' });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(PAY_ON_DELIVERY_MESSAGES.codeUsed);
    expect((await orderRow(shop, third.orderId)).status).toBe('confirmed');

    await taxInvoicesIdle(shop.ctx);
    expect(
      declared(shop)
        .map((d) => d.request.pmtTyCd)
        .sort(),
    ).toEqual(['01', '06']);
  });

  it('cancels an order refused at the door and puts its goods back, without telling the rider what they know', async () => {
    await offerEverywhere('everyone');
    const { orderId, tilapia } = await riderStop();
    const held = await stockOf(shop, tilapia.id);
    expect((await asRider(`/stops/${orderId}/refused`, { reason: '' })).status).toBe(400);
    const res = await asRider(`/stops/${orderId}/refused`, { reason: 'Customer not at home and would not pay' });
    expect(res.status).toBe(200);
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({
      status: 'cancelled',
      paidAt: null,
      cancelledReason: 'Refused at the door: Customer not at home and would not pay',
    });
    expect(await stockOf(shop, tilapia.id)).toBe(held + 1);
    expect(await smsOf(orderId, 'cancelled')).toHaveLength(1);
    expect((await smsOf(orderId, 'rider_stops_off')).filter((s) => s.to === '+254733000111')).toEqual([]);
    expect((await asRider(`/stops/${orderId}/paid`, { method: 'cash' })).status).toBe(409);
    await taxInvoicesIdle(shop.ctx);
    expect(declared(shop)).toEqual([]);
  });

  it('lets the owner cancel an order to pay on delivery before it goes: goods back, rider told not to deliver', async () => {
    await offerEverywhere('everyone');
    const { orderId, tilapia } = await riderStop();
    const held = await stockOf(shop, tilapia.id);
    const detail = (await (await asOwner(`/orders/${orderId}`)).json()) as { actions: { cancel: string | null } };
    expect(detail.actions.cancel).toBe('release');
    const res = await asOwner(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer called to cancel' } });
    expect(res.status).toBe(200);
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'cancelled', cancelledReason: 'Customer called to cancel' });
    expect(await stockOf(shop, tilapia.id)).toBe(held + 1);
    expect((await smsOf(orderId, 'rider_stops_off')).map((m) => m.to)).toEqual(['+254733000111']);
  });

  it("cashes up the rider's day: expected against collected by cash and by M-Pesa, and the cash handed in", async () => {
    await offerEverywhere('everyone');
    // A morning (07:00 Nairobi, not a Sunday): every order of the test is due that same day, whenever it runs.
    const now = shop.clock.now();
    let morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 4);
    while (new Date(morning + 3 * 3_600_000).getUTCDay() === 0) morning += 24 * 3_600_000;
    shop.clock.advance(morning - now.getTime());
    // One stop at a time: a customer has at most two orders open to pay on delivery.
    const cash = await riderStop();
    expect((await asRider(`/stops/${cash.orderId}/paid`, { method: 'cash' })).status).toBe(200);
    const code = await riderStop();
    expect((await asRider(`/stops/${code.orderId}/paid`, { method: 'mpesa_code', code: 'RKT4AB12CD' })).status).toBe(200);
    const refused = await riderStop();
    expect((await asRider(`/stops/${refused.orderId}/refused`, { reason: 'Wrong address' })).status).toBe(200);
    const due = await riderStop();
    const total = (await orderRow(shop, cash.orderId)).totalAmount;

    const day = nairobiDateKey(shop.clock.now());
    type CashUp = {
      riders: {
        riderId: string;
        riderName: string;
        totals: { expectedCents: number; cashCents: number; mpesaCents: number; outstandingCents: number; refused: number };
        orders: { orderId: string; state: string; method: string | null; code: string | null }[];
        cashReceivedCents: number | null;
        differenceCents: number | null;
      }[];
    };
    const read = async () => (await (await asOwner(`/deliveries/cash-up?day=${day}`)).json()) as CashUp;
    const [mine] = (await read()).riders;
    expect(mine).toMatchObject({
      riderId: rider.id,
      riderName: 'Otieno Ouma',
      totals: { expectedCents: 3 * total, cashCents: total, mpesaCents: total, outstandingCents: total, refused: 1 },
      cashReceivedCents: null,
      differenceCents: null,
    });
    expect(Object.fromEntries(mine!.orders.map((o) => [o.orderId, [o.state, o.method, o.code]]))).toEqual({
      [cash.orderId]: ['collected', 'Cash', null],
      [code.orderId]: ['collected', 'M-Pesa', 'RKT4AB12CD'],
      [refused.orderId]: ['refused', null, null],
      [due.orderId]: ['due', null, null],
    });

    // The rider hands in 100 shillings short.
    const short = total - 10_000;
    const bad = await asOwner(`/deliveries/cash-up/${rider.id}/${day}`, { method: 'PUT', json: { cashReceived: 'lots', note: '' } });
    expect(bad.status).toBe(400);
    const put = await asOwner(`/deliveries/cash-up/${rider.id}/${day}`, {
      method: 'PUT',
      json: { cashReceived: (short / 100).toFixed(2), note: 'Change given twice' },
    });
    expect(put.status).toBe(200);
    expect((await read()).riders[0]).toMatchObject({ cashReceivedCents: short, differenceCents: -10_000 });
    // A rider is not the cash-up's reader.
    expect((await shop.request(`/api/admin/deliveries/cash-up?day=${day}`, { cookie: rider.cookie })).status).toBe(403);
  });
});
