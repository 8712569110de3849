// How the shop reaches KRA when KRA is stricter than the simulator's defaults: a Bearer token on every
// call (ETIMS_SEND_TOKEN=1, to the legacy host too), requests with no field KRA does not name, and a
// first code-list pull (dated 2018) refused for its age, asked again from a recent date. Without the
// token the invoices wait (a setting to fix); none is marked refused.
import { afterEach, describe, expect, it } from 'vitest';
import { etimsDevices } from '../../src/server/db/schema';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser } from '../support/test-app';
import { dbKinds, type DbKind } from '../support/test-database';
import { createShop, customer } from './checkout-support';
import { disposeTaxShop, invoiceOf, payOrder, type TaxShop } from './etims-support';

async function strictKraShop(kind: DbKind, env: Record<string, string>): Promise<TaxShop> {
  const shop = await createShop(kind, { env: { ETIMS_TIMEOUT_MS: '300', ...env } });
  const etimsSim = shop.ctx.integrations.etimsSimulator;
  if (!etimsSim) throw new Error('the tests expect the built-in eTIMS simulator');
  Object.assign(etimsSim.switches, { requireToken: true, strictFields: true, lastReqMaxDays: 7 });
  return Object.assign(shop, { etimsSim, buyer: await customer(shop), admin: await createUser(shop, { role: 'owner' }) });
}

describe.each(dbKinds(import.meta.url))('reaching a strict KRA, on %s', (kind) => {
  let shop: TaxShop | undefined;
  afterEach(async () => {
    await disposeTaxShop(shop);
    shop = undefined;
  });

  it('sends the token on every call, only fields KRA names, and falls back to a recent lastReqDt: the sale is signed', async () => {
    shop = await strictKraShop(kind, { ETIMS_SEND_TOKEN: '1' });
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent', cuInvoiceNo: expect.stringMatching(/^KRACU\d+\/1$/) });

    const [device] = await shop.ctx.db.select().from(etimsDevices);
    expect((device?.codeLists as unknown[]).length).toBeGreaterThan(0);
    expect((device?.itemClasses as unknown[]).length).toBeGreaterThan(0);
    const pulls = shop.etimsSim.requestLog
      .filter((r) => r.op === 'codeLists' || r.op === 'itemClasses')
      .map((r) => `${r.op} ${r.resultCd}`);
    expect(pulls).toEqual(['codeLists 910', 'codeLists 000', 'itemClasses 910', 'itemClasses 000']);
    expect(shop.etimsSim.requestLog.some((r) => r.resultCd === '401')).toBe(false);
  });

  it('without the token, KRA refuses the access and the invoice waits, never marked refused, until KRA lets the shop in', async () => {
    shop = await strictKraShop(kind, {});
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect((await invoiceOf(shop, orderId, 'sale'))?.status).toBe('queued');
    expect(shop.etimsSim.requestLog).toEqual([{ op: 'selectInitOsdcInfo', invcNo: null, resultCd: '401' }]);
    const [device] = await shop.ctx.db.select().from(etimsDevices);
    expect(device?.initialisedAt).toBeNull();

    shop.etimsSim.switches.requireToken = false;
    await sendDueTaxInvoices(shop.ctx);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent' });
  });
});
