// The simulator's switches page: set through the shop's own address, it changes how the next
// payment is notified; a bad value changes nothing.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../../src/server/db/schema';
import { LOOPBACK_BINDINGS } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  type Shop,
} from './checkout-support';

describe('the Pesapal simulator switches page', () => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await createShop('pglite');
  });
  afterEach(() => disposeShop(shop));

  const post = (body: unknown, type: 'json' | 'form') =>
    shop.app.request(
      'http://localhost:3000/pesapal-sim/switches',
      {
        method: 'POST',
        headers:
          type === 'json'
            ? { 'Content-Type': 'application/json', Accept: 'application/json' }
            : { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: type === 'json' ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
      },
      LOOPBACK_BINDINGS,
    );

  it('drops the IPN when asked, so the payment is only found by asking Pesapal', async () => {
    const res = await post({ dropIpn: true }, 'json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      switches: {
        duplicateIpn: false,
        dropIpn: true,
        lateIpnMs: 0,
        authErrorHttpStatus: 200,
        mpesaShillings: 'exact',
        refundsPerPayment: 'one',
        partialRefundsShow: 'reversed',
        refundApproveAfterSeconds: null,
      },
      refunds: [],
    });

    const user = await customer(shop);
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    const { orderId, trackingId } = await placePaidOrderAttempt(shop, user, [{ productId: product.id, quantity: 1 }]);
    await payOnSimulator(shop, trackingId, 'card');
    await shop.sim.idle();
    expect(await shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.trackingId, trackingId))).toEqual([]);
    expect((await orderRow(shop, orderId)).status).toBe('pending');
  });

  it('shows the switches as a form and saves a form post', async () => {
    const saved = await post({ duplicateIpn: 'on', lateIpnMs: '1500' }, 'form');
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain('Saved.');
    expect(html).toMatch(/name="duplicateIpn" checked/);
    expect(html).toContain('value="1500"');
    expect(shop.sim.switches).toMatchObject({ duplicateIpn: true, dropIpn: false, lateIpnMs: 1500 });
  });

  it('makes M-Pesa collect whole shillings from the form, and refuses a rounding it does not know', async () => {
    const saved = await post({ mpesaShillings: 'nearest' }, 'form');
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('<option value="nearest" selected>in whole shillings, rounded to the nearest</option>');
    expect(shop.sim.switches.mpesaShillings).toBe('nearest');
    const refused = await post({ mpesaShillings: 'sideways' }, 'json');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('M-Pesa amounts must be one of: exact, down, nearest, up.');
    expect(shop.sim.switches.mpesaShillings).toBe('nearest');
  });

  it.each([['-1'], ['1.5'], ['abc'], ['600001']])('refuses a late delay of %s and changes nothing', async (lateIpnMs) => {
    const res = await post({ dropIpn: 'on', lateIpnMs }, 'form');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Late IPN delay must be a whole number of milliseconds from 0 to 600000.');
    expect(shop.sim.switches).toMatchObject({ duplicateIpn: false, dropIpn: false, lateIpnMs: 0 });
  });

  /** A paid order of a fresh customer, and its refund asked for at the simulator (as the shop asks for it). */
  async function refundAsked(): Promise<{ trackingId: string; merchantReference: string }> {
    const user = await customer(shop);
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    const { trackingId } = await placePaidOrderAttempt(shop, user, [{ productId: product.id, quantity: 1 }]);
    await payOnSimulator(shop, trackingId, 'card');
    const paid = await shop.ctx.integrations.pesapal.getTransactionStatus(trackingId);
    const asked = await shop.ctx.integrations.pesapal.refund({
      confirmationCode: paid.confirmationCode,
      amount: paid.amountCents / 100,
      username: 'owner@example.test',
      remarks: 'Out of tilapia',
    });
    expect(asked.accepted).toBe(true);
    return { trackingId, merchantReference: paid.merchantReference };
  }

  const decide = (trackingId: string, decision: string, type: 'json' | 'form') =>
    shop.app.request(
      `http://localhost:3000/pesapal-sim/switches/refunds/${trackingId}/${decision}`,
      { method: 'POST', headers: type === 'json' ? { Accept: 'application/json' } : {} },
      LOOPBACK_BINDINGS,
    );

  it('lists each refund waiting for the merchant with Approve and Reject, and a press decides it', async () => {
    const { trackingId, merchantReference } = await refundAsked();
    const page = await (await shop.app.request('http://localhost:3000/pesapal-sim/switches', {}, LOOPBACK_BINDINGS)).text();
    expect(page).toContain(merchantReference);
    expect(page).toContain(`action="/pesapal-sim/switches/refunds/${trackingId}/approve"><button type="submit">Approve</button>`);
    expect(page).toContain(`action="/pesapal-sim/switches/refunds/${trackingId}/reject"><button type="submit">Reject</button>`);

    const rejected = await decide(trackingId, 'reject', 'form');
    expect(rejected.status).toBe(200);
    const after = await rejected.text();
    expect(after).toContain('Refund rejected: the payment stays completed.');
    expect(after).toContain('No refund is waiting.');
    expect(shop.sim.state.orders.get(trackingId)).toMatchObject({ status: 'COMPLETED', refund: { status: 'rejected' } });
  });

  it('decides through the JSON API, and says why it cannot', async () => {
    const { trackingId } = await refundAsked();
    const listed = await (
      await shop.app.request('http://localhost:3000/pesapal-sim/switches', { headers: { Accept: 'application/json' } }, LOOPBACK_BINDINGS)
    ).json();
    expect(listed).toMatchObject({
      refunds: [{ trackingId, amountCents: expect.any(Number), remarks: 'Out of tilapia', approveAt: null }],
    });

    const approved = await decide(trackingId, 'approve', 'json');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ refunds: [] });
    expect(shop.sim.state.orders.get(trackingId)).toMatchObject({ status: 'REVERSED', refund: { status: 'approved' } });

    const twice = await decide(trackingId, 'approve', 'json');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: { code: 'CONFLICT', message: 'This payment has no refund waiting for a decision.' } });
    const unknown = await decide('00000000-0000-0000-0000-000000000000', 'reject', 'json');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found.' } });
    expect((await decide(trackingId, 'forget', 'json')).status).toBe(404);
  });

  it('sets the automatic approval delay, keeps it when a post leaves it out, and refuses a bad one', async () => {
    expect((await post({ refundApproveAfterSeconds: 0 }, 'json')).status).toBe(200);
    expect(shop.sim.switches.refundApproveAfterSeconds).toBe(0);
    // A test that only drops IPNs leaves the refunds as they were set.
    expect((await post({ dropIpn: true }, 'json')).status).toBe(200);
    expect(shop.sim.switches).toMatchObject({ dropIpn: true, refundApproveAfterSeconds: 0 });
    const saved = await post({ refundApproveAfterSeconds: '120' }, 'form');
    expect(await saved.text()).toContain('name="refundApproveAfterSeconds" min="0" max="86400" step="1" value="120"');
    for (const bad of ['-1', '2.5', 'soon', '86401']) {
      const res = await post({ refundApproveAfterSeconds: bad }, 'form');
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Approve refunds after must be a whole number of seconds from 0 to 86400');
    }
    expect(shop.sim.switches.refundApproveAfterSeconds).toBe(120);
    expect((await post({ refundApproveAfterSeconds: '' }, 'form')).status).toBe(200);
    expect(shop.sim.switches.refundApproveAfterSeconds).toBeNull();
  });
});
