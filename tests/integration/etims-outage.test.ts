// KRA slow or away never stops an order and never makes a sale declared twice: a sale whose answer
// was lost is looked up under its reserved number (at once) before anything is sent again, and sales that
// waited through an outage go to KRA in their number order, with no gap, once it is back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { orderRow } from './checkout-support';
import { createTaxShop, declared, disposeTaxShop, invoiceOf, invoicesOf, payOrder, type TaxShop } from './etims-support';

const MINUTE = 60_000;

describe.each(dbKinds(import.meta.url))('tax invoices when KRA is slow or away, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  it('looks a sale up at once after a timeout and adopts KRA’s signature instead of sending it again', async () => {
    shop.etimsSim.switches.loseAnswers = 1; // KRA signs the sale, the answer never arrives
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    // Resolved in the same round, without waiting for the job or moving the clock.
    const [sale, ...more] = declared(shop);
    expect(more).toEqual([]);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({
      status: 'sent',
      invcNo: 1,
      attempts: 1,
      rcptSign: sale?.receipt.rcptSign,
      error: null,
    });
    const sends = shop.etimsSim.requestLog.filter((r) => r.op === 'saveSale');
    expect(sends).toEqual([{ op: 'saveSale', invcNo: 1, resultCd: '000' }]);
    expect(shop.etimsSim.requestLog.filter((r) => r.op === 'lookupInvoice')).toEqual([{ op: 'lookupInvoice', invcNo: 1, resultCd: '000' }]);

    // The next sale takes the next number.
    const next = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceOf(shop, next, 'sale')).toMatchObject({ status: 'sent', invcNo: 2 });
  });

  it('sends a sale again under the same number when the lookup finds that KRA never had it', async () => {
    const first = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    shop.etimsSim.switches.mode = 'hang'; // no answer at all: KRA never saw it
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'failed', invcNo: 2, resultCode: 'timeout' });

    shop.etimsSim.reset(); // KRA answers again
    shop.clock.advance(MINUTE);
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 1 });
    expect(declared(shop).map((s) => [s.request.invcNo, s.request.trdInvcNo])).toEqual([
      [1, 'INV-1'],
      [2, 'INV-2'],
    ]);
    expect(await invoiceOf(shop, first, 'sale')).toMatchObject({ status: 'sent', invcNo: 1 });
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent', invcNo: 2 });
  });

  it('keeps every sale of an hour without KRA, then sends them all in order with no gap', async () => {
    const paid = [await payOrder(shop)];
    await taxInvoicesIdle(shop.ctx);
    shop.etimsSim.switches.mode = 'down';
    for (let i = 0; i < 3; i++) {
      paid.push(await payOrder(shop));
      await taxInvoicesIdle(shop.ctx);
      shop.clock.advance(20 * MINUTE);
    }
    for (const id of paid) expect((await orderRow(shop, id)).status).toBe('completed');
    // The first sale of the outage was tried (and is retried later); those after it wait their turn.
    expect((await invoicesOf(shop)).map((i) => [i.number, i.status, i.invcNo])).toEqual([
      [1, 'sent', 1],
      [2, 'failed', 2],
      [3, 'queued', null],
      [4, 'queued', null],
    ]);
    expect(declared(shop)).toHaveLength(1);

    // Back after the hour: the job sends the first (now due) and everything after it, in order.
    shop.etimsSim.switches.mode = 'up';
    shop.clock.advance(MINUTE);
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 3 });
    expect(declared(shop).map((s) => [s.request.invcNo, s.request.trdInvcNo, s.receipt.curRcptNo])).toEqual([
      [1, 'INV-1', 1],
      [2, 'INV-2', 2],
      [3, 'INV-3', 3],
      [4, 'INV-4', 4],
    ]);
    const rows = await invoicesOf(shop);
    expect(rows.map((i) => [i.orderId, i.status, i.invcNo])).toEqual(paid.map((id, k) => [id, 'sent', k + 1]));
  });
});
