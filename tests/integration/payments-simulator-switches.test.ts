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
      switches: { duplicateIpn: false, dropIpn: true, lateIpnMs: 0, authErrorHttpStatus: 200, mpesaShillings: 'exact' },
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
});
