// Two instances on one PostgreSQL database, Daraja's callbacks delivered to either (and the same one
// to both at once), while both run the M-Pesa reconciliation: every payment is confirmed once, each
// order sells its stock once, and no receipt pays twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { callbackBody } from '../../src/server/dev/mpesa/mpesa-simulator-core';
import { receiveMpesaCallback } from '../../src/server/features/payments/mpesa/mpesa-callback';
import { reconcileMpesaPayments } from '../../src/server/features/payments/mpesa/mpesa-reconciliation';
import { mpesaCallbackToken } from '../../src/server/mpesa-config';
import { createUser } from '../support/test-app';
import { HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.runIf(HAS_POSTGRES)('M-Pesa Express with two instances on PostgreSQL', () => {
  let shop: Shop;
  let secondDatabase: Database;
  let second: ServerContext;

  beforeAll(async () => {
    shop = await createShop('postgres', { env: { MPESA_ENV: 'simulator' } });
    const owner = await createUser(shop, { role: 'owner', name: 'Amina Owner' });
    const set = await shop.request('/api/admin/shop-details/prices-include-vat', {
      method: 'PUT',
      json: { on: true },
      cookie: owner.cookie,
    });
    expect(set.status).toBe(200);
    secondDatabase = await openSecondHandle(shop.testDb.url!);
    const { env, logger, mailer } = shop.ctx;
    second = createContext({ env, logger, mailer, database: secondDatabase, now: shop.clock.now, integrations: shop.ctx.integrations });
  });
  afterAll(async () => {
    shop.ctx.integrations.mpesaSimulator?.stop();
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  it('confirms each payment once, whichever instance hears of it and however often', async () => {
    const mpesa = shop.ctx.integrations.mpesaSimulator!;
    mpesa.core.switches.callback = 'lost';
    const user = await customer(shop);
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const placed: { orderId: string; checkoutRequestId: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const { status, json } = await postOrder(
        shop,
        user,
        orderBody([{ productId, quantity: 1 }], {
          idempotencyKey: `key-${crypto.randomUUID()}`,
          payment: { method: 'mpesa', mpesaPhone: `07120000${10 + i}` },
        }),
      );
      expect(status).toBe(200);
      const answer = json as typeof json & { mpesa: { checkoutRequestId: string } };
      placed.push({ orderId: answer.orderId!, checkoutRequestId: answer.mpesa.checkoutRequestId });
    }
    for (const p of placed) mpesa.core.resolve(p.checkoutRequestId, '0');

    // Each callback reaches both instances at once, as a duplicated delivery behind a balancer would.
    const token = mpesaCallbackToken(shop.ctx.env)!;
    const deliveries = placed.flatMap((p) => {
      const text = JSON.stringify(callbackBody(mpesa.core.prompts.get(p.checkoutRequestId)!));
      // Resolves once the instance has confirmed it (the route answers Daraja before that).
      return [shop.ctx, second].map((ctx) => receiveMpesaCallback(ctx, { token, address: '127.0.0.1', text }).then((r) => r.confirmation));
    });
    // ...while both instances' reconciliation asks about the same prompts.
    shop.clock.advance(21_000);
    await Promise.all([...deliveries, reconcileMpesaPayments(shop.ctx), reconcileMpesaPayments(second)]);

    for (const p of placed) {
      expect((await orderRow(shop, p.orderId)).status).toBe('completed');
      const attempts = await transactionsOf(shop, p.orderId);
      expect(attempts.map((a) => a.status)).toEqual(['COMPLETED']);
      expect(attempts[0]!.confirmationCode).toBe(mpesa.core.prompts.get(p.checkoutRequestId)!.result!.receipt);
      expect(await movementsOf(shop, p.orderId, 'sale')).toHaveLength(1);
    }
  });
});
